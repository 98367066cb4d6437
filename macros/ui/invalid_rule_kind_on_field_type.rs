validgen::include_validators!("ui/catalogs/rule_kind_field_type");

fn main() {}
