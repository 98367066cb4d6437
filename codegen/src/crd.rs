//! A CRD version's CEL rules at build time: every rule compiled and checked (an error located
//! at the `rule:` in the CRD file), the structural rule set the API server's pipeline needs,
//! and the rules whose shape compiles into Rust (`validgen_crd::cel::lower`).

use serde_json::Value;
use validgen_crd::CelRules;
use validgen_json_schema as json_schema;

use crate::diag::Diagnostic;
use crate::emit::crd::CrdItem;
use crate::schemas::{Read, SchemaOptions};

/// What `<name>_judge` of the CRD version `name` (from `file`, relative to the catalog, and
/// its version; its `openAPIV3Schema` `schema`, at `base` in the file `read`; its
/// `subresources`) is made of.
///
/// # Errors
/// Every rule (or `messageExpression`) that does not parse, type-check or stay under the
/// estimated cost limits, at its `rule:`, as the API server refuses such a CRD.
pub(crate) fn judge_item(
    name: &str,
    file: &str,
    schema: &Value,
    subresources: &Value,
    opts: &SchemaOptions,
    read: &Read<'_>,
    base: &str,
) -> Result<CrdItem, Vec<Diagnostic>> {
    let locate = |pointer: &str, message: String| {
        let at = format!("{base}{pointer}");
        let span = read
            .source
            .span(&format!("{at}/rule"))
            .or_else(|| read.source.span(&at));
        let (line, column) = span.map_or((0, 0), |s| (s.line, s.column));
        Diagnostic::at(read.file, line, column, None, message)
    };
    let rules = CelRules::compile(schema).map_err(|errors| {
        errors
            .iter()
            .map(|e| {
                let what = if e.refusal.is_some() {
                    "the API server refuses the CRD"
                } else {
                    "CEL rule does not compile"
                };
                locate(&e.pointer, format!("{what}: {}", e.message))
            })
            .collect::<Vec<_>>()
    })?;
    // The API server's structural schema asserts formats and prunes unknown fields: the
    // catalog's own validator serves unless its options say otherwise.
    let api_rules = if opts.assert_formats && !opts.reject_unknown_fields {
        None
    } else {
        match json_schema::compile(schema, &validgen_crd::schema_options()) {
            Ok(compiled) => Some(compiled.rules),
            Err(errors) => {
                return Err(errors
                    .iter()
                    .map(|e| locate(&e.pointer, e.to_string()))
                    .collect());
            }
        }
    };
    let (lowered, count) = rules.lowered();
    Ok(CrdItem {
        name: name.to_owned(),
        file: file.to_owned(),
        schema: schema.clone(),
        subresources: subresources.clone(),
        api_rules,
        lowered,
        count,
    })
}
