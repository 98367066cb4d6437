validgen::include_schemas!("ui/schemas/refused_keyword");

fn main() {}
