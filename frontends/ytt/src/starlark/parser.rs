//! The parser of an annotation's argument list: starlark-go's expression grammar and error
//! texts (`syntax/parse.go` of the k14s fork ytt 0.48 vendors), inside the call ytt generates
//! for the annotation (see [`super::lexer`]).

use super::error::{ArgumentsError, unsupported};
use super::lexer::{Kind, Lexer, Token};
use super::syntax::{Arg, Node, Param};

/// Deepest nesting of brackets and unary operators accepted (starlark-go has no limit; this
/// bounds the recursion of the parser and of everything that walks the tree).
pub(crate) const MAX_DEPTH: usize = 64;

/// Longest argument text accepted (ytt rules are far shorter; this bounds the quadratic
/// duplicate-key check of dict displays).
pub(crate) const MAX_TEXT: usize = 16 * 1024;

/// Operators by precedence level, lowest first (starlark-go `preclevels`).
const LEVELS: [&[&str]; 10] = [
    &["or"],
    &["and"],
    &["not"],
    &["==", "!=", "<", ">", "<=", ">=", "in", "not in"],
    &["|"],
    &["^"],
    &["&"],
    &["<<", ">>"],
    &["-", "+"],
    &["*", "%", "/", "//"],
];

/// The level of `not` (unary).
const NOT_LEVEL: usize = 2;
/// The level of comparisons, which do not associate.
const COMPARE_LEVEL: usize = 3;

/// Parses an annotation's argument text into its arguments.
///
/// # Errors
/// starlark-go's syntax errors; refusals of comprehensions, `load`, `def`, and of text that
/// closes the generated call early.
pub(crate) fn parse_arguments(text: &str) -> Result<Vec<Arg>, ArgumentsError> {
    if text.len() - callee_sources(text) > MAX_TEXT {
        return Err(unsupported(
            1,
            format!("annotation arguments longer than {MAX_TEXT} bytes"),
        ));
    }
    parse(text).map_err(|mut e| {
        // ytt's hints that look at the source line (`compiled_template_error.go` `hintMsg`).
        e.hint = match e.message.as_str() {
            "got '&', want primary expression" if text.contains("&&") => {
                Some("use 'and' instead of '&&' for logical-and")
            }
            "got '|', want primary expression" if text.contains("||") => {
                Some("use 'or' instead of '||' for logical-or")
            }
            _ => e.hint,
        };
        e
    })
}

/// The bytes of the module sources `$def("...", ...)` carries (bounded where they are put in
/// place, [`super::functions::MAX_TEXT`]), which the bound on an annotation's own text leaves
/// out.
fn callee_sources(text: &str) -> usize {
    let marker = format!("{}(\"", super::CALLEE);
    let mut total = 0;
    let mut rest = text;
    while let Some(at) = rest.find(&marker) {
        let body = &rest[at + marker.len()..];
        let mut end = body.len();
        let mut escaped = false;
        for (i, c) in body.char_indices() {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => {
                    end = i;
                    break;
                }
                _ => {}
            }
        }
        total += end;
        rest = body.get(end..).unwrap_or_default();
    }
    total
}

fn parse(text: &str) -> Result<Vec<Arg>, ArgumentsError> {
    let mut p = Parser::over(Lexer::new(text))?;
    let args = if p.is(")") { Vec::new() } else { p.args()? };
    // The generated call collecting the arguments, then the one starting the annotation.
    p.consume(")")?;
    if p.is(",") {
        return Err(unsupported(p.tok.col, "unbalanced ')'"));
    }
    if !p.is(")") {
        p.consume(",")?;
    }
    p.consume(")")?;
    if p.tok.kind != Kind::Newline {
        return Err(unsupported(p.tok.col, "unbalanced ')'"));
    }
    Ok(args)
}

/// Parses one code line (a statement of a `def`) with `f`, which must consume it up to its
/// end.
///
/// # Errors
/// starlark-go's syntax errors, or `f`'s.
pub(crate) fn parse_code<T>(
    text: &str,
    f: impl FnOnce(&mut Parser) -> Result<T, ArgumentsError>,
) -> Result<T, ArgumentsError> {
    let mut p = Parser::over(Lexer::code(text))?;
    let out = f(&mut p)?;
    if p.tok.kind != Kind::Newline {
        return Err(p.error(format!("got {}, want newline", p.tok.kind.name())));
    }
    Ok(out)
}

