//! A rule path as CEL over `object`, with the reference's Go semantics (SEMANTICS §4): a path
//! planned as a static walk (`validgen_codegen::plan`) of struct fields, map entries, `[n]`
//! and at most one `[*]` becomes `has()` chains. Stepping through an absent pointer fails the
//! path (client-go's `"<name> is not found"`, after which the reference retries on the
//! reference VM); an absent non-pointer field reads as its zero value; a map entry that is
//! absent (or in an absent map) fails the path as a nil pointer does (client-go's `MapIndex`
//! finds nothing), and so does an index `[n]` out of the list's range (client-go
//! `evalArray`); after `[*]`, elements whose pointer or map entry is absent are dropped, and
//! the path fails only when it had elements and none is left.

use validgen_codegen::plan::{self, PathPlan, Step};
use validgen_core::ir::Path;
use validgen_kubevirt::typed::Schema;
use validgen_kubevirt::typed::schema::{AsInt, GoKind, TypeId};

use crate::cel::{self, has_chain, is_plain_field, quote, select};
use crate::report::Reason;

/// The keys of `spec.template.spec.domain.cpu` the webhook defaults (ssp-operator
/// `setDefaultValues`): absent or 0 becomes 1 when `cpu` exists.
const DEFAULTED_CPU: [&str; 3] = ["sockets", "cores", "threads"];

/// One JSON key of a walk (a field or a map entry), and whether the value it is read from is
/// a Go pointer.
#[derive(Debug, Clone)]
struct Key {
    step: cel::Step,
    through_pointer: bool,
}

/// A path compiled to CEL.
#[derive(Debug, Clone)]
pub struct PathCel {
    /// The prefix of its variables' names (`p0`).
    name: String,
    /// The keys from `object` (to the list, for [`Shape::Array`]).
    prefix: Vec<Key>,
    shape: Shape,
    /// The Go type of the values found.
    terminal: TypeId,
}

#[derive(Debug, Clone)]
enum Shape {
    /// One value: the walk of the prefix.
    Single,
    /// `[*]` over the list at the prefix, then these keys from each element.
    Array(Vec<Key>),
}

impl PathCel {
    /// Plans `path` against the KubeVirt Go types; its variables are named `<name>_…`.
    ///
    /// # Errors
    /// Why the path has no static CEL form: the reasons of the translatability report.
    pub fn compile(path: &Path, name: String) -> Result<PathCel, Reason> {
        let schema = Schema::kubevirt();
        let PathPlan::Static(sp) = plan::plan(schema, path) else {
            return Err(Reason::new(
                "dynamic-path",
                format!(
                    "`{}` is not a walk of fields and `[*]` (filters, `..`, `.*`, unions, indexes, several actions)",
                    path.expr
                ),
            ));
        };
        if let Some(problem) = sp.problem {
            return Err(Reason::new(
                "path-outside-types",
                format!("`{}`: {problem}", path.expr),
            ));
        }
        let terminal = sp.terminal.ok_or_else(|| {
            Reason::new("path-outside-types", format!("`{}` has no type", path.expr))
        })?;
        let mut prefix = Vec::new();
        let mut after: Option<Vec<Key>> = None;
        for step in sp.steps {
            let keys = match after.as_mut() {
                Some(k) => k,
                None => &mut prefix,
            };
            match step {
                Step::Field {
                    keys: Some(names),
                    through_pointer,
                } => {
                    for (i, name) in names.into_iter().enumerate() {
                        if !is_plain_field(&name) {
                            return Err(Reason::new(
                                "key-needs-escaping",
                                format!(
                                    "the key `{name}` of `{}` is not a plain CEL field name",
                                    path.expr
                                ),
                            ));
                        }
                        keys.push(Key {
                            step: cel::Step::Field(name),
                            through_pointer: through_pointer && i == 0,
                        });
                    }
                }
                Step::Array {
                    params,
                    through_pointer: false,
                } if after.is_none() && params.iter().all(|p| !p.known) => {
                    after = Some(Vec::new());
                }
                // `[n]` before any `[*]`: one element, the path failing when it is out of
                // range (client-go `evalArray`; `n + 1` must not wrap).
                Step::Array {
                    params,
                    through_pointer: false,
                } if after.is_none()
                    && params[0].known
                    && params[1].derived
                    && !params[2].known
                    && params[0].value.unsigned_abs() < 1 << 31 =>
                {
                    prefix.push(Key {
                        step: cel::Step::Index(params[0].value),
                        through_pointer: false,
                    });
                }
                Step::Array { .. } | Step::NotArray { .. } => {
                    return Err(Reason::new(
                        "array-step",
                        format!(
                            "`{}`: only one `[*]` over a list, and `[n]` before it, are translated",
                            path.expr
                        ),
                    ));
                }
                Step::MapKey { key } => match after.as_mut() {
                    Some(k) => k,
                    None => &mut prefix,
                }
                .push(Key {
                    step: cel::Step::Entry(key),
                    through_pointer: false,
                }),
                Step::Field { keys: None, .. } | Step::Missing => {
                    return Err(Reason::new(
                        "path-outside-types",
                        format!("`{}` reads a field that is never in JSON", path.expr),
                    ));
                }
            }
        }
        Ok(PathCel {
            name,
            prefix,
            shape: after.map_or(Shape::Single, Shape::Array),
            terminal,
        })
    }

