//! Typing one schema document, node by node, in ytt 0.48's order (`pkg/schema/schema.go`):
//! for each node its type annotations, then its value's type (children first), then its
//! documentation, its default, and its validation. The first error stops the build, unless
//! the build collects ([`Collect`]): then each node's error is kept and the node typed `any`
//! (or given its implied default, or no validation) so that the walk goes on.

use super::args::{NodeAnnotations, arguments, go_type, to_node};
use super::check::{check_value, kind_name};
use super::model::{Docs, Kind, Property, Type};
use super::report::{Failure, Problem, Report};
use crate::annotations::Annotation;
use crate::starlark::{Arguments, Value};
use crate::validation::{ValidationError, validation_with};
use validgen_gotext::yaml::{Comment, Node, Pos, Scalar};

/// Deepest nesting of a schema (maps and arrays) or of an annotation's value.
pub(crate) const MAX_DEPTH: usize = 200;

/// Why a node does not type: ytt's report or another error's text.
type Fault = Problem;

/// Where a node sits: ytt treats a document, a map item and an array item a little
/// differently (`@schema/default` on an array item, `@schema/deprecated` on a document).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Place {
    /// The document itself (its value is the data values' root).
    Document,
    /// A key of a map.
    MapItem,
    /// The item of an array.
    ArrayItem,
}

/// Most node errors one collecting walk keeps: after them the next error stops the walk (each
/// is rendered with excerpts; a hostile file could have one per line).
pub const MAX_FAULTS: usize = 500;

/// Where errors go: nowhere (the first stops the build, as ytt) or into `faults` (every node
/// typed, its errors kept in walk order, each with the position it is about).
#[derive(Debug, Default)]
pub(crate) struct Collect {
    /// Keep going after an error.
    pub(crate) on: bool,
    /// The errors kept: the position (the annotation's, else the node's) and the error.
    pub(crate) faults: Vec<(Pos, Fault)>,
    /// Validations may use the seed extensions.
    pub(crate) seed_extensions: bool,
}

impl Collect {
    /// `result`, or (when collecting) `fallback()` with the error kept at `pos`.
    fn keep<T>(
        &mut self,
        result: Result<T, Fault>,
        pos: &Pos,
        fallback: impl FnOnce() -> T,
    ) -> Result<T, Fault> {
        match result {
            Err(fault) if self.on && self.faults.len() < MAX_FAULTS => {
                self.faults.push((pos.clone(), fault));
                Ok(fallback())
            }
            other => other,
        }
    }
}

/// One node: a document, a map item or an array item.
pub(crate) struct At<'a> {
    /// What kind of node.
    pub(crate) place: Place,
    /// Where it starts.
    pub(crate) pos: &'a Pos,
    /// Its comments (its annotations among them).
    pub(crate) comments: &'a [Comment],
    /// Its value.
    pub(crate) value: &'a Node,
}

/// The type of `node` (ytt's `NewDocumentType` / `NewMapItemType` / `NewArrayItemType`).
pub(crate) fn node_type(node: &At<'_>, depth: usize, c: &mut Collect) -> Result<Type, Fault> {
    let depth = depth
        .checked_sub(1)
        .ok_or_else(|| Problem::Text(format!("schema nested deeper than {MAX_DEPTH} levels")))?;
    let anns = NodeAnnotations::of(node.comments);
    let typed = value_type(node, &anns, depth, c);
    let mut ty = c.keep(typed, node.pos, || {
        new_type(Kind::Any, false, node.pos, node.value.clone())
    })?;
    let default = default_value(node, &anns, &ty);
    ty.default = c.keep(default, node.pos, || implied_default(&ty))?;
    ty.validation = match anns.get("schema/validation") {
        Some(ann) => {
            let checked = match validation_with(ann, c.seed_extensions) {
                Ok(_) => Ok(Some(ann.clone())),
                Err(ValidationError::Invalid(line)) => Err(Problem::Text(line)),
                // Only when collecting: otherwise every annotation's Starlark was evaluated
                // before.
                Err(ValidationError::Starlark(e)) => Err(Problem::Text(e.message)),
            };
            c.keep(checked, &ann.pos, || None)?
        }
        None => None,
    };
    // ytt 0.48 ignores annotations it does not know; the seed proposal's `@schema/removed`
    // is read only with the seed extensions.
    if c.seed_extensions && anns.get("schema/removed").is_some() {
        let on_item = matches!(node.place, Place::MapItem);
        let removed = if on_item {
            Ok(true)
        } else {
            Err(Problem::Text(
                "@schema/removed is only supported on map items (a key the data values must not give)"
                    .to_owned(),
            ))
        };
        ty.removed = c.keep(removed, node.pos, || false)?;
    }
    Ok(ty)
}

