//! Code lines into functions, as ytt's block scanner reads them (`syntax/block_scanner.go` of
//! the k14s starlark-go fork): a line ending in `:` opens a block, `end` closes it (one `end`
//! for an `if` with its `elif`s and `else`), indentation does not count.

use super::super::error::ArgumentsError;
use super::super::lexer::Kind;
use super::super::modules::standard_load;
use super::super::parser::{Parser, parse_code};
use super::super::syntax::Node;
use super::{Def, Global, LoadError, Stmt};

/// What the top of a file holds: its functions, its global variables and the standard
/// modules it loads.
#[derive(Default)]
pub(super) struct Top {
    pub defs: Vec<Def>,
    pub globals: Vec<Global>,
    pub modules: Vec<String>,
}

/// The functions, global assignments (`checks = [a, b]`) and `load()`s of `lines`; a
/// `load()` of a `.star` file is left to the caller (it names what it binds).
///
/// # Errors
/// The line and its error.
pub(super) fn read(lines: &[(usize, String)]) -> Result<Top, LoadError> {
    let mut top = Top::default();
    let mut at = 0;
    while let Some((line, code)) = lines.get(at) {
        if first_word(code) == "load" {
            if let Some(module) = standard_load(code) {
                top.modules.push(module.to_owned());
            } else if !code.contains(".star") {
                return Err((
                    *line,
                    "a load() other than of a `.star` file or `load(\"@ytt:<m>\", \"<m>\")`"
                        .to_owned(),
                ));
            }
            at += 1;
            continue;
        }
        if first_word(code) != "def" {
            let global = parse_code(code, |p| global(p, *line)).map_err(|e| (*line, text(&e)))?;
            top.globals.push(global);
            at += 1;
            continue;
        }
        let (name, params) = parse_code(code, def_head).map_err(|e| (*line, text(&e)))?;
        let (body, end) = block(lines, at + 1)?;
        let next = closed(lines, at + 1, end, *line)?;
        top.defs.push(Def {
            name,
            params,
            locals: Vec::new(),
            body,
            line: *line,
        });
        at = next;
    }
    Ok(top)
}

/// `name = expression` at the top of a file.
fn global(p: &mut Parser, line: usize) -> Result<Global, ArgumentsError> {
    if p.kind() != Kind::Ident {
        return Err(ArgumentsError::unsupported(
            "code at the top of a file other than `def`, `load()` and `name = value`",
        ));
    }
    let name = p.ident()?;
    if !p.is("=") {
        return Err(ArgumentsError::unsupported(
            "code at the top of a file other than `def`, `load()` and `name = value`",
        ));
    }
    p.advance()?;
    let value = p.expr(false)?;
    Ok(Global { name, value, line })
}

fn first_word(code: &str) -> &str {
    code.trim_start()
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .next()
        .unwrap_or_default()
}

