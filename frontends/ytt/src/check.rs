//! ytt's verdicts as data, for `validgen validate --ytt-schema` and `validgen check
//! --ytt-schema`: the same pipeline as [`super::run`], its outcome structured.
//!
//! - [`judge`]: data-values files over a schema, as `ytt -f schema.yml --data-values-file
//!   values.yml...` judges them: valid, or each violation located (validations, type errors,
//!   overlay errors);
//! - [`schema_faults`]: every error of a schema file where ytt stops at the first;
//!   [`folder_faults`]: the same over a folder's schema files, and their overlay's error.

use std::sync::Arc;

use super::code;
use super::files::{Files, Input, expand};
use super::run::{
    Invocation, Loaded, Stop, Violation, ViolationKind, evaluate, has_document, load, read_inputs,
    repeated_keys, schema_error,
};
use super::schema::{MAX_FAULTS, build_all};
use super::values::{PathDisplay, Step};
use validgen_gotext::yaml::{DocumentSet, Node, Pos};

/// The verdict on data values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judgement {
    /// Each violation, in ytt's order; none when the data values are valid.
    pub violations: Vec<Violation>,
    /// ytt's error text (after `ytt: Error: `) when invalid; empty when valid.
    pub text: String,
}

/// Judges the `--data-values-file`s `values` (plain YAML, merged in order into one
/// configuration, as ytt merges them) over the schema files `schemas` (overlaid in order, as
/// `ytt -f` overlays them), reading files with
/// `read` (folders listed as ytt lists them). The verdict is ytt's: the final data values
/// must type against the schema and merge, then pass every validation. With
/// `seed_extensions`, the seed proposals' rules ytt never shipped are accepted
/// ([`Invocation::seed_extensions`]).
///
/// # Errors
/// [`Stop::Input`] for a file that cannot be read, is not YAML, or (for a values file) has
/// `#@` annotations; [`Stop::Refused`] for a schema that ytt or validgen refuses, or a file
/// without a `#@data/values-schema` document. The text is ytt's (after `ytt: Error: `).
pub fn judge(
    schemas: &[String],
    values: &[String],
    read: &dyn Files,
    seed_extensions: bool,
) -> Result<Judgement, Stop> {
    let invocation = Invocation {
        files: schemas.to_vec(),
        data_values_files: values.to_vec(),
        seed_extensions,
        names_as_given: true,
        ..Invocation::default()
    };
    let inputs = read_inputs(&invocation, read)?;
    if inputs.schema.is_none() {
        return Err(Stop::Refused(format!(
            "{}: no #@data/values-schema document: not a ytt data-values schema\n",
            schemas.join(", ")
        )));
    }
    match evaluate(&invocation, &inputs) {
        Ok(_) => Ok(Judgement {
            violations: Vec::new(),
            text: String::new(),
        }),
        Err(Stop::Invalid { text, violations }) => Ok(Judgement { violations, text }),
        Err(Stop::Values(text)) => {
            let mut files: Vec<&Loaded> = inputs.plain.iter().collect();
            files.extend(inputs.schema().into_iter().flat_map(|(_, f)| f));
            let violations = values_violations(&text, &files);
            Ok(Judgement { violations, text })
        }
        Err(other) => Err(other),
    }
}

/// The violations of a data-values error: each entry of a type report, else the overlay
/// error at its innermost `on line` position; each with the path of the node written there.
fn values_violations(text: &str, files: &[&Loaded]) -> Vec<Violation> {
    let typed = type_report(text);
    if !typed.is_empty() {
        return typed
            .into_iter()
            .map(|mut v| {
                v.path = path_at(files, &v.pos);
                v
            })
            .collect();
    }
    let pos = text
        .lines()
        .filter_map(|l| l.trim_end().strip_suffix(':')?.rsplit_once(" on line "))
        .filter_map(|(_, at)| parse_pos(at))
        .next_back();
    let message = text.lines().last().unwrap_or_default().trim().to_owned();
    let (expected, found) = message
        .strip_prefix("Expected ")
        .and_then(|m| m.split_once(", but was "))
        .map_or((String::new(), String::new()), |(e, f)| {
            (e.to_owned(), f.to_owned())
        });
    let pos = pos.unwrap_or_else(|| Pos {
        file: Arc::from(files.first().map_or("", |f| f.name.as_str())),
        line: 0,
    });
    vec![Violation {
        kind: ViolationKind::Overlay,
        path: path_at(files, &pos),
        pos,
        expected,
        found,
        by: String::new(),
        notes: vec![message],
    }]
}

