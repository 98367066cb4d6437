//! `def` functions ([`Module`]) put in place in an annotation's text. A function whose body
//! is one `return` of an expression is that expression's lambda (starlark-go calls both
//! alike: positional parameters bound in order, the expression's value returned), so an
//! annotation naming it gets `(lambda params: expression)`, and a call `f(a, b)` the body with
//! each parameter replaced by its argument: both back ends run it as any lambda (the emitter
//! compiles it). Any other function, or a call that cannot be inlined so (another number of
//! arguments, a parameter the body ignores, defaults, a function reached again inside itself),
//! gets `$def("<module source>", "f")` ([`super::CALLEE`]), which the interpreter of
//! statements runs.

use super::{CALLEE, Module};

/// Longest annotation text once its functions are substituted (a bound on nested calls).
pub const MAX_TEXT: usize = 64 * 1024;

/// `text` (Starlark: an annotation's arguments) with each function of `module` that
/// `visible` names put in place (see the module's docs); a name is left alone in a string,
/// after a `.` (an attribute) and before a lone `=` (a keyword argument's name); in a body, a
/// parameter's name hides a function's.
///
/// # Errors
/// A text longer than [`MAX_TEXT`] once substituted.
pub fn substitute(text: &str, module: &Module, visible: &[String]) -> Result<String, String> {
    let ctx = Functions {
        module,
        source: literal(&module.source()),
    };
    let mut stack = Vec::new();
    let out = expand(&lex(text), &ctx, visible, &[], &mut stack)?;
    bounded(out)
}

/// The functions of a module, and its source as a Starlark string literal.
struct Functions<'m> {
    module: &'m Module,
    source: String,
}

/// `text` as a double-quoted Starlark string literal.
pub(crate) fn literal(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn bounded(text: String) -> Result<String, String> {
    if text.len() > MAX_TEXT {
        return Err(format!(
            "the functions' text, once substituted, is longer than {MAX_TEXT} bytes"
        ));
    }
    Ok(text)
}

/// A piece of Starlark text: a name, a whole string literal, or any other character.
#[derive(Debug, Clone, PartialEq)]
enum Token {
    Name(String),
    Text(String),
    Char(char),
}

fn lex(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        let start = i;
        if c == '"' || c == '\'' {
            i = string_end(&chars, i);
            out.push(Token::Text(
                chars.get(start..i).into_iter().flatten().collect(),
            ));
        } else if c.is_alphabetic() || c == '_' {
            while chars
                .get(i)
                .is_some_and(|c| c.is_alphanumeric() || *c == '_')
            {
                i += 1;
            }
            out.push(Token::Name(
                chars.get(start..i).into_iter().flatten().collect(),
            ));
        } else {
            out.push(Token::Char(c));
            i += 1;
        }
    }
    out
}

fn text_of(tokens: &[Token]) -> String {
    tokens
        .iter()
        .map(|t| match t {
            Token::Name(s) | Token::Text(s) => s.clone(),
            Token::Char(c) => c.to_string(),
        })
        .collect()
}

/// Whether the name at `i` is an attribute (after `.`) or a keyword argument's name (before a
/// lone `=`).
fn is_attribute_or_keyword(tokens: &[Token], i: usize) -> bool {
    let blank = |t: &&Token| matches!(t, Token::Char(c) if c.is_whitespace());
    let before = tokens
        .get(..i)
        .and_then(|b| b.iter().rev().find(|t| !blank(t)));
    let mut after = tokens
        .get(i + 1..)
        .into_iter()
        .flatten()
        .filter(|t| !blank(t));
    let keyword =
        after.next() == Some(&Token::Char('=')) && after.next() != Some(&Token::Char('='));
    before == Some(&Token::Char('.')) || keyword
}

/// The arguments of the call whose `(` is at `open` (each argument's tokens, split at the
/// commas outside brackets) and the index after its `)`; `None` when unclosed.
fn call_arguments(tokens: &[Token], open: usize) -> Option<(Vec<Vec<Token>>, usize)> {
    let mut depth = 0usize;
    let mut args = vec![Vec::new()];
    for (i, t) in tokens.iter().enumerate().skip(open) {
        match t {
            Token::Char('(' | '[' | '{') => {
                depth += 1;
                if depth == 1 {
                    continue;
                }
            }
            Token::Char(')' | ']' | '}') => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    if args.last().is_some_and(|a| {
                        a.iter()
                            .all(|t| matches!(t, Token::Char(c) if c.is_whitespace()))
                    }) {
                        args.pop();
                    }
                    return Some((args, i + 1));
                }
            }
            Token::Char(',') if depth == 1 => {
                args.push(Vec::new());
                continue;
            }
            _ => {}
        }
        args.last_mut()?.push(t.clone());
    }
    None
}

