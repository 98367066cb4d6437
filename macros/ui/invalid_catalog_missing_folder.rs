validgen::include_validators!("ui/catalogs/no-such-folder");

fn main() {}