/// ytt's `getType`: `@schema/type`, `@schema/nullable`, else the type inferred from the
/// value; then the documentation annotations.
fn value_type(
    node: &At<'_>,
    anns: &NodeAnnotations,
    depth: usize,
    c: &mut Collect,
) -> Result<Type, Fault> {
    let any = match anns.get("schema/type") {
        Some(ann) => type_any(ann, node.pos)?,
        None => false,
    };
    let nullable = match anns.get("schema/nullable") {
        Some(ann) => {
            if !args(ann)?.keywords.is_empty() {
                return Err(invalid(nullable_kwargs(ann, node.pos)));
            }
            true
        }
        None => false,
    };
    let ty = if any {
        Some(new_type(Kind::Any, nullable, node.pos, node.value.clone()))
    } else if nullable {
        // ytt wraps errors from inside a nullable node in one more report.
        infer(node.value, node.pos, depth, c)
            .map_err(|f| report(Report::wrapping("Invalid schema", f)))?
            .map(|mut t| {
                t.nullable = true;
                t
            })
    } else {
        infer(node.value, node.pos, depth, c)?
    };
    let mut ty = match ty {
        Some(t) if t.kind == Kind::Any => {
            any_fragment(node.value)?;
            t
        }
        Some(t) if !matches!(node.value, Node::Scalar(Scalar::Null)) => t,
        _ => return Err(report(null_not_allowed(node.pos))),
    };
    ty.docs = docs(node, anns, &ty)?;
    Ok(ty)
}

/// ytt's `InferTypeFromValue`: `None` for null.
fn infer(value: &Node, pos: &Pos, depth: usize, c: &mut Collect) -> Result<Option<Type>, Fault> {
    let kind = match value {
        Node::Map(items) => {
            let mut props = Vec::with_capacity(items.len());
            for item in items {
                let at = At {
                    place: Place::MapItem,
                    pos: &item.pos,
                    comments: &item.comments,
                    value: &item.value,
                };
                props.push(Property {
                    key: item.key.clone(),
                    ty: node_type(&at, depth, c)?,
                });
            }
            Kind::Map(props)
        }
        Node::Array(items) => {
            let [item] = items.as_slice() else {
                return Err(report(array_items(items.len(), pos)));
            };
            let at = At {
                place: Place::ArrayItem,
                pos: &item.pos,
                comments: &item.comments,
                value: &item.value,
            };
            Kind::Array(Box::new(node_type(&at, depth, c)?))
        }
        Node::Scalar(Scalar::Null) => return Ok(None),
        Node::Scalar(Scalar::String(_)) => Kind::String,
        Node::Scalar(Scalar::Int(_)) => Kind::Int,
        Node::Scalar(Scalar::Float(_)) => Kind::Float,
        Node::Scalar(Scalar::Bool(_)) => Kind::Bool,
    };
    Ok(Some(new_type(kind, false, pos, value.clone())))
}

fn new_type(kind: Kind, nullable: bool, pos: &Pos, default: Node) -> Type {
    Type {
        kind,
        nullable,
        pos: pos.clone(),
        default,
        docs: Docs::default(),
        validation: None,
        removed: false,
    }
}

