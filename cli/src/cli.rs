//! Command-line arguments.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::{ArgGroup, Args, Parser, Subcommand, ValueEnum};
use validgen_codegen::{Draft, SchemaMap};

/// validgen: documents judged by the rules of KubeVirt templates, JSON Schemas and CRDs, ytt
/// data-values schemas and Kyverno CLI test manifests, with each format's own verdicts.
#[derive(Debug, Parser)]
#[command(
    name = "validgen",
    version,
    about = "Validate documents against KubeVirt template rules, JSON Schemas and CRDs, ytt data-values schemas and Kyverno CLI test manifests, with the verdicts and texts of each format's own tools; check, compile, review, serve and export their rules",
    long_about = None
)]
pub struct Cli {
    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Judge VirtualMachine manifests as the KubeVirt template validator would, Kyverno CLI
    /// test manifests as the Kyverno CLI loads them, documents against JSON Schemas or CRDs, or
    /// data values against a ytt data-values schema.
    ///
    /// Each VM is checked against its own `vm.kubevirt.io/validations` rules, or against the
    /// rules of its parent template found in the --templates catalogs. Files are judged in
    /// parallel and printed in input order; standard input is judged document by document as it
    /// arrives. Exit status: 0 when every VM is allowed, 1 when any is denied, 2 on a usage or
    /// input error (N with --warn-exit-code N when all are allowed but some have warnings).
    ///
    /// With --schema, every document (a bare number or string too; `kind: List` is not
    /// expanded) is validated against every schema given, and is valid when it is valid against
    /// all; each violation is reported at the `file:line:column` of its value, with its instance
    /// location, its keyword location (`schema-file#pointer`) and its message. With --crd, each
    /// document is validated against the CRD version its `apiVersion` (`<group>/<version>`) and
    /// `kind` name; a document of a kind no CRD defines is skipped, one of a version its CRD
    /// does not define is an error. Exit status: 0 when every document is valid, 1 when any is
    /// invalid, 2 when a schema is refused (its errors are printed, located, and nothing is
    /// validated) or an input cannot be read.
    ///
    /// Kyverno CLI test manifests are recognised without a flag: `cli.kyverno.io/v1alpha1`
    /// `Test` (and any document of a file named `kyverno-test.yaml`, the deprecated layout
    /// included) is validated as the Kyverno CLI loads it (its CRD with strict decoding, its
    /// load checks, `kyverno fix test`'s warnings); the proposed `cli.kyverno.io/v1beta1`
    /// `KyvernoTest` by its schema and the proposal's checks, and the files it names. Errors
    /// are violations; `kyverno fix test`'s findings are warnings, which leave a test valid.
    Validate(ValidateArgs),

    /// Answer an admission.k8s.io/v1 AdmissionReview offline, as the webhook would.
    ///
    /// Prints the response review (compact JSON, the webhook's bytes). The VM is judged as
    /// given, like the webhook behind the API server. Exit status: 0 when allowed, 1 when
    /// denied, 2 when the input is not a review or cannot be read.
    Review(ReviewArgs),

    /// List the templates of a catalog and explain their rules in plain words.
    ///
    /// Per template: its name, where it comes from and its rules; per rule: what it checks on
    /// which field, with bounds in human units, the `valid` guard, `justWarning`, and what is
    /// wrong with malformed rules. Exit status: 0, or 2 when the catalog cannot be read or the
    /// template is not in it.
    Explain(ExplainArgs),
    /// Serve the admission webhook over HTTPS, as a drop-in for the KubeVirt template validator.
    ///
    /// `POST /virtualmachine-validate` answers `admission.k8s.io/v1` AdmissionReviews with the
    /// reference's verdicts; `/healthz`, `/readyz` and `/metrics` (Prometheus) are served on the
    /// same port. Certificate and catalog files are reloaded when they change. Stops gracefully
    /// on SIGTERM or SIGINT; exit status 2 when it cannot start.
    Serve(ServeArgs),

    /// Write a Rust crate of validators compiled from a catalog or a folder of JSON Schemas.
    ///
    /// The crate holds the code `include_validators!` (with --schemas: `include_schemas!`)
    /// expands to, prettyplease-formatted. Writes `Cargo.toml` and `src/lib.rs` under --out, each only when its bytes change; the
    /// output is deterministic. With --check nothing is written, and the exit status is 1 when
    /// the crate on disk differs. Exit status: 0, 1 when the catalog (or a schema) has errors or (--check)
    /// the crate is stale, 2 on a usage or I/O error.
    Generate(GenerateArgs),

    /// Lint catalogs: build errors, and warnings where the format document and the reference differ; with --schema, JSON Schemas and CRDs.
    ///
    /// Errors are those `include_validators!` would report (an unknown rule kind and PCRE-only
    /// regex syntax among them, each reported once, at its key, with the kind probably meant or
    /// the PCRE construct named). Warnings: regexes that look anchored but are not, `valid`
    /// paths every VM satisfies,
    /// paths rooted at the VM instead of `spec.template`, and non-canonical quantities in the
    /// templates' VM objects. Schema errors are the keywords refused, the schemas malformed and
    /// CRD CEL rules that do not parse (`schema-error`); schema warnings are unknown keywords,
    /// formats not asserted (every `format` without --assert-formats) and unknown format names
    /// (`schema-warning`). Exit status: 0 when
    /// clean, 1 when any catalog or schema has errors, N with --warn-exit-code N when there are
    /// only warnings, 2 on a usage error.
    Check(CheckArgs),

