//! The evaluator, one function per node kind as client-go `util/jsonpath/jsonpath.go`.
//!
//! Evaluation is list to list: each step maps the current values to new ones. A failing step
//! hands back, with its error, the values client-go's function returns next to its error
//! (often its input): an existence filter `[?(…)]` ignores the error and only looks at whether
//! those values are empty, so they matter.
//!
//! Values are [`Val`]: a node of the walked document, a literal made by the template (quoted
//! string, number, boolean, or a byte of a string), or Go's invalid `reflect.Value`, which is
//! what client-go evaluates the body of a `range` over nothing on.

use super::ast::{FilterOp, List, ParamsEntry, Segment, Step, Template};
use super::compare;
use super::node::{Kind, Node, Scalar};
use super::{EvalError, Found, Literal, RangeState};

/// How deep `range` blocks may nest in one evaluation (each level is a recursive call, as in
/// client-go `FindResults`).
const MAX_RANGE_DEPTH: usize = 512;

/// How many values (segments evaluated and values made by steps) one evaluation may produce.
/// Templates are untrusted (a rule path can leave its action with `}` and open `range` blocks),
/// and nested `range`s multiply: without a bound, a few hundred bytes of template take minutes.
/// Real paths, `..` over the reference VM included, stay orders of magnitude below it.
pub(crate) const MAX_WORK: usize = 1 << 18;

/// A value under evaluation.
#[derive(Debug, Clone)]
pub(crate) enum Val<N> {
    /// A node of the document.
    Node(N),
    /// A value made by the template.
    Lit(Literal),
    /// Go's zero `reflect.Value` (`reflect.ValueOf(nil)`).
    Invalid,
}

/// A step's failure: client-go's returned values next to the error.
type Failure<N> = (Vec<Val<N>>, EvalError);
type Walked<N> = Result<Vec<Val<N>>, Failure<N>>;

fn fail<N>(values: Vec<Val<N>>, message: impl Into<String>) -> Failure<N> {
    (values, EvalError::new(message))
}

impl<N: Node> Val<N> {
    /// client-go `template.Indirect`'s `isNil`: nil pointers and nil interfaces.
    fn is_nil(&self) -> bool {
        matches!(self, Val::Node(n) if n.is_nil())
    }

    /// The children visited by `.*` and `..`: struct fields, map values, slice elements, or
    /// the bytes of a string.
    fn children(&self) -> Vec<Val<N>> {
        match self {
            Val::Node(n) if n.is_nil() => Vec::new(),
            Val::Node(n) => match n.kind() {
                Kind::Struct | Kind::Map | Kind::Slice => {
                    n.children().into_iter().map(Val::Node).collect()
                }
                Kind::String => match n.as_str() {
                    Some(s) => bytes_of(&s),
                    None => Vec::new(),
                },
                _ => Vec::new(),
            },
            Val::Lit(Literal::Str(s)) => bytes_of(s),
            Val::Lit(_) | Val::Invalid => Vec::new(),
        }
    }

    /// The Go type after indirection, for "… is not array or slice".
    fn type_name(&self) -> String {
        match self {
            Val::Node(n) => n.elem_type_name().into_owned(),
            Val::Lit(l) => l.type_name().to_owned(),
            // Go panics here (reflect.Value.Type of the zero Value); we report an error.
            Val::Invalid => "<invalid reflect.Value>".to_owned(),
        }
    }

    /// Go's `%v`.
    fn go_value(&self) -> String {
        match self {
            Val::Node(n) => n.go_value(),
            Val::Lit(l) => l.go_value(),
            Val::Invalid => "<invalid reflect.Value>".to_owned(),
        }
    }

    /// The comparable scalar of a filter operand (`None`: "invalid type for comparison").
    fn scalar(&self) -> Option<Scalar<'_>> {
        match self {
            Val::Node(n) if n.is_nil() => None,
            Val::Node(n) => n.scalar(),
            Val::Lit(l) => Some(l.scalar()),
            Val::Invalid => None,
        }
    }

    pub(crate) fn into_found(self) -> Option<Found<N>> {
        match self {
            Val::Node(n) => Some(Found::Node(n)),
            Val::Lit(l) => Some(Found::Literal(l)),
            Val::Invalid => None,
        }
    }
}

fn bytes_of<N>(s: &str) -> Vec<Val<N>> {
    s.bytes().map(|b| Val::Lit(Literal::Byte(b))).collect()
}

/// One evaluation of a template (the mutable part of a client-go `JSONPath`).
pub(crate) struct Evaluator<'t, 's> {
    template: &'t Template,
    allow_missing_keys: bool,
    state: &'s mut RangeState,
    depth: usize,
    /// Values produced so far (see [`MAX_WORK`]).
    work: usize,
}

