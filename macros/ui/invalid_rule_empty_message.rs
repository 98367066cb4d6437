validgen::include_validators!("ui/catalogs/rule_empty_message");

fn main() {}