/// ytt's `getValue`: `@schema/default` (checked against the type, missing map keys filled
/// in), else null for a nullable type, the children's defaults for a map, `[]` for an
/// array, the value itself otherwise.
fn default_value(node: &At<'_>, anns: &NodeAnnotations, ty: &Type) -> Result<Node, Fault> {
    let Some(ann) = anns.get("schema/default") else {
        return Ok(implied_default(ty));
    };
    if node.place == Place::ArrayItem {
        let inner = Report::new(
            "Invalid schema - @schema/default not supported on array item",
            vec![Failure {
                hints: vec![
                    "do you mean to set a default value for the array?".to_owned(),
                    "set an array's default by annotating its parent.".to_owned(),
                ],
                ..failure(ann, node.pos)
            }],
        );
        return Err(report(Report::wrapping("Invalid schema", report(inner))));
    }
    let arguments = args(ann)?;
    let syntax = |found: String, hints: &[&str]| {
        invalid(Failure {
            description: "syntax error in @schema/default annotation".to_owned(),
            found,
            expected: format!("{} (by {})", type_string(ty), ty.pos),
            hints: hints.iter().map(|h| (*h).to_owned()).collect(),
            ..failure(ann, node.pos)
        })
    };
    if !arguments.keywords.is_empty() {
        return Err(syntax(
            format!("keyword argument in @schema/default (by {})", ann.pos),
            &[
                "this annotation only accepts one argument: the default value.",
                "value must be in Starlark format, e.g.: {'key': 'value'}, True.",
            ],
        ));
    }
    let value = match arguments.positional.as_slice() {
        [value] => value,
        [] => {
            return Err(syntax(
                format!("missing value in @schema/default (by {})", ann.pos),
                &[],
            ));
        }
        many => {
            return Err(syntax(
                format!("{} values in @schema/default (by {})", many.len(), ann.pos),
                &[],
            ));
        }
    };
    let mut default = to_node(value, node.pos, MAX_DEPTH).ok_or_else(unconvertible)?;
    let failures = check_value(ty, &mut default, &ty.pos);
    if failures.is_empty() {
        Ok(default)
    } else {
        Err(report(Report::new(
            "Invalid schema - @schema/default is wrong type",
            blame(failures, ann, "at"),
        )))
    }
}

/// The default a type implies when no `@schema/default` is given.
pub(crate) fn implied_default(ty: &Type) -> Node {
    if ty.nullable {
        return Node::Scalar(Scalar::Null);
    }
    match &ty.kind {
        Kind::Map(props) => Node::Map(
            props
                .iter()
                .map(|p| validgen_gotext::yaml::MapItem {
                    pos: p.ty.pos.clone(),
                    key: p.key.clone(),
                    value: p.ty.default.clone(),
                    comments: Vec::new(),
                })
                .collect(),
        ),
        Kind::Array(_) => Node::Array(Vec::new()),
        _ => ty.default.clone(),
    }
}

/// The documentation annotations, in ytt's order (desc, title, examples, deprecated), then
/// the examples checked against the type.
fn docs(node: &At<'_>, anns: &NodeAnnotations, ty: &Type) -> Result<Docs, Fault> {
    let mut docs = Docs::default();
    if let Some(ann) = anns.get("schema/desc") {
        docs.description = Some(string_arg(ann, "schema/desc", node.pos)?);
    }
    if let Some(ann) = anns.get("schema/title") {
        docs.title = Some(string_arg(ann, "schema/title", node.pos)?);
    }
    let examples = anns.get("schema/examples");
    if let Some(ann) = examples {
        docs.examples = examples_arg(ann, node.pos)?;
    }
    if let Some(ann) = anns.get("schema/deprecated") {
        if node.place == Place::Document {
            return Err(invalid(Failure {
                description: "@schema/deprecated not supported on a document".to_owned(),
                hints: vec![
                    "do you mean to deprecate the entire schema document?".to_owned(),
                    "use schema/deprecated on individual keys.".to_owned(),
                ],
                ..failure(ann, node.pos)
            }));
        }
        docs.deprecated = Some(string_arg(ann, "schema/deprecated", node.pos)?);
    }
    if let Some(ann) = examples {
        let mut failures = Vec::new();
        for (_, example) in &docs.examples {
            failures.extend(check_value(ty, &mut example.clone(), &ty.pos));
        }
        if !failures.is_empty() {
            return Err(report(Report::new(
                "Invalid schema - @schema/examples has wrong type",
                blame(failures, ann, "by"),
            )));
        }
    }
    Ok(docs)
}

/// The one string argument of `@schema/desc`, `@schema/title` or `@schema/deprecated`.
fn string_arg(ann: &Annotation, name: &str, pos: &Pos) -> Result<String, Fault> {
    let arguments = args(ann)?;
    let syntax = |found: String, hints: Vec<String>| {
        invalid(Failure {
            description: format!("syntax error in @{name} annotation"),
            found,
            expected: "string".to_owned(),
            hints,
            ..failure(ann, pos)
        })
    };
    if !arguments.keywords.is_empty() {
        return Err(syntax(
            format!("keyword argument in @{name} (by {})", ann.pos),
            vec!["this annotation only accepts one argument: a string.".to_owned()],
        ));
    }
    match arguments.positional.as_slice() {
        [Value::String(s)] => Ok(s.clone()),
        [_] => Err(syntax(
            format!("Non-string value in @{name} (by {})", ann.pos),
            Vec::new(),
        )),
        [] => Err(syntax(
            format!("missing value in @{name} (by {})", ann.pos),
            Vec::new(),
        )),
        many => Err(syntax(
            format!("{} values in @{name} (by {})", many.len(), ann.pos),
            Vec::new(),
        )),
    }
}

