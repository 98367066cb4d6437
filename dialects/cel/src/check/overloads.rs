//! The functions the checker knows, as the API server's CEL environment declares them (cel-go
//! v0.26 standard library `common/stdlib`, overload ids of `common/overloads`; the libraries
//! of [`super::library`]).
//!
//! Every function is declared whole, so a call none of its overloads takes is cel-go's
//! `found no matching overload` error, and a function the environment does not declare is
//! its `undeclared reference`.

use std::collections::HashMap;
use std::sync::LazyLock;

use super::library::LIBRARY;
use super::types::Type;

/// A parameter or result of an overload: a type, with type parameters (`A`, `B`, `K`, `V`,
/// `T`).
#[derive(Debug, Clone)]
pub(crate) enum Pattern {
    /// A type.
    Is(Type),
    /// A type parameter.
    Param(char),
    /// `list(P)`.
    List(Box<Pattern>),
    /// `map(P, Q)`.
    Map(Box<Pattern>, Box<Pattern>),
    /// `optional_type(P)`.
    Optional(Box<Pattern>),
    /// `type(P)`: the type of a value, as a value.
    Type(Box<Pattern>),
}

/// One overload of a function.
#[derive(Debug, Clone)]
pub(crate) struct Overload {
    /// The overload id (`add_string`), as the cost estimator tells overloads apart.
    pub id: &'static str,
    /// A receiver-style call (`s.contains(x)`): the first parameter is the receiver.
    pub member: bool,
    pub params: Vec<Pattern>,
    pub result: Pattern,
}

/// The standard overloads, one per line: `function id [member] (params) result`.
const STANDARD: &str = "
!_ logical_not (bool) bool
-_ negate_int64 (int) int
-_ negate_uint64 (uint) uint
-_ negate_double (double) double
_&&_ logical_and (bool,bool) bool
_||_ logical_or (bool,bool) bool
@not_strictly_false not_strictly_false (bool) bool
_?_:_ conditional (bool,A,A) A
_==_ equals (A,A) bool
_!=_ not_equals (A,A) bool
_+_ add_int64 (int,int) int
_+_ add_uint64 (uint,uint) uint
_+_ add_double (double,double) double
_+_ add_string (string,string) string
_+_ add_bytes (bytes,bytes) bytes
_+_ add_list (list(A),list(A)) list(A)
_+_ add_timestamp_duration (timestamp,duration) timestamp
_+_ add_duration_timestamp (duration,timestamp) timestamp
_+_ add_duration_duration (duration,duration) duration
_-_ subtract_int64 (int,int) int
_-_ subtract_uint64 (uint,uint) uint
_-_ subtract_double (double,double) double
_-_ subtract_timestamp_timestamp (timestamp,timestamp) duration
_-_ subtract_timestamp_duration (timestamp,duration) timestamp
_-_ subtract_duration_duration (duration,duration) duration
_*_ multiply_int64 (int,int) int
_*_ multiply_uint64 (uint,uint) uint
_*_ multiply_double (double,double) double
_/_ divide_int64 (int,int) int
_/_ divide_uint64 (uint,uint) uint
_/_ divide_double (double,double) double
_%_ modulo_int64 (int,int) int
_%_ modulo_uint64 (uint,uint) uint
_[_] index_list (list(A),int) A
_[_] index_map (map(A,B),A) B
@in in_list (A,list(A)) bool
@in in_map (A,map(A,B)) bool
size size_string (string) int
size size_bytes (bytes) int
size size_list (list(A)) int
size size_map (map(A,B)) int
size string_size member (string) int
size bytes_size member (bytes) int
size list_size member (list(A)) int
size map_size member (map(A,B)) int
contains contains_string member (string,string) bool
startsWith starts_with_string member (string,string) bool
endsWith ends_with_string member (string,string) bool
matches matches (string,string) bool
matches matches_string member (string,string) bool
";

