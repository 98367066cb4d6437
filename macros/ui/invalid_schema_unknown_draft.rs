validgen::include_schemas!("ui/schemas/draft4", default_draft = "draft-05");

fn main() {}