/// The `(description, value)` 2-tuples of `@schema/examples`.
fn examples_arg(ann: &Annotation, pos: &Pos) -> Result<Vec<(Option<String>, Node)>, Fault> {
    let arguments = args(ann)?;
    let syntax = |found: String| {
        invalid(Failure {
            description: "syntax error in @schema/examples annotation".to_owned(),
            found,
            expected:
                "2-tuple containing description (string) and example value (of expected type)"
                    .to_owned(),
            ..failure(ann, pos)
        })
    };
    if !arguments.keywords.is_empty() {
        return Err(syntax(format!(
            "keyword argument in @schema/examples (by {})",
            ann.pos
        )));
    }
    if arguments.positional.is_empty() {
        return Err(syntax(format!(
            "missing value in @schema/examples (by {})",
            ann.pos
        )));
    }
    let mut examples = Vec::new();
    for example in &arguments.positional {
        let Value::Tuple(tuple) = example else {
            return Err(syntax(format!(
                "{} for @schema/examples (at {})",
                example.type_name(),
                ann.pos
            )));
        };
        match tuple.as_slice() {
            [Value::String(description), value] => {
                let value = to_node(value, pos, MAX_DEPTH).ok_or_else(unconvertible)?;
                examples.push((Some(description.clone()), value));
            }
            [first, _] => {
                return Err(syntax(format!(
                    "{} value for @schema/examples (at {})",
                    first.type_name(),
                    ann.pos
                )));
            }
            [] | [_] => {
                return Err(syntax(format!(
                    "empty tuple in @schema/examples (by {})",
                    ann.pos
                )));
            }
            many => {
                return Err(syntax(format!(
                    "{}-tuple argument in @schema/examples (by {})",
                    many.len(),
                    ann.pos
                )));
            }
        }
    }
    Ok(examples)
}

/// `@schema/type`'s `any=` (ytt's `NewTypeAnnotation`): the last `any=` wins.
fn type_any(ann: &Annotation, pos: &Pos) -> Result<bool, Fault> {
    let arguments = args(ann)?;
    if arguments.keywords.is_empty() {
        return Err(invalid(Failure {
            description: "expected @schema/type annotation to have keyword argument and value"
                .to_owned(),
            found: format!("missing keyword argument and value (by {})", ann.pos),
            expected: "valid keyword argument and value".to_owned(),
            hints: vec!["Supported key-value pairs are 'any=True', 'any=False'".to_owned()],
            ..failure(ann, pos)
        }));
    }
    let mut any = false;
    for (name, value) in &arguments.keywords {
        let unknown = |found: String, expected: &str| Failure {
            description: "unknown @schema/type annotation keyword argument".to_owned(),
            found,
            expected: expected.to_owned(),
            hints: vec!["Supported kwargs are 'any'".to_owned()],
            ..failure(ann, pos)
        };
        match (name.as_str(), value) {
            ("any", Value::Bool(b)) => any = *b,
            ("any", other) => {
                return Err(invalid(unknown(
                    format!("{} (by {})", go_type(other), ann.pos),
                    "starlark.Bool",
                )));
            }
            (other, _) => {
                return Err(invalid(unknown(
                    format!("{other} (by {})", ann.pos),
                    "A valid kwarg",
                )));
            }
        }
    }
    Ok(any)
}

fn nullable_kwargs(ann: &Annotation, pos: &Pos) -> Failure {
    Failure {
        description: "expected @schema/nullable annotation to not contain any keyword arguments"
            .to_owned(),
        found: format!("keyword argument in @schema/nullable (by {})", ann.pos),
        expected: "starlark.Bool".to_owned(),
        hints: vec!["Supported kwargs are 'any'".to_owned()],
        ..failure(ann, pos)
    }
}

