//! `def` functions as schema and data-values files write them (`#@ def f(v):`, `#@   return
//! v > 1023`, `#@ end`) and as the `.star` files they `load()` hold them, as far as validgen
//! compiles them: a function whose body is one `return` of an expression is that
//! expression's lambda (starlark-go calls both alike: positional parameters bound in order,
//! the expression's value returned), so an annotation naming the function gets
//! `(lambda params: expression)` in its place, and both back ends run it as any lambda. Any
//! other body (`if`, `for`, assignments, several statements, `fail()` after a statement) is
//! refused, naming its line; so is a function that calls itself (starlark-go refuses
//! recursion).

/// One function: `def name(params):` with the body `return body`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Function {
    /// Its name.
    pub name: String,
    /// Its parameters, as written between the parentheses (`v, ctx`).
    pub params: String,
    /// The returned expression.
    pub body: String,
    /// The line of its `def`.
    pub line: usize,
}

/// Longest annotation text once its functions are substituted (a bound on nested calls).
pub const MAX_TEXT: usize = 64 * 1024;

/// The functions of `lines` (each line's number and its code, `#@ ` and indentation left
/// out), in order. `ends`: whether each `def` is closed by an `end` line (ytt's `#@` code);
/// in a `.star` file the next `def` or the file's end closes it too.
///
/// # Errors
/// The line and validgen's name of the construct it cannot compile: a line that is not part
/// of a `def` of one `return`, a parameter that is not a plain name.
pub fn read_functions(
    lines: &[(usize, String)],
    ends: bool,
) -> Result<Vec<Function>, (usize, String)> {
    let mut out = Vec::new();
    let mut it = lines.iter().peekable();
    while let Some((line, code)) = it.next() {
        let Some((name, params)) = def_head(code) else {
            return Err((*line, statement(code)));
        };
        if let Some(bad) = params
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .find(|p| !is_name(p))
        {
            return Err((*line, format!("the parameter `{bad}` (only plain names)")));
        }
        let body = match it.next() {
            Some((_, code)) if code.starts_with("return ") => code["return ".len()..].trim(),
            Some((l, code)) => {
                return Err((
                    *l,
                    format!(
                        "{} in the body of `{name}` (only one `return`)",
                        statement(code)
                    ),
                ));
            }
            None => return Err((*line, format!("`{name}` without a body"))),
        };
        match it.peek() {
            Some((_, code)) if code == "end" => {
                it.next();
            }
            Some((l, code)) if ends || def_head(code).is_none() => {
                return Err((
                    *l,
                    format!(
                        "{} in the body of `{name}` (only one `return`)",
                        statement(code)
                    ),
                ));
            }
            None if ends => return Err((*line, format!("`{name}` without its `end`"))),
            _ => {}
        }
        out.push(Function {
            name: name.to_owned(),
            params: params.trim().to_owned(),
            body: body.to_owned(),
            line: *line,
        });
    }
    Ok(out)
}

/// `def name(params):` split into name and parameters.
fn def_head(code: &str) -> Option<(&str, &str)> {
    let rest = code.strip_prefix("def ")?.trim_start();
    let (name, rest) = rest.split_once('(')?;
    let params = rest
        .trim_end()
        .strip_suffix(':')?
        .trim_end()
        .strip_suffix(')')?;
    is_name(name.trim()).then_some((name.trim(), params))
}

/// validgen's name of the statement `code` starts with.
fn statement(code: &str) -> String {
    let word = code
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .next()
        .unwrap_or_default();
    match word {
        "def" | "end" | "if" | "elif" | "else" | "for" | "while" | "return" | "pass" | "load"
        | "break" | "continue" => format!("`{word}` statement"),
        _ => "template code (`#@ ...`)".to_owned(),
    }
}

fn is_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_')
}