pub(crate) struct Parser {
    lexer: Lexer,
    tok: Token,
    depth: usize,
}

impl Parser {
    /// A parser at the first token of `lexer`.
    fn over(mut lexer: Lexer) -> Result<Self, ArgumentsError> {
        let tok = lexer.next_token()?;
        Ok(Parser {
            lexer,
            tok,
            depth: 0,
        })
    }

    /// The current token's kind.
    pub(crate) fn kind(&self) -> Kind {
        self.tok.kind
    }

    pub(crate) fn is(&self, punct: &str) -> bool {
        matches!(self.tok.kind, Kind::Punct(p) if p == punct)
    }

    pub(crate) fn is_keyword(&self, word: &str) -> bool {
        matches!(self.tok.kind, Kind::Keyword(k) if k == word)
    }

    /// Moves to the next token, returning the current one.
    pub(crate) fn advance(&mut self) -> Result<Token, ArgumentsError> {
        let next = self.lexer.next_token()?;
        Ok(std::mem::replace(&mut self.tok, next))
    }

    fn error(&self, message: String) -> ArgumentsError {
        ArgumentsError::syntax(self.tok.col, message)
    }

    pub(crate) fn consume(&mut self, punct: &'static str) -> Result<Token, ArgumentsError> {
        if !self.is(punct) {
            return Err(self.error(format!(
                "got {}, want {}",
                self.tok.kind.name(),
                Kind::Punct(punct).name()
            )));
        }
        self.advance()
    }

