//! `validate-vms FILE...`: judges VM manifests (YAML or JSON) with the compiled catalog and
//! prints one line per VM; exit status 1 when any is denied, 2 on unreadable input.

use std::process::ExitCode;

use validgen::admission::Mode;
use validgen::manifest::{DEFAULT_MAX_BYTES, read_file};

fn main() -> ExitCode {
    let mut status = 0;
    for arg in std::env::args_os().skip(1) {
        let path = std::path::PathBuf::from(arg);
        let docs = match read_file(&path, DEFAULT_MAX_BYTES) {
            Ok(d) => d,
            Err(e) => {
                eprintln!("error: {e}");
                status = 2;
                continue;
            }
        };
        for doc in docs {
            if doc.value.get("kind").and_then(|k| k.as_str()) != Some("VirtualMachine") {
                continue;
            }
            let d = common_templates::CATALOG.decide(&doc.value, Mode::Admitted);
            let verdict = if d.allowed { "ALLOWED" } else { "DENIED " };
            println!(
                "{verdict} {}#{} {}",
                path.display(),
                doc.index,
                d.message.unwrap_or_default()
            );
            if !d.allowed && status == 0 {
                status = 1;
            }
        }
    }
    ExitCode::from(status)
}