/// `text` (Starlark: an annotation's arguments) with each function of `functions` put in
/// place: a call `f(a, b)` becomes the body with each parameter replaced by its argument in
/// parentheses (the expressions are pure: starlark-go gives the same value), any other
/// mention `(lambda params: body)`, the bodies substituted in turn. A name is left alone in a
/// string, after a `.` (an attribute) and before a lone `=` (a keyword argument's name); in a
/// body, a parameter's name hides a function's.
///
/// # Errors
/// A function that calls itself, directly or through others (starlark-go refuses recursion);
/// a call with another number of arguments than the function's parameters, or to a function
/// that does not use one of its parameters (its argument would go unevaluated); a text longer
/// than [`MAX_TEXT`] once substituted.
pub fn substitute(text: &str, functions: &[Function]) -> Result<String, String> {
    let mut stack = Vec::new();
    let out = expand(&lex(text), functions, &[], &mut stack)?;
    bounded(out)
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
    functions: &[Function],
    hidden: &[&str],
    stack: &mut Vec<String>,
) -> Result<String, String> {
    let mut out = String::new();
    let mut i = 0;
    while let Some(t) = tokens.get(i) {
        let function = match t {
            Token::Name(word) if !hidden.contains(&word.as_str()) => {
                functions.iter().find(|f| f.name == *word)
            }
            _ => None,
        };
        let Some(f) = function.filter(|_| !is_attribute_or_keyword(tokens, i)) else {
            out.push_str(&text_of(std::slice::from_ref(t)));
            i += 1;
            continue;
        };
        if stack.contains(&f.name) {
            return Err(format!("the function `{}` calls itself", f.name));
        }
        let params: Vec<&str> = f
            .params
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect();
        stack.push(f.name.clone());
        let body = lex(&f.body);
        let open = tokens
            .get(i + 1..)
            .into_iter()
            .flatten()
            .position(|t| !matches!(t, Token::Char(c) if c.is_whitespace()))
            .map(|k| i + 1 + k)
            .filter(|&k| tokens.get(k) == Some(&Token::Char('(')));
        match open.and_then(|k| call_arguments(tokens, k)) {
            Some((args, next)) => {
                if args.len() != params.len() {
                    return Err(format!(
                        "`{}` called with {} arguments (it takes {})",
                        f.name,
                        args.len(),
                        params.len()
                    ));
                }
                let mut bound = Vec::new();
                for (param, arg) in params.iter().zip(&args) {
                    let used = body.iter().enumerate().any(|(k, t)| {
                        t == &Token::Name((*param).to_owned()) && !is_attribute_or_keyword(&body, k)
                    });
                    if !used {
                        return Err(format!("`{}` does not use its parameter `{param}`", f.name));
                    }
                    bound.push((*param, expand(arg, functions, hidden, stack)?));
                }
                let inner = expand(&body, functions, &params, stack)?;
                out.push('(');
                out.push_str(&bind(&lex(&inner), &bound));
                out.push(')');
                i = next;
            }
            None => {
                let inner = expand(&body, functions, &params, stack)?;
                out.push_str(&format!("(lambda {}: {inner})", f.params));
                i += 1;
            }
        }
        stack.pop();
        out = bounded(out)?;
    }
    Ok(out)
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

    fn lines(code: &[&str]) -> Vec<(usize, String)> {
        code.iter()
            .enumerate()
            .map(|(i, c)| (i + 1, (*c).to_owned()))
            .collect()
    }

    #[test]
    fn reads_one_return_functions() {
        let got = read_functions(
            &lines(&["def valid_port(v):", "return v > 1023", "end"]),
            true,
        );
        assert_eq!(
            got,
            Ok(vec![Function {
                name: "valid_port".to_owned(),
                params: "v".to_owned(),
                body: "v > 1023".to_owned(),
                line: 1,
            }])
        );
        // A `.star` file needs no `end`.
        let star = read_functions(
            &lines(&["def a(v):", "return v", "def b(v, ctx):", "return a(v)"]),
            false,
        );
        assert_eq!(star.map(|f| f.len()), Ok(2));
    }

    #[test]
    fn refuses_other_bodies_at_their_line() {
        let refused = |code: &[&str], ends| read_functions(&lines(code), ends).err();
        assert_eq!(
            refused(&["def f(v):", "if v:", "return 1", "end", "end"], true),
            Some((
                2,
                "`if` statement in the body of `f` (only one `return`)".to_owned()
            ))
        );
        assert_eq!(
            refused(&["def f(v):", "return v", "return 2", "end"], true),
            Some((
                3,
                "`return` statement in the body of `f` (only one `return`)".to_owned()
            ))
        );
        assert_eq!(
            refused(&["def f(v=1):", "return v", "end"], true),
            Some((1, "the parameter `v=1` (only plain names)".to_owned()))
        );
        assert_eq!(
            refused(&["def f(v):", "return v"], true),
            Some((1, "`f` without its `end`".to_owned()))
        );
        assert_eq!(
            refused(&["x = 1"], true),
            Some((1, "template code (`#@ ...`)".to_owned()))
        );
    }

    #[test]
    fn substitutes_names_not_strings_attributes_or_keywords() {
        let fs = read_functions(
            &lines(&[
                "def small(v):",
                "return v < 5",
                "def both(v, ctx):",
                "return small(v) and ctx.small",
                "def v(x):",
                "return x",
            ]),
            false,
        )
        .unwrap_or_default();
        assert_eq!(
            substitute(r#"("small", both), small=1, when=small"#, &fs).as_deref(),
            Ok(
                r#"("small", (lambda v, ctx: ((v) < 5) and ctx.small)), small=1, when=(lambda v: v < 5)"#
            )
        );
        let looping = read_functions(
            &lines(&["def a(v):", "return b(v)", "def b(v):", "return a(v)"]),
            false,
        )
        .unwrap_or_default();
        assert_eq!(
            substitute("a", &looping),
            Err("the function `a` calls itself".to_owned())
        );
    }

    #[test]
    fn bounds_the_substituted_text() {
        // Each function calls the one before twice: the text doubles with each.
        let mut code = vec!["def f0(v):".to_owned(), "return v".to_owned()];
        for i in 1..40 {
            code.push(format!("def f{i}(v):"));
            code.push(format!("return f{}(v) + f{}(v)", i - 1, i - 1));
        }
        let numbered: Vec<(usize, String)> = code.into_iter().enumerate().collect();
        let fs = read_functions(&numbered, false).unwrap_or_default();
        assert!(substitute("f39", &fs).is_err_and(|e| e.contains("longer than")));
    }
}
