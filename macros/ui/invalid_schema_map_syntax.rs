validgen::include_schemas!("ui/schemas/schema_map", schema_map = "https://example.com/schemas/");

fn main() {}
