//! What to extract: the JSON keys the rules of a rule set read, resolved against the Go types
//! at planning time, merged into one trie per catalog.

use std::borrow::Cow;
use std::collections::BTreeSet;

use crate::keys::{SKIP, TEMPLATE_NAME, TEMPLATE_NAMESPACE, TEMPLATE_NAMESPACE_OLD, VALIDATIONS};
use crate::typed::schema::{GoKind, Schema, TypeId, same_key};
use validgen_core::ir::{Path, RuleSet};
use validgen_jsonpath::ast::{Segment, Step};

/// One step of a capture path, in normalized JSON (the keys encoding/json uses, map keys as
/// written).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Seg {
    /// An object key (a struct field's JSON key, or a map key).
    Key(Cow<'static, str>),
    /// Every element of a list.
    Elems,
}

/// A capture path: from the VM root, the steps down to a value that is extracted whole
/// (normalized as the typed decoding does). Every object and list crossed on the way is kept
/// too (with only the captured keys), so that a path's walk finds the same nodes, nil
/// pointers and empty lists as on the whole VM.
pub type CapturePath = Vec<Seg>;

/// The capture paths of a rule set: every path its rules read (`path`, `valid`, path-valued
/// arguments), each cut at the first step that is not a plain field, map key or array step
/// (filters, `..`, `.*`, unions, literals): the value there is captured whole.
pub fn capture_paths(set: &RuleSet) -> Vec<CapturePath> {
    let schema = Schema::kubevirt();
    let mut out: BTreeSet<CapturePath> = BTreeSet::new();
    for r in &set.rules {
        for (_, p) in r.paths() {
            out.extend(path_captures(schema, p));
        }
    }
    // A path below another one is kept whole with it.
    let all: Vec<CapturePath> = out.into_iter().collect();
    all.iter()
        .filter(|p| !all.iter().any(|q| q.len() < p.len() && p.starts_with(q)))
        .cloned()
        .collect()
}

/// `text` as the contents of a JSON string written by `serde_json`, and by Go's
/// `encoding/json` (HTML-safe escaping) when that differs.
fn escaped_forms(text: &str) -> Vec<String> {
    let quoted = serde_json::Value::from(text).to_string();
    let plain = quoted
        .get(1..quoted.len().saturating_sub(1))
        .unwrap_or_default()
        .to_owned();
    let go = plain
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029");
    if go == plain {
        vec![plain]
    } else {
        vec![plain, go]
    }
}

fn key(k: &str) -> Seg {
    Seg::Key(Cow::Owned(k.to_owned()))
}

/// One capture path per action of the path's template (text segments read nothing).
fn path_captures(schema: &Schema, p: &Path) -> Vec<CapturePath> {
    // A KubeVirt rule path is always a JSONPath; any other is read from the whole VM.
    let Some(jsonpath) = p.as_jsonpath() else {
        return vec![Vec::new()];
    };
    jsonpath
        .ast()
        .segments
        .iter()
        .filter_map(|s| match s {
            Segment::Action(list) => Some(list_capture(schema, &list.steps)),
            Segment::Text(_) => None,
        })
        .collect()
}

fn list_capture(schema: &Schema, steps: &[Step]) -> CapturePath {
    let mut ty: TypeId = schema.root();
    let mut out = Vec::new();
    for step in steps {
        let mut d = ty;
        if schema.get(d).kind == GoKind::Ptr
            && let Some(e) = schema.get(d).elem
        {
            d = e;
        }
        let dt = schema.get(d);
        match step {
            Step::Field(name) if !name.is_empty() => match dt.kind {
                GoKind::Struct if dt.leaf.is_none() => {
                    // client-go finds the field (JSON name, inline struct, Go name); its value
                    // sits under the keys encoding/json gives the fields crossed. A field that
                    // is not in JSON, or no field at all: the walk stops here on every VM.
                    let Some(chain) = schema.field_chain(d, name) else {
                        return out;
                    };
                    for f in &chain {
                        match &f.json_key {
                            Some(k) => out.push(key(k)),
                            None if f.embedded && f.json_name.is_empty() => {}
                            None => return out,
                        }
                    }
                    match chain.last() {
                        Some(last) => ty = last.ty,
                        None => return out,
                    }
                }
                GoKind::Map => match dt.elem {
                    Some(e) => {
                        out.push(key(name));
                        ty = e;
                    }
                    None => return out,
                },
                _ => return out,
            },
            Step::Array { .. } if dt.kind == GoKind::Slice => match dt.elem {
                Some(e) => {
                    out.push(Seg::Elems);
                    ty = e;
                }
                None => return out,
            },
            // Anything else reads an unknown part of the value here: keep it whole.
            _ => return out,
        }
    }
    out
}

