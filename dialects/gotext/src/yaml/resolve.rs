//! YAML 1.1 scalar resolution as ytt's fork of go-yaml v2 does it
//! (`pkg/yamlmeta/internal/yaml.v2/resolve.go`): used by the parser to type plain scalars and
//! by the printer to know which strings must be quoted.

use super::timestamp::is_timestamp;

/// What a scalar's text resolves to.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Resolved {
    /// `~`, `null`, `Null`, `NULL` or the empty text.
    Null,
    /// `y`, `yes`, `on`, `true`, `n`, `no`, `off`, `false` (and their capitalised forms).
    Bool(bool),
    /// An integer that fits `i64`.
    Int(i64),
    /// An integer above `i64::MAX` that fits `u64` (go-yaml v2 gives a `uint64`).
    Uint(u64),
    /// A float (`1.5`, `1e3`, `.inf`, `.nan`, `08`).
    Float(f64),
    /// A timestamp (`2024-01-31`): go-yaml v2 decodes it into an `interface{}` as its text.
    Timestamp,
    /// Anything else: a string.
    Str,
}

/// The YAML 1.1 core tags that go-yaml v2 resolves (`!!str`, `!!int`, ...), as written after
/// `tag:yaml.org,2002:`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum CoreTag {
    /// `!!str`
    Str,
    /// `!!int`
    Int,
    /// `!!float`
    Float,
    /// `!!bool`
    Bool,
    /// `!!null`
    Null,
    /// `!!timestamp`
    Timestamp,
}

impl CoreTag {
    /// The tag of a `tag:yaml.org,2002:` suffix, if go-yaml v2 resolves it.
    pub(super) fn from_suffix(suffix: &str) -> Option<CoreTag> {
        Some(match suffix {
            "str" => CoreTag::Str,
            "int" => CoreTag::Int,
            "float" => CoreTag::Float,
            "bool" => CoreTag::Bool,
            "null" => CoreTag::Null,
            "timestamp" => CoreTag::Timestamp,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            CoreTag::Str => "!!str",
            CoreTag::Int => "!!int",
            CoreTag::Float => "!!float",
            CoreTag::Bool => "!!bool",
            CoreTag::Null => "!!null",
            CoreTag::Timestamp => "!!timestamp",
        }
    }
}

impl Resolved {
    fn tag(self) -> CoreTag {
        match self {
            Resolved::Null => CoreTag::Null,
            Resolved::Bool(_) => CoreTag::Bool,
            Resolved::Int(_) | Resolved::Uint(_) => CoreTag::Int,
            Resolved::Float(_) => CoreTag::Float,
            Resolved::Timestamp => CoreTag::Timestamp,
            Resolved::Str => CoreTag::Str,
        }
    }
}

/// Resolves `text` under an explicit core tag, as go-yaml v2's `resolve(tag, in)`: `!!str` keeps
/// the text; another tag must match what the text resolves to, except that `!!float` accepts an
/// integer (converted).
///
/// # Errors
/// The text does not resolve to the tag's type: go-yaml v2's message,
/// ``cannot decode !!str `abc` as a !!int``.
pub(super) fn resolve_tagged(tag: CoreTag, text: &str) -> Result<Resolved, String> {
    if tag == CoreTag::Str {
        return Ok(Resolved::Str);
    }
    let resolved = resolve_with(text, tag == CoreTag::Timestamp);
    match (tag, resolved) {
        (_, r) if r.tag() == tag => Ok(r),
        #[allow(clippy::cast_precision_loss)] // as go-yaml v2: float64(int64)
        (CoreTag::Float, Resolved::Int(i)) => Ok(Resolved::Float(i as f64)),
        (_, r) => Err(format!(
            "cannot decode {} `{text}` as a {}",
            r.tag().name(),
            tag.name()
        )),
    }
}

/// Resolves a plain, untagged scalar's text (go-yaml v2's `resolve("", in)`).
pub(super) fn resolve_plain(text: &str) -> Resolved {
    resolve_with(text, true)
}

fn resolve_with(text: &str, try_timestamp: bool) -> Resolved {
    let Some(&first) = text.as_bytes().first() else {
        return Resolved::Null;
    };
    // go-yaml v2 decides from the first byte whether the text can be anything but a string.
    if !matches!(first, b'+' | b'-' | b'0'..=b'9' | b'.') && !b"yYnNtTfFoO~".contains(&first) {
        return Resolved::Str;
    }
    if let Some(r) = keyword(text) {
        return r;
    }
    match first {
        b'.' => go_parse_float(text).map_or(Resolved::Str, Resolved::Float),
        b'+' | b'-' | b'0'..=b'9' => number(text, try_timestamp),
        _ => Resolved::Str,
    }
}

/// go-yaml v2's table of words: booleans, nulls and the special floats.
fn keyword(text: &str) -> Option<Resolved> {
    Some(match text {
        "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => {
            Resolved::Bool(true)
        }
        "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => {
            Resolved::Bool(false)
        }
        "~" | "null" | "Null" | "NULL" => Resolved::Null,
        ".nan" | ".NaN" | ".NAN" => Resolved::Float(f64::NAN),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => Resolved::Float(f64::INFINITY),
        "-.inf" | "-.Inf" | "-.INF" => Resolved::Float(f64::NEG_INFINITY),
        _ => return None,
    })
}

