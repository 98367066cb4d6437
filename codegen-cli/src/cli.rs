//! Command-line arguments.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// validgen: KubeVirt template validation with the reference validator's verdicts.
#[derive(Debug, Parser)]
#[command(name = "validgen", version, about, long_about = None)]
pub struct Cli {
    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Judge VirtualMachine manifests as the KubeVirt template validator would.
    ///
    /// Each VM is checked against its own `vm.kubevirt.io/validations` rules, or against the
    /// rules of its parent template found in the --templates catalogs. Exit status: 0 when every
    /// VM is allowed, 1 when any is denied, 2 on a usage or input error.
    Validate(ValidateArgs),
}

/// Output formats of `validate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One line per VM, then one indented line per cause or warning (colour on a terminal).
    Text,
    /// One JSON object per VM per line.
    Json,
}

/// Arguments of `validate`.
#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// Manifests to check: files (YAML or JSON, several documents allowed), folders (searched
    /// recursively for *.yaml, *.yml, *.json), or `-` for standard input.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// A catalog folder of Template files, for VMs that name a parent template (repeatable).
    #[arg(long = "templates", value_name = "DIR")]
    pub templates: Vec<PathBuf>,

    /// Output format.
    #[arg(short = 'o', long = "output", value_enum, default_value_t = Format::Text)]
    pub output: Format,

    /// Judge each VM exactly as written, instead of as the cluster stores it (KubeVirt's API
    /// rewrites quantities such as `1.5Gi` into canonical form before the validator runs).
    #[arg(long)]
    pub raw: bool,

    /// Largest document accepted, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = validgen_runtime::manifest::DEFAULT_MAX_BYTES)]
    pub max_bytes: usize,
}
