validgen::include_validators!("ui/catalogs/rule_duplicate_name");

fn main() {}