impl<'t, 's> Evaluator<'t, 's> {
    pub(crate) fn new(
        template: &'t Template,
        allow_missing_keys: bool,
        state: &'s mut RangeState,
    ) -> Self {
        Evaluator {
            template,
            allow_missing_keys,
            state,
            depth: 0,
            work: 0,
        }
    }

    /// client-go `FindResults`: each top-level segment evaluated on the data, with `range` …
    /// `end` blocks evaluated once per value of the range (the segments after the `range` are
    /// evaluated from the next value each time, until an `end`).
    pub(crate) fn find_results<N: Node>(
        &mut self,
        data: Val<N>,
    ) -> Result<Vec<Vec<Val<N>>>, EvalError> {
        if self.depth >= MAX_RANGE_DEPTH {
            return Err(EvalError::new("range blocks nested too deeply"));
        }
        // client-go evaluates `j.parser.Root.Nodes`, which a range narrows to what follows it.
        let base = self.state.root_start;
        let segments = self.template.segments.get(base..).unwrap_or(&[]);
        let cur = vec![data];
        let mut full = Vec::new();
        let mut i = 0;
        while let Some(segment) = segments.get(i) {
            self.charge(1)?;
            let results = self
                .walk_segment(cur.clone(), segment)
                .map_err(|(_, e)| e)?;

            // An `end` was met: this block is over.
            let st = &mut *self.state;
            if st.end_range > 0 && st.end_range <= st.in_range {
                st.end_range -= 1;
                st.last_end_node = Some(base + i);
                break;
            }
            // A `range` was met: evaluate the rest once per value.
            if st.begin_range > 0 {
                st.begin_range -= 1;
                st.in_range += 1;
                self.depth += 1;
                let outcome = self.range_over(results, base + i + 1, &mut full);
                self.depth -= 1;
                outcome?;
                self.state.in_range = self.state.in_range.saturating_sub(1);
                // Resume after the `end` met last, if it is in this block.
                if let Some(k) =
                    (i + 1..segments.len()).find(|k| self.state.last_end_node == Some(base + k))
                {
                    i = k;
                }
                i += 1;
                continue;
            }
            full.push(results);
            i += 1;
        }
        Ok(full)
    }

    fn range_over<N: Node>(
        &mut self,
        results: Vec<Val<N>>,
        next_root: usize,
        full: &mut Vec<Vec<Val<N>>>,
    ) -> Result<(), EvalError> {
        if results.is_empty() {
            // As client-go: the body is still evaluated (on nil), so that the position advances
            // to the matching end; its results are dropped, its errors are not.
            self.state.root_start = next_root;
            self.find_results::<N>(Val::Invalid)?;
            return Ok(());
        }
        for value in results {
            self.state.root_start = next_root;
            // client-go passes `value.Interface()`; that round trip changes nothing we model.
            let next = self.find_results(value)?;
            full.extend(next);
        }
        Ok(())
    }

    /// Counts `n` more values against [`MAX_WORK`].
    fn charge(&mut self, n: usize) -> Result<(), EvalError> {
        self.work = self.work.saturating_add(n);
        if self.work > MAX_WORK {
            return Err(EvalError::new(format!(
                "evaluation exceeds {MAX_WORK} values (nested range blocks?)"
            )));
        }
        Ok(())
    }

    fn walk_segment<N: Node>(&mut self, cur: Vec<Val<N>>, segment: &Segment) -> Walked<N> {
        match segment {
            Segment::Text(text) => Ok(vec![Val::Lit(Literal::Str(text.clone()))]),
            Segment::Action(list) => self.eval_list(cur, list),
        }
    }

    /// client-go `walk`: dispatch on the step kind.
    fn walk<N: Node>(&mut self, input: Vec<Val<N>>, step: &Step) -> Walked<N> {
        match step {
            Step::Text(text) => Ok(vec![Val::Lit(Literal::Str(text.clone()))]),
            Step::Field(name) => self.eval_field(input, name),
            Step::Array { params } => eval_array(input, params),
            Step::Filter { left, op, right } => self.eval_filter(input, left, op, right),
            Step::Int(i) => Ok(repeat(&input, Literal::Int(*i))),
            Step::Float(f) => Ok(repeat(&input, Literal::Float(*f))),
            Step::Bool(b) => Ok(repeat(&input, Literal::Bool(*b))),
            Step::Wildcard => Ok(eval_wildcard(&input)),
            Step::Recursive => Ok(eval_recursive(input)),
            Step::Union(lists) => self.eval_union(input, lists),
            Step::Identifier(name) => self.eval_identifier(input, name),
        }
    }

    /// client-go `evalList`: the steps in turn; a failure hands back the failing step's values.
    fn eval_list<N: Node>(&mut self, input: Vec<Val<N>>, list: &List) -> Walked<N> {
        let mut cur = input;
        for step in &list.steps {
            cur = self.walk(cur, step)?;
            self.charge(cur.len()).map_err(|e| (Vec::new(), e))?;
        }
        Ok(cur)
    }

