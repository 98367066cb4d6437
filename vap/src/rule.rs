//! One rule as CEL `variables`: whether it errors, and its unsatisfied explanation, with the
//! reference's texts (SEMANTICS §6–7; `validgen_core::checks` is the Rust twin).
//!
//! Per rule `r<i>`: `r<i>_g` (the `valid` guard holds), `r<i>_v` (the values, from the VM,
//! else from the reference VM when the path fails on it), `r<i>_e` (the error text, `''` for
//! none) and `r<i>_u` (the explanation when unsatisfied, `''` when satisfied, skipped or in
//! error).

use validgen_core::ir::{Arg, Check, Guard, Regex, Rule, Severity};
use validgen_kubevirt::rules::bound;
use validgen_kubevirt::typed::schema::AsInt;
use validgen_kubevirt::typed::{as_int, as_string, reference_vm};

use crate::cel::quote;
use crate::path::{self, Access, PathCel};
use crate::report::Reason;

/// No values at a path (the reference's `ErrNoValuesFound`).
const NO_VALUES: &str = "no values were found";
/// A path that fails on the VM and on the reference VM, or where the reference crashes.
const INVALID_JSONPATH: &str = "invalid JSONPath";
/// A rule without `path` (the reference crashes; validgen's text).
const MISSING_KEY: &str = "missing required key";

/// A rule in CEL.
#[derive(Debug, Clone)]
pub struct RuleCel {
    /// `variables` entries (name, expression), in dependency order.
    pub variables: Vec<(String, String)>,
    /// CEL string: the error text, `''` for none.
    pub error: String,
    /// CEL string: the explanation when unsatisfied, `''` otherwise.
    pub unsatisfied: String,
    /// `justWarning`.
    pub warning: bool,
    /// `<message>: `, the start of the rule's cause.
    pub prefix: String,
    /// Where it is approximate.
    pub reasons: Vec<Reason>,
}

/// The paths of a rule set, each compiled once: the rules reading one path share its
/// variables (`p<k>_…`, `k` its position here).
#[derive(Debug, Default)]
pub struct Paths(Vec<String>);

impl Paths {
    /// The compiled `path`, with its variables appended to `variables`.
    fn compile(
        &mut self,
        path: &validgen_core::ir::Path,
        variables: &mut Vec<(String, String)>,
    ) -> Result<PathCel, Vec<Reason>> {
        let k = match self.0.iter().position(|p| *p == path.source) {
            Some(k) => k,
            None => {
                self.0.push(path.source.clone());
                self.0.len() - 1
            }
        };
        let p = PathCel::compile(path, format!("p{k}")).map_err(|r| vec![r])?;
        variables.extend(p.variables());
        Ok(p)
    }
}