    /// A drop-in for `ytt` on data values: compute, type-check and validate the final data
    /// values of a ytt data-values schema, printing what ytt 0.48.0 prints.
    ///
    /// Takes the `ytt` flags CI scripts use for data values: `-f` (schema and `#@data/values`
    /// files or folders; several schema files are overlaid), `--data-values-file` (plain YAML
    /// values), `--data-values-env`, `--data-values-env-yaml`, `-v`/`--data-value`,
    /// `--data-value-yaml`, `--data-value-file`, `--data-values-inspect`, `--data-values-schema-inspect -o openapi-v3` and
    /// `--dangerous-data-values-disable-validation`. The output, the error texts and the exit
    /// status are ytt's: 0 on success, 1 on any error. Starlark beyond annotation literals,
    /// lambdas, `#@ def` functions (statements included; in the file or `load()`ed from a
    /// `.star` file among the `-f` files) and unused `load()`s of ytt's modules (functions of
    /// YAML fragments, `load()` inside a `.star` file, template code) is refused with an
    /// error naming it.
    Ytt(YttArgs),

    /// Print a ytt data-values schema as OpenAPI v3 or JSON Schema (draft 2020-12).
    ///
    /// By default the OpenAPI v3 document is the one `ytt --data-values-schema-inspect -o
    /// openapi-v3` (0.48.0) prints, byte for byte. --with-validations adds the validation
    /// keywords of later ytt releases (`minimum`, `maximum`, `minLength`, `maxLength`,
    /// `minItems`, `maxItems`, `minProperties`, `maxProperties`, `enum`); rules with `when=`,
    /// `not_null`, `one_not_null` and custom rules are never exported. JSON Schema is printed as
    /// pretty JSON. Exit status: 0; 1 when ytt refuses the schema (ytt's error text) or it uses
    /// Starlark validgen does not compile; 2 on a usage or I/O error.
    Export(ExportArgs),

    /// Compare two catalog releases rule by rule, and (--vms) the VMs whose verdict changes.
    ///
    /// Templates added, removed and renamed (same file name, else same name without a
    /// `-vX.Y.Z` suffix); per template, rules added, removed and changed (matched by `name`):
    /// bounds in binary units with exact bytes, enum values added and removed, regex, `valid`,
    /// path, message, `justWarning`, rule kind, and the rule set moving between the Template
    /// annotation and `objects[0]`. Templates with the same changes are listed together. With
    /// --vms, each VirtualMachine (files, folders, `-` for standard input; `List` and
    /// `VirtualMachineList` dumps expanded) is judged against both releases in admitted mode,
    /// as `validate` does by default (--raw: as given). Exit status: 0 when nothing changed, 1
    /// when something did, 2 when a catalog or a VM file cannot be read or a rule set of NEW
    /// does not parse (reported, located, with the rest of the diff).
    Diff(DiffArgs),

    /// Compile a catalog to ValidatingAdmissionPolicies (CEL in the API server, Kubernetes ≥
    /// 1.30), with a report of how faithfully each rule is carried.
    ///
    /// One `admissionregistration.k8s.io/v1` ValidatingAdmissionPolicy and its binding per
    /// distinct rule text of the templates' VM objects, named
    /// `validgen-kubevirt-<first 10 hex digits of the text's SHA-256>`, matching VMs that carry
    /// exactly that text (not deleting, without the skip key) and denying them with the
    /// reference's status message; a `-warn` twin bound with `[Warn]` where the set has
    /// `justWarning` rules. Prints the policies as YAML (with --out: one file per policy and
    /// its binding, `<name>.yaml`) and the report as a table on standard error: per rule
    /// `exact`, `approximate` or `untranslatable` with reasons (a rule set with an
    /// untranslatable rule gets no Deny policy but a `-untranslatable` Warn policy). Exit
    /// status: 0; 1 with --deny-approximate when a
    /// rule is not exact; 2 when the catalog cannot be read or a file cannot be written.
    Vap(VapArgs),

    /// Kyverno CLI test manifests: `kyverno migrate` rewrites v1alpha1 `Test`s into the
    /// proposed v1beta1 `KyvernoTest`; `kyverno schema` prints the CRD of a version.
    #[command(subcommand)]
    Kyverno(KyvernoCommand),
}

/// The `kyverno` commands.
#[derive(Debug, Subcommand)]
pub enum KyvernoCommand {
    /// Rewrite a `cli.kyverno.io/v1alpha1` `Test` file as `cli.kyverno.io/v1beta1`
    /// `KyvernoTest` documents, printed as YAML on standard output.
    ///
    /// Every field keeps its value: the flat fields move under `spec` (the payloads under
    /// `spec.payloads`), inline `values` become structured `variables`, and the `variables` and
    /// `userinfo` files are kept as `variablesFile` and `userInfoFile`. Each document of the
    /// file is migrated, in order; comments are not kept. Exit status: 0; 1 when the file is
    /// not YAML or a document is not a v1alpha1 test (every reason is printed, located); 2 when
    /// the file cannot be read.
    Migrate(MigrateArgs),

    /// Print the CRD a version of the test manifest is checked against, as YAML.
    ///
    /// The CRD is printed as `validate` reads it: with the `additionalProperties: false` that
    /// Kyverno's strict decoding amounts to. Every keyword location `validate` reports for a test manifest
    /// (`kyverno schema v1alpha1#/spec/versions/0/schema/openAPIV3Schema/…`) is a JSON
    /// Pointer into this document.
    Schema(SchemaArgs),
}

/// Arguments of `kyverno schema`.
#[derive(Debug, Args)]
pub struct SchemaArgs {
    /// The version: `v1alpha1` (`Test`, as the Kyverno CLI ships it) or `v1beta1`
    /// (`KyvernoTest`, as proposed).
    #[arg(value_enum, value_name = "VERSION")]
    pub version: KyvernoVersion,
}

/// A version of the Kyverno test manifest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum KyvernoVersion {
    /// `cli.kyverno.io/v1alpha1` `Test`.
    V1alpha1,
    /// `cli.kyverno.io/v1beta1` `KyvernoTest`.
    V1beta1,
}

