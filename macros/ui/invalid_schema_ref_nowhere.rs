validgen::include_schemas!("ui/schemas/ref_nowhere");

fn main() {}