/// The orderings of cel-go with cross-type numeric comparisons (the API server enables them).
const ORDERED: [(&str, &str); 14] = [
    ("bool", "bool"),
    ("int64", "int64"),
    ("int64", "double"),
    ("int64", "uint64"),
    ("uint64", "uint64"),
    ("uint64", "double"),
    ("uint64", "int64"),
    ("double", "double"),
    ("double", "int64"),
    ("double", "uint64"),
    ("string", "string"),
    ("bytes", "bytes"),
    ("timestamp", "timestamp"),
    ("duration", "duration"),
];

/// The overloads of the function `name` (a standard one, or one of the libraries the API
/// server's CRD environment enables), or `None` when the environment does not declare it.
pub(crate) fn overloads(name: &str) -> Option<&'static [Overload]> {
    static DECLARED: LazyLock<HashMap<&'static str, Vec<Overload>>> = LazyLock::new(|| {
        let mut all: HashMap<&'static str, Vec<Overload>> = HashMap::new();
        for line in STANDARD.lines().chain(LIBRARY.lines()) {
            if let Some((f, rest)) = line.split_once(' ') {
                all.entry(f).or_default().push(overload(rest));
            }
        }
        let ordering = [
            ("_<_", "less"),
            ("_<=_", "less_equals"),
            ("_>_", "greater"),
            ("_>=_", "greater_equals"),
        ];
        for (op, prefix) in ordering {
            for (a, b) in ORDERED {
                let id = if a == b {
                    format!("{prefix}_{a}")
                } else {
                    format!("{prefix}_{a}_{b}")
                };
                all.entry(op).or_default().push(Overload {
                    id: Box::leak(id.into_boxed_str()),
                    member: false,
                    params: vec![scalar(a), scalar(b)],
                    result: Pattern::Is(Type::Bool),
                });
            }
        }
        all
    });
    DECLARED.get(name).map(Vec::as_slice)
}

fn scalar(go: &'static str) -> Pattern {
    pattern(match go {
        "int64" => "int",
        "uint64" => "uint",
        other => other,
    })
}

/// `id [member] (p,…) r`.
fn overload(spec: &'static str) -> Overload {
    let (id, rest) = spec.split_once(' ').unwrap_or((spec, ""));
    let (member, rest) = match rest.strip_prefix("member ") {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let (params, result) = rest.rsplit_once(' ').unwrap_or((rest, "dyn"));
    let params = params
        .strip_prefix('(')
        .and_then(|p| p.strip_suffix(')'))
        .unwrap_or(params);
    Overload {
        id,
        member,
        params: split_top(params).into_iter().map(pattern).collect(),
        result: pattern(result),
    }
}

/// `a,b(c,d),e` split at its top-level commas.
fn split_top(s: &'static str) -> Vec<&'static str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if !s.is_empty() {
        out.push(&s[start..]);
    }
    out
}

fn pattern(s: &'static str) -> Pattern {
    let wrapped = |prefix: &str| s.strip_prefix(prefix).and_then(|r| r.strip_suffix(')'));
    if let Some(inner) = wrapped("list(") {
        return Pattern::List(Box::new(pattern(inner)));
    }
    if let Some(inner) = wrapped("optional(") {
        return Pattern::Optional(Box::new(pattern(inner)));
    }
    if let Some(inner) = wrapped("type(") {
        return Pattern::Type(Box::new(pattern(inner)));
    }
    if let Some(inner) = wrapped("map(") {
        let parts = split_top(inner);
        return Pattern::Map(Box::new(pattern(parts[0])), Box::new(pattern(parts[1])));
    }
    Pattern::Is(match s {
        "A" | "B" | "K" | "V" | "T" => return Pattern::Param(s.chars().next().unwrap_or('A')),
        "bool" => Type::Bool,
        "int" => Type::Int,
        "uint" => Type::Uint,
        "double" => Type::Double,
        "string" => Type::String,
        "bytes" => Type::Bytes,
        "timestamp" => Type::Timestamp,
        "duration" => Type::Duration,
        "dyn" => Type::Dyn,
        // The libraries' own types (`kubernetes.Quantity`, `net.IP`…).
        name => Type::Opaque(name),
    })
}