/// Arguments of `vap`.
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct VapArgs {
    /// `vap test`; none: compile the catalog.
    #[command(subcommand)]
    pub command: Option<VapCommand>,

    /// The catalog folder of Template files.
    #[arg(value_name = "CATALOG_DIR", required = true)]
    pub catalog: Option<PathBuf>,

    /// Write `<policy name>.yaml` files (policy and binding) in this folder instead of printing
    /// the YAML.
    #[arg(long = "out", value_name = "DIR")]
    pub out: Option<PathBuf>,

    /// Also write the report as JSON to this file.
    #[arg(long = "report", value_name = "FILE")]
    pub report: Option<PathBuf>,

    /// The validationActions of the Deny policies' bindings, comma-separated: `audit,warn` runs
    /// the policies in shadow mode next to the webhook before switching to `deny`. `deny` and
    /// `warn` cannot be combined (the API server refuses it).
    #[arg(
        long = "actions",
        value_name = "ACTIONS",
        value_enum,
        value_delimiter = ',',
        default_value = "deny"
    )]
    pub actions: Vec<VapAction>,

    /// What VMs carrying a rule text that is none of the catalog's get: `allow` (no policy
    /// matches them; the webhook judges them by their own rules), `warn` (a catch-all policy
    /// warns) or `deny` (a catch-all policy fails them with the --actions of the Deny
    /// policies; stricter than the webhook).
    #[arg(
        long = "unknown-rule-texts",
        value_name = "WHAT",
        value_enum,
        default_value = "allow"
    )]
    pub unknown_rule_texts: VapUnknown,

    /// The namespace the catalog's Templates are deployed to, for Templates that name none:
    /// their own (legacy) rules apply to VMs naming `<namespace>/<template>`.
    #[arg(long = "template-namespace", value_name = "NAMESPACE")]
    pub template_namespace: Option<String>,

    /// Exit with status 1 when a rule is not `exact` (for CI).
    #[arg(long = "deny-approximate")]
    pub deny_approximate: bool,
}

/// The `vap` subcommands.
#[derive(Debug, Subcommand)]
pub enum VapCommand {
    /// Evaluate VMs against ValidatingAdmissionPolicies offline, as the API server would.
    ///
    /// POLICIES is a file or a folder (its `.yaml`, `.yml` and `.json` files) of
    /// `admissionregistration.k8s.io/v1` ValidatingAdmissionPolicy and
    /// ValidatingAdmissionPolicyBinding documents, such as `validgen vap` writes. Each document
    /// of the VM files (a folder: its `.yaml`, `.yml` and `.json` files; `-` for standard
    /// input) is a CREATE of that object, or, for an `admission.k8s.io/v1` AdmissionReview, its
    /// request (operation, resource, object, oldObject). Every binding runs as the API server
    /// runs it: matchConstraints, matchConditions, variables, validations in order,
    /// failurePolicy, and its validationActions; CEL is kube-cel's library with Go's quantity
    /// and regexp semantics, and a cost budget of 10,000,000 per binding. Prints per document
    /// the verdict, the denial as the API server words it, the warnings and the audit
    /// failures. Exit status: 0 when every document is allowed, 1 when any is denied, 2 when
    /// the policies or an input cannot be read (every problem is printed, located).
    Test(VapTestArgs),
}

/// Arguments of `vap test`.
#[derive(Debug, Args)]
pub struct VapTestArgs {
    /// The policies and bindings: a file or a folder.
    #[arg(value_name = "POLICIES")]
    pub policies: PathBuf,

    /// The VM (or AdmissionReview) files or folders; `-` for standard input.
    #[arg(value_name = "VM_FILES", required = true)]
    pub inputs: Vec<PathBuf>,

    /// Objects the cluster holds for the bindings' `paramRef`s (for `validgen vap`'s legacy
    /// Template-level policies: the Templates), a file or a folder; repeatable. A binding whose
    /// param is not among them follows its `parameterNotFoundAction`.
    #[arg(long = "params", value_name = "PATH")]
    pub params: Vec<PathBuf>,

    /// Output format.
    #[arg(short = 'o', long = "output", value_enum, default_value_t = VapTestFormat::Text)]
    pub output: VapTestFormat,

    /// Evaluate each VirtualMachine exactly as written, instead of as the API server admits it
    /// (KubeVirt's API rewrites quantities such as `1.5Gi` into canonical form before the
    /// policies run; a VM it cannot decode never reaches them).
    #[arg(long)]
    pub raw: bool,

    /// Largest file accepted, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = validgen_kubevirt::manifest::DEFAULT_MAX_BYTES)]
    pub max_bytes: usize,
}

/// Output formats of `vap test`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum VapTestFormat {
    /// One line per document with its verdict, then one indented line per denial, warning
    /// and audit failure.
    Text,
    /// One JSON document: an array of documents with their verdicts, messages, warnings,
    /// audit failures and the CEL cost of each binding evaluated.
    Json,
}

/// `--unknown-rule-texts`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum VapUnknown {
    /// No policy: allowed.
    Allow,
    /// A catch-all Warn policy.
    Warn,
    /// A catch-all Deny policy.
    Deny,
}

/// A `validationActions` entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum VapAction {
    /// Deny the request.
    Deny,
    /// Send an HTTP warning.
    Warn,
    /// Record the failure in the audit event.
    Audit,
}

/// Arguments of `kyverno migrate`.
#[derive(Debug, Args)]
pub struct MigrateArgs {
    /// The test file (`kyverno-test.yaml`); `-` for standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Largest file accepted, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = validgen_kubevirt::manifest::DEFAULT_MAX_BYTES)]
    pub max_bytes: usize,
}