    /// The `variables` this path's CEL reads, named `<name>_l` (the list `[*]` iterates),
    /// `<name>_n` (its elements that keep a value) and `<name>_f` (the path fails), in
    /// dependency order.
    pub fn variables(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        let prefix = stepped_through_nil("object", &self.prefix);
        let fails = match &self.shape {
            Shape::Single => prefix,
            Shape::Array(after) => {
                let n = self.prefix.len();
                let list = steps(&self.prefix);
                out.push((
                    format!("{}_l", self.name),
                    format!(
                        "{} ? {} : []",
                        has_chain("object", &list, n),
                        select("object", &list, n)
                    ),
                ));
                match needed(after) {
                    m if m > 0 => {
                        out.push((
                            format!("{}_n", self.name),
                            format!(
                                "{}.filter(e, {})",
                                self.var("l"),
                                has_chain("e", &steps(after), m)
                            ),
                        ));
                        let emptied = format!(
                            "(size({}) > 0 && size({}) == 0)",
                            self.var("l"),
                            self.var("n")
                        );
                        if prefix == "false" {
                            emptied
                        } else {
                            format!("{prefix} || {emptied}")
                        }
                    }
                    _ => prefix,
                }
            }
        };
        if fails != "false" {
            out.push((format!("{}_f", self.name), fails));
        }
        out
    }

    /// CEL `bool`: the path fails on the VM, so the reference reads the reference VM instead.
    pub fn fails(&self) -> String {
        let defined = self.variables();
        let name = format!("{}_f", self.name);
        if defined.iter().any(|(n, _)| *n == name) {
            self.var("f")
        } else {
            "false".to_owned()
        }
    }

    /// CEL `bool`: the path yields at least one value on the VM (when it does not fail).
    pub fn some(&self) -> String {
        match &self.shape {
            Shape::Single => "true".to_owned(),
            Shape::Array(_) => format!("size({}) > 0", self.elements()),
        }
    }

    /// CEL list of `each(access)` for the values found on the VM (when it does not fail).
    pub fn map(&self, each: impl Fn(&Access) -> String) -> String {
        match &self.shape {
            Shape::Single => format!("[{}]", each(&self.access("object", &self.prefix))),
            Shape::Array(after) => format!(
                "{}.map(e, {})",
                self.elements(),
                each(&self.access("e", after))
            ),
        }
    }

