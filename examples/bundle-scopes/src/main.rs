//! `update-agent BASE_BUNDLE ADDON...`: checks each add-on descriptor before installation, as
//! the bundle scopes concept's update agent does, and prints every reason an add-on is
//! refused as `file:line:col: location: message`. Exit status: 0 when every add-on may be
//! installed, 1 when any is refused, 2 when a file cannot be read or the grammar loaded.

use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((base_path, addons)) = args.split_first().filter(|(_, a)| !a.is_empty()) else {
        eprintln!("usage: update-agent BASE_BUNDLE ADDON...");
        return ExitCode::from(2);
    };
    let base_dir = Path::new(base_path).parent().unwrap_or(Path::new("."));
    let base = match std::fs::read_to_string(base_path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{base_path}: {e}");
            return ExitCode::from(2);
        }
    };
    let mut refused = false;
    for addon_path in addons {
        let addon = match std::fs::read_to_string(addon_path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{addon_path}: {e}");
                return ExitCode::from(2);
            }
        };
        match bundle_scopes::check_addon(&base, base_dir, &addon) {
            Ok(reasons) if reasons.is_empty() => println!("{addon_path}: may be installed"),
            Ok(reasons) => {
                refused = true;
                println!("{addon_path}: refused");
                for r in reasons {
                    println!("{addon_path}:{r}");
                }
            }
            Err(e) => {
                eprintln!("{addon_path}: {e}");
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::from(u8::from(refused))
}
