//! `load()` of ytt's standard library (`#@ load("@ytt:overlay", "overlay")`), which real
//! schema and data-values files carry at the top even where no annotation uses it. The
//! modules are ytt 0.48's (`pkg/yttlibrary/all.go` `NewAPI`, with the `toml` extension the
//! `ytt` command registers); each exports a value of its own name.

/// ytt 0.48's standard modules, `@ytt:<name>`.
pub const STANDARD_MODULES: [&str; 18] = [
    "assert", "base64", "data", "ip", "json", "library", "math", "md5", "module", "overlay",
    "regexp", "sha256", "struct", "template", "toml", "url", "version", "yaml",
];

/// The module that a code line loads when it is exactly `load("@ytt:<m>", "<m>")` for a
/// standard module `m` (the only form validgen reads: it binds one known name).
pub fn standard_load(code: &str) -> Option<&'static str> {
    let inner = code.trim().strip_prefix("load")?.trim_start();
    let inner = inner.strip_prefix('(')?.strip_suffix(')')?;
    let args: Vec<&str> = inner.split(',').map(str::trim).collect();
    let [module, symbol] = args.as_slice() else {
        return None;
    };
    let unquote = |s: &str| {
        s.strip_prefix('"')
            .and_then(|s| s.strip_suffix('"'))
            .or_else(|| s.strip_prefix('\'').and_then(|s| s.strip_suffix('\'')))
            .map(str::to_owned)
    };
    let name = unquote(module)?.strip_prefix("@ytt:")?.to_owned();
    let found = STANDARD_MODULES.iter().find(|m| **m == name)?;
    (unquote(symbol)? == name).then_some(found)
}

/// Whether the Starlark text `code` uses the name `name` (outside string literals).
pub fn mentions(code: &str, name: &str) -> bool {
    let mut word = String::new();
    let mut quotes = super::lines::Quotes::default();
    for c in code.chars().chain(std::iter::once(' ')) {
        if quotes.inside(c) {
            continue;
        }
        if c.is_alphanumeric() || c == '_' {
            word.push(c);
            continue;
        }
        if word == name {
            return true;
        }
        word.clear();
        quotes.open(c);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_standard_loads_only() {
        assert_eq!(
            standard_load(r#"load("@ytt:overlay", "overlay")"#),
            Some("overlay")
        );
        assert_eq!(
            standard_load(r#" load('@ytt:data', 'data') "#),
            Some("data")
        );
        assert_eq!(standard_load(r#"load("@ytt:overlay", "o")"#), None);
        assert_eq!(standard_load(r#"load("@ytt:nope", "nope")"#), None);
        assert_eq!(standard_load(r#"load("rules.star", "rules")"#), None);
        assert_eq!(standard_load("def f(v):"), None);
    }

    #[test]
    fn finds_names_outside_strings() {
        assert!(mentions("by=overlay.subset({})", "overlay"));
        assert!(!mentions(r#"one_of=["overlay"]"#, "overlay"));
        assert!(!mentions("overlays=1", "overlay"));
        assert!(mentions(r#"x="a\"b", y=data.values"#, "data"));
    }
}