/// Translates rule `index` of a set, its paths compiled through `paths`.
///
/// # Errors
/// Why the rule has no CEL form (the report's `untranslatable` reasons).
pub fn translate(index: usize, rule: &Rule, paths: &mut Paths) -> Result<RuleCel, Vec<Reason>> {
    let name = |suffix: &str| format!("r{index}_{suffix}");
    let var = |suffix: &str| format!("variables.r{index}_{suffix}");
    let mut out = RuleCel {
        variables: Vec::new(),
        error: "''".to_owned(),
        unsatisfied: "''".to_owned(),
        warning: rule.severity == Severity::Warning,
        prefix: format!("{}: ", rule.message),
        reasons: message_reasons(&rule.message),
    };
    // A malformed rule fails before its guard is read (ssp-operator `validateRule`).
    if let Check::Fail { text, .. } = &rule.check {
        out.error = quote(text);
        return Ok(out);
    }
    let guard = match &rule.guard {
        None => None,
        Some(Guard::Present(p)) => {
            let p = paths.compile(p, &mut out.variables)?;
            let holds = match p.fails().as_str() {
                "false" => p.some(),
                fails => format!("!{fails} && {}", p.some()),
            };
            out.variables.push((name("g"), holds));
            Some(var("g"))
        }
        Some(_) => {
            return Err(vec![Reason::new(
                "guard",
                "a guard other than `valid` has no KubeVirt meaning",
            )]);
        }
    };
    // The reference resolves the arguments (in order: `min`, `max`, `values`) and compiles the
    // pattern before it reads the path; the first argument error is the rule's.
    let mut arg_errors = Vec::new();
    let kind = {
        let mut k = 0;
        let mut resolve = |path: &validgen_core::ir::Path, int: bool| {
            let name = format!("r{index}_a{k}");
            k += 1;
            let (value, error) = argument(&name, path, int, paths, &mut out.variables)?;
            arg_errors.push(error);
            Ok(value)
        };
        Kind::of(&rule.check, &mut resolve)?
    };
    let early = match (&kind, &rule.path) {
        (
            Kind::Strings {
                check: StringCheck::BadPattern(text),
            },
            _,
        ) => Some(text.as_str()),
        (_, None) => {
            out.reasons.push(Reason::new(
                "reference-crash",
                "the rule has no `path`: the reference crashes, the policy denies with `missing required key`",
            ));
            Some(MISSING_KEY)
        }
        _ => None,
    };
    let (Some(path), None) = (&rule.path, early) else {
        out.variables.push((
            name("e"),
            guarded(
                &guard,
                &first_error(&arg_errors, &quote(early.unwrap_or(MISSING_KEY))),
            ),
        ));
        out.error = var("e");
        return Ok(out);
    };
    let p = paths.compile(path, &mut out.variables)?;
    // Where `valid` is the path itself, the rule applies only when the path yields values on
    // the VM: the reference VM is never read.
    let guarded_by_path = matches!(&rule.guard, Some(Guard::Present(v)) if v.source == path.source);
    let fails = if guarded_by_path {
        "false".to_owned()
    } else {
        p.fails()
    };
    let (vm_values, vm_error, fallback) = match &kind {
        Kind::Int { .. } => ints(&p, path, guarded_by_path)?,
        Kind::Strings { .. } => strings(&p, path, guarded_by_path),
    };
    let fallback = fallback.and_then(|v| {
        if v.is_empty() {
            Err(NO_VALUES.to_owned())
        } else {
            Ok(format!("[{}]", v.join(", ")))
        }
    });
    let (values, error) = if fails == "false" {
        (vm_values, vm_error)
    } else {
        let (fallback_values, fallback_error) = match fallback {
            Ok(values) => (values, "''".to_owned()),
            Err(text) => ("[]".to_owned(), quote(&text)),
        };
        (
            format!("{fails} ? {fallback_values} : {vm_values}"),
            choose(&fails, &fallback_error, &vm_error),
        )
    };
    out.variables.push((name("v"), values));
    let error = guarded(&guard, &first_error(&arg_errors, &error));
    if error != "''" {
        out.variables.push((name("e"), error));
        out.error = var("e");
    }
    let values = var("v");
    if let Some((unsatisfied, explanation)) = kind.unsatisfied(&values)? {
        let mut skip: Vec<String> = guard.iter().map(|g| format!("!{g}")).collect();
        if out.error != "''" {
            skip.push(format!("{} != ''", out.error));
        }
        let judged = format!("{unsatisfied} ? {explanation} : ''");
        out.variables.push((
            name("u"),
            if skip.is_empty() {
                judged
            } else {
                format!("{} ? '' : {judged}", skip.join(" || "))
            },
        ));
        out.unsatisfied = var("u");
    }
    Ok(out)
}

/// CEL string: the first non-empty of `errors` (CEL strings), else `then`.
fn first_error(errors: &[String], then: &str) -> String {
    errors.iter().rev().fold(then.to_owned(), |rest, e| {
        if rest == "''" {
            e.clone()
        } else {
            format!("{e} != '' ? {e} : {rest}")
        }
    })
}

/// A path-valued argument, its variables named `<name>_v` (its values: from the VM, else from
/// the reference VM when the path fails there) and `<name>_e` (its error: the path's, a value
/// that does not convert, or not exactly one value; ssp-operator `decodeInt`/`decodeString`,
/// validgen's `model::values::one`). Gives (CEL of its value, CEL of its error).
fn argument(
    name: &str,
    path: &validgen_core::ir::Path,
    int: bool,
    paths: &mut Paths,
    variables: &mut Vec<(String, String)>,
) -> Result<(String, String), Vec<Reason>> {
    let p = paths.compile(path, variables)?;
    let (vm_values, vm_error, fallback) = if int {
        ints(&p, path, true)?
    } else {
        strings(&p, path, true)
    };
    let v = format!("variables.{name}_v");
    let count = format!("size({v}) == 1 ? '' : 'expected one value, found ' + string(size({v}))");
    let vm_error = if vm_error == "''" {
        count
    } else {
        format!("({vm_error}) != '' ? ({vm_error}) : {count}")
    };
    let fails = p.fails();
    let (values, error) = if fails == "false" {
        (vm_values, vm_error)
    } else {
        let (values, error) = match fallback.as_deref() {
            Ok([one]) => (format!("[{one}]"), "''".to_owned()),
            Ok(more) => (
                "[]".to_owned(),
                quote(&format!("expected one value, found {}", more.len())),
            ),
            Err(text) => ("[]".to_owned(), quote(text)),
        };
        (
            format!("{fails} ? {values} : {vm_values}"),
            format!("{fails} ? {error} : {vm_error}"),
        )
    };
    variables.push((format!("{name}_v"), values));
    variables.push((format!("{name}_e"), error));
    Ok((format!("{v}[0]"), format!("variables.{name}_e")))
}

