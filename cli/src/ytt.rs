//! `validgen ytt`: a drop-in for `ytt` on data values ([`validgen_ytt::run`]).

use std::io::Write;

use validgen_ytt::run::{Invocation, run_with};

use validgen_ytt::files::Disk;

use clap::Parser;

use crate::cli::{Cli, Command, YttArgs};

/// The run `args` ask for, the `--data-values-env` prefixes reading `environment` (name and
/// value, in the process's order, as ytt 0.48 reads `os.Environ()`).
pub fn invocation(args: &YttArgs, environment: Vec<(String, String)>) -> Invocation {
    Invocation {
        files: args.files.clone(),
        data_values_files: args.data_values_files.clone(),
        data_values: args.data_values.clone(),
        data_values_yaml: args.data_values_yaml.clone(),
        data_value_files: args.data_value_files.clone(),
        data_values_env: args.data_values_env.clone(),
        data_values_env_yaml: args.data_values_env_yaml.clone(),
        environment,
        data_values_inspect: args.data_values_inspect,
        schema_inspect: args.data_values_schema_inspect,
        output: args.output.clone(),
        disable_validation: args.dangerous_data_values_disable_validation,
        seed_extensions: args.seed_extensions,
        names_as_given: false,
    }
}

/// The run that `ytt`'s arguments `args` (the program name left out) ask for, read as
/// `validgen ytt` reads them (a recorded ytt case's `args`), with `environment` as the whole
/// environment (a recorded case's `env`; the process's own is never read).
///
/// # Errors
/// clap's error for arguments `validgen ytt` does not take.
pub fn invocation_of(
    args: &[String],
    environment: &[(String, String)],
) -> Result<Invocation, clap::Error> {
    let argv = ["validgen", "ytt"]
        .into_iter()
        .map(str::to_owned)
        .chain(args.iter().cloned());
    match Cli::try_parse_from(argv)?.command {
        Command::Ytt(args) => Ok(invocation(&args, environment.to_vec())),
        _ => Err(clap::Error::raw(
            clap::error::ErrorKind::InvalidSubcommand,
            "not the ytt command\n",
        )),
    }
}

/// The process's environment when a `--data-values-env` prefix asks for it (else none is
/// read), names and values as text.
fn process_environment(args: &YttArgs) -> Vec<(String, String)> {
    if args.data_values_env.is_empty() && args.data_values_env_yaml.is_empty() {
        return Vec::new();
    }
    std::env::vars_os()
        .map(|(k, v)| {
            (
                k.to_string_lossy().into_owned(),
                v.to_string_lossy().into_owned(),
            )
        })
        .collect()
}

/// Runs `ytt` on the file system and the process's environment; returns the exit status.
pub fn run(args: &YttArgs) -> u8 {
    let invocation = invocation(args, process_environment(args));
    let outcome = run_with(&invocation, &Disk::default(), None);
    let _ = std::io::stdout().write_all(outcome.stdout.as_bytes());
    let _ = std::io::stderr().write_all(outcome.stderr.as_bytes());
    u8::try_from(outcome.exit_code).unwrap_or(crate::EXIT_ERROR)
}
