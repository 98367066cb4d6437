//! Why a rule path does not exist in the KubeVirt types, in the author's words: a path
//! without its leading `.`, a path written from the VM rather than from its `spec.template`,
//! a field name close to a real one.

use validgen_core::ir::{Path, Root};
use validgen_kubevirt::rules::ROOT;
use validgen_kubevirt::typed::schema::Schema;

use crate::lint::Lint;
use crate::plan::{PathPlan, StaticPath, plan};

/// Steps of the JSONPath before the rule path's own: `.spec.template`.
const ROOT_STEPS: usize = 2;
/// Field names corrected at most, one after another, to suggest a whole path.
const MAX_CORRECTIONS: usize = 8;

/// A path problem: what is wrong and what was probably meant.
pub(super) struct Explained {
    /// The sentence after the path's role (`path`, `` `valid` path``), e.g. "`.x` does not
    /// exist …".
    pub message: String,
    /// What was probably meant.
    pub hint: Option<String>,
    /// [`Lint::VmRootedPath`]'s identifier for a path written from the VM.
    pub code: Option<&'static str>,
}

/// Why `p`, a path of the rule that `role` names (`path`, `` `valid` path``, …), finds nothing
/// in the KubeVirt types whatever the VM; `None` when it may find something.
pub(super) fn explain(role: &str, p: &Path) -> Option<Explained> {
    let schema = Schema::kubevirt();
    let problem = static_plan(schema, p)?.problem?;
    let expr = p.expr.as_str();
    // The reference appends the text to `.spec.template` as written (`.spec.templatespec…`).
    if !expr.is_empty() && !expr.starts_with(['.', '[']) {
        let dotted = format!(".{expr}");
        return Some(Explained {
            message: format!(
                "{role} `{expr}` must start with `.`: the reference appends a rule path to the VM's `.spec.template` as written"
            ),
            hint: Some(format!(
                "did you mean `{}`?",
                corrected(schema, &dotted).unwrap_or(dotted)
            )),
            code: None,
        });
    }
    let rule = "rule paths are rooted at the VM's `spec.template`";
    if let Some(rest) = from_vm(schema, p) {
        let hint = rest.map(|r| format!("did you mean `{r}`?"));
        let message = match &hint {
            Some(_) => format!(
                "{role} `{expr}` is written from the VM, but {rule}, where it does not exist"
            ),
            None => format!(
                "{role} `{expr}` is a field of the VM itself, not of its `spec.template`: {rule}, so a rule cannot read it"
            ),
        };
        return Some(Explained {
            message,
            hint,
            code: Some(Lint::VmRootedPath.id()),
        });
    }
    Some(Explained {
        message: format!(
            "{role} `{expr}` does not exist in the KubeVirt VirtualMachine types: {problem}"
        ),
        hint: corrected(schema, expr).map(|c| format!("did you mean `{c}`?")),
        code: None,
    })
}

/// When `p` exists read from the VM's root: `Some(the same path from `spec.template`)` when it
/// starts with `.spec.template` and exists from there, `Some(None)` otherwise.
fn from_vm(schema: &Schema, p: &Path) -> Option<Option<String>> {
    let absolute = Path::jsonpath(&p.source, &p.expr, Root::Document).ok()?;
    if static_plan(schema, &absolute)?.problem.is_some() {
        return None;
    }
    let rest = p
        .expr
        .strip_prefix(".spec.template")
        .filter(|r| r.starts_with(['.', '[']))
        .filter(|r| exists(schema, r))
        .map(str::to_owned);
    Some(rest)
}

/// `expr` with each unknown field name replaced by the closest field of its struct, when that
/// gives a path that exists.
fn corrected(schema: &Schema, expr: &str) -> Option<String> {
    let mut expr = expr.to_owned();
    for _ in 0..MAX_CORRECTIONS {
        let s = static_plan(schema, &rule_path(&expr)?)?;
        let Some(unknown) = s.unknown_field else {
            return s.problem.is_none().then_some(expr);
        };
        let mut steps = split_steps(&expr)?;
        let step = steps.get_mut(unknown.step.checked_sub(ROOT_STEPS)?)?;
        let name = step.strip_prefix('.')?;
        let keys = schema
            .object_keys(unknown.owner)
            .iter()
            .map(|k| k.key.as_str());
        *step = format!(".{}", closest(name, keys)?);
        expr = steps.concat();
    }
    None
}

