validgen::include_schemas!("ui/schemas/remote_unmapped");

fn main() {}