    /// client-go `evalIdentifier`: `range` starts a block, `end` closes one.
    fn eval_identifier<N: Node>(&mut self, input: Vec<Val<N>>, name: &str) -> Walked<N> {
        match name {
            "range" => {
                self.state.begin_range += 1;
                Ok(input)
            }
            "end" => {
                if self.state.in_range > 0 {
                    self.state.end_range += 1;
                    Ok(Vec::new())
                } else {
                    Err(fail(Vec::new(), "not in range, nothing to end"))
                }
            }
            _ => Err(fail(input, format!("unrecognized identifier {name}"))),
        }
    }

    /// client-go `evalUnion`: each branch on the same input, results concatenated.
    fn eval_union<N: Node>(&mut self, input: Vec<Val<N>>, lists: &[List]) -> Walked<N> {
        let mut result = Vec::new();
        for list in lists {
            match self.eval_list(input.clone(), list) {
                Ok(values) => result.extend(values),
                Err((_, e)) => return Err((input, e)),
            }
        }
        Ok(result)
    }

    /// client-go `evalField`: the field or key of each struct or map; nil values are skipped.
    /// Missing everywhere (with some input) is "<name> is not found" unless missing keys are
    /// allowed.
    fn eval_field<N: Node>(&mut self, input: Vec<Val<N>>, name: &str) -> Walked<N> {
        let mut results = Vec::new();
        if input.is_empty() {
            return Ok(results);
        }
        for value in &input {
            if let Val::Node(n) = value {
                if n.is_nil() {
                    continue;
                }
                if matches!(n.kind(), Kind::Struct | Kind::Map)
                    && let Some(child) = n.field(name)
                {
                    results.push(Val::Node(child));
                }
            }
        }
        if results.is_empty() && !self.allow_missing_keys {
            return Err(fail(results, format!("{name} is not found")));
        }
        Ok(results)
    }

    /// client-go `evalFilter`: the elements of each list for which the comparison holds (or,
    /// for `[?(path)]`, for which `path` yields something, errors included).
    fn eval_filter<N: Node>(
        &mut self,
        input: Vec<Val<N>>,
        left: &List,
        op: &FilterOp,
        right: &List,
    ) -> Walked<N> {
        let mut results = Vec::new();
        for value in &input {
            let list = match value {
                Val::Node(n) if !n.is_nil() && n.kind() == Kind::Slice => n,
                other => {
                    let shown = other.go_value();
                    return Err(fail(
                        input,
                        format!("{shown} is not array or slice and cannot be filtered"),
                    ));
                }
            };
            for i in 0..list.len() {
                let Some(element) = list.index(i) else {
                    continue;
                };
                let temp = vec![Val::Node(element.clone())];
                let lefts = self.eval_list(temp.clone(), left);

                if *op == FilterOp::Exists {
                    let lefts = match lefts {
                        Err((_, e)) if e.is_crash() => return Err((input, e)),
                        Ok(values) | Err((values, _)) => values,
                    };
                    if !lefts.is_empty() {
                        results.push(Val::Node(element));
                    }
                    continue;
                }

                let lefts = match lefts {
                    Ok(values) => values,
                    Err((_, e)) => return Err((input, e)),
                };
                let left_value = match lefts.as_slice() {
                    [] => continue,
                    [one] => one,
                    _ => return Err(fail(input, "can only compare one element at a time")),
                };
                let rights = match self.eval_list(temp, right) {
                    Ok(values) => values,
                    Err((_, e)) => return Err((input, e)),
                };
                let right_value = match rights.as_slice() {
                    [] => continue,
                    [one] => one,
                    _ => return Err(fail(input, "can only compare one element at a time")),
                };

                // client-go compares `reflect.Value.Interface()`s, which panics on values
                // reached through unexported fields.
                if [left_value, right_value]
                    .iter()
                    .any(|v| matches!(v, Val::Node(n) if n.interface_panics()))
                {
                    return Err((
                        input,
                        EvalError::crash(
                            "reflect.Value.Interface: cannot return value obtained from unexported field or method",
                        ),
                    ));
                }
                let (a, b) = (left_value.scalar(), right_value.scalar());
                let pass = match op {
                    FilterOp::Lt => compare::less(a, b),
                    FilterOp::Gt => compare::greater(a, b),
                    FilterOp::Eq => compare::equal(a, b),
                    FilterOp::Ne => compare::not_equal(a, b),
                    FilterOp::Le => compare::less_equal(a, b),
                    FilterOp::Ge => compare::greater_equal(a, b),
                    FilterOp::Exists | FilterOp::Other(_) => {
                        return Err(fail(
                            results,
                            format!("unrecognized filter operator {}", op.as_str()),
                        ));
                    }
                };
                match pass {
                    Ok(true) => results.push(Val::Node(element)),
                    Ok(false) => {}
                    Err(e) => return Err((results, e)),
                }
            }
        }
        Ok(results)
    }
}

