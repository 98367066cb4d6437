//! Rebuild when template files are added or removed.
fn main() {
    validgen::build::rerun_if_changed("templates");
}
