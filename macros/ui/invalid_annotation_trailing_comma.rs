validgen::include_validators!("ui/catalogs/annotation_json");

fn main() {}
