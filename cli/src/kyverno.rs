//! `validgen kyverno migrate`: a v1alpha1 Kyverno test file rewritten as v1beta1
//! `KyvernoTest` documents by `validgen_kyverno::migrate`.

use std::io::{Read as _, Write as _};

use validgen_kyverno::{Version, catalog, migrate};

use crate::cli::{KyvernoCommand, KyvernoVersion, MigrateArgs, SchemaArgs};
use crate::render::escape_controls;
use crate::{EXIT_DENIED, EXIT_ERROR, EXIT_OK};

/// Runs a `kyverno` command; returns the exit status.
pub fn run(command: &KyvernoCommand) -> u8 {
    match command {
        KyvernoCommand::Migrate(args) => run_migrate(args),
        KyvernoCommand::Schema(args) => run_schema(args),
    }
}

/// Prints the CRD of the version as checked.
fn run_schema(args: &SchemaArgs) -> u8 {
    let version = match args.version {
        KyvernoVersion::V1alpha1 => Version::V1alpha1,
        KyvernoVersion::V1beta1 => Version::V1beta1,
    };
    match catalog::crd_as_checked(version) {
        Ok(text) => {
            let mut stdout = std::io::stdout().lock();
            if stdout.write_all(text.as_bytes()).is_err() || stdout.flush().is_err() {
                return EXIT_ERROR;
            }
            EXIT_OK
        }
        Err(why) => {
            eprintln!("error: {}", escape_controls(&why));
            EXIT_ERROR
        }
    }
}

/// Migrates every document of the file, printing them as one YAML stream; nothing is printed
/// on standard output when the file does not parse or a document cannot be migrated.
fn run_migrate(args: &MigrateArgs) -> u8 {
    let name = args.file.display().to_string();
    let bytes = match read(&args.file, args.max_bytes) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {name}: {}", escape_controls(&e));
            return EXIT_ERROR;
        }
    };
    match migrate::migrate_file(&name, &bytes, args.max_bytes) {
        Ok(text) => {
            let mut stdout = std::io::stdout().lock();
            if stdout.write_all(text.as_bytes()).is_err() || stdout.flush().is_err() {
                return EXIT_ERROR;
            }
            EXIT_OK
        }
        Err(reasons) => {
            for r in reasons {
                eprintln!("error: {}", escape_controls(&r));
            }
            EXIT_DENIED
        }
    }
}

/// The file's bytes (`-`: standard input), at most `max_bytes`.
fn read(path: &std::path::Path, max_bytes: usize) -> Result<Vec<u8>, String> {
    let limit = u64::try_from(max_bytes)
        .unwrap_or(u64::MAX)
        .saturating_add(1);
    let mut bytes = Vec::new();
    let read = if path.as_os_str() == "-" {
        std::io::stdin().lock().take(limit).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(limit).read_to_end(&mut bytes))
    };
    read.map_err(|e| e.to_string())?;
    if bytes.len() > max_bytes {
        return Err(format!("larger than --max-bytes ({max_bytes} bytes)"));
    }
    Ok(bytes)
}
