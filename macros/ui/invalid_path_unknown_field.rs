validgen::include_validators!("ui/catalogs/path_unknown_field");

fn main() {}
