//! A tape as a [`Document`]: rule paths that are JSON Pointers resolved on the tape (what JSON
//! Schema rule sets use, their one rule at `""`). A JSONPath needs a parsed `Value` (the
//! runtime's JSONPath evaluation reads one): on a tape it is an error, never an empty result.

use super::{Tape, TapeValue};
use crate::ir::{Path, Syntax};
use crate::model::{Document, Instance, instance_location};

impl<'a> Tape<'a> {
    /// The values at `path`: a JSON Pointer finds one value or none.
    fn values(&self, path: &Path) -> Result<Vec<TapeValue<'_>>, String> {
        match &path.syntax {
            Syntax::Pointer(tokens) => {
                let mut at = self.root();
                for t in tokens {
                    match at.step(t) {
                        Some(next) => at = next,
                        None => return Ok(Vec::new()),
                    }
                }
                Ok(vec![at])
            }
            Syntax::JsonPath(_) => Err(format!(
                "path `{}`: a JSONPath needs the document as a parsed value, not bytes",
                path.expr
            )),
        }
    }
}

impl Document for Tape<'_> {
    type Instance<'b>
        = TapeValue<'b>
    where
        Self: 'b;

    fn ints(&self, path: &Path) -> Result<Vec<i64>, String> {
        self.values(path)?
            .into_iter()
            .map(|v| {
                v.as_number()
                    .and_then(serde_json::Number::as_i64)
                    .ok_or_else(|| format!("{} is not an integer", v.json_type().name()))
            })
            .collect()
    }

    fn strings(&self, path: &Path) -> Result<Vec<String>, String> {
        self.values(path)?
            .into_iter()
            .map(|v| {
                v.as_str()
                    .map(str::to_owned)
                    .ok_or_else(|| format!("{} is not a string", v.json_type().name()))
            })
            .collect()
    }

    fn present(&self, path: &Path) -> Result<bool, String> {
        Ok(self.values(path).is_ok_and(|v| !v.is_empty()))
    }

    fn instances(&self, path: &Path) -> Result<Vec<(String, TapeValue<'_>)>, String> {
        let values = self.values(path)?;
        let n = values.len();
        Ok(values
            .into_iter()
            .enumerate()
            .map(|(i, v)| (instance_location(path, i, n), v))
            .collect())
    }
}