    /// CEL string: the first non-empty `error(access)` among the values found on the VM, else
    /// `''`; `none` (a text) when there are none, unless `some_known` (a guard on this very
    /// path holds). `error` giving `None` means no value can be wrong.
    pub fn first_error(
        &self,
        error: impl Fn(&Access) -> Option<String>,
        none: &str,
        some_known: bool,
    ) -> String {
        match &self.shape {
            Shape::Single => {
                error(&self.access("object", &self.prefix)).unwrap_or_else(|| "''".to_owned())
            }
            Shape::Array(after) => {
                let elements = self.elements();
                let first = match error(&self.access("e", after)) {
                    None => "''".to_owned(),
                    Some(err) => format!(
                        "{elements}.exists(e, {err} != '') ? {elements}.filter(e, {err} != '').map(e, {err})[0] : ''"
                    ),
                };
                if some_known {
                    first
                } else {
                    format!("(size({elements}) == 0 ? {} : {first})", quote(none))
                }
            }
        }
    }

    /// The Go type of the values.
    pub fn terminal(&self) -> TypeId {
        self.terminal
    }

    /// `variables.<name>_<suffix>`.
    fn var(&self, suffix: &str) -> String {
        format!("variables.{}_{suffix}", self.name)
    }

    /// The list's elements that keep a value through the keys after `[*]`.
    fn elements(&self) -> String {
        match &self.shape {
            Shape::Array(after) if needed(after) > 0 => self.var("n"),
            _ => self.var("l"),
        }
    }

    fn access(&self, root: &str, keys: &[Key]) -> Access {
        let names: Vec<&str> = keys
            .iter()
            .map(|k| match &k.step {
                cel::Step::Field(name) => name.as_str(),
                cel::Step::Entry(_) | cel::Step::Index(_) => "",
            })
            .collect();
        let cpu_default = root == "object"
            && names.len() == 6
            && names[..5] == ["spec", "template", "spec", "domain", "cpu"]
            && DEFAULTED_CPU.contains(&names[5]);
        let steps = steps(keys);
        Access {
            present: has_chain(root, &steps, steps.len()),
            value: select(root, &steps, steps.len()),
            cpu_default,
        }
    }
}

/// A found value in CEL: whether its field is present, and its selection.
#[derive(Debug, Clone)]
pub struct Access {
    /// CEL `bool`: the field is present (else it holds its Go zero value).
    pub present: String,
    /// CEL: the field's value (only valid where `present`).
    pub value: String,
    /// `cpu.sockets`, `cpu.cores` or `cpu.threads`: 0 or absent reads as 1 (the webhook's
    /// defaulting, SEMANTICS §2 step 5).
    pub cpu_default: bool,
}

fn steps(keys: &[Key]) -> Vec<cel::Step> {
    keys.iter().map(|k| k.step.clone()).collect()
}

/// How many of `keys` must be present for the walk not to fail: those before the last one
/// read from a pointer, and up to the last map entry or list index included (0 when none
/// must).
fn needed(keys: &[Key]) -> usize {
    keys.iter()
        .enumerate()
        .map(|(i, k)| match (&k.step, k.through_pointer) {
            (cel::Step::Entry(_) | cel::Step::Index(_), _) => i + 1,
            (cel::Step::Field(_), true) => i,
            (cel::Step::Field(_), false) => 0,
        })
        .max()
        .unwrap_or(0)
}

/// CEL `bool`: a pointer on the walk of `keys` from `root` is absent while the walk steps
/// through it.
fn stepped_through_nil(root: &str, keys: &[Key]) -> String {
    match needed(keys) {
        0 => "false".to_owned(),
        m => format!("!({})", has_chain(root, &steps(keys), m)),
    }
}

/// How the values at a type convert (the reference's `AsInt64`, Go's string form).
pub fn as_int(ty: TypeId) -> AsInt {
    Schema::kubevirt().get(ty).as_int()
}

/// The Go type's name and whether it is a pointer.
pub fn go_type(ty: TypeId) -> (String, bool) {
    let t = Schema::kubevirt().get(ty);
    (t.go_type.clone(), t.kind == GoKind::Ptr)
}

/// The `<T Value>` rendering of non-string types (`None` for strings).
pub fn rendered(ty: TypeId) -> Option<String> {
    Schema::kubevirt().get(ty).rendered()
}
