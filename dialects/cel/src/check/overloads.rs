//! The functions the checker knows, as the API server's CEL environment declares them (cel-go
//! v0.26 standard library `common/stdlib`, overload ids of `common/overloads`; the Kubernetes
//! libraries of apiserver `pkg/cel/library` and cel-go `ext`, v1.36).
//!
//! The standard operators and functions are declared whole, so a call none of their overloads
//! takes is cel-go's `found no matching overload` error. The library functions (strings, lists,
//! regex, URLs, IP/CIDR, quantities, semver, format, sets, optionals, conversions and time
//! accessors) are known by their result only and never refused: their argument types are not
//! checked (a call of the wrong types fails when evaluated instead).

use super::types::Type;

/// A parameter or result of an overload: a type, with type parameters `A` and `B`.
#[derive(Debug, Clone)]
pub(crate) enum Pattern {
    /// A type.
    Is(Type),
    /// The type parameter `A` or `B`.
    Param(char),
    /// `list(P)`.
    List(Box<Pattern>),
    /// `map(P, Q)`.
    Map(Box<Pattern>, Box<Pattern>),
}

/// One overload of a standard function.
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
_[_] index_list_uint (list(A),uint) A
_[_] index_list_double (list(A),double) A
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

/// The overloads of the standard function `name`, or `None` when it is not one.
pub(crate) fn standard(name: &str) -> Option<Vec<Overload>> {
    let mut found: Vec<Overload> = STANDARD
        .lines()
        .filter_map(|line| line.split_once(' '))
        .filter(|(f, _)| *f == name)
        .map(|(_, rest)| overload(rest))
        .collect();
    let ordering = [
        ("_<_", "less"),
        ("_<=_", "less_equals"),
        ("_>_", "greater"),
        ("_>=_", "greater_equals"),
    ];
    if let Some((_, prefix)) = ordering.iter().find(|(op, _)| *op == name) {
        for (a, b) in ORDERED {
            let id = if a == b {
                format!("{prefix}_{a}")
            } else {
                format!("{prefix}_{a}_{b}")
            };
            found.push(Overload {
                id: Box::leak(id.into_boxed_str()),
                member: false,
                params: vec![scalar(a), scalar(b)],
                result: Pattern::Is(Type::Bool),
            });
        }
    }
    (!found.is_empty()).then_some(found)
}

fn scalar(go: &str) -> Pattern {
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
fn split_top(s: &str) -> Vec<&str> {
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

fn pattern(s: &str) -> Pattern {
    if let Some(inner) = s.strip_prefix("list(").and_then(|r| r.strip_suffix(')')) {
        return Pattern::List(Box::new(pattern(inner)));
    }
    if let Some(inner) = s.strip_prefix("map(").and_then(|r| r.strip_suffix(')')) {
        let parts = split_top(inner);
        return Pattern::Map(Box::new(pattern(parts[0])), Box::new(pattern(parts[1])));
    }
    Pattern::Is(match s {
        "A" | "B" => return Pattern::Param(s.chars().next().unwrap_or('A')),
        "bool" => Type::Bool,
        "int" => Type::Int,
        "uint" => Type::Uint,
        "double" => Type::Double,
        "string" => Type::String,
        "bytes" => Type::Bytes,
        "timestamp" => Type::Timestamp,
        "duration" => Type::Duration,
        _ => Type::Dyn,
    })
}

/// The result type of a library function (or conversion) `name` called with `args` and, for
/// a receiver-style call, the receiver `target`; `None` for a function the checker does not
/// know (then `dyn`, never an error).
pub(crate) fn library(name: &str, target: Option<&Type>, args: &[Type]) -> Option<Type> {
    let list_of_strings = || Type::List(Box::new(Type::String));
    Some(match name {
        "int" | "sign" | "asInteger" | "compareTo" | "indexOf" | "lastIndexOf" | "family"
        | "prefixLength" | "major" | "minor" | "patch" | "getFullYear" | "getMonth" | "getDate"
        | "getDayOfMonth" | "getDayOfWeek" | "getDayOfYear" | "getHours" | "getMinutes"
        | "getSeconds" | "getMilliseconds" => Type::Int,
        "uint" => Type::Uint,
        "double" | "asApproximateFloat" => Type::Double,
        "string" | "charAt" | "lowerAscii" | "upperAscii" | "replace" | "substring" | "trim"
        | "join" | "quote" | "format" | "find" | "getScheme" | "getHost" | "getHostname"
        | "getPort" | "getEscapedPath" => Type::String,
        "bytes" => Type::Bytes,
        "bool"
        | "isSorted"
        | "isURL"
        | "isIP"
        | "isCIDR"
        | "isCanonical"
        | "isUnspecified"
        | "isLoopback"
        | "isLinkLocalMulticast"
        | "isLinkLocalUnicast"
        | "isGlobalUnicast"
        | "containsIP"
        | "containsCIDR"
        | "isQuantity"
        | "isInteger"
        | "isGreaterThan"
        | "isLessThan"
        | "isSemver"
        | "hasValue"
        | "equivalent"
        | "intersects" => Type::Bool,
        "duration" => Type::Duration,
        "timestamp" => Type::Timestamp,
        "split" | "findAll" => list_of_strings(),
        "getQuery" => Type::Map(Box::new(Type::String), Box::new(list_of_strings())),
        "url" => Type::Opaque("kubernetes.URL"),
        "ip" => Type::Opaque("net.IP"),
        "cidr" | "masked" => Type::Opaque("net.CIDR"),
        "quantity" => Type::Opaque("kubernetes.Quantity"),
        "add" | "sub" if matches!(target, Some(Type::Opaque("kubernetes.Quantity"))) => {
            Type::Opaque("kubernetes.Quantity")
        }
        "semver" => Type::Opaque("kubernetes.Semver"),
        "type" => Type::Type(Box::new(args.first().cloned().unwrap_or(Type::Dyn))),
        _ => return None,
    })
}
