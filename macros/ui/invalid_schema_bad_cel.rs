validgen::include_schemas!("ui/schemas/bad_cel");

fn main() {}