/// Arguments of `export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The ytt data-values schema file (`#@data/values-schema`); repeatable: later schema
    /// files overlay the earlier ones, as `ytt -f a -f b` overlays them.
    #[arg(long = "ytt-schema", value_name = "FILE", required = true)]
    pub ytt_schema: Vec<PathBuf>,

    /// The document to print.
    #[arg(long, value_enum, default_value_t = ExportFormat::OpenapiV3)]
    pub format: ExportFormat,

    /// Also export the validations (as later ytt releases do).
    #[arg(long)]
    pub with_validations: bool,
}

/// Output formats of `export`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    /// OpenAPI 3.0.0 (YAML), as ytt prints it.
    #[value(name = "openapi-v3")]
    OpenapiV3,
    /// JSON Schema draft 2020-12 (pretty JSON).
    #[value(name = "json-schema")]
    JsonSchema,
}

/// Arguments of `ytt`, spelled as ytt spells them.
#[derive(Debug, Args)]
pub struct YttArgs {
    /// A schema, data-values or template file, a folder (its files, sorted), `-` (standard
    /// input) or `name=path` (repeatable, in order; several schema files are overlaid).
    #[arg(short = 'f', long = "file", value_name = "FILE")]
    pub files: Vec<String>,

    /// A plain YAML data-values file or folder (repeatable; later files win).
    #[arg(long = "data-values-file", value_name = "FILE")]
    pub data_values_files: Vec<String>,

    /// Set one data value to a string: `key.subkey=value` (repeatable; applied after the
    /// files, before every `--data-value-yaml`).
    #[arg(short = 'v', long = "data-value", value_name = "KEY=VALUE")]
    pub data_values: Vec<String>,

    /// Set one data value to a value read as YAML: `key.subkey=value` (repeatable).
    #[arg(long = "data-value-yaml", value_name = "KEY=VALUE")]
    pub data_values_yaml: Vec<String>,

    /// Set one data value to a file's text: `key.subkey=path` (repeatable; applied after
    /// every `-v` and `--data-value-yaml`).
    #[arg(long = "data-value-file", value_name = "KEY=PATH")]
    pub data_value_files: Vec<String>,

    /// Set data values (strings) from the environment variables `PREFIX_key__subkey=value`
    /// (repeatable; applied after the files, before every `-v`).
    #[arg(long = "data-values-env", value_name = "PREFIX")]
    pub data_values_env: Vec<String>,

    /// Set data values read as YAML from the environment variables `PREFIX_key__subkey=value`
    /// (repeatable; after every `--data-values-env`).
    #[arg(long = "data-values-env-yaml", value_name = "PREFIX")]
    pub data_values_env_yaml: Vec<String>,

    /// Print the final data values.
    #[arg(long)]
    pub data_values_inspect: bool,

    /// Print the data-values schema (with `-o openapi-v3`).
    #[arg(long)]
    pub data_values_schema_inspect: bool,

    /// The output type (`openapi-v3` for the schema).
    #[arg(short = 'o', long = "output", value_name = "TYPE")]
    pub output: Option<String>,

    /// Skip the validations (not recommended, as in ytt).
    #[arg(long)]
    pub dangerous_data_values_disable_validation: bool,

    /// Also accept the validation rules of the ytt proposals that ytt never shipped
    /// (`format=`, `regexp=`, `prefix=`, `unique=`); without it they are refused as ytt
    /// refuses them.
    #[arg(long)]
    pub seed_extensions: bool,
}

/// Output formats of `validate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One line per VM or document, then one indented line per cause, violation or warning
    /// (colour on a terminal).
    Text,
    /// One JSON object per line: per VM or document, and per input that could not be read.
    Json,
    /// JUnit XML: one testsuite per input file, one testcase per VM or document.
    Junit,
    /// TAP version 13: one test point per VM or document, causes or violations in a YAML
    /// block.
    Tap,
    /// JSON Schema standard output (2020-12 core §12.4 "Flag"): per document validated
    /// against schemas, `{"source", "output": {"valid"}}`; other items as `json`.
    Flag,
    /// JSON Schema standard output, a flat list of error units (§12.4 "Basic"): `valid` and
    /// `errors` (`keywordLocation`, `absoluteKeywordLocation`, `instanceLocation`, `error`);
    /// for a valid document, the `annotations` it collected (`title`, `default`, the
    /// properties `properties` evaluated…), one valid unit each.
    List,
    /// JSON Schema standard output, error (or annotation) units nested by keyword location
    /// (§12.4 "Detailed").
    Hierarchical,
}

/// A YAML version (`validate --yaml-version`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum YamlVersionArg {
    /// YAML 1.2, its core schema.
    #[value(name = "1.2")]
    Core12,
    /// YAML 1.1, as go-yaml v2 reads it.
    #[value(name = "1.1")]
    Yaml11,
}

impl From<YamlVersionArg> for validgen_core::model::YamlVersion {
    fn from(v: YamlVersionArg) -> Self {
        match v {
            YamlVersionArg::Core12 => validgen_core::model::YamlVersion::Core12,
            YamlVersionArg::Yaml11 => validgen_core::model::YamlVersion::Yaml11,
        }
    }
}