fn expand(
    tokens: &[Token],
    fs: &Functions<'_>,
    visible: &[String],
    hidden: &[&str],
    stack: &mut Vec<String>,
) -> Result<String, String> {
    let mut out = String::new();
    let mut i = 0;
    while let Some(t) = tokens.get(i) {
        let name = match t {
            Token::Name(word)
                if !hidden.contains(&word.as_str())
                    && visible.contains(word)
                    && !is_attribute_or_keyword(tokens, i) =>
            {
                word
            }
            _ => {
                out.push_str(&text_of(std::slice::from_ref(t)));
                i += 1;
                continue;
            }
        };
        let open = tokens
            .get(i + 1..)
            .into_iter()
            .flatten()
            .position(|t| !matches!(t, Token::Char(c) if c.is_whitespace()))
            .map(|k| i + 1 + k)
            .filter(|&k| tokens.get(k) == Some(&Token::Char('(')));
        let call = open.and_then(|k| call_arguments(tokens, k));
        let inline = fs
            .module
            .as_expression(name)
            .filter(|_| !stack.contains(name));
        let all: Vec<String> = fs.module.names().map(str::to_owned).collect();
        match (inline, call) {
            (Some((params, body)), Some((args, next)))
                if args.len() == params.len() && uses_all(&lex(body), &params) =>
            {
                stack.push(name.clone());
                let mut bound = Vec::new();
                for (param, arg) in params.iter().zip(&args) {
                    bound.push((*param, expand(arg, fs, visible, hidden, stack)?));
                }
                let inner = expand(&lex(body), fs, &all, &params, stack)?;
                stack.pop();
                out.push('(');
                out.push_str(&bind(&lex(&inner), &bound));
                out.push(')');
                i = next;
            }
            (Some((params, body)), None) => {
                stack.push(name.clone());
                let inner = expand(&lex(body), fs, &all, &params, stack)?;
                stack.pop();
                out.push_str(&format!("(lambda {}: {inner})", params.join(", ")));
                i += 1;
            }
            _ => {
                out.push_str(&format!("{CALLEE}({}, \"{name}\")", fs.source));
                i += 1;
            }
        }
        out = bounded(out)?;
    }
    Ok(out)
}

/// Whether the body `tokens` uses each of `params` (else its argument would go unevaluated
/// once inlined).
fn uses_all(tokens: &[Token], params: &[&str]) -> bool {
    params.iter().all(|param| {
        tokens.iter().enumerate().any(|(k, t)| {
            t == &Token::Name((*param).to_owned()) && !is_attribute_or_keyword(tokens, k)
        })
    })
}

/// `tokens` with each parameter of `bound` replaced by its argument in parentheses.
fn bind(tokens: &[Token], bound: &[(&str, String)]) -> String {
    let mut out = String::new();
    for (i, t) in tokens.iter().enumerate() {
        match t {
            Token::Name(word) if !is_attribute_or_keyword(tokens, i) => {
                match bound.iter().find(|(p, _)| p == word) {
                    Some((_, arg)) => out.push_str(&format!("({})", arg.trim())),
                    None => out.push_str(word),
                }
            }
            other => out.push_str(&text_of(std::slice::from_ref(other))),
        }
    }
    out
}

/// The index after the string literal starting at `start` (its quote), or the text's end.
fn string_end(chars: &[char], start: usize) -> usize {
    let Some(&quote) = chars.get(start) else {
        return start;
    };
    let mut i = start + 1;
    while let Some(&c) = chars.get(i) {
        i += 1;
        if c == '\\' {
            i += 1;
        } else if c == quote {
            break;
        }
    }
    i.min(chars.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn module(code: &[&str]) -> Module {
        let lines = code
            .iter()
            .enumerate()
            .map(|(i, c)| (i + 1, (*c).to_owned()))
            .collect();
        let m = Module::from_lines("schema.yml", lines, &[]);
        assert!(m.is_ok(), "{m:?}");
        m.unwrap_or_else(|_| unreachable!())
    }

    fn all(m: &Module) -> Vec<String> {
        m.names().map(str::to_owned).collect()
    }

    #[test]
    fn inlines_one_return_functions_not_strings_attributes_or_keywords() {
        let m = module(&[
            "def small(v):",
            "return v < 5",
            "end",
            "def both(v, ctx):",
            "return small(v) and ctx.small",
            "end",
        ]);
        assert_eq!(
            substitute(r#"("small", both), small=1, when=small"#, &m, &all(&m)).as_deref(),
            Ok(
                r#"("small", (lambda v, ctx: ((v) < 5) and ctx.small)), small=1, when=(lambda v: v < 5)"#
            )
        );
    }

    #[test]
    fn other_functions_go_to_the_interpreter() {
        let m = module(&["def f(v, unused):", "return v > 1", "end"]);
        let got = substitute("lambda v: f(v, 2)", &m, &all(&m)).unwrap_or_default();
        assert!(got.starts_with("lambda v: $def(\""), "{got}");
        assert!(got.ends_with("\"f\")(v, 2)"), "{got}");
        let looping = module(&["def a(v):", "return a(v)", "end"]);
        assert!(
            substitute("a", &looping, &all(&looping))
                .is_ok_and(|t| t.starts_with("(lambda v: $def("))
        );
    }

    #[test]
    fn bounds_the_substituted_text() {
        // Each function calls the one before twice: inlined, the text doubles with each.
        let mut code = vec![
            "def f0(v):".to_owned(),
            "return v".to_owned(),
            "end".to_owned(),
        ];
        for i in 1..40 {
            code.push(format!("def f{i}(v):"));
            code.push(format!("return f{}(v) and f{}(v)", i - 1, i - 1));
            code.push("end".to_owned());
        }
        let refs: Vec<&str> = code.iter().map(String::as_str).collect();
        let m = module(&refs);
        assert!(substitute("f39", &m, &all(&m)).is_err_and(|e| e.contains("longer than")));
    }
}
