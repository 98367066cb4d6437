// Warnings of the macro are deprecation warnings: denied here, they show in the .stderr.
#![deny(deprecated)]

validgen::include_validators!("ui/catalogs/layout");

fn main() {}
