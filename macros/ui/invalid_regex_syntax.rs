validgen::include_validators!("ui/catalogs/regex_syntax");

fn main() {}