/// A trie of capture paths: the part of a VM the single-pass extraction keeps.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CaptureNode {
    /// Keep the whole (normalized) value here.
    pub whole: bool,
    /// Object keys to follow (struct fields' JSON keys or map keys), sorted.
    pub keys: Vec<(Cow<'static, str>, CaptureNode)>,
    /// What to keep of every element of a list.
    pub elems: Option<Box<CaptureNode>>,
}

impl CaptureNode {
    /// The child under `k`, if the trie goes there.
    pub fn key(&self, k: &str) -> Option<&CaptureNode> {
        // Trie nodes have a handful of keys: a scan beats a binary search's string ordering.
        self.keys
            .iter()
            .find(|(x, _)| same_key(x, k))
            .map(|(_, n)| n)
    }

    fn insert(&mut self, path: &[Seg]) {
        if self.whole {
            return;
        }
        let Some((first, rest)) = path.split_first() else {
            // A whole value covers everything below it.
            *self = CaptureNode {
                whole: true,
                ..CaptureNode::default()
            };
            return;
        };
        let child = match first {
            Seg::Elems => self.elems.get_or_insert_with(Box::default),
            Seg::Key(k) => {
                let i = match self
                    .keys
                    .binary_search_by(|(x, _)| x.as_ref().cmp(k.as_ref()))
                {
                    Ok(i) => i,
                    Err(i) => {
                        self.keys.insert(i, (k.clone(), CaptureNode::default()));
                        i
                    }
                };
                &mut self.keys[i].1
            }
        };
        child.insert(rest);
    }

    /// Adds the node at `path` without capturing it whole (its presence is what is read).
    fn touch(&mut self, path: &[Seg]) {
        let mut n = self;
        for s in path {
            if n.whole {
                return;
            }
            n = match s {
                Seg::Elems => n.elems.get_or_insert_with(Box::default),
                Seg::Key(k) => {
                    let i = match n.keys.binary_search_by(|(x, _)| x.as_ref().cmp(k.as_ref())) {
                        Ok(i) => i,
                        Err(i) => {
                            n.keys.insert(i, (k.clone(), CaptureNode::default()));
                            i
                        }
                    };
                    &mut n.keys[i].1
                }
            };
        }
    }
}

/// What the single-pass extraction keeps of a VM for a set of rule sets: their capture paths
/// merged, plus what the admission decision reads (`metadata.deletionTimestamp`, the
/// annotations and labels naming the rules and the parent template, `spec.template`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExtractionPlan {
    root: CaptureNode,
    /// The rule sets whose paths are in the trie, sorted by text, each with the trie of its
    /// own capture paths alone (what the pass keeps once the VM's metadata names that set).
    rule_sets: Vec<(String, CaptureNode)>,
    /// The same texts as the contents of a JSON string, escaped as `serde_json` and as Go's
    /// `encoding/json` write them (it also escapes `<`, `>`, `&`, U+2028, U+2029), each
    /// followed by the closing quote, sorted, each with its text: an annotation written so is
    /// known without scanning or decoding it. As an unescaped quote ends a JSON string, none is
    /// a prefix of another, so the one a string starts with is found by a binary search.
    quoted: Vec<(String, String)>,
    /// The first bytes of those, a bit per byte value: most strings need no search.
    first_bytes: [u64; 4],
}

impl Default for ExtractionPlan {
    fn default() -> Self {
        ExtractionPlan::new()
    }
}

impl ExtractionPlan {
    /// A plan for the admission decision alone (no rule set covered yet).
    pub fn new() -> ExtractionPlan {
        let mut root = CaptureNode::default();
        let k = |s: &'static str| Seg::Key(Cow::Borrowed(s));
        root.insert(&[k("metadata"), k("deletionTimestamp")]);
        for a in [
            SKIP,
            VALIDATIONS,
            TEMPLATE_NAME,
            TEMPLATE_NAMESPACE,
            TEMPLATE_NAMESPACE_OLD,
        ] {
            root.insert(&[k("metadata"), k("annotations"), k(a)]);
        }
        for l in [TEMPLATE_NAME, TEMPLATE_NAMESPACE, TEMPLATE_NAMESPACE_OLD] {
            root.insert(&[k("metadata"), k("labels"), k(l)]);
        }
        root.touch(&[k("spec"), k("template")]);
        ExtractionPlan {
            root,
            rule_sets: Vec::new(),
            quoted: Vec::new(),
            first_bytes: [0; 4],
        }
    }

