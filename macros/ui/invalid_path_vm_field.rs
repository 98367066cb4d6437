validgen::include_validators!("ui/catalogs/path_vm_field");

fn main() {}
