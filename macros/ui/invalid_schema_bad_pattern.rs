validgen::include_schemas!("ui/schemas/bad_pattern");

fn main() {}
