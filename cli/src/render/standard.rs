//! `-o flag|list|hierarchical`: a document validated against schemas as the JSON Schema
//! standard output (2020-12 core §12.4, [`validgen_json_schema::output`]), one JSON object per
//! line, `{"source": "<file>#<i>", "output": <the output unit>}`; everything else as `-o json`.

use std::io::{self, Write};

use serde_json::json;
use validgen_core::ir::Violation;
use validgen_json_schema::{OutputFormat, output_with};

use super::Sink;
use super::json::JsonSink;
use crate::validate::{DocVerdict, Item, Tally};

/// The standard output of `d`: its violations of every schema, each keyword located as the
/// text output names it (`<schema file>#<pointer>`, or the `<url>#<pointer>` of a registry
/// document), worded as the text output words it; or, valid, the annotations it collected.
fn standard_output(d: &DocVerdict, format: OutputFormat) -> serde_json::Value {
    let found: Vec<Violation> = d
        .violations
        .iter()
        .map(|v| {
            let mut unit = Violation::new("schema", "", "");
            unit.location.clone_from(&v.instance);
            unit.keyword = v.keyword_location();
            unit.message = Some(v.message.clone());
            unit
        })
        .collect();
    let text = |v: &Violation| v.message.clone().unwrap_or_default();
    output_with(&found, &d.annotations, text, "", format)
}

/// JSON lines: a document's standard output, other items as [`JsonSink`] writes them.
pub(super) struct StandardSink {
    json: JsonSink,
    format: OutputFormat,
}

impl StandardSink {
    pub(super) fn new(out: Box<dyn Write>, format: OutputFormat) -> Self {
        StandardSink {
            json: JsonSink::new(out),
            format,
        }
    }
}

impl Sink for StandardSink {
    fn item(&mut self, file: &str, item: &Item) -> io::Result<()> {
        match item {
            Item::Document(d) => {
                let line = json!({"source": d.source, "output": standard_output(d, self.format)});
                writeln!(self.json.out, "{line}")
            }
            other => self.json.item(file, other),
        }
    }

    fn finish(&mut self, tally: &Tally, summary: bool) -> io::Result<()> {
        self.json.finish(tally, summary)
    }
}