/// An argument: a literal, or CEL of a path-valued argument's value (read only where its error
/// is empty).
enum Given<T> {
    Literal(T),
    Cel(String),
}

/// A piece of a message: literal text, or CEL of a string.
enum Part {
    Text(String),
    Cel(String),
}

/// CEL string of `parts` concatenated, adjacent texts joined into one literal.
fn concat(parts: Vec<Part>) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut text = String::new();
    for part in parts {
        match part {
            Part::Text(t) => text.push_str(&t),
            Part::Cel(c) => {
                if !text.is_empty() {
                    out.push(quote(&std::mem::take(&mut text)));
                }
                out.push(c);
            }
        }
    }
    if !text.is_empty() || out.is_empty() {
        out.push(quote(&text));
    }
    out.join(" + ")
}

/// A bound as the reference prints it (`N/A` when unset).
fn bound_text(b: &Option<Given<i64>>) -> Part {
    match b {
        None => Part::Text(bound(None)),
        Some(Given::Literal(i)) => Part::Text(bound(Some(*i))),
        Some(Given::Cel(c)) => Part::Cel(format!("string({c})")),
    }
}

/// A bound as a CEL int.
fn bound_cel(b: &Given<i64>) -> Result<String, Vec<Reason>> {
    match b {
        Given::Literal(i) => int_literal(*i),
        Given::Cel(c) => Ok(c.clone()),
    }
}

/// `expr` where the guard holds, `''` elsewhere.
fn guarded(guard: &Option<String>, expr: &str) -> String {
    match guard {
        Some(g) => choose(&format!("!{g}"), "''", expr),
        None => expr.to_owned(),
    }
}

/// CEL `condition ? then : otherwise`, or the one value when both are the same.
fn choose(condition: &str, then: &str, otherwise: &str) -> String {
    if then == otherwise {
        then.to_owned()
    } else {
        format!("{condition} ? {then} : {otherwise}")
    }
}

/// Texts the API server would not show as they are (`validator.go`: a messageExpression result
/// is trimmed, and one with a line break falls back to the static message).
fn message_reasons(message: &str) -> Vec<Reason> {
    let mut out = Vec::new();
    if message.contains(['\n', '\r']) {
        out.push(Reason::new(
            "message-newline",
            "the message has a line break: the API server shows the policy's static message instead",
        ));
    }
    if message.trim() != message {
        out.push(Reason::new(
            "message-trimmed",
            "the message starts or ends with white space, which the API server trims when it is first or last",
        ));
    }
    out
}

/// The check, with its arguments.
enum Kind {
    Int {
        min: Option<Given<i64>>,
        max: Option<Given<i64>>,
    },
    Strings {
        check: StringCheck,
    },
}

enum StringCheck {
    Length {
        min: Option<Given<i64>>,
        max: Option<Given<i64>>,
    },
    Enum(Vec<Given<String>>),
    Pattern(String),
    BadPattern(String),
}

/// Resolves a path-valued argument (`true`: an integer one) to CEL of its value.
type Resolve<'a> = dyn FnMut(&validgen_core::ir::Path, bool) -> Result<String, Vec<Reason>> + 'a;

impl Kind {
    fn of(check: &Check, resolve: &mut Resolve<'_>) -> Result<Kind, Vec<Reason>> {
        let mut int = |arg: &Option<Arg<i64>>| -> Result<Option<Given<i64>>, Vec<Reason>> {
            Ok(match arg {
                None => None,
                Some(Arg::Literal(i)) => Some(Given::Literal(*i)),
                Some(Arg::Path(p)) => Some(Given::Cel(resolve(p, true)?)),
            })
        };
        Ok(match check {
            Check::IntRange { min, max } => Kind::Int {
                min: int(min)?,
                max: int(max)?,
            },
            Check::LengthRange { min, max } => Kind::Strings {
                check: StringCheck::Length {
                    min: int(min)?,
                    max: int(max)?,
                },
            },
            Check::Enum { values } => Kind::Strings {
                check: StringCheck::Enum(
                    values
                        .iter()
                        .map(|v| match v {
                            Arg::Literal(s) => Ok(Given::Literal(s.clone())),
                            Arg::Path(p) => resolve(p, false).map(Given::Cel),
                        })
                        .collect::<Result<_, _>>()?,
                ),
            },
            Check::Pattern {
                regex: Ok(Regex::Re2(re)),
            } => Kind::Strings {
                check: StringCheck::Pattern(re.as_str().to_owned()),
            },
            Check::Pattern { regex: Err(text) } => Kind::Strings {
                check: StringCheck::BadPattern(text.clone()),
            },
            _ => {
                return Err(vec![Reason::new(
                    "check",
                    "not a KubeVirt check (integer, string, regex, enum)",
                )]);
            }
        })
    }

