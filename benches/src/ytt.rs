//! Fixtures of the ytt benchmark (`benches/ytt.rs`, `examples/ytt_prof.rs`): real package
//! schemas of `tests/corpus/ytt-schemas` compiled by `build.rs`, each with a real values file
//! of its package, and the pipeline's stages as the benchmark runs them apart.

use validgen::interpret::{DocumentReport, Explain, evaluate_document};
use validgen::ir::RuleSet;
use validgen::model::Plain;
use validgen::ytt::compiled::YttSchema;
use validgen::ytt::data::{secret_values, to_json};
use validgen::ytt::lower::{rule_set, schema_checks};
use validgen::ytt::report::report;
use validgen::ytt::run::{Invocation, Outcome, run};
use validgen::ytt::schema::{self, Schema};
use validgen::ytt::values::{DataValues, SchemaFile, Source, SourceKind, final_values};
use validgen::ytt::yaml;

/// Schemas compiled by `build.rs` from real packages (`YTT_SCHEMAS` lists them).
#[allow(missing_docs, clippy::all)]
pub mod compiled {
    include!(concat!(env!("OUT_DIR"), "/ytt_validators.rs"));
}

/// The name of the values file in every run.
pub const VALUES: &str = "values.yml";

/// A compiled schema's validator of its validations.
pub type Validate = fn(&serde_json::Value, Explain) -> DocumentReport;

/// One compiled schema with a values file of its package.
pub struct YttCase {
    /// The benchmark's name of the case (the package).
    pub label: &'static str,
    /// The compiled schema (its text, file name and validator).
    pub schema: &'static YttSchema,
    /// The values file's text (unwrapped from the test's Secret).
    pub values: String,
}

/// The cases, by size: kadras-io `cert-manager-issuers` (612 B, 2 validations), kadras-io
/// `package-for-cert-manager` (5.4 kB, 14) and ThomasVitale `package-for-tekton-pipelines`
/// (21.6 kB, 34; the corpus' largest), each with its high-availability (or only) test values.
///
/// # Panics
/// When a corpus file is missing or a schema was not compiled (the crate is broken).
pub fn ytt_cases() -> Vec<YttCase> {
    vec![
        ytt_case(
            "cert-manager-issuers",
            "cert_manager_issuers",
            "kadras-io/cert-manager-issuers/test/integration/default/config/values.yml",
        ),
        ytt_case(
            "cert-manager",
            "cert_manager",
            "kadras-io/package-for-cert-manager/test/integration/high-availability/config/values.yml",
        ),
        ytt_case(
            "tekton-pipelines",
            "tekton_pipelines",
            "ThomasVitale/package-for-tekton-pipelines/test/integration/high-availability/config/values.yml",
        ),
    ]
}

fn ytt_case(label: &'static str, name: &str, values: &str) -> YttCase {
    let path = format!(
        "{}/../tests/corpus/ytt-schemas/{values}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("read a values file");
    YttCase {
        label,
        schema: compiled::YTT_SCHEMAS
            .iter()
            .find(|s| s.name == name)
            .expect("compiled by build.rs"),
        // The packages' tests pass their values in a kapp-controller Secret.
        values: secret_values(&text).unwrap_or(text),
    }
}

impl YttCase {
    /// `-f <schema> --data-values-file values.yml --data-values-inspect`.
    pub fn invocation(&self) -> Invocation {
        Invocation {
            files: vec![self.schema.files[0].0.to_owned()],
            data_values_files: vec![VALUES.to_owned()],
            data_values_inspect: true,
            ..Invocation::default()
        }
    }

    /// The files of [`Self::invocation`] by name.
    pub fn read(&self, name: &str) -> Result<String, String> {
        match name {
            VALUES => Ok(self.values.clone()),
            _ if name == self.schema.files[0].0 => Ok(self.schema.files[0].1.to_owned()),
            _ => Err(format!("no file {name}\n")),
        }
    }

    /// The interpreter's whole run (`validgen ytt`).
    pub fn run_interpreted(&self, invocation: &Invocation) -> Outcome {
        run(invocation, &|name| self.read(name))
    }

    /// The compiled schema's whole run (`YttSchema::check`).
    pub fn run_compiled(&self) -> Outcome {
        self.schema.check(&[(VALUES, self.values.as_str())])
    }
}

/// The schema of `text` typed and its validations lowered: what every run does before it reads
/// the values.
///
/// # Panics
/// When ytt refuses the schema (a case is broken).
pub fn build(file: &str, text: &str) -> (Schema, RuleSet) {
    let set = yaml::parse(text, file).expect("the schema parses");
    let built = schema::build(&set, text).expect("ytt accepts the schema");
    let checks = schema_checks(&built).expect("the validations lower");
    (built, rule_set(checks, Vec::new()))
}

/// The final data values of the values file `text` over a built schema.
///
/// # Panics
/// When the values do not parse or type-check (a case is broken).
pub fn data_values(schema: &SchemaFile<'_>, text: &str) -> DataValues {
    let documents = yaml::parse(text, VALUES).expect("the values parse");
    let sources = [Source {
        name: VALUES,
        text,
        documents: &documents,
        kind: SourceKind::PlainFile,
    }];
    final_values(Some(schema), &sources).expect("the values type-check")
}

/// The values `text` over a built schema: the final data values, the validations by the
/// interpreter (`rules`) or else by `compiled`, and ytt's report when any fails (plain
/// data-values files carry no `@assert/validate`).
pub fn values_check(
    schema: &SchemaFile<'_>,
    text: &str,
    rules: Option<&RuleSet>,
    compiled: Validate,
) -> Option<String> {
    let data = data_values(schema, text);
    let json = to_json(&data.document.value);
    let found = match rules {
        Some(rules) => evaluate_document(rules, &Plain::new(&json), Explain::Failures).violations,
        None => compiled(&json, Explain::Failures).violations,
    };
    report(&found, &data.document.value, &data.document.pos)
}