/// Arguments of `validate`.
#[derive(Debug, Args)]
#[command(group(ArgGroup::new("schema_source").args(["schemas", "crds"])))]
pub struct ValidateArgs {
    /// Manifests to check: files (YAML or JSON, several documents allowed), folders (searched
    /// recursively for *.yaml, *.yml, *.json), or `-` for standard input.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// A catalog folder of Template files, for VMs that name a parent template (repeatable).
    #[arg(
        long = "templates",
        value_name = "DIR",
        conflicts_with = "schema_source"
    )]
    pub templates: Vec<PathBuf>,

    /// Validate documents against this JSON Schema file, or every schema file of this folder
    /// (*.json, *.yaml, *.yml, recursively; a CRD file there gives one schema per version),
    /// instead of judging VMs (repeatable: a document must be valid against all). A schema file
    /// holds one schema; a file of several YAML documents is accepted only when each is a CRD.
    #[arg(long = "schema", value_name = "FILE|DIR")]
    pub schemas: Vec<PathBuf>,

    /// Validate each document against the version of this CustomResourceDefinition that its
    /// `apiVersion` and `kind` name, as the API server would (repeatable; a folder gives all
    /// its CRD files; a file may hold several CRDs as YAML documents separated by `---`).
    #[arg(long = "crd", value_name = "FILE")]
    pub crds: Vec<PathBuf>,

    /// With --crd: the objects as the cluster stores them (YAML or JSON, any number of
    /// documents). A document with the same `apiVersion`, `kind`, namespace and name as one of
    /// them is judged as an update of it, as the API server judges one: transition rules
    /// (`oldSelf`) run, and a CEL rule is not enforced where the update leaves the value
    /// unchanged (ratcheting); other documents are creates.
    #[arg(long, value_name = "FILE", requires = "crds")]
    pub old: Option<PathBuf>,

    /// Validate the PATHs as ytt data values against this ytt data-values schema (a
    /// `#@data/values-schema` file; repeatable: later schema files overlay the earlier ones, as
    /// `ytt -f a -f b` overlays them): the PATHs are `--data-values-file`s of `ytt -f FILE`
    /// (plain YAML), merged in the order given into one configuration and judged in one ytt
    /// run, as ytt 0.48 judges them (type errors, merge errors, `@schema/validation`
    /// violations); one verdict for all of them. A schema ytt refuses is an error (exit 2).
    #[arg(
        long = "ytt-schema",
        value_name = "FILE",
        conflicts_with_all = ["templates", "schemas", "crds", "raw", "warn_exit_code", "check_files"]
    )]
    pub ytt_schema: Vec<PathBuf>,

    /// With --ytt-schema: also accept the validation rules of the ytt proposals that ytt never
    /// shipped (`format=`, `regexp=`, `prefix=`, `unique=`), as `validgen ytt
    /// --seed-extensions` does; without it they are refused as ytt refuses them.
    #[arg(long, requires = "ytt_schema")]
    pub seed_extensions: bool,

    /// With --schema: assert `format` instead of reading it as an annotation, every format
    /// the JSON Schema drafts define (`date-time`, `date`, `time`, `duration`, `email`,
    /// `idn-email`, `hostname`, `idn-hostname`, `ipv4`, `ipv6`, `uri`, `uri-reference`, `iri`,
    /// `iri-reference`, `uri-template`, `uuid`, `json-pointer`, `relative-json-pointer`,
    /// `regex`). Without it `format` is an annotation in every draft (`check` warns about
    /// each). With --crd, formats are asserted as kube-openapi asserts them, whatever this is.
    #[arg(long, requires = "schema_source", conflicts_with = "templates")]
    pub assert_formats: bool,

    /// With --schema or --crd: unknown schema keywords (and annotations of the wrong shape)
    /// are errors. Unknown fields are rejected as Kubernetes strict field validation does:
    /// every object schema without `additionalProperties` or
    /// `x-kubernetes-preserve-unknown-fields: true` allows only the fields it lists (and
    /// `apiVersion`, `kind`, and the fields of ObjectMeta in `metadata`, at the root). With
    /// --crd this is the API server's Strict answer (`strict decoding error: unknown field …`,
    /// and nothing else); without --strict, --crd prunes unknown fields as the API server does
    /// and warns about each.
    #[arg(long, requires = "schema_source", conflicts_with = "templates")]
    pub strict: bool,

    /// With --schema: the JSON Schema draft of the schemas without `$schema` (`draft-04`,
    /// `draft-06`, `draft-07`, `2019-09`, `2020-12`) [default: 2020-12]. A `$schema` naming a
    /// draft wins; CRD versions are OpenAPI schemas whatever it is.
    #[arg(long, value_name = "DRAFT", value_parser = parse_draft, requires = "schemas", conflicts_with = "templates")]
    pub default_draft: Option<Draft>,

    /// With --schema: read the documents of `$ref`s to URLs starting with URL_PREFIX from
    /// PATH (a folder: the rest of the URL is the path under it; a file: the document of
    /// URL_PREFIX itself), also by the `$id`s they declare; repeatable. The schemas of each
    /// --schema folder reference each other by relative paths and `$id`s without it. Nothing
    /// is ever fetched: a `$ref` no schema answers is an error naming the URL and the
    /// mappings tried.
    #[arg(long, value_name = "URL_PREFIX=PATH", value_parser = SchemaMap::parse, requires = "schemas", conflicts_with = "templates")]
    pub schema_map: Vec<SchemaMap>,

    /// With --schema: the YAML version whose schema types the unquoted scalars of YAML
    /// documents. `1.2` (the core schema, as YAML 1.2 tools read JSON Schema instances):
    /// `yes`, `on`, `y`, `NO` are strings, `010` is the integer 10, `0o10` octal, `0x10`
    /// hexadecimal. `1.1`: `yes`/`no`/`on`/`off`/`y`/`n` are booleans and `010` is octal (8).
    /// With --crd, documents are read as `sigs.k8s.io/yaml` reads them for kubectl (YAML 1.1,
    /// go-yaml v2), whatever this is.
    #[arg(
        long,
        value_name = "VERSION",
        default_value = "1.2",
        requires = "schemas",
        conflicts_with = "templates"
    )]
    pub yaml_version: YamlVersionArg,

    /// Kyverno v1alpha1 `Test` manifests: also check the files they name (they exist and
    /// parse; each result names a policy, a rule of it and resources found in them), as
    /// `KyvernoTest` manifests always are. Paths are relative to the test file.
    #[arg(long, conflicts_with = "schema_source")]
    pub check_files: bool,

    /// Kyverno: every document of a file with this name is a v1alpha1 `Test` (even without
    /// `apiVersion` and `kind`), as `kyverno test --file-name NAME` picks its test files.
    /// Documents with `kind: Test` or `KyvernoTest` in group `cli.kyverno.io` are tests
    /// whatever their file's name.
    #[arg(long, value_name = "NAME", default_value = validgen_kyverno::TEST_FILE_NAME, conflicts_with = "schema_source")]
    pub kyverno_file_name: String,

    /// Output format.
    #[arg(short = 'o', long = "output", value_enum, default_value_t = Format::Text)]
    pub output: Format,

    /// Judge each VM exactly as written, instead of as the cluster stores it (KubeVirt's API
    /// rewrites quantities such as `1.5Gi` into canonical form before the validator runs).
    #[arg(long, conflicts_with = "schema_source")]
    pub raw: bool,

    /// Largest document accepted, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = validgen_kubevirt::manifest::DEFAULT_MAX_BYTES)]
    pub max_bytes: usize,

    /// End with a line counting files, VMs, allowed, denied, VMs with warnings, input errors
    /// and skipped documents (with --schema or --crd: documents, valid, invalid, input errors
    /// and skipped documents; on standard error with `-o junit`).
    #[arg(long)]
    pub summary: bool,

    /// Print only denied VMs (invalid documents) and input errors.
    #[arg(long)]
    pub errors_only: bool,

    /// Exit with this status when every VM is allowed but some VM has warnings.
    #[arg(long, value_name = "N", conflicts_with = "schema_source")]
    pub warn_exit_code: Option<u8>,
}