/// client-go `evalInt`/`evalFloat`/`evalBool`: one copy of the literal per input value.
fn repeat<N>(input: &[Val<N>], literal: Literal) -> Vec<Val<N>> {
    input.iter().map(|_| Val::Lit(literal.clone())).collect()
}

/// What an array step selects from one list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Selection {
    /// Zero elements requested: client-go stops the whole step here, keeping what earlier
    /// lists gave.
    Stop,
    /// Elements `start, start + step, …` below `end` (`0 <= start < end <= len`).
    Range {
        /// First index.
        start: usize,
        /// One past the last index.
        end: usize,
        /// Stride (at least 1).
        step: usize,
    },
}

/// client-go `evalArray` on one list of `length` elements: Go slice semantics (negative start
/// and end count from the end, `[n]` is `[n:n+1]`).
///
/// # Errors
/// client-go's text: `array index out of bounds: index I, length L`, `starting index S is
/// greater than ending index E`, `step must be > 0`.
pub fn select(node_params: &[ParamsEntry; 3], length: usize) -> Result<Selection, String> {
    let len = i64::try_from(length).unwrap_or(i64::MAX);
    let out_of_bounds =
        |index: i64| format!("array index out of bounds: index {index}, length {len}");
    let mut params = *node_params;
    if !params[0].known {
        params[0].value = 0;
    }
    if params[0].value < 0 {
        params[0].value = params[0].value.wrapping_add(len);
    }
    if !params[1].known {
        params[1].value = len;
    }
    if params[1].value < 0 || (params[1].value == 0 && params[1].derived) {
        params[1].value = params[1].value.wrapping_add(len);
    }
    let (start, end) = (params[0].value, params[1].value);
    if start == end {
        return Ok(Selection::Stop);
    }
    if start >= len || start < 0 {
        return Err(out_of_bounds(start));
    }
    if end > len || end < 0 {
        return Err(out_of_bounds(end.wrapping_sub(1)));
    }
    if start > end {
        return Err(format!(
            "starting index {start} is greater than ending index {end}"
        ));
    }
    let step = if params[2].known {
        if params[2].value <= 0 {
            return Err("step must be > 0".to_owned());
        }
        usize::try_from(params[2].value).unwrap_or(usize::MAX)
    } else {
        1
    };
    // 0 <= start < end <= len here.
    Ok(Selection::Range {
        start: usize::try_from(start).unwrap_or(0),
        end: usize::try_from(end).unwrap_or(0).min(length),
        step,
    })
}

/// client-go `evalArray`: Go slice semantics on each list (negative start and end count from
/// the end, `[n]` is `[n:n+1]`). Nil values are skipped. When start and end meet for a value,
/// client-go returns the results gathered so far at once, skipping the remaining values.
fn eval_array<N: Node>(input: Vec<Val<N>>, node_params: &[ParamsEntry; 3]) -> Walked<N> {
    let mut result = Vec::new();
    for value in &input {
        if value.is_nil() {
            continue;
        }
        let list = match value {
            Val::Node(n) if n.kind() == Kind::Slice => n,
            other => {
                let type_name = other.type_name();
                return Err(fail(input, format!("{type_name} is not array or slice")));
            }
        };
        let (start, end, step) = match select(node_params, list.len()) {
            Ok(Selection::Stop) => return Ok(result),
            Ok(Selection::Range { start, end, step }) => (start, end, step),
            Err(message) => return Err(fail(input, message)),
        };
        let mut i = start;
        while i < end {
            if let Some(element) = list.index(i) {
                result.push(Val::Node(element));
            }
            i = i.saturating_add(step);
        }
    }
    Ok(result)
}

/// client-go `evalWildcard`: the children of every value.
fn eval_wildcard<N: Node>(input: &[Val<N>]) -> Vec<Val<N>> {
    input.iter().flat_map(Val::children).collect()
}

/// client-go `evalRecursive`: every value that has children, followed (depth first) by the
/// values below it that have children. Iterative, so deep documents cannot exhaust the stack.
fn eval_recursive<N: Node>(input: Vec<Val<N>>) -> Vec<Val<N>> {
    let mut result = Vec::new();
    let mut stack = vec![input.into_iter()];
    while let Some(top) = stack.last_mut() {
        let Some(value) = top.next() else {
            stack.pop();
            continue;
        };
        let children = value.children();
        if !children.is_empty() {
            result.push(value);
            stack.push(children.into_iter());
        }
    }
    result
}
