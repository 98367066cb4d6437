validgen::include_validators!("ui/catalogs/path_vm_rooted");

fn main() {}
