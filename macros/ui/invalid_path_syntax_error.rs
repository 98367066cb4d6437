validgen::include_validators!("ui/catalogs/path_syntax");

fn main() {}
