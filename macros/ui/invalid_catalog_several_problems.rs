validgen::include_validators!("ui/catalogs/several");

fn main() {}
