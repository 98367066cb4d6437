validgen::include_validators!("ui/catalogs/rule_wrong_type");

fn main() {}