/// Arguments of `review`.
#[derive(Debug, Args)]
pub struct ReviewArgs {
    /// The AdmissionReview (JSON as the webhook receives it, or a single YAML document); `-`
    /// for standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: PathBuf,

    /// A catalog folder of Template files, for VMs that name a parent template (repeatable).
    #[arg(long = "templates", value_name = "DIR")]
    pub templates: Vec<PathBuf>,

    /// Leave out `warnings` (unsatisfied justWarning rules): the reference webhook's exact
    /// bytes.
    #[arg(long)]
    pub no_warnings: bool,

    /// Largest review accepted, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = validgen_kubevirt::manifest::DEFAULT_MAX_BYTES)]
    pub max_bytes: usize,
}

/// Output formats of `explain`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExplainFormat {
    /// Plain words, one block per template.
    Text,
    /// One JSON document: an array of templates with their rule sets and rules.
    Json,
}

/// Arguments of `explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The catalog folder of Template files.
    #[arg(value_name = "CATALOG_DIR")]
    pub catalog: PathBuf,

    /// Only this template (`name`, or `namespace/name`); all templates when absent.
    #[arg(value_name = "TEMPLATE")]
    pub template: Option<String>,

    /// Output format.
    #[arg(short = 'o', long = "output", value_enum, default_value_t = ExplainFormat::Text)]
    pub output: ExplainFormat,
}

/// Log output formats of `serve`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    /// Human-readable lines.
    Text,
    /// One JSON object per event (for log collectors).
    Json,
}

/// Arguments of `serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// A catalog folder of Template files, for VMs that name a parent template (repeatable;
    /// later folders win on equal keys). Reloaded when its files change.
    #[arg(long = "templates", value_name = "DIR")]
    pub templates: Vec<PathBuf>,

    /// PEM file with the server certificate chain (leaf first). Reloaded when it changes.
    #[arg(long, value_name = "FILE")]
    pub tls_cert: PathBuf,

    /// PEM file with the private key of the certificate (PKCS#8, PKCS#1 or SEC1).
    #[arg(long, value_name = "FILE")]
    pub tls_key: PathBuf,

    /// Address and port to listen on (port 0 picks a free one; the log says which).
    #[arg(long, value_name = "ADDR", default_value = "0.0.0.0:9443")]
    pub listen: SocketAddr,

    /// Largest request body accepted, in bytes (larger ones get 413). The default is the
    /// Kubernetes API server's own request limit (3 MiB).
    #[arg(long, value_name = "BYTES", default_value_t = DEFAULT_MAX_BODY_BYTES)]
    pub max_body_bytes: usize,

    /// Time allowed for a request's headers (and for an idle keep-alive connection), e.g. `10s`,
    /// `500ms`.
    #[arg(long, value_name = "DURATION", default_value = "10s", value_parser = parse_duration)]
    pub header_timeout: Duration,

    /// Time allowed for a request's body (408 when exceeded). Bodies are read before a review
    /// slot is taken.
    #[arg(long, value_name = "DURATION", default_value = "10s", value_parser = parse_duration)]
    pub read_timeout: Duration,

    /// Longest wait for a review slot when --max-in-flight reviews are under way (503 when
    /// exceeded).
    #[arg(long, value_name = "DURATION", default_value = "5s", value_parser = parse_duration)]
    pub queue_timeout: Duration,

    /// Time allowed for a TLS handshake.
    #[arg(long, value_name = "DURATION", default_value = "3s", value_parser = parse_duration)]
    pub handshake_timeout: Duration,

    /// Most connections open at once. At the limit, a new connection closes an idle one (no
    /// request under way) of the client address holding the most connections.
    #[arg(long, value_name = "N", default_value_t = 1024, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_connections: u32,

    /// Most reviews decided at once; a review whose body has arrived and that waits longer
    /// than --queue-timeout for a slot gets 503. Request bodies held at once total at most
    /// N × --max-body-bytes.
    #[arg(long, value_name = "N", default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_in_flight: u32,

    /// Most JSON values (objects, arrays, members, elements) in a review (413 above): bounds
    /// the JSON tree a review may be decoded into (about 150 bytes per value).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_JSON_VALUES, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub max_json_values: usize,

    /// How often certificate and catalog files are checked for changes.
    #[arg(long, value_name = "DURATION", default_value = "1s", value_parser = parse_duration)]
    pub reload_interval: Duration,

    /// How long in-flight requests may take to finish after SIGTERM/SIGINT.
    #[arg(long, value_name = "DURATION", default_value = "20s", value_parser = parse_duration)]
    pub shutdown_timeout: Duration,

    /// Log format (the level comes from `RUST_LOG`, default `info`).
    #[arg(long, value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
}

