//! The KubeVirt side of planning: paths resolved against the Go types of
//! `validgen_kubevirt::typed::schema`.

use validgen_core::ir::Path;
use validgen_jsonpath::ast::{ParamsEntry, Segment, Step as AstStep};
use validgen_kubevirt::typed::schema::{AsInt, GoKind, Schema, TypeId};

use super::PathPlan;

/// A path resolved against the Go types.
#[derive(Debug, Clone, PartialEq)]
pub struct StaticPath {
    /// The steps after the VM root.
    pub steps: Vec<Step>,
    /// The static Go type of the values found (`None` when a step cannot apply, so the path
    /// finds nothing or fails).
    pub terminal: Option<TypeId>,
    /// A step the Go types cannot satisfy, for diagnostics: (step text, why).
    pub problem: Option<String>,
    /// When that step names a field its struct does not have: which, for suggestions.
    pub unknown_field: Option<UnknownField>,
}

/// A field step naming a field its struct does not have.
#[derive(Debug, Clone, PartialEq)]
pub struct UnknownField {
    /// The step's index among the JSONPath's steps (the root's steps included).
    pub step: usize,
    /// The struct.
    pub owner: TypeId,
}

/// One step of a static walk.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// A struct field: the JSON keys to follow from the struct's object (inline structs share
    /// their parent's object, so a field inside one is a key of the same object); `None` for a
    /// field that never appears in JSON (its zero value).
    Field {
        /// Keys from the current object.
        keys: Option<Vec<String>>,
        /// The current values are pointers: a nil one is skipped.
        through_pointer: bool,
    },
    /// A map entry.
    MapKey {
        /// The key.
        key: String,
    },
    /// A field step on values without fields: nothing found.
    Missing,
    /// An array step on slices.
    Array {
        /// Start, end, step, as parsed.
        params: [ParamsEntry; 3],
        /// The current values are pointers: a nil one is skipped.
        through_pointer: bool,
    },
    /// An array step on values that are not slices: an error unless all are nil.
    NotArray {
        /// The current values are pointers.
        through_pointer: bool,
    },
}

/// Plans `path` (whose JSONPath reads from the VM root).
pub fn plan(schema: &Schema, path: &Path) -> PathPlan {
    // Any other dialect is left to the runtime, which fails it on a VM.
    let Some(jsonpath) = path.as_jsonpath() else {
        return PathPlan::Dynamic;
    };
    let [Segment::Action(list)] = jsonpath.ast().segments.as_slice() else {
        return PathPlan::Dynamic;
    };
    let mut ty = schema.root();
    let mut steps = Vec::new();
    for (index, step) in list.steps.iter().enumerate() {
        let through_pointer = schema.get(ty).kind == GoKind::Ptr;
        let d = deref(schema, ty);
        let dt = schema.get(d);
        match step {
            AstStep::Field(name) if !name.is_empty() => match dt.kind {
                GoKind::Struct if dt.leaf.is_none() => {
                    let Some(chain) = schema.field_chain(d, name) else {
                        let problem = format!("`{}` has no field `{name}`", dt.go_type);
                        steps.push(Step::Missing);
                        return PathPlan::Static(StaticPath {
                            steps,
                            terminal: None,
                            problem: Some(problem),
                            unknown_field: Some(UnknownField {
                                step: index,
                                owner: d,
                            }),
                        });
                    };
                    let Some((last, through)) = chain.split_last() else {
                        return PathPlan::Dynamic;
                    };
                    // A promoted field behind an embedded pointer: its nil-ness is not
                    // visible in JSON; leave it to the runtime.
                    if through.iter().any(|f| schema.get(f.ty).kind == GoKind::Ptr) {
                        return PathPlan::Dynamic;
                    }
                    let mut keys = Some(Vec::new());
                    for f in &chain {
                        match (&f.json_key, &mut keys) {
                            (Some(k), Some(ks)) => ks.push(k.clone()),
                            (None, _) if f.embedded && f.json_name.is_empty() => {}
                            (None, _) => keys = None,
                            (Some(_), None) => {}
                        }
                    }
                    steps.push(Step::Field {
                        keys,
                        through_pointer,
                    });
                    ty = last.ty;
                }
                // The Go fields of a type with its own JSON form (`Quantity.Format`,
                // `IntOrString.IntVal`, ...) are derived from its JSON by the runtime's typed
                // view (client-go reaches them by reflection).
                GoKind::Struct => return PathPlan::Dynamic,
                GoKind::Map => match dt.elem {
                    Some(e) => {
                        steps.push(Step::MapKey { key: name.clone() });
                        ty = e;
                    }
                    None => return PathPlan::Dynamic,
                },
                _ => {
                    let problem = format!("`{}` has no fields (looking for `{name}`)", dt.go_type);
                    steps.push(Step::Missing);
                    return PathPlan::Static(StaticPath {
                        steps,
                        terminal: None,
                        problem: Some(problem),
                        unknown_field: None,
                    });
                }
            },
            AstStep::Array { params } => {
                if dt.kind == GoKind::Slice
                    && let Some(e) = dt.elem
                {
                    steps.push(Step::Array {
                        params: *params,
                        through_pointer,
                    });
                    ty = e;
                } else {
                    let problem = format!("`{}` is not a list", dt.go_type);
                    steps.push(Step::NotArray { through_pointer });
                    return PathPlan::Static(StaticPath {
                        steps,
                        terminal: None,
                        problem: Some(problem),
                        unknown_field: None,
                    });
                }
            }
            _ => return PathPlan::Dynamic,
        }
    }
    PathPlan::Static(StaticPath {
        steps,
        terminal: Some(ty),
        problem: None,
        unknown_field: None,
    })
}

fn deref(schema: &Schema, mut ty: TypeId) -> TypeId {
    while schema.get(ty).kind == GoKind::Ptr {
        match schema.get(ty).elem {
            Some(e) => ty = e,
            None => break,
        }
    }
    ty
}

/// How the values at a terminal type convert, for the emitters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Terminal {
    /// The Go type (`reflect.Type.String()`).
    pub go_type: String,
    /// Integer conversion.
    pub as_int: AsInt,
    /// String rendering: `None` for string kinds (the value itself).
    pub rendered: Option<String>,
}

/// The conversion facts of a static type.
pub fn terminal(schema: &Schema, ty: TypeId) -> Terminal {
    let t = schema.get(ty);
    Terminal {
        go_type: t.go_type.clone(),
        as_int: t.as_int(),
        rendered: t.rendered(),
    }
}
