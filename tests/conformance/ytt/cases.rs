//! The recorded ytt 0.48.0 cases (`cases.jsonl` beside this file; see README.md): files and
//! ytt arguments in, exit code, standard output and standard error out. Shared by the test
//! files that replay them (`#[path]`-included; not a test target of its own).
#![allow(dead_code)] // Each test file reads its own subset of the fields.

use serde::Deserialize;

/// The cases, one JSON object per line.
const CASES: &str = include_str!("cases.jsonl");

/// One recorded case.
#[derive(Debug, Deserialize)]
pub struct Case {
    /// Its identifier (`upstream-assert-…`).
    pub id: String,
    /// Its group (`starlark-out-of-scope`, `export`…).
    pub group: String,
    /// The files of the run.
    pub files: Vec<File>,
    /// ytt's arguments.
    pub args: Vec<String>,
    /// The whole environment of the run, in order (`env`, a JSON object of names to values;
    /// none when absent): what `--data-values-env` prefixes read.
    #[serde(default, deserialize_with = "in_order")]
    pub env: Vec<(String, String)>,
    /// What ytt did.
    pub expected: Expected,
}

/// One file of a case.
#[derive(Debug, Deserialize)]
pub struct File {
    /// Its name, as the arguments give it.
    pub name: String,
    /// Its text.
    pub text: String,
}

/// What ytt 0.48.0 did with a case.
#[derive(Debug, Deserialize)]
pub struct Expected {
    /// Its exit code.
    pub exit_code: i32,
    /// Its standard output.
    pub stdout: String,
    /// Its standard error.
    pub stderr: String,
}

/// The cases recorded over real multi-file packages and schema overlays (README, "Packages").
const PACKAGES: &str = include_str!("packages.jsonl");

/// Every recorded case, in file order.
pub fn cases() -> Vec<Case> {
    parse(CASES)
}

/// Every case of `packages.jsonl`, in file order: file names may hold folders
/// (`build/config/services/schema.dns.yaml`) and `args` may name folders.
pub fn packages() -> Vec<Case> {
    parse(PACKAGES)
}

/// A JSON object of strings as its pairs, in the order written (the order ytt read them in).
fn in_order<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<(String, String)>, D::Error> {
    struct Pairs;
    impl<'de> serde::de::Visitor<'de> for Pairs {
        type Value = Vec<(String, String)>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an object of names to string values")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> Result<Self::Value, A::Error> {
            let mut pairs = Vec::new();
            while let Some(pair) = map.next_entry()? {
                pairs.push(pair);
            }
            Ok(pairs)
        }
    }
    d.deserialize_map(Pairs)
}

fn parse(lines: &str) -> Vec<Case> {
    lines
        .lines()
        .map(|l| serde_json::from_str(l).expect("a recorded case"))
        .collect()
}
