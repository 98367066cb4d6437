validgen::include_validators!("ui/catalogs/regex_pcre");

fn main() {}