/// The line closing a block (its number and word: `end`, `elif`, `else`); `None` at the end
/// of the lines.
type Closing = Option<(usize, &'static str)>;

/// A function's name and parameters (with their defaults).
type Head = (String, Vec<(String, Option<Node>)>);

/// The statements from `at` up to the line closing the block (`end`, `elif`, `else`), and
/// that line (its number and word); `None` at the end of the lines.
fn block(lines: &[(usize, String)], mut at: usize) -> Result<(Vec<Stmt>, Closing), LoadError> {
    let mut out = Vec::new();
    while let Some((line, code)) = lines.get(at) {
        let line = *line;
        let located = |e: ArgumentsError| (line, text(&e));
        match first_word(code) {
            "end" => {
                parse_code(code, |p| keyword_alone(p, "end")).map_err(located)?;
                return Ok((out, Some((line, "end"))));
            }
            "elif" => return Ok((out, Some((line, "elif")))),
            "else" => return Ok((out, Some((line, "else")))),
            "def" => return Err((line, "a `def` inside a function".to_owned())),
            "load" => return Err((line, "load() inside a function".to_owned())),
            "while" => return Err((line, "while loops are not allowed".to_owned())),
            "pass" => {
                return Err((
                    line,
                    "use of reserved keyword 'pass' is not allowed".to_owned(),
                ));
            }
            "if" => {
                let (stmt, next) = if_chain(lines, at)?;
                out.push(stmt);
                at = next;
                continue;
            }
            "for" => {
                let (vars, iter) = parse_code(code, for_head).map_err(located)?;
                let (body, end) = block(lines, at + 1)?;
                let next = closed(lines, at + 1, end, line)?;
                out.push(Stmt::For {
                    vars,
                    iter,
                    body,
                    line,
                });
                at = next;
                continue;
            }
            "return" => {
                let x = parse_code(code, |p| {
                    p.advance()?;
                    if p.kind() == Kind::Newline {
                        Ok(None)
                    } else {
                        p.expr(false).map(Some)
                    }
                })
                .map_err(located)?;
                let text = code
                    .trim()
                    .strip_prefix("return")
                    .unwrap_or_default()
                    .trim();
                out.push(Stmt::Return {
                    x,
                    text: text.to_owned(),
                    line,
                });
            }
            "break" => {
                parse_code(code, |p| keyword_alone(p, "break")).map_err(located)?;
                out.push(Stmt::Break { line });
            }
            "continue" => {
                parse_code(code, |p| keyword_alone(p, "continue")).map_err(located)?;
                out.push(Stmt::Continue { line });
            }
            _ => out.push(parse_code(code, |p| simple(p, line)).map_err(located)?),
        }
        at += 1;
    }
    Ok((out, None))
}

/// An `if` with its `elif`s and `else` from `at`, and the index after its `end`.
fn if_chain(lines: &[(usize, String)], at: usize) -> Result<(Stmt, usize), LoadError> {
    let Some((line, code)) = lines.get(at) else {
        return Err((0, "no line".to_owned()));
    };
    let line = *line;
    let cond = parse_code(code, header).map_err(|e| (line, text(&e)))?;
    let (then, end) = block(lines, at + 1)?;
    let after_then = position(lines, end, at + 1);
    let (otherwise, next) = match end {
        Some((_, "elif")) => {
            let (stmt, next) = if_chain(lines, after_then)?;
            (vec![stmt], next)
        }
        Some((l, "else")) => {
            let else_code = lines.get(after_then).map(|(_, c)| c.as_str()).unwrap_or("");
            parse_code(else_code, |p| {
                p.advance()?;
                p.consume(":").map(|_| ())
            })
            .map_err(|e| (l, text(&e)))?;
            let (body, end) = block(lines, after_then + 1)?;
            let next = closed(lines, after_then + 1, end, l)?;
            (body, next)
        }
        Some((_, _)) => (Vec::new(), after_then + 1),
        None => return Err((line, mismatched())),
    };
    Ok((
        Stmt::If {
            cond,
            then,
            otherwise,
            line,
        },
        next,
    ))
}

fn mismatched() -> String {
    "mismatched set of block openings (if/else/elif/for/def) and closing (end)".to_owned()
}

/// The index of the line `end` names, searching from `from`.
fn position(lines: &[(usize, String)], end: Option<(usize, &str)>, from: usize) -> usize {
    let Some((l, _)) = end else {
        return lines.len();
    };
    lines
        .iter()
        .skip(from)
        .position(|(n, _)| *n == l)
        .map_or(lines.len(), |k| from + k)
}

/// The index after a block that must close with `end`.
fn closed(
    lines: &[(usize, String)],
    from: usize,
    end: Option<(usize, &str)>,
    opened: usize,
) -> Result<usize, LoadError> {
    match end {
        Some((_, "end")) => Ok(position(lines, end, from) + 1),
        Some((l, word)) => Err((l, format!("`{word}` without its `if`"))),
        None => Err((opened, mismatched())),
    }
}

/// starlark-go's text of a syntax error, or validgen's refusal.
fn text(e: &ArgumentsError) -> String {
    e.message.clone()
}

fn keyword_alone(p: &mut Parser, word: &str) -> Result<(), ArgumentsError> {
    if !(p.is_keyword(word) || (word == "end" && p.kind() == Kind::Ident)) {
        return Err(ArgumentsError::syntax(1, format!("want {word}")));
    }
    p.advance().map(|_| ())
}

/// `def name(params):`.
fn def_head(p: &mut Parser) -> Result<Head, ArgumentsError> {
    if !p.is_keyword("def") {
        return Err(ArgumentsError::unsupported(
            "code outside a `def` (validgen runs functions only)",
        ));
    }
    p.advance()?;
    let name = p.ident()?;
    p.consume("(")?;
    let params = p.params()?;
    p.consume(")")?;
    p.consume(":")?;
    params
        .into_iter()
        .map(|param| match (param.name, param.star) {
            (Some(name), None) => Ok((name, param.default)),
            (_, star) => Err(ArgumentsError::unsupported(format!(
                "the parameter {}",
                star.unwrap_or("*")
            ))),
        })
        .collect::<Result<_, _>>()
        .map(|params| (name, params))
}

/// `if x:` / `elif x:`: the condition.
fn header(p: &mut Parser) -> Result<Node, ArgumentsError> {
    p.advance()?;
    let cond = p.expr(false)?;
    p.consume(":")?;
    Ok(cond)
}

/// `for a, b in x:`: the variables and the iterated expression (starlark-go
/// `parseForLoopVariables`).
fn for_head(p: &mut Parser) -> Result<(Node, Node), ArgumentsError> {
    p.advance()?;
    let mut vars = vec![p.primary_with_suffix()?];
    while p.is(",") {
        p.advance()?;
        if p.is_keyword("in") {
            break;
        }
        vars.push(p.primary_with_suffix()?);
    }
    if !p.is_keyword("in") {
        return Err(ArgumentsError::syntax(
            1,
            format!("got {}, want in", p.kind().name()),
        ));
    }
    p.advance()?;
    let iter = p.expr(false)?;
    p.consume(":")?;
    let vars = if vars.len() == 1 {
        vars.remove(0)
    } else {
        Node::Tuple(vars)
    };
    Ok((vars, iter))
}

/// An expression statement or an assignment.
fn simple(p: &mut Parser, line: usize) -> Result<Stmt, ArgumentsError> {
    let x = p.expr(false)?;
    let op = match p.kind() {
        Kind::Punct("=") => None,
        Kind::Punct(op @ ("+=" | "-=" | "*=" | "/=" | "//=" | "%=")) => {
            Some(op.trim_end_matches('='))
        }
        Kind::Punct(op @ ("&=" | "|=" | "^=" | "<<=" | ">>=")) => {
            return Err(ArgumentsError::unsupported(format!("the operator {op}")));
        }
        _ => return Ok(Stmt::Expr { x, line }),
    };
    p.advance()?;
    let value = p.expr(false)?;
    Ok(Stmt::Assign {
        target: x,
        op,
        value,
        line,
    })
}