    /// Adds the rule set `text` with its capture paths (as [`capture_paths`] gives them, or as
    /// generated code lists them).
    pub fn add<'a>(&mut self, text: &str, captures: impl IntoIterator<Item = &'a [Seg]>) {
        let mut own = CaptureNode::default();
        // The decision reads whether `spec.template` is there before evaluating.
        own.touch(&[
            Seg::Key(Cow::Borrowed("spec")),
            Seg::Key(Cow::Borrowed("template")),
        ]);
        for c in captures {
            self.root.insert(c);
            own.insert(c);
        }
        if let Err(i) = self
            .rule_sets
            .binary_search_by(|(t, _)| t.as_str().cmp(text))
        {
            self.rule_sets.insert(i, (text.to_owned(), own));
            for mut e in escaped_forms(text) {
                e.push('"');
                let first = e.as_bytes()[0];
                self.first_bytes[usize::from(first >> 6)] |= 1 << (first & 63);
                if let Err(j) = self.quoted.binary_search_by(|(x, _)| x.as_str().cmp(&e)) {
                    self.quoted.insert(j, (e, text.to_owned()));
                }
            }
        }
    }

    /// Adds the rule set `text` with the capture paths of its rules; `false` (nothing added)
    /// when it does not parse.
    pub fn add_text(&mut self, text: &str) -> bool {
        match crate::rules::parse_rule_set(text) {
            Ok(rules) => {
                let paths = capture_paths(&crate::rules::lower(&rules));
                self.add(text, paths.iter().map(Vec::as_slice));
                true
            }
            Err(_) => false,
        }
    }

    /// Whether the rule set `text` was added: its rules read only what is extracted.
    pub fn covers(&self, text: &str) -> bool {
        self.rule_set(text).is_some()
    }

    /// The trie of the capture paths of the rule set `text` alone, from the VM root; `None`
    /// when it was not added.
    pub fn rule_set(&self, text: &str) -> Option<&CaptureNode> {
        let i = self
            .rule_sets
            .binary_search_by(|(t, _)| t.as_str().cmp(text))
            .ok()?;
        self.rule_sets.get(i).map(|(_, n)| n)
    }

    /// The rule text a JSON string holds, when it is one of the plan's written as `serde_json`
    /// or Go write it: `rest` is the text after the string's opening quote; the answer is the
    /// length of the string's contents and closing quote there, and the text.
    pub(crate) fn known_text_at(&self, rest: &str) -> Option<(usize, &str)> {
        let rest = rest.as_bytes();
        let first = *rest.first()?;
        if self.first_bytes[usize::from(first >> 6)] & (1 << (first & 63)) == 0 {
            return None;
        }
        // Against the start of `rest` as long as the candidate: `Equal` when `rest` starts
        // with it (a longer candidate is `Greater` than a shorter `rest` it begins).
        let i = self
            .quoted
            .binary_search_by(|(q, _)| q.as_bytes().cmp(&rest[..q.len().min(rest.len())]))
            .ok()?;
        self.quoted.get(i).map(|(q, t)| (q.len(), t.as_str()))
    }

    /// The trie, from the VM root.
    pub fn root(&self) -> &CaptureNode {
        &self.root
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_texts_are_known_as_serde_json_and_go_escape_them() {
        let text = r#"[{"name":"m","path":"jsonpath::.spec.running","rule":"integer","min":1,"message":"a <b> & c"}]"#;
        let mut plan = ExtractionPlan::new();
        assert!(plan.add_text(text));
        let serde = serde_json::to_string(text).expect("a string");
        let serde = &serde[1..serde.len() - 1];
        assert!(serde.contains(r#"\"name\""#) && serde.contains("<b>"));
        // As the body goes on after the string.
        let at = |contents: &str| plan.known_text_at(&format!("{contents}\",\"b\":1}}"));
        assert_eq!(at(serde), Some((serde.len() + 1, text)));
        let go = serde
            .replace('<', r"\u003c")
            .replace('>', r"\u003e")
            .replace('&', r"\u0026");
        assert_eq!(at(&go), Some((go.len() + 1, text)));
        // Other spellings of the same text are not known (they are scanned and decoded).
        assert_eq!(at(&serde.replace(r#"\""#, r"\u0022")), None);
        assert_eq!(at(text), None);
        // A string that only begins with a known one, or a body that ends inside one.
        assert_eq!(at(&format!("{serde} ")), None);
        assert_eq!(plan.known_text_at(&serde[..serde.len() - 1]), None);
        assert_eq!(plan.known_text_at(serde), None);
        assert_eq!(plan.known_text_at(""), None);
    }
}