/// ytt's `checkForAnnotations`: no `@schema/nullable`, `@schema/type` or `@schema/default`
/// below an `any=True` node (pre-order, first offender).
fn any_fragment(value: &Node) -> Result<(), Fault> {
    let children: Vec<(&[Comment], &Node, &Pos)> = match value {
        Node::Map(items) => items
            .iter()
            .map(|i| (i.comments.as_slice(), &i.value, &i.pos))
            .collect(),
        Node::Array(items) => items
            .iter()
            .map(|i| (i.comments.as_slice(), &i.value, &i.pos))
            .collect(),
        Node::Scalar(_) => return Ok(()),
    };
    for (comments, child, at) in children {
        let anns = NodeAnnotations::of(comments);
        let found: Vec<(&str, &Annotation)> = ["schema/nullable", "schema/type", "schema/default"]
            .into_iter()
            .filter_map(|name| anns.get(name).map(|a| (name, a)))
            .collect();
        if !found.is_empty() {
            let names: Vec<&str> = found.iter().map(|(n, _)| *n).collect();
            return Err(invalid(Failure {
                description: "Schema was specified within an \"any type\" fragment".to_owned(),
                annotations: found.iter().map(|(_, a)| a.pos.clone()).collect(),
                position: at.clone(),
                found: format!("@{} annotation(s)", names.join(", @")),
                expected:
                    "no '@schema/...' on nodes within a node annotated '@schema/type any=True'"
                        .to_owned(),
                hints: vec![
                    "an \"any type\" fragment has no constraints; nested schema annotations conflict and are disallowed"
                        .to_owned(),
                ],
            }));
        }
        any_fragment(child)?;
    }
    Ok(())
}

fn null_not_allowed(pos: &Pos) -> Report {
    Report::new(
        "Invalid schema - null value not allowed here",
        vec![Failure {
            description: String::new(),
            annotations: Vec::new(),
            position: pos.clone(),
            found: "null value".to_owned(),
            expected: "non-null value".to_owned(),
            hints: vec![
                "in YAML, omitting a value implies null.".to_owned(),
                "to set the default value to null, annotate with @schema/nullable.".to_owned(),
                "to allow any value, annotate with @schema/type any=True.".to_owned(),
            ],
        }],
    )
}

fn array_items(count: usize, pos: &Pos) -> Report {
    Report::new(
        "Invalid schema - wrong number of items in array definition",
        vec![Failure {
            description: String::new(),
            annotations: Vec::new(),
            position: pos.clone(),
            found: format!("{count} array items"),
            expected: "exactly 1 array item, of the desired type".to_owned(),
            hints: vec![
                "in schema, the one item of the array implies the type of its elements.".to_owned(),
                "in schema, the default value for an array is always an empty list.".to_owned(),
                "default values can be overridden via a data values overlay.".to_owned(),
            ],
        }],
    )
}

/// The type as ytt names it in `@schema/default` errors (`Type.String()`: `null` for a
/// nullable type).
fn type_string(ty: &Type) -> &'static str {
    if ty.nullable && ty.kind != Kind::Any {
        "null"
    } else {
        kind_name(&ty.kind)
    }
}

/// A failure about `ann` on the node at `pos`, its texts to be filled in.
fn failure(ann: &Annotation, pos: &Pos) -> Failure {
    Failure {
        description: String::new(),
        annotations: vec![ann.pos.clone()],
        position: pos.clone(),
        found: String::new(),
        expected: String::new(),
        hints: Vec::new(),
    }
}

/// Type-check failures of an annotation's value, pinned on the annotation
/// (`found: integer (at schema.yml:3)`).
fn blame(failures: Vec<Failure>, ann: &Annotation, word: &str) -> Vec<Failure> {
    failures
        .into_iter()
        .map(|f| Failure {
            annotations: vec![ann.pos.clone()],
            found: format!("{} ({word} {})", f.found, ann.pos),
            ..f
        })
        .collect()
}

/// One failure under ytt's plain `Invalid schema` title.
fn invalid(failure: Failure) -> Fault {
    report(Report::new("Invalid schema", vec![failure]))
}

fn args(ann: &Annotation) -> Result<Arguments, Fault> {
    arguments(ann).map_err(|e| Problem::Text(format!("{}: {e}", ann.pos)))
}

fn unconvertible() -> Fault {
    Problem::Text("a function is not a YAML value".to_owned())
}

fn report(report: Report) -> Fault {
    Problem::Report(Box::new(report))
}
