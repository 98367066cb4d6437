validgen::include_validators!("ui/catalogs/rule_text_kind_on_number");

fn main() {}
