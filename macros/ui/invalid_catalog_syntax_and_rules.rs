// A YAML syntax error in one file hides neither the rule errors nor the `kind` typo of others.
validgen::include_validators!("ui/catalogs/yaml_and_rules");

fn main() {}