/// `file:line` (the line after the last `:`).
fn parse_pos(text: &str) -> Option<Pos> {
    let (file, line) = text.rsplit_once(':')?;
    Some(Pos {
        file: Arc::from(file),
        line: line.parse().ok()?,
    })
}

/// The entries of ytt's `One or more data values were invalid` report (ytt 0.48
/// `pkg/schema/error.go`'s template: per entry an optional description, `file:`, an excerpt
/// with the line number, then `= found:`, `= expected: ... (by schema.yml:3)` and `= hint:`
/// lines); empty when `text` is not such a report. Paths are left empty.
fn type_report(text: &str) -> Vec<Violation> {
    let lines: Vec<&str> = text.lines().collect();
    let Some(start) = lines
        .iter()
        .position(|l| *l == "One or more data values were invalid")
    else {
        return Vec::new();
    };
    let mut out: Vec<Violation> = Vec::new();
    let mut description: Option<&str> = None;
    let mut rest = lines.iter().skip(start + 2).peekable();
    while let Some(line) = rest.next() {
        let next_is_bar = rest.peek().is_some_and(|n| n.trim() == "|");
        if !line.starts_with(' ') && !line.is_empty() {
            if let (Some(file), true) = (line.strip_suffix(':'), next_is_bar) {
                out.push(Violation {
                    kind: ViolationKind::Type,
                    path: String::new(),
                    pos: Pos {
                        file: Arc::from(file),
                        line: 0,
                    },
                    expected: String::new(),
                    found: String::new(),
                    by: String::new(),
                    notes: description.take().map(str::to_owned).into_iter().collect(),
                });
            } else {
                description = Some(line);
            }
            continue;
        }
        let Some(current) = out.last_mut() else {
            continue;
        };
        let trimmed = line.trim_start();
        if let Some(found) = trimmed.strip_prefix("= found: ") {
            current.found = found.to_owned();
        } else if let Some(expected) = trimmed.strip_prefix("= expected: ") {
            match expected
                .strip_suffix(')')
                .and_then(|e| e.rsplit_once(" (by "))
            {
                Some((what, by)) => {
                    current.expected = what.to_owned();
                    current.by = by.to_owned();
                }
                None => current.expected = expected.to_owned(),
            }
        } else if let Some(hint) = trimmed.strip_prefix("= hint: ") {
            current.notes.push(format!("hint: {hint}"));
        } else if let Some((number, _)) = trimmed.split_once(" |")
            && current.pos.line == 0
        {
            current.pos.line = number.parse().unwrap_or(0);
        }
    }
    out
}

/// The path (as ytt prints it) of the deepest node written at `pos` in `files`; `(document)`
/// when none is.
fn path_at(files: &[&Loaded], pos: &Pos) -> String {
    files
        .iter()
        .filter(|f| *f.name == *pos.file)
        .find_map(|f| deepest_at(&f.documents, pos.line))
        .map_or_else(
            || "(document)".to_owned(),
            |path| PathDisplay(&path).to_string(),
        )
}

/// The path of the last node in pre-order whose item starts on `line` (a walk with an
/// explicit stack: the documents may be deep).
fn deepest_at(set: &DocumentSet, line: usize) -> Option<Vec<Step>> {
    let mut found = None;
    for document in &set.documents {
        let mut stack: Vec<(&Node, Vec<Step>)> = vec![(&document.value, Vec::new())];
        while let Some((node, path)) = stack.pop() {
            let mut children: Vec<(&Node, Vec<Step>, usize)> = Vec::new();
            match node {
                Node::Map(items) => {
                    for item in items {
                        let mut p = path.clone();
                        p.push(Step::Key(item.key.clone()));
                        children.push((&item.value, p, item.pos.line));
                    }
                }
                Node::Array(items) => {
                    for (i, item) in items.iter().enumerate() {
                        let mut p = path.clone();
                        p.push(Step::Index(i));
                        children.push((&item.value, p, item.pos.line));
                    }
                }
                Node::Scalar(_) => {}
            }
            for (child, p, at) in children.into_iter().rev() {
                if at == line {
                    // Deeper ones come later (pre-order), so the last match is the deepest.
                    if found.as_ref().is_none_or(|f: &Vec<Step>| f.len() < p.len()) {
                        found = Some(p.clone());
                    }
                }
                if at <= line {
                    stack.push((child, p));
                }
            }
        }
    }
    found
}

