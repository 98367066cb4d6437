//! The syntax tree of an argument list, as starlark-go's parser builds it (`syntax/syntax.go`),
//! keeping the constructs validgen refuses so that the refusal can name them.

/// An expression; `col` is the 1-based column of its operator or first token.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Node {
    /// A name.
    Name { name: String, col: usize },
    /// An int literal.
    Int(i64),
    /// A float literal.
    Float(f64),
    /// A string literal.
    Str(String),
    /// `[a, b]`.
    List(Vec<Node>),
    /// `(a, b)` or `a, b` inside brackets.
    Tuple(Vec<Node>),
    /// `{k: v}`.
    Dict(Vec<(Node, Node)>),
    /// `-x`, `+x`, `~x`, `not x`.
    Unary {
        op: &'static str,
        x: Box<Node>,
        col: usize,
    },
    /// `x op y` (`or`, `and`, comparisons, `in`, `not in`, arithmetic, bitwise).
    Binary {
        op: &'static str,
        x: Box<Node>,
        y: Box<Node>,
        col: usize,
    },
    /// `a if cond else b`.
    Cond {
        then: Box<Node>,
        cond: Box<Node>,
        otherwise: Box<Node>,
        col: usize,
    },
    /// `x.name`.
    Dot {
        x: Box<Node>,
        name: String,
        col: usize,
    },
    /// `x[key]`.
    Index {
        x: Box<Node>,
        key: Box<Node>,
        col: usize,
    },
    /// `x[lo:hi:step]` (parts that are present).
    Slice {
        x: Box<Node>,
        parts: Vec<Node>,
        col: usize,
    },
    /// `f(args)`.
    Call {
        func: Box<Node>,
        args: Vec<Arg>,
        col: usize,
    },
    /// `lambda params: body`.
    Lambda {
        params: Vec<Param>,
        body: Box<Node>,
        col: usize,
    },
}

/// One argument of a call (also of the annotation's own argument list).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Arg {
    /// `name=` of a keyword argument, and its column.
    pub name: Option<(String, usize)>,
    /// `*` or `**` of an unpacking argument.
    pub star: Option<&'static str>,
    /// The value.
    pub value: Node,
    /// Column of the argument's first token.
    pub col: usize,
}

/// One parameter of a lambda.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Param {
    /// The name (`None` for a bare `*`).
    pub name: Option<String>,
    /// `*` or `**`.
    pub star: Option<&'static str>,
    /// A default value.
    pub default: Option<Node>,
    /// Column of the parameter.
    pub col: usize,
}

impl Node {
    /// Calls `f` on this node and every node inside it, at any depth.
    pub(crate) fn walk<'n>(&'n self, f: &mut dyn FnMut(&'n Node)) {
        f(self);
        match self {
            Node::Name { .. } | Node::Int(_) | Node::Float(_) | Node::Str(_) => {}
            Node::List(items) | Node::Tuple(items) => items.iter().for_each(|i| i.walk(f)),
            Node::Dict(entries) => entries.iter().for_each(|(k, v)| {
                k.walk(f);
                v.walk(f);
            }),
            Node::Unary { x, .. } | Node::Dot { x, .. } => x.walk(f),
            Node::Binary { x, y, .. } => {
                x.walk(f);
                y.walk(f);
            }
            Node::Cond {
                then,
                cond,
                otherwise,
                ..
            } => {
                then.walk(f);
                cond.walk(f);
                otherwise.walk(f);
            }
            Node::Index { x, key, .. } => {
                x.walk(f);
                key.walk(f);
            }
            Node::Slice { x, parts, .. } => {
                x.walk(f);
                parts.iter().for_each(|p| p.walk(f));
            }
            Node::Call { func, args, .. } => {
                func.walk(f);
                args.iter().for_each(|a| a.value.walk(f));
            }
            Node::Lambda { params, body, .. } => {
                params
                    .iter()
                    .filter_map(|p| p.default.as_ref())
                    .for_each(|d| d.walk(f));
                body.walk(f);
            }
        }
    }

    /// The column of the expression's first token or operator.
    pub(crate) fn col(&self) -> Option<usize> {
        match self {
            Node::Name { col, .. }
            | Node::Unary { col, .. }
            | Node::Binary { col, .. }
            | Node::Cond { col, .. }
            | Node::Dot { col, .. }
            | Node::Index { col, .. }
            | Node::Slice { col, .. }
            | Node::Call { col, .. }
            | Node::Lambda { col, .. } => Some(*col),
            Node::Int(_)
            | Node::Float(_)
            | Node::Str(_)
            | Node::List(_)
            | Node::Tuple(_)
            | Node::Dict(_) => None,
        }
    }
}
