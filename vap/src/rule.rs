//! One rule as CEL `variables`: whether it errors, and its unsatisfied explanation, with the
//! reference's texts (SEMANTICS §6–7; `validgen_runtime::checks` is the Rust twin).
//!
//! Per rule `r<i>`: `r<i>_g` (the `valid` guard holds), `r<i>_v` (the values, from the VM,
//! else from the reference VM when the path fails on it), `r<i>_e` (the error text, `''` for
//! none) and `r<i>_u` (the explanation when unsatisfied, `''` when satisfied, skipped or in
//! error).

use validgen_runtime::ir::{Arg, Check, Guard, Regex, Rule, Severity};
use validgen_runtime::kubevirt::rules::bound;
use validgen_runtime::kubevirt::typed::schema::AsInt;
use validgen_runtime::kubevirt::typed::{as_int, as_string, reference_vm};

use crate::cel::{quote, string_list};
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
        path: &validgen_runtime::ir::Path,
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
    // The reference resolves the arguments and compiles the pattern before it reads the path.
    let kind = Kind::of(&rule.check)?;
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
            guarded(&guard, &quote(early.unwrap_or(MISSING_KEY))),
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
    let error = guarded(&guard, &error);
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

/// The check, with its literal arguments.
enum Kind {
    Int { min: Option<i64>, max: Option<i64> },
    Strings { check: StringCheck },
}

enum StringCheck {
    Length { min: Option<i64>, max: Option<i64> },
    Enum(Vec<String>),
    Pattern(String),
    BadPattern(String),
}

impl Kind {
    fn of(check: &Check) -> Result<Kind, Vec<Reason>> {
        Ok(match check {
            Check::IntRange { min, max } => Kind::Int {
                min: literal_int(min)?,
                max: literal_int(max)?,
            },
            Check::LengthRange { min, max } => Kind::Strings {
                check: StringCheck::Length {
                    min: literal_int(min)?,
                    max: literal_int(max)?,
                },
            },
            Check::Enum { values } => Kind::Strings {
                check: StringCheck::Enum(
                    values
                        .iter()
                        .map(|v| match v {
                            Arg::Literal(s) => Ok(s.clone()),
                            Arg::Path(p) => Err(jsonpath_argument(&p.expr)),
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
                    .map(|m| int_literal(m).map(|m| format!("x < {m}")))
                    .transpose()?;
                let high = max
                    .map(|m| int_literal(m).map(|m| format!("x > {m}")))
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
                        quote(&format!(" is lower than minimum [{}]", bound(*min)))
                    ));
                }
                if let Some(h) = &high {
                    entry.push(format!(
                        "({h} ? 'value ' + string(x) + {} : '')",
                        quote(&format!(" is higher than maximum [{}]", bound(*max)))
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
                        parts.push(format!("size(bytes(x)) < {}", int_literal(*m)?));
                    }
                    if let Some(m) = max {
                        parts.push(format!("size(bytes(x)) > {}", int_literal(*m)?));
                    }
                    if parts.is_empty() {
                        return Ok(None);
                    }
                    Some((
                        format!("{v}.exists(x, {})", parts.join(" || ")),
                        quote(&format!(
                            "Lengths of some strings are not in interval [{}, {}]",
                            bound(*min),
                            bound(*max)
                        )),
                    ))
                }
                StringCheck::Enum(allowed) => Some((
                    format!("{v}.exists(x, !(x in {}))", string_list(allowed)),
                    format!(
                        "'Some of [' + {v}.join(', ') + {}",
                        quote(&format!("] are not in [{}]", allowed.join(", ")))
                    ),
                )),
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

fn literal_int(arg: &Option<Arg<i64>>) -> Result<Option<i64>, Vec<Reason>> {
    match arg {
        None => Ok(None),
        Some(Arg::Literal(i)) => Ok(Some(*i)),
        Some(Arg::Path(p)) => Err(jsonpath_argument(&p.expr)),
    }
}

fn jsonpath_argument(expr: &str) -> Vec<Reason> {
    vec![Reason::new(
        "jsonpath-argument",
        format!("the argument `{expr}` is a JSONPath (not translated yet)"),
    )]
}

/// A path's values as integers: (CEL list on the VM, CEL first error on the VM, the values or
/// error on the reference VM).
fn ints(
    p: &PathCel,
    path: &validgen_runtime::ir::Path,
    some_known: bool,
) -> Result<(String, String, Result<String, String>), Vec<Reason>> {
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
    })
    .map(|v| format!("[{}]", v.join(", ")));
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
/// on the reference VM).
fn strings(
    p: &PathCel,
    path: &validgen_runtime::ir::Path,
    some_known: bool,
) -> (String, String, Result<String, String>) {
    let rendered = path::rendered(p.terminal());
    let values = p.map(|a| match &rendered {
        Some(text) => quote(text),
        None => format!("{} ? {} : ''", a.present, a.value),
    });
    let fallback = reference_values(path, |f| {
        as_string(f).map(|s| quote(&s)).map_err(|e| e.rule_text())
    })
    .map(|v| format!("[{}]", v.join(", ")));
    (
        values,
        p.first_error(|_| None, NO_VALUES, some_known),
        fallback,
    )
}

/// The values of `path` on the reference VM, converted, as CEL literals; the rule's error
/// when the path fails there too, a value does not convert, or there are none.
fn reference_values(
    path: &validgen_runtime::ir::Path,
    convert: impl Fn(
        &validgen_runtime::jsonpath::Found<validgen_runtime::kubevirt::typed::TypedNode<'static>>,
    ) -> Result<String, String>,
) -> Result<Vec<String>, String> {
    let jsonpath = path.as_jsonpath().ok_or(INVALID_JSONPATH)?;
    let found = jsonpath
        .find(reference_vm(), false)
        .map_err(|_| INVALID_JSONPATH.to_owned())?;
    let values = found.iter().map(convert).collect::<Result<Vec<_>, _>>()?;
    if values.is_empty() {
        return Err(NO_VALUES.to_owned());
    }
    Ok(values)
}