    /// CEL (`bool` unsatisfied, `string` explanation) over the values `v`; `None` when the
    /// check cannot be unsatisfied.
    fn unsatisfied(&self, v: &str) -> Result<Option<(String, String)>, Vec<Reason>> {
        Ok(match self {
            Kind::Int { min, max } => {
                let low = min
                    .as_ref()
                    .map(|m| bound_cel(m).map(|m| format!("x < {m}")))
                    .transpose()?;
                let high = max
                    .as_ref()
                    .map(|m| bound_cel(m).map(|m| format!("x > {m}")))
                    .transpose()?;
                let condition = match (&low, &high) {
                    (None, None) => return Ok(None),
                    (Some(l), None) => l.clone(),
                    (None, Some(h)) => h.clone(),
                    (Some(l), Some(h)) => format!("{l} || {h}"),
                };
                // One entry per value, both texts run together when both bounds break
                // (`checks::int_range`).
                let mut entry = Vec::new();
                if let Some(l) = &low {
                    entry.push(format!(
                        "({l} ? 'value ' + string(x) + {} : '')",
                        concat(vec![
                            Part::Text(" is lower than minimum [".to_owned()),
                            bound_text(min),
                            Part::Text("]".to_owned()),
                        ])
                    ));
                }
                if let Some(h) = &high {
                    entry.push(format!(
                        "({h} ? 'value ' + string(x) + {} : '')",
                        concat(vec![
                            Part::Text(" is higher than maximum [".to_owned()),
                            bound_text(max),
                            Part::Text("]".to_owned()),
                        ])
                    ));
                }
                Some((
                    format!("{v}.exists(x, {condition})"),
                    format!("{v}.map(x, {}).join(', ')", entry.join(" + ")),
                ))
            }
            Kind::Strings { check } => match check {
                StringCheck::Length { min, max } => {
                    let mut parts = Vec::new();
                    if let Some(m) = min {
                        parts.push(format!("size(bytes(x)) < {}", bound_cel(m)?));
                    }
                    if let Some(m) = max {
                        parts.push(format!("size(bytes(x)) > {}", bound_cel(m)?));
                    }
                    if parts.is_empty() {
                        return Ok(None);
                    }
                    Some((
                        format!("{v}.exists(x, {})", parts.join(" || ")),
                        concat(vec![
                            Part::Text("Lengths of some strings are not in interval [".to_owned()),
                            bound_text(min),
                            Part::Text(", ".to_owned()),
                            bound_text(max),
                            Part::Text("]".to_owned()),
                        ]),
                    ))
                }
                StringCheck::Enum(allowed) => {
                    // The API server's CEL environment has homogeneous aggregate literals
                    // (K8s `apiserver/pkg/cel/environment/base.go`,
                    // `cel.HomogeneousAggregateLiterals`): `['pc', <dyn>]` does not compile
                    // there, so a list with a value read from the VM is all `dyn`.
                    let mixed = allowed.iter().any(|a| matches!(a, Given::Cel(_)));
                    let items: Vec<String> = allowed
                        .iter()
                        .map(|a| match a {
                            Given::Literal(s) if mixed => format!("dyn({})", quote(s)),
                            Given::Literal(s) => quote(s),
                            Given::Cel(c) => format!("dyn({c})"),
                        })
                        .collect();
                    let list = format!("[{}]", items.join(", "));
                    let listed = match allowed
                        .iter()
                        .map(|a| match a {
                            Given::Literal(s) => Some(s.as_str()),
                            Given::Cel(_) => None,
                        })
                        .collect::<Option<Vec<&str>>>()
                    {
                        Some(texts) => Part::Text(texts.join(", ")),
                        None => Part::Cel(format!("{list}.join(', ')")),
                    };
                    Some((
                        format!("{v}.exists(x, !(x in {list}))"),
                        format!(
                            "'Some of [' + {v}.join(', ') + {}",
                            concat(vec![
                                Part::Text("] are not in [".to_owned()),
                                listed,
                                Part::Text("]".to_owned()),
                            ])
                        ),
                    ))
                }
                StringCheck::Pattern(re) => Some((
                    format!("{v}.exists(x, !x.matches({}))", quote(re)),
                    format!(
                        "'Some of [' + {v}.join(', ') + {}",
                        quote(&format!("] do not match {re}"))
                    ),
                )),
                StringCheck::BadPattern(_) => None,
            },
        })
    }
}