/// One error of a schema file: where, validgen's one-line account, and ytt's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaFault {
    /// The annotation or node at fault (line 0 for the whole file).
    pub pos: Pos,
    /// One line: ytt's message, or its report's title with `found:` and `expected:`.
    pub message: String,
    /// What ytt prints after `ytt: Error: ` had this error been the first.
    pub text: String,
}

/// Every error of the schema file `name` where ytt stops at the first (see
/// [`super::schema::build_all`]): each code line validgen refuses, each annotation whose
/// Starlark does not evaluate, each node that does not type, each default of the wrong type,
/// each malformed validation, in line order (at most [`MAX_FAULTS`] of each kind). A file that cannot be read, is not YAML or is a
/// `.star` module gives one fault (at the YAML error's line, else line 0). Empty when the
/// schema builds.
pub fn schema_faults(
    name: &str,
    read: &dyn Fn(&str) -> Result<String, String>,
    seed_extensions: bool,
) -> Vec<SchemaFault> {
    let whole = |text: String| {
        // A YAML error names its line: validgen's (`schema.yml:3: ...`) or go-yaml's
        // (`Unmarshaling YAML template 'schema.yml': yaml: line 3: ...`).
        let line = text
            .strip_prefix(name)
            .and_then(|t| t.strip_prefix(':'))
            .or_else(|| text.split_once("yaml: line ").map(|(_, t)| t))
            .and_then(|t| t.split_once(':'))
            .and_then(|(n, _)| n.parse().ok())
            .unwrap_or(0);
        vec![SchemaFault {
            pos: Pos {
                file: Arc::from(name),
                line,
            },
            message: text.lines().next().unwrap_or_default().to_owned(),
            text,
        }]
    };
    if name.ends_with(".star") {
        // ytt reads a `.star` file only when a template loads it: no schema here.
        return whole(format!(
            "{name}: a Starlark module (.star file), not a data-values schema: ytt reads it only when a schema or data-values file loads it\n"
        ));
    }
    let mut file = match load(&Input::as_given(name), &read) {
        Ok(file) => file,
        Err(stop) => return whole(stop.text().to_owned()),
    };
    // A repeated key stops ytt before the schema is read: one fault, the rest unread.
    if let Err(text) = repeated_keys(&mut file, 0) {
        let text = format!("Overlaying data values schema (in following order: {name}):\n{text}");
        let line = text
            .lines()
            .last()
            .and_then(|l| {
                l.trim()
                    .strip_prefix(name)?
                    .strip_prefix(':')?
                    .split(' ')
                    .next()?
                    .parse()
                    .ok()
            })
            .unwrap_or(0);
        return vec![SchemaFault {
            pos: Pos {
                file: Arc::from(name),
                line,
            },
            message: one_line(&text),
            text,
        }];
    }
    let star = |path: &str| read(path).ok();
    let mut faults: Vec<SchemaFault> = code::apply(&mut file, &star, true)
        .into_iter()
        .take(MAX_FAULTS)
        .map(|(line, text)| SchemaFault {
            pos: Pos {
                file: Arc::from(name),
                line,
            },
            // ytt's `Templating file` error: its message line.
            message: text
                .lines()
                .find_map(|l| l.strip_prefix("- "))
                .unwrap_or(text.trim_end())
                .to_owned(),
            text,
        })
        .collect();
    for fault in build_all(&file.documents, &file.text, seed_extensions) {
        let text = schema_error(&[&file], fault.error);
        faults.push(SchemaFault {
            message: one_line(&text),
            pos: fault.pos,
            text,
        });
    }
    faults.sort_by_key(|f| f.pos.line);
    faults
}