fn exists(schema: &Schema, expr: &str) -> bool {
    rule_path(expr)
        .and_then(|p| static_plan(schema, &p))
        .is_some_and(|s| s.problem.is_none())
}

fn rule_path(expr: &str) -> Option<Path> {
    Path::jsonpath(&format!("jsonpath::{expr}"), expr, ROOT).ok()
}

fn static_plan(schema: &Schema, p: &Path) -> Option<StaticPath> {
    match plan(schema, p) {
        PathPlan::Static(s) => Some(s),
        PathPlan::Dynamic => None,
    }
}

/// The steps of a path made of field and array steps (`.a`, `[0]`), as written; `None` for
/// anything else (a quoted bracket, which the planner leaves to the runtime anyway).
fn split_steps(expr: &str) -> Option<Vec<String>> {
    let mut steps: Vec<String> = Vec::new();
    for c in expr.chars() {
        match c {
            '.' | '[' => steps.push(c.to_string()),
            '\'' | '"' => return None,
            _ => steps.last_mut()?.push(c),
        }
    }
    Some(steps)
}

/// The name among `candidates` closest to `name` (optimal string alignment distance, ignoring
/// ASCII case), when close enough to be a typo: at most one edit in four characters, at least
/// one. Ties go to the first in sorted order, for deterministic output.
fn closest<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let lower = name.to_ascii_lowercase();
    let limit = (name.chars().count() / 4).max(1);
    candidates
        .map(|c| (strsim::osa_distance(&lower, &c.to_ascii_lowercase()), c))
        .filter(|&(d, _)| d <= limit)
        .min()
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(expr: &str) -> Path {
        validgen_kubevirt::rules::rule_path(&format!("jsonpath::{expr}")).expect("path parses")
    }

    fn hint(expr: &str) -> Option<String> {
        explain("path", &path(expr)).and_then(|e| e.hint)
    }

    #[test]
    fn a_missing_leading_dot() {
        let e = explain("path", &path("spec.domain.cpu.cores")).expect("a problem");
        assert_eq!(
            e.message,
            "path `spec.domain.cpu.cores` must start with `.`: the reference appends a rule path to the VM's `.spec.template` as written"
        );
        assert_eq!(
            e.hint.as_deref(),
            Some("did you mean `.spec.domain.cpu.cores`?")
        );
        assert_eq!(
            hint("spec.domain.cpu.corez").as_deref(),
            Some("did you mean `.spec.domain.cpu.cores`?"),
            "corrected further"
        );
    }

    #[test]
    fn paths_written_from_the_vm() {
        let e = explain("path", &path(".spec.template.spec.domain.cpu.cores")).expect("problem");
        assert!(
            e.message.contains("is written from the VM"),
            "{}",
            e.message
        );
        assert_eq!(
            e.hint.as_deref(),
            Some("did you mean `.spec.domain.cpu.cores`?")
        );
        let e = explain("`values` path", &path(".spec.runStrategy")).expect("problem");
        assert!(
            e.message.contains("a field of the VM itself"),
            "{}",
            e.message
        );
        assert_eq!(e.hint, None);
    }

    #[test]
    fn unknown_fields_get_the_closest_known_one() {
        assert_eq!(
            hint(".spec.domain.cpu.corez").as_deref(),
            Some("did you mean `.spec.domain.cpu.cores`?")
        );
        assert_eq!(
            hint(".spec.domain.memroy.guest").as_deref(),
            Some("did you mean `.spec.domain.memory.guest`?"),
            "a transposition"
        );
        assert_eq!(
            hint(".spec.domain.devices.disk[*].disk.buss").as_deref(),
            Some("did you mean `.spec.domain.devices.disks[*].disk.bus`?"),
            "two corrections, across an array step"
        );
        assert_eq!(
            hint(".spec.domain.cpu.CORES").as_deref(),
            Some("did you mean `.spec.domain.cpu.cores`?")
        );
        assert_eq!(hint(".spec.domain.cpu.nothinglikeit"), None);
        assert!(explain("path", &path(".spec.domain.cpu.cores")).is_none());
    }

    #[test]
    fn steps_as_written() {
        assert_eq!(
            split_steps(".a.b[0].c").as_deref(),
            Some(&[".a".to_owned(), ".b".into(), "[0]".into(), ".c".into()][..])
        );
        assert_eq!(split_steps(".a['b']"), None);
        assert_eq!(split_steps("a"), None);
    }
}
