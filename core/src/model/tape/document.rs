//! A tape as a [`Document`]: rule paths that are JSON Pointers resolved on the tape (what JSON
//! Schema rule sets use, their one rule at `""`). A JSONPath needs a parsed `Value` (the
//! runtime's JSONPath evaluation reads one): on a tape it is an error, never an empty result.

use super::{Tape, TapeValue};
use crate::ir::{Path, Syntax};
use crate::model::{Document, instance_ints, instance_strings, located};

impl<'a> Tape<'a> {
    /// The values at `path`: a JSON Pointer finds one value or none.
    fn values(&self, path: &Path) -> Result<Vec<TapeValue<'_>>, String> {
        match &path.syntax {
            Syntax::Pointer(tokens) => Ok(self.at_pointer(tokens).into_iter().collect()),
            Syntax::JsonPath(_) => Err(format!(
                "path `{}`: a JSONPath needs the document as a parsed value, not bytes",
                path.expr
            )),
        }
    }

    /// The value at a JSON Pointer's `tokens`, if there is one.
    fn at_pointer(&self, tokens: &[String]) -> Option<TapeValue<'_>> {
        tokens.iter().try_fold(self.root(), |at, t| at.step(t))
    }
}

impl Document for Tape<'_> {
    type Instance<'b>
        = TapeValue<'b>
    where
        Self: 'b;

    fn ints(&self, path: &Path) -> Result<Vec<i64>, String> {
        instance_ints(self.values(path)?)
    }

    fn strings(&self, path: &Path) -> Result<Vec<String>, String> {
        instance_strings(self.values(path)?)
    }

    fn present(&self, path: &Path) -> Result<bool, String> {
        Ok(self.values(path).is_ok_and(|v| !v.is_empty()))
    }

    fn instances(&self, path: &Path) -> Result<Vec<(String, TapeValue<'_>)>, String> {
        Ok(located(path, self.values(path)?))
    }

    fn all_instances<'s>(
        &'s self,
        path: &Path,
        holds: &mut dyn FnMut(TapeValue<'s>) -> bool,
    ) -> Result<bool, String> {
        match &path.syntax {
            Syntax::Pointer(tokens) => Ok(self.at_pointer(tokens).is_none_or(holds)),
            Syntax::JsonPath(_) => Ok(self.values(path)?.into_iter().all(holds)),
        }
    }
}
