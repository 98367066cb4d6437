validgen::include_schemas!("ui/schemas/ref_cycle");

fn main() {}
