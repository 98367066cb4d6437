validgen::include_validators!("ui/catalogs/several", strict = true);

fn main() {}