/// Arguments of `generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The catalog folder of Template files.
    #[arg(
        value_name = "CATALOG_DIR",
        required_unless_present = "schemas",
        conflicts_with = "schemas"
    )]
    pub catalog: Option<PathBuf>,

    /// A folder of JSON Schema files (and CRD files: one validator per version), compiled as
    /// `include_schemas!` compiles it, instead of a template catalog.
    #[arg(long, value_name = "DIR")]
    pub schemas: Option<PathBuf>,

    /// With --schemas: assert `format` instead of reading it as an annotation
    /// (`include_schemas!`'s `assert_formats = true`).
    #[arg(long, requires = "schemas", conflicts_with = "catalog")]
    pub assert_formats: bool,

    /// With --schemas: unknown schema keywords (and annotations of the wrong shape) are
    /// errors (`include_schemas!`'s `strict = true`).
    #[arg(long, requires = "schemas", conflicts_with = "catalog")]
    pub strict: bool,

    /// With --schemas: the JSON Schema draft of the schemas without `$schema` (`draft-04`,
    /// `draft-06`, `draft-07`, `2019-09`, `2020-12`; `include_schemas!`'s `default_draft`)
    /// [default: 2020-12].
    #[arg(long, value_name = "DRAFT", value_parser = parse_draft, requires = "schemas", conflicts_with = "catalog")]
    pub default_draft: Option<Draft>,

    /// With --schemas: read the documents of `$ref`s to URLs starting with URL_PREFIX from
    /// PATH (a folder: the rest of the URL is the path under it; a file: the document of
    /// URL_PREFIX itself), also by the `$id`s they declare; repeatable (`include_schemas!`'s
    /// `schema_map`). The schemas of each
    /// --schemas folder reference each other by relative paths and `$id`s without it. Nothing
    /// is ever fetched: a `$ref` no schema answers is an error naming the URL and the
    /// mappings tried.
    #[arg(long, value_name = "URL_PREFIX=PATH", value_parser = SchemaMap::parse, requires = "schemas", conflicts_with = "catalog")]
    pub schema_map: Vec<SchemaMap>,

    /// The crate folder to write (created when missing).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,

    /// The crate's package name [default: the catalog (or schema) folder's name +
    /// `-validators`].
    #[arg(long, value_name = "NAME")]
    pub crate_name: Option<String>,

    /// Depend on the validgen crate at this path (written relative to the crate) [default: the
    /// validgen source tree this binary was built from, when it still exists; otherwise
    /// --validgen-version of this binary's `major.minor`].
    #[arg(long, value_name = "PATH", group = "validgen_dependency")]
    pub validgen_path: Option<PathBuf>,

    /// Depend on validgen from this git repository (a `git = URL` dependency).
    #[arg(long, value_name = "URL", group = "validgen_dependency")]
    pub validgen_git: Option<String>,

    /// Depend on this published validgen version requirement (e.g. `0.1`), for when the crates
    /// are on crates.io.
    #[arg(long, value_name = "REQ", group = "validgen_dependency")]
    pub validgen_version: Option<String>,

    /// Compile rules the reference fails at run time whatever the VM (unknown rule kind, bad
    /// regex, missing path, …) into that failure instead of an error, as the macro's
    /// `reference_failures = true`. A rule set that does not parse is still an error.
    #[arg(long, conflicts_with = "schemas")]
    pub reference_failures: bool,

    /// Write nothing; exit with status 1 and a summary of the differences when the crate on
    /// disk is not what would be generated.
    #[arg(long)]
    pub check: bool,
}

/// Output formats of `check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    /// Each problem with the line of the file it is on (colour on a terminal), then a count.
    Text,
    /// One JSON document: the problems and their counts; with --schema, also each schema's
    /// annotations (`title`, `description`, `default`, `examples`…) by JSON Pointer.
    Json,
    /// SARIF 2.1.0, for code-scanning upload.
    Sarif,
}