/// Every error of the schema of the folder `dir`, read as `ytt -f dir` reads it (its schema
/// files, in ytt's order, each overlaying the ones before): each schema file's own errors
/// ([`schema_faults`], the file named by its path under `dir`), then, when none has any, the
/// first error of the overlay (ytt's text, at line 0 of `dir`). A folder that cannot be
/// listed, a schema file that cannot be read or is not YAML gives one fault.
pub fn folder_faults(dir: &str, files: &dyn Files, seed_extensions: bool) -> Vec<SchemaFault> {
    let at_dir = |text: String| SchemaFault {
        pos: Pos {
            file: Arc::from(dir),
            line: 0,
        },
        message: one_line(&text),
        text,
    };
    let inputs = match expand(&[dir.to_owned()], files, false) {
        Ok(inputs) => inputs,
        Err(text) => return vec![at_dir(text)],
    };
    let read = |path: &str| files.read(path);
    let mut faults = Vec::new();
    for input in inputs.iter().filter(|i| i.is_yaml_template()) {
        match load(&Input::as_given(&input.path), &read) {
            Ok(file) if has_document(&file, "data/values-schema") => {
                faults.extend(schema_faults(&input.path, &read, seed_extensions));
            }
            Ok(_) => {}
            Err(stop) => faults.push(at_dir(stop.text().to_owned())),
        }
    }
    if faults.is_empty() {
        let invocation = Invocation {
            files: vec![dir.to_owned()],
            schema_inspect: true,
            seed_extensions,
            ..Invocation::default()
        };
        if let Err(stop) = read_inputs(&invocation, files) {
            faults.push(at_dir(stop.text().to_owned()));
        }
    }
    faults
}

/// A schema error's text in one line: a report's title with its `found:` and `expected:`; a
/// `Templating file` error's `- ` message; else the text's last line (the innermost of a
/// broken Go error chain).
fn one_line(text: &str) -> String {
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let field = |key: &str| {
        lines
            .iter()
            .find_map(|l| l.strip_prefix(key))
            .map(str::to_owned)
    };
    if let Some(i) = lines.iter().position(|l| l.starts_with("==")) {
        let title = i.checked_sub(1).and_then(|t| lines.get(t)).copied();
        let mut out = title.unwrap_or_default().to_owned();
        if let Some(description) = lines
            .iter()
            .skip(i + 1)
            .find(|l| !l.is_empty() && !l.ends_with(':'))
            .filter(|l| !l.starts_with('|') && !l.starts_with('='))
        {
            out.push_str(": ");
            out.push_str(description);
        }
        if let Some(found) = field("= found: ") {
            out.push_str("; found: ");
            out.push_str(&found);
        }
        if let Some(expected) = field("= expected: ") {
            out.push_str("; expected: ");
            out.push_str(&expected);
        }
        return out;
    }
    if let Some(message) = field("- ") {
        return message;
    }
    lines
        .iter()
        .rev()
        .find(|l| !l.is_empty())
        .copied()
        .unwrap_or_default()
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files<'a>(texts: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Result<String, String> + 'a {
        move |name: &str| {
            texts
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, t)| (*t).to_owned())
                .ok_or_else(|| format!("no file {name}\n"))
        }
    }

    #[test]
    fn a_type_error_is_read_back_with_its_path_and_rule() {
        let read = files(&[
            (
                "schema.yml",
                "#@data/values-schema\n---\nports:\n- name: \"\"\n",
            ),
            ("values.yml", "ports:\n- name: 1\n"),
        ]);
        let judged = judge(
            &["schema.yml".to_owned()],
            &["values.yml".to_owned()],
            &read,
            false,
        )
        .expect("judged");
        let [v] = judged.violations.as_slice() else {
            panic!("{judged:?}")
        };
        assert_eq!(v.kind, ViolationKind::Type);
        assert_eq!(
            (v.path.as_str(), v.pos.to_string()),
            ("ports[0].name", "values.yml:2".to_owned())
        );
        assert_eq!(
            (v.expected.as_str(), v.found.as_str(), v.by.as_str()),
            ("string", "integer", "schema.yml:4")
        );
        assert!(judged.text.contains("One or more data values were invalid"));
    }

    #[test]
    fn every_schema_error_is_kept_with_its_line() {
        let read = files(&[(
            "schema.yml",
            "#@data/values-schema\n---\n#@schema/validation min=\na: 1\nb:\n#@schema/default \"x\"\nc: 1\n",
        )]);
        let faults = schema_faults("schema.yml", &read, false);
        let lines: Vec<usize> = faults.iter().map(|f| f.pos.line).collect();
        assert_eq!(lines, [3, 5, 6], "{faults:?}");
        assert!(
            faults
                .iter()
                .all(|f| f.text.starts_with("Overlaying data values schema"))
        );
        assert!(
            faults[1].message.contains("null value not allowed here"),
            "{faults:?}"
        );
    }
}
