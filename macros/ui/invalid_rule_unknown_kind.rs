validgen::include_validators!("ui/catalogs/rule_unknown_kind");

fn main() {}
