//! The `validgen` command-line tool.
fn main() {}
