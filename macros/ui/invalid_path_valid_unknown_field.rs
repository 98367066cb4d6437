validgen::include_validators!("ui/catalogs/path_valid_unknown_field");

fn main() {}