/// A text starting with a digit or a sign: a timestamp, then (underscores removed) an `int64`,
/// a `uint64`, a float of go-yaml's float syntax, else a string.
fn number(text: &str, try_timestamp: bool) -> Resolved {
    if try_timestamp && is_timestamp(text) {
        return Resolved::Timestamp;
    }
    let plain: String = text.chars().filter(|&c| c != '_').collect();
    if let Some(i) = go_parse_int(&plain) {
        return Resolved::Int(i);
    }
    if let Some(u) = go_parse_uint(&plain) {
        return Resolved::Uint(u);
    }
    if is_yaml_style_float(&plain) {
        // Go's ParseFloat fails (ErrRange) where the value overflows to an infinity.
        if let Ok(f) = plain.parse::<f64>()
            && f.is_finite()
        {
            return Resolved::Float(f);
        }
    }
    Resolved::Str
}

/// Go's `strconv.ParseInt(s, 0, 64)`: an optional sign, then as [`go_parse_uint`].
fn go_parse_int(s: &str) -> Option<i64> {
    let (negative, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let magnitude = go_parse_uint(digits)?;
    if negative {
        0i64.checked_sub_unsigned(magnitude)
    } else {
        i64::try_from(magnitude).ok()
    }
}

/// Go's `strconv.ParseUint(s, 0, 64)`: `0x`/`0o`/`0b` prefixes (either case), a leading `0` for
/// octal, else decimal; no sign.
fn go_parse_uint(s: &str) -> Option<u64> {
    let bytes = s.as_bytes();
    let (radix, digits) = match bytes {
        [b'0', b'x' | b'X', ..] => (16, &s[2..]),
        [b'0', b'o' | b'O', ..] => (8, &s[2..]),
        [b'0', b'b' | b'B', ..] => (2, &s[2..]),
        [b'0', _, ..] => (8, &s[1..]),
        _ => (10, s),
    };
    // `from_str_radix` would accept a leading `+`: Go does not.
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return None;
    }
    u64::from_str_radix(digits, radix).ok()
}

/// go-yaml v2's `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`.
fn is_yaml_style_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'-' | b'+')));
    let digits = |i: &mut usize| {
        let start = *i;
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i - start
    };
    if b.get(i) == Some(&b'.') {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    } else {
        if digits(&mut i) == 0 {
            return false;
        }
        if b.get(i) == Some(&b'.') {
            i += 1;
            digits(&mut i);
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'-' | b'+')) {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

/// Go's `strconv.ParseFloat(s, 64)` for a text starting with `.` (the only case go-yaml v2 hands
/// it unfiltered): `.5`, `.5e3`; an underscore only between digits; an overflow is an error.
fn go_parse_float(s: &str) -> Option<f64> {
    let b = s.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        if c == b'_' {
            let digit_at =
                |j: Option<usize>| j.and_then(|j| b.get(j)).is_some_and(u8::is_ascii_digit);
            if !digit_at(i.checked_sub(1)) || !digit_at(Some(i + 1)) {
                return None;
            }
        }
    }
    let plain: String = s.chars().filter(|&c| c != '_').collect();
    if !is_yaml_style_float(&plain) {
        return None;
    }
    plain.parse::<f64>().ok().filter(|f| f.is_finite())
}
/// Whether go-yaml v2's encoder treats `s` as a YAML 1.1 base-60 float (`1:30`, `-1:30:00.5`)
/// and so quotes it, though it reads it back as a string (`encode.go`, `isBase60Float`).
pub(super) fn is_base60_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'-' | b'+')));
    if !b.get(i).is_some_and(u8::is_ascii_digit) {
        return false;
    }
    i += 1;
    while b.get(i).is_some_and(|c| c.is_ascii_digit() || *c == b'_') {
        i += 1;
    }
    let mut groups = 0;
    while b.get(i) == Some(&b':') {
        i += 1;
        // `[0-5]?[0-9]`
        match (b.get(i), b.get(i + 1)) {
            (Some(b'0'..=b'5'), Some(c)) if c.is_ascii_digit() => i += 2,
            (Some(c), _) if c.is_ascii_digit() => i += 1,
            _ => return false,
        }
        groups += 1;
    }
    if groups == 0 {
        return false;
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        while b.get(i).is_some_and(|c| c.is_ascii_digit() || *c == b'_') {
            i += 1;
        }
    }
    i == b.len()
}