/// Arguments of `check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Catalog folders of Template files.
    #[arg(required_unless_present_any = ["schemas", "ytt_schemas"], value_name = "CATALOG_DIR")]
    pub catalogs: Vec<PathBuf>,

    /// A JSON Schema file, or a folder of them (CRD files give one schema per version), to
    /// check as `validate --schema` and `include_schemas!` compile them (repeatable).
    #[arg(long = "schema", value_name = "FILE|DIR")]
    pub schemas: Vec<PathBuf>,

    /// A ytt data-values schema file (`#@data/values-schema`) to check: every error ytt would
    /// report one at a time (malformed annotations, Starlark that does not evaluate, defaults
    /// of the wrong type, null values, arrays without exactly one item), each at its line
    /// (repeatable, each a schema of its own). A folder is one schema: its schema files
    /// overlaid as `ytt -f DIR` overlays them, each file's errors, then the overlay's.
    #[arg(long = "ytt-schema", value_name = "FILE|DIR")]
    pub ytt_schemas: Vec<PathBuf>,

    /// With --ytt-schema: also accept the validation rules of the ytt proposals that ytt never
    /// shipped (`format=`, `regexp=`, `prefix=`, `unique=`), as `validgen ytt
    /// --seed-extensions` does; without it they are errors, as ytt reports them.
    #[arg(long, requires = "ytt_schemas")]
    pub seed_extensions: bool,

    /// With --schema: `format` is asserted (see `validate --assert-formats`), so a known
    /// format is not reported as an annotation; unknown format names are reported either way.
    #[arg(long, requires = "schemas")]
    pub assert_formats: bool,

    /// With --schema: unknown keywords (and annotations of the wrong shape) are errors, not
    /// warnings.
    #[arg(long, requires = "schemas")]
    pub strict: bool,

    /// With --schema: the JSON Schema draft of the schemas without `$schema` (`draft-04`,
    /// `draft-06`, `draft-07`, `2019-09`, `2020-12`) [default: 2020-12].
    #[arg(long, value_name = "DRAFT", value_parser = parse_draft, requires = "schemas")]
    pub default_draft: Option<Draft>,

    /// With --schema: read the documents of `$ref`s to URLs starting with URL_PREFIX from
    /// PATH (a folder: the rest of the URL is the path under it; a file: the document of
    /// URL_PREFIX itself), also by the `$id`s they declare; repeatable. The schemas of each
    /// --schema folder reference each other by relative paths and `$id`s without it. Nothing
    /// is ever fetched: a `$ref` no schema answers is an error naming the URL and the
    /// mappings tried.
    #[arg(long, value_name = "URL_PREFIX=PATH", value_parser = SchemaMap::parse, requires = "schemas")]
    pub schema_map: Vec<SchemaMap>,

    /// Output format.
    #[arg(short = 'o', long = "output", value_enum, default_value_t = CheckFormat::Text)]
    pub output: CheckFormat,

    /// Exit with this status when there are warnings but no errors.
    #[arg(long, value_name = "N")]
    pub warn_exit_code: Option<u8>,

    /// Process each template's `objects[0]` with its parameters' defaults, as `oc process`
    /// does, and judge that default VM with the template's rules, raw and admitted: report
    /// the templates whose default VM is denied (exit 1), and those that cannot be processed
    /// (exit 2). `-o text` or `json`.
    #[arg(long, conflicts_with_all = ["schemas", "ytt_schemas"])]
    pub defaults: bool,

    /// With --defaults: process with this parameter value (repeatable); it is given to every
    /// template declaring the parameter, and naming a parameter no template declares is an
    /// error.
    #[arg(long = "param", value_name = "NAME=VALUE", requires = "defaults", value_parser = parse_param)]
    pub params: Vec<(String, String)>,
}

/// `NAME=VALUE` of `--param`, split at the first `=`.
fn parse_param(s: &str) -> Result<(String, String), String> {
    s.split_once('=')
        .filter(|(name, _)| !name.is_empty())
        .map(|(n, v)| (n.to_owned(), v.to_owned()))
        .ok_or_else(|| format!("`{s}` is not NAME=VALUE"))
}

/// Output formats of `diff`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DiffFormat {
    /// Plain text, templates with the same changes grouped.
    Text,
    /// One JSON document: the diff as data, with every VM judged.
    Json,
    /// Markdown for a release pull-request comment.
    Markdown,
}

/// Arguments of `diff`.
#[derive(Debug, Args)]
pub struct DiffArgs {
    /// The old catalog folder.
    #[arg(value_name = "OLD_DIR")]
    pub old: PathBuf,

    /// The new catalog folder.
    #[arg(value_name = "NEW_DIR")]
    pub new: PathBuf,

    /// Output format.
    #[arg(short = 'o', long = "output", value_enum, default_value_t = DiffFormat::Text)]
    pub output: DiffFormat,

    /// VM manifests (files, folders, `-` for standard input) to judge under both releases.
    #[arg(long, value_name = "PATH", num_args = 1..)]
    pub vms: Vec<PathBuf>,

    /// Judge the VMs as given instead of as the API server admits them.
    #[arg(long)]
    pub raw: bool,

    /// Largest VM file accepted, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = validgen_kubevirt::manifest::DEFAULT_MAX_BYTES)]
    pub max_bytes: usize,
}

/// The default request body limit: 3 MiB, the Kubernetes API server's own limit on a request.
pub const DEFAULT_MAX_BODY_BYTES: usize = 3 * 1024 * 1024;

/// The default limit on the JSON values of a review: 73 times those of the largest
/// conformance case (681), about 7 MB as a JSON tree.
pub const DEFAULT_MAX_JSON_VALUES: usize = 50_000;

/// The JSON Schema draft `name` names, as [`Draft::name`] prints it (`--default-draft`).
///
/// # Errors
/// A message naming the drafts when `name` is none of them.
pub fn parse_draft(name: &str) -> Result<Draft, String> {
    Draft::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Draft::ALL.iter().map(|d| d.name()).collect();
        format!("`{name}` is not a draft (expected {})", names.join(", "))
    })
}

/// Parses a positive duration: a number with an optional unit `ms`, `s` (the default) or `m`
/// (`250ms`, `1.5s`, `10`, `2m`).
///
/// # Errors
/// A message naming the accepted forms when `s` is none of them, or is zero or negative.
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    let t = s.trim();
    let (num, scale) = if let Some(n) = t.strip_suffix("ms") {
        (n, 0.001)
    } else if let Some(n) = t.strip_suffix('s') {
        (n, 1.0)
    } else if let Some(n) = t.strip_suffix('m') {
        (n, 60.0)
    } else {
        (t, 1.0)
    };
    let bad = || format!("`{s}` is not a duration (expected e.g. `500ms`, `10s`, `2m`)");
    let v: f64 = num.trim().parse().map_err(|_| bad())?;
    let secs = v * scale;
    if !secs.is_finite() || secs <= 0.0 {
        return Err(bad());
    }
    Duration::try_from_secs_f64(secs).map_err(|_| bad())
}
