validgen::include_validators!("ui/catalogs/path_no_prefix");

fn main() {}