/// An `i64` as a CEL literal: `i64::MIN` has none (its magnitude is not an int).
fn int_literal(i: i64) -> Result<String, Vec<Reason>> {
    if i == i64::MIN {
        return Err(vec![Reason::new(
            "bound-out-of-range",
            "a bound beyond int64 (read as -9223372036854775808) has no CEL literal",
        )]);
    }
    Ok(i.to_string())
}

/// A path's values in CEL: (the list on the VM, the first error on the VM (`''` for none), the
/// values on the reference VM as CEL literals or the error there).
type Values = (String, String, Result<Vec<String>, String>);

/// A path's values as integers: (CEL list on the VM, CEL first error on the VM, the values or
/// error on the reference VM as CEL literals).
fn ints(
    p: &PathCel,
    path: &validgen_core::ir::Path,
    some_known: bool,
) -> Result<Values, Vec<Reason>> {
    let (go_type, pointer) = path::go_type(p.terminal());
    let mismatch = quote(&format!(
        "mismatching type: {go_type}, not int or resource.Quantity"
    ));
    let how = path::as_int(p.terminal());
    if how == AsInt::Round {
        return Err(vec![Reason::new(
            "float-field",
            format!(
                "`{}` is a float field (rounded by the reference; not translated)",
                path.expr
            ),
        )]);
    }
    let value = |a: &Access| match how {
        AsInt::Cast if a.cpu_default => {
            format!("({} && {} != 0) ? {} : 1", a.present, a.value, a.value)
        }
        AsInt::Cast => format!("{} ? {} : 0", a.present, a.value),
        AsInt::Quantity | AsInt::QuantityPtr => format!(
            "({} && {}) ? quantity(string({})).asInteger() : 0",
            a.present,
            quantity_ok(&a.value),
            a.value
        ),
        AsInt::Mismatch | AsInt::Round => "0".to_owned(),
    };
    // A nil `*resource.Quantity` crashes the reference: validgen's `invalid JSONPath`.
    let absent = if pointer {
        quote(INVALID_JSONPATH)
    } else {
        "''".to_owned()
    };
    let error = |a: &Access| match how {
        AsInt::Cast => None,
        AsInt::Quantity | AsInt::QuantityPtr => Some(format!(
            "(!({}) ? {absent} : {} ? '' : {mismatch})",
            a.present,
            quantity_ok(&a.value)
        )),
        AsInt::Mismatch | AsInt::Round => Some(mismatch.clone()),
    };
    let fallback = reference_values(path, |f| {
        as_int(f).map(|i| i.to_string()).map_err(|e| e.rule_text())
    });
    Ok((
        p.map(value),
        p.first_error(error, NO_VALUES, some_known),
        fallback,
    ))
}

/// CEL `bool`: Go's `ParseQuantity` then `AsInt64` succeed (the API server's quantity library
/// is the same Go code; `string()` covers both forms of the int-or-string field).
fn quantity_ok(value: &str) -> String {
    format!("isQuantity(string({value})) && quantity(string({value})).isInteger()")
}

/// A path's values as strings: (CEL list on the VM, CEL error on the VM, the values or error
/// on the reference VM as CEL literals).
fn strings(p: &PathCel, path: &validgen_core::ir::Path, some_known: bool) -> Values {
    let rendered = path::rendered(p.terminal());
    let values = p.map(|a| match &rendered {
        Some(text) => quote(text),
        None => format!("{} ? {} : ''", a.present, a.value),
    });
    let fallback = reference_values(path, |f| {
        as_string(f).map(|s| quote(&s)).map_err(|e| e.rule_text())
    });
    (
        values,
        p.first_error(|_| None, NO_VALUES, some_known),
        fallback,
    )
}

/// The values of `path` on the reference VM, converted, as CEL literals (perhaps none); the
/// rule's error when the path fails there too or a value does not convert.
fn reference_values(
    path: &validgen_core::ir::Path,
    convert: impl Fn(
        &validgen_jsonpath::Found<validgen_kubevirt::typed::TypedNode<'static>>,
    ) -> Result<String, String>,
) -> Result<Vec<String>, String> {
    let jsonpath = path.as_jsonpath().ok_or(INVALID_JSONPATH)?;
    let found = jsonpath
        .find(reference_vm(), false)
        .map_err(|_| INVALID_JSONPATH.to_owned())?;
    found.iter().map(convert).collect()
}
