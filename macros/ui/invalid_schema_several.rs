validgen::include_schemas!("ui/schemas/several");

fn main() {}