    /// Runs `f` one nesting level deeper, refusing nesting beyond [`MAX_DEPTH`].
    fn nested<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, ArgumentsError>,
    ) -> Result<T, ArgumentsError> {
        if self.depth >= MAX_DEPTH {
            return Err(unsupported(
                self.tok.col,
                format!("expressions nested deeper than {MAX_DEPTH} levels"),
            ));
        }
        self.depth += 1;
        let result = f(self);
        self.depth -= 1;
        result
    }

    /// `arg_list` up to a `)` (starlark-go `parseArgs`).
    fn args(&mut self) -> Result<Vec<Arg>, ArgumentsError> {
        let mut args = Vec::new();
        let mut stars = false;
        while !self.is(")") && self.tok.kind != Kind::Eof {
            if !args.is_empty() {
                self.consume(",")?;
            }
            if self.is(")") {
                if stars {
                    return Err(self.error(format!("got {}, want argument", self.tok.kind.name())));
                }
                break;
            }
            let col = self.tok.col;
            if self.is("*") || self.is("**") {
                stars = true;
                let star = match self.advance()?.kind {
                    Kind::Punct("**") => "**",
                    _ => "*",
                };
                let value = self.test()?;
                args.push(Arg {
                    name: None,
                    star: Some(star),
                    value,
                    col,
                });
                continue;
            }
            let x = self.test()?;
            if self.is("=") {
                let Node::Name {
                    name,
                    col: name_col,
                } = x
                else {
                    return Err(self.error("keyword argument must have form name=expr".to_owned()));
                };
                self.advance()?;
                let value = self.test()?;
                args.push(Arg {
                    name: Some((name, name_col)),
                    star: None,
                    value,
                    col,
                });
            } else {
                args.push(Arg {
                    name: None,
                    star: None,
                    value: x,
                    col,
                });
            }
        }
        Ok(args)
    }

    /// `test` or a tuple of them (starlark-go `parseExpr`).
    pub(crate) fn expr(&mut self, in_parens: bool) -> Result<Node, ArgumentsError> {
        let x = self.test()?;
        if !self.is(",") {
            return Ok(x);
        }
        let mut items = vec![x];
        while self.is(",") {
            let comma = self.advance()?;
            if self.terminates_list() {
                if !in_parens {
                    return Err(ArgumentsError::syntax(
                        comma.col,
                        "unparenthesized tuple with trailing comma",
                    ));
                }
                break;
            }
            items.push(self.test()?);
        }
        Ok(Node::Tuple(items))
    }

    fn terminates_list(&self) -> bool {
        matches!(self.tok.kind, Kind::Eof | Kind::Newline)
            || ["=", "}", "]", ")", ";"].iter().any(|p| self.is(p))
    }

    /// A single-component expression (starlark-go `parseTest`).
    pub(crate) fn test(&mut self) -> Result<Node, ArgumentsError> {
        if self.is_keyword("lambda") {
            return self.lambda(true);
        }
        let x = self.test_prec(0)?;
        if self.is_keyword("if") {
            let col = self.advance()?.col;
            let cond = self.test_prec(0)?;
            if !self.is_keyword("else") {
                return Err(ArgumentsError::syntax(
                    col,
                    "conditional expression without else clause",
                ));
            }
            self.advance()?;
            let otherwise = self.nested(Self::test)?;
            return Ok(Node::Cond {
                then: Box::new(x),
                cond: Box::new(cond),
                otherwise: Box::new(otherwise),
                col,
            });
        }
        Ok(x)
    }

    fn lambda(&mut self, allow_cond: bool) -> Result<Node, ArgumentsError> {
        let col = self.advance()?.col;
        let mut params = Vec::new();
        if !self.is(":") {
            params = self.params()?;
        }
        self.consume(":")?;
        let body = self.nested(|p| {
            if allow_cond {
                p.test()
            } else if p.is_keyword("lambda") {
                p.lambda(false)
            } else {
                p.test_prec(0)
            }
        })?;
        Ok(Node::Lambda {
            params,
            body: Box::new(body),
            col,
        })
    }

    /// A lambda's parameters (starlark-go `parseParams`).
    pub(crate) fn params(&mut self) -> Result<Vec<Param>, ArgumentsError> {
        let mut params = Vec::new();
        let mut stars = false;
        while !self.is(")") && !self.is(":") && self.tok.kind != Kind::Eof {
            if !params.is_empty() {
                self.consume(",")?;
            }
            if self.is(")") {
                if stars {
                    return Err(self.error(format!("got {}, want parameter", self.tok.kind.name())));
                }
                break;
            }
            let col = self.tok.col;
            if self.is("*") || self.is("**") {
                stars = true;
                let star = match self.advance()?.kind {
                    Kind::Punct("**") => "**",
                    _ => "*",
                };
                let name = if star == "**" || self.tok.kind == Kind::Ident {
                    Some(self.ident()?)
                } else {
                    None
                };
                params.push(Param {
                    name,
                    star: Some(star),
                    default: None,
                    col,
                });
                continue;
            }
            let name = self.ident()?;
            let default = if self.is("=") {
                self.advance()?;
                Some(self.test()?)
            } else {
                None
            };
            params.push(Param {
                name: Some(name),
                star: None,
                default,
                col,
            });
        }
        Ok(params)
    }

    pub(crate) fn ident(&mut self) -> Result<String, ArgumentsError> {
        match self.tok.kind {
            Kind::Ident => Ok(self.advance()?.text),
            Kind::Keyword(_) | Kind::Illegal => Err(self.error(format!(
                "use of reserved keyword '{}' is not allowed (expected identifier)",
                self.tok.text
            ))),
            _ => Err(self.error("not an identifier".to_owned())),
        }
    }

    /// The operator at the current token and its level, if it is a binary operator.
    fn binary_op(&self) -> Option<(&'static str, usize)> {
        let text = match self.tok.kind {
            Kind::Punct(p) => p,
            Kind::Keyword(k) => k,
            _ => return None,
        };
        LEVELS
            .iter()
            .enumerate()
            .find_map(|(level, ops)| ops.iter().find(|op| **op == text).map(|op| (*op, level)))
    }

    fn test_prec(&mut self, prec: usize) -> Result<Node, ArgumentsError> {
        if prec >= LEVELS.len() {
            return self.primary_with_suffix();
        }
        if prec == NOT_LEVEL && self.is_keyword("not") {
            let col = self.advance()?.col;
            let x = self.nested(|p| p.test_prec(prec))?;
            return Ok(Node::Unary {
                op: "not",
                x: Box::new(x),
                col,
            });
        }
        self.binop(prec)
    }

    /// `test (OP test)*` by precedence climbing (starlark-go `parseBinopExpr`).
    fn binop(&mut self, prec: usize) -> Result<Node, ArgumentsError> {
        let base = self.depth;
        let result = self.binop_chain(prec);
        self.depth = base;
        result
    }

    /// A chain `a op b op c` nests to the left: each operator counts as one nesting level.
    fn binop_chain(&mut self, prec: usize) -> Result<Node, ArgumentsError> {
        let mut x = self.test_prec(prec + 1)?;
        let mut first = true;
        loop {
            if self.is_keyword("not") {
                self.advance()?;
                if !self.is_keyword("in") {
                    return Err(self.error(format!("got {}, want in", self.tok.kind.name())));
                }
                self.tok.kind = Kind::Keyword("not in");
            }
            let Some((op, level)) = self.binary_op() else {
                return Ok(x);
            };
            if level < prec {
                return Ok(x);
            }
            if !first && level == COMPARE_LEVEL {
                let previous = match &x {
                    Node::Binary { op, .. } => *op,
                    _ => "?",
                };
                return Err(self.error(format!(
                    "{previous} does not associate with {op} (use parens)"
                )));
            }
            if self.depth >= MAX_DEPTH {
                return Err(unsupported(
                    self.tok.col,
                    format!("expressions nested deeper than {MAX_DEPTH} levels"),
                ));
            }
            self.depth += 1;
            let col = self.advance()?.col;
            let y = self.test_prec(level + 1)?;
            x = Node::Binary {
                op,
                x: Box::new(x),
                y: Box::new(y),
                col,
            };
            first = false;
        }
    }

    pub(crate) fn primary_with_suffix(&mut self) -> Result<Node, ArgumentsError> {
        let mut x = self.nested(Self::primary)?;
        loop {
            if self.is(".") {
                let col = self.advance()?.col;
                let name = self.ident()?;
                x = Node::Dot {
                    x: Box::new(x),
                    name,
                    col,
                };
            } else if self.is("[") {
                x = self.slice_suffix(x)?;
            } else if self.is("(") {
                let col = self.advance()?.col;
                let args = if self.is(")") {
                    Vec::new()
                } else {
                    self.nested(Self::args)?
                };
                self.consume(")")?;
                x = Node::Call {
                    func: Box::new(x),
                    args,
                    col,
                };
            } else {
                return Ok(x);
            }
        }
    }

    fn slice_suffix(&mut self, x: Node) -> Result<Node, ArgumentsError> {
        let col = self.advance()?.col;
        let mut parts = Vec::new();
        if !self.is(":") {
            let y = self.nested(|p| p.expr(false))?;
            if self.is("]") {
                self.advance()?;
                return Ok(Node::Index {
                    x: Box::new(x),
                    key: Box::new(y),
                    col,
                });
            }
            parts.push(y);
        }
        if self.is(":") {
            self.advance()?;
            if !self.is(":") && !self.is("]") {
                parts.push(self.nested(Self::test)?);
            }
        }
        if self.is(":") {
            self.advance()?;
            if !self.is("]") {
                parts.push(self.nested(Self::test)?);
            }
        }
        self.consume("]")?;
        Ok(Node::Slice {
            x: Box::new(x),
            parts,
            col,
        })
    }

    fn primary(&mut self) -> Result<Node, ArgumentsError> {
        let col = self.tok.col;
        match self.tok.kind {
            Kind::Ident => {
                let name = self.advance()?.text;
                Ok(Node::Name { name, col })
            }
            Kind::Int => Ok(Node::Int(self.advance()?.int)),
            Kind::Float => Ok(Node::Float(self.advance()?.float)),
            Kind::Str => Ok(Node::Str(self.advance()?.text)),
            Kind::Punct("[") => self.list(),
            Kind::Punct("{") => self.dict(),
            Kind::Punct("(") => {
                self.advance()?;
                if self.is(")") {
                    self.advance()?;
                    return Ok(Node::Tuple(Vec::new()));
                }
                let e = self.expr(true)?;
                self.consume(")")?;
                Ok(e)
            }
            Kind::Punct(op @ ("-" | "+" | "~")) => {
                self.advance()?;
                let x = self.primary_with_suffix()?;
                Ok(Node::Unary {
                    op,
                    x: Box::new(x),
                    col,
                })
            }
            // Code, not arguments: ytt's own error would be a syntax error; name it instead.
            Kind::Keyword("load") => Err(unsupported(col, "load()")),
            Kind::Keyword("def") => Err(unsupported(col, "def")),
            kind => Err(self.error(format!("got {}, want primary expression", kind.name()))),
        }
    }

    fn list(&mut self) -> Result<Node, ArgumentsError> {
        self.advance()?;
        if self.is("]") {
            self.advance()?;
            return Ok(Node::List(Vec::new()));
        }
        let x = self.test()?;
        if self.is_keyword("for") {
            return Err(unsupported(self.tok.col, "list comprehension"));
        }
        let mut items = vec![x];
        while self.is(",") {
            self.advance()?;
            if self.terminates_list() {
                break;
            }
            items.push(self.test()?);
        }
        self.consume("]")?;
        Ok(Node::List(items))
    }

    fn dict(&mut self) -> Result<Node, ArgumentsError> {
        self.advance()?;
        if self.is("}") {
            self.advance()?;
            return Ok(Node::Dict(Vec::new()));
        }
        let first = self.dict_entry()?;
        if self.is_keyword("for") {
            return Err(unsupported(self.tok.col, "dict comprehension"));
        }
        let mut entries = vec![first];
        while self.is(",") {
            self.advance()?;
            if self.is("}") {
                break;
            }
            entries.push(self.dict_entry()?);
        }
        self.consume("}")?;
        Ok(Node::Dict(entries))
    }

    fn dict_entry(&mut self) -> Result<(Node, Node), ArgumentsError> {
        let k = self.test()?;
        self.consume(":")?;
        let v = self.test()?;
        Ok((k, v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(text: &str) -> String {
        parse_arguments(text)
            .err()
            .map(|e| e.message)
            .unwrap_or_default()
    }

    #[test]
    fn syntax_errors_as_starlark_go_reports_them() {
        assert_eq!(message("min=1 max=2"), "got identifier, want ','");
        assert_eq!(
            message(r#"("non-empty", lambda v: len(v) > )"#),
            "got ')', want primary expression"
        );
        assert_eq!(message("(\"a\""), "got identifier, want ','");
        assert_eq!(message("min=1)"), "unexpected ')'");
        assert_eq!(
            message("1 < 2 < 3"),
            "< does not associate with < (use parens)"
        );
        assert_eq!(
            message("1 if 2"),
            "conditional expression without else clause"
        );
        assert_eq!(
            message("f(x)=1"),
            "keyword argument must have form name=expr"
        );
        assert_eq!(message("x not 1"), "got int literal, want in");
        let hinted = parse_arguments("when=lambda v: v && True").err();
        assert_eq!(
            hinted.map(|e| e.ytt_message()),
            Some(
                "got '&', want primary expression (hint: use 'and' instead of '&&' for logical-and)"
                    .to_owned()
            )
        );
    }

    #[test]
    fn shapes() {
        let args = parse_arguments(r#"("a", lambda v: v), min=-1, when=lambda v, ctx: True"#);
        let Ok(args) = args else {
            panic!("{args:?}");
        };
        assert_eq!(args.len(), 3);
        assert!(matches!(args[0].value, Node::Tuple(ref items) if items.len() == 2));
        assert_eq!(args[1].name.as_ref().map(|n| n.0.as_str()), Some("min"));
        assert!(matches!(args[2].value, Node::Lambda { ref params, .. } if params.len() == 2));
        assert_eq!(parse_arguments("").ok(), Some(Vec::new()));
        assert_eq!(
            parse_arguments("(lambda v: 1)").map(|a| a.len()).ok(),
            Some(1)
        );
    }

    #[test]
    fn deep_nesting_is_refused() {
        let text = "[".repeat(10_000);
        assert!(message(&text).starts_with("unsupported Starlark: expressions nested deeper"));
        let text = "not ".repeat(2_000) + "1";
        assert!(message(&text).starts_with("unsupported Starlark: expressions nested deeper"));
        let text = "1".to_owned() + &" and 1".repeat(2_000);
        assert!(message(&text).starts_with("unsupported Starlark: expressions nested deeper"));
        let text = "1,".repeat(10_000);
        assert!(message(&text).starts_with("unsupported Starlark: annotation arguments longer"));
    }
}
