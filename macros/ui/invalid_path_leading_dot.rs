validgen::include_validators!("ui/catalogs/path_leading_dot");

fn main() {}
