validgen::include_schemas!("ui/schemas/not_json");

fn main() {}
