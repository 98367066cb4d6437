//! The syntax check: a parser that follows the structure of Go's `regexp/syntax` parser
//! (parse.go, flags `Perl`) closely enough to report the same first error, with the same code
//! and the same quoted text, and to apply the same size and nesting limits.

use super::ast::{Class, ClassItem, Node, Re, RepKind};
use super::tables::{lookup_unicode, perl_group, posix_group};
use super::{ErrorCode, GoRegexError};

/// Largest count in `x{n,m}`; also the limit of the product of nested counts.
const MAX_REPEAT: i64 = 1000;
/// Largest height of the parse tree.
const MAX_HEIGHT: u32 = 1000;
/// Largest estimated program size (Go: 128 MiB of 40-byte instructions).
const MAX_SIZE: i64 = (128 << 20) / 40;
/// Largest number of runes held by literals and classes (Go: 128 MiB of 4-byte runes).
const MAX_RUNES: i64 = (128 << 20) / 4;
/// An upper bound of the runes (2 per range) of one Unicode class item, folded or not.
const UNICODE_ITEM_RUNE_BOUND: i64 = 8000;
/// Distinct Unicode classes evaluated exactly for the rune limit (each takes milliseconds).
const MAX_EVALUATED_CLASSES: usize = 32;

/// Parser flags (Go's `Flags` under `Perl`: ClassNL, PerlX and UnicodeGroups always on).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Flags {
    fold: bool,
    dot_nl: bool,
    one_line: bool,
    non_greedy: bool,
}

const PERL: Flags = Flags {
    fold: false,
    dot_nl: false,
    one_line: true,
    non_greedy: false,
};

enum Item {
    Re(Re),
    /// `(` or `(?flags:`; keeps the flags to restore at `)`.
    LeftParen {
        cap: bool,
        flags: Flags,
    },
    VerticalBar,
}

fn err(code: ErrorCode, expr: &str) -> GoRegexError {
    GoRegexError {
        code,
        expr: expr.to_owned(),
    }
}

/// Parses `whole` as Go's `regexp.Compile` does (syntax.Parse with `syntax.Perl`).
pub(crate) fn parse(whole: &str) -> Result<Re, GoRegexError> {
    let mut p = Parser {
        whole,
        flags: PERL,
        stack: Vec::new(),
        num_regexp: 0,
        free: 0,
        runes_exact: 0,
        runes_bound: 0,
        pending_unicode: Vec::new(),
        exact_runes_mode: false,
        rune_cache: Vec::new(),
        repeats: 1,
        size_tracking: false,
        height_tracking: false,
    };
    let bytes = whole.as_bytes();
    let mut pos = 0usize;
    // Start of the previous repetition operator, if the previous step was one.
    let mut last_repeat: Option<usize> = None;
    while pos < whole.len() {
        let t = &whole[pos..];
        let mut repeat = None;
        match bytes[pos] {
            b'(' => {
                if t.len() >= 2 && t.as_bytes()[1] == b'?' {
                    pos = p.parse_perl_flags(pos)?;
                } else {
                    p.push_left_paren(true)?;
                    pos += 1;
                }
            }
            b'|' => {
                p.parse_vertical_bar()?;
                pos += 1;
            }
            b')' => {
                p.parse_right_paren()?;
                pos += 1;
            }
            b'^' => {
                let node = if p.flags.one_line {
                    Node::BeginText
                } else {
                    Node::BeginLine
                };
                p.push_new(node)?;
                pos += 1;
            }
            b'$' => {
                let node = if p.flags.one_line {
                    Node::EndText
                } else {
                    Node::EndLine
                };
                p.push_new(node)?;
                pos += 1;
            }
            b'.' => {
                let node = if p.flags.dot_nl {
                    Node::AnyChar
                } else {
                    Node::AnyNotNl
                };
                p.push_new(node)?;
                pos += 1;
            }
            b'[' => pos = p.parse_class(pos)?,
            op @ (b'*' | b'+' | b'?') => {
                let kind = match op {
                    b'*' => RepKind::Star,
                    b'+' => RepKind::Plus,
                    _ => RepKind::Quest,
                };
                let after = p.repeat(kind, pos, pos + 1, last_repeat)?;
                repeat = Some(pos);
                pos = after;
            }
            b'{' => match parse_repeat(t) {
                // Not a well-formed repetition: `{` is a literal (as Go).
                None => {
                    p.literal(u32::from('{'))?;
                    pos += 1;
                }
                Some((min, max, rest)) => {
                    let after = whole.len() - rest.len();
                    if !(0..=MAX_REPEAT).contains(&min)
                        || max > MAX_REPEAT
                        || (max >= 0 && min > max)
                    {
                        return Err(err(ErrorCode::InvalidRepeatSize, &whole[pos..after]));
                    }
                    let kind = RepKind::Counted {
                        min: u32::try_from(min).unwrap_or(0),
                        max: u32::try_from(max).ok(),
                    };
                    let after = p.repeat(kind, pos, after, last_repeat)?;
                    repeat = Some(pos);
                    pos = after;
                }
            },
            b'\\' => pos = p.parse_backslash(pos)?,
            _ => {
                let (c, len) = next_rune(t);
                p.literal(c)?;
                pos += len;
            }
        }
        last_repeat = repeat;
    }
    p.concat()?;
    if p.swap_vertical_bar() {
        p.stack.pop();
    }
    p.alternate()?;
    match (p.stack.pop(), p.stack.is_empty()) {
        (Some(Item::Re(re)), true) => Ok(re),
        _ => Err(err(ErrorCode::MissingParen, whole)),
    }
}

struct Parser<'a> {
    whole: &'a str,
    flags: Flags,
    stack: Vec<Item>,
    /// Nodes allocated (Go's `numRegexp`), less the ones Go would recycle.
    num_regexp: u64,
    free: u64,
    /// Runes counted exactly so far (literals, ASCII-only classes, computed Unicode classes).
    runes_exact: i64,
    /// `runes_exact` plus an upper bound for the Unicode classes not computed yet.
    runes_bound: i64,
    pending_unicode: Vec<Class>,
    exact_runes_mode: bool,
    rune_cache: Vec<(Class, i64)>,
    /// Product of the repetition counts seen before size tracking starts (Go's `repeats`).
    repeats: i64,
    size_tracking: bool,
    height_tracking: bool,
}

impl Parser<'_> {
    fn large(&self) -> GoRegexError {
        err(ErrorCode::Large, self.whole)
    }

    /// Accounts for a node allocation (Go's `newRegexp`, which reuses freed nodes).
    fn alloc(&mut self) {
        if self.free > 0 {
            self.free -= 1;
        } else {
            self.num_regexp += 1;
        }
    }

    fn release(&mut self) {
        self.free += 1;
    }

    fn push_new(&mut self, node: Node) -> Result<(), GoRegexError> {
        self.alloc();
        self.push(Re::new(node))
    }

    /// Pushes a node (Go's `push`): counts its runes, merges the two literals below it if
    /// possible, and checks the limits.
    fn push(&mut self, re: Re) -> Result<(), GoRegexError> {
        self.count_runes(&re.node)?;
        self.maybe_concat();
        self.stack.push(Item::Re(re));
        self.check_top()
    }

    fn push_left_paren(&mut self, cap: bool) -> Result<(), GoRegexError> {
        self.alloc();
        self.maybe_concat();
        self.stack.push(Item::LeftParen {
            cap,
            flags: self.flags,
        });
        Ok(())
    }

    fn literal(&mut self, c: u32) -> Result<(), GoRegexError> {
        let fold = self.flags.fold;
        self.push_new(Node::Literal {
            runes: vec![c],
            fold,
        })
    }

    /// Merges the top literal into the literal below it when both have the same folding
    /// (Go's `maybeConcat`), so that runs of literals form one string node.
    fn maybe_concat(&mut self) {
        let n = self.stack.len();
        if n < 2 {
            return;
        }
        let mergeable = matches!(
            (&self.stack[n - 2], &self.stack[n - 1]),
            (
                Item::Re(Re { node: Node::Literal { fold: f2, .. }, .. }),
                Item::Re(Re { node: Node::Literal { fold: f1, .. }, .. }),
            ) if f1 == f2
        );
        if !mergeable {
            return;
        }
        if let Some(Item::Re(Re {
            node: Node::Literal { runes: top, .. },
            ..
        })) = self.stack.pop()
            && let Some(Item::Re(below)) = self.stack.last_mut()
        {
            if let Node::Literal { runes, .. } = &mut below.node {
                runes.extend(top);
            }
            below.remeasure();
            self.release();
        }
    }

    fn count_runes(&mut self, node: &Node) -> Result<(), GoRegexError> {
        match node {
            Node::Literal { runes, .. } => {
                let n = i64::try_from(runes.len()).unwrap_or(i64::MAX);
                self.runes_exact = self.runes_exact.saturating_add(n);
                self.runes_bound = self.runes_bound.saturating_add(n);
            }
            Node::Class(class) => {
                let has_unicode = class
                    .items
                    .iter()
                    .any(|i| matches!(i, ClassItem::Unicode { .. }));
                if !has_unicode {
                    let n = super::emit::class_rune_count(class);
                    self.runes_exact = self.runes_exact.saturating_add(n);
                    self.runes_bound = self.runes_bound.saturating_add(n);
                } else if self.exact_runes_mode {
                    let n = self.unicode_class_runes(class);
                    self.runes_exact = self.runes_exact.saturating_add(n);
                    self.runes_bound = self.runes_bound.saturating_add(n);
                } else {
                    let items = i64::try_from(class.items.len()).unwrap_or(i64::MAX);
                    let bound = items.saturating_mul(UNICODE_ITEM_RUNE_BOUND);
                    self.runes_bound = self.runes_bound.saturating_add(bound);
                    self.pending_unicode.push(class.clone());
                }
            }
            _ => {}
        }
        if self.runes_bound > MAX_RUNES && !self.exact_runes_mode {
            // Only expressions with thousands of Unicode classes get here: count exactly.
            self.exact_runes_mode = true;
            for class in std::mem::take(&mut self.pending_unicode) {
                let n = self.unicode_class_runes(&class);
                self.runes_exact = self.runes_exact.saturating_add(n);
            }
            self.runes_bound = self.runes_exact;
        }
        if self.exact_runes_mode && self.runes_exact > MAX_RUNES {
            return Err(self.large());
        }
        Ok(())
    }

    /// Runes of a class with Unicode members, evaluated once per distinct class.
    fn unicode_class_runes(&mut self, class: &Class) -> i64 {
        if let Some((_, n)) = self.rune_cache.iter().find(|(c, _)| c == class) {
            return *n;
        }
        if self.rune_cache.len() >= MAX_EVALUATED_CLASSES {
            // Too many distinct classes to evaluate each: a typical size per Unicode member.
            let items = class
                .items
                .iter()
                .filter(|i| matches!(i, ClassItem::Unicode { .. }))
                .count();
            return i64::try_from(items)
                .unwrap_or(i64::MAX)
                .saturating_mul(1300);
        }
        let n = super::emit::class_rune_count(class);
        self.rune_cache.push((class.clone(), n));
        n
    }

    /// Go's `checkLimits` on the node at the top of the stack.
    fn check_top(&mut self) -> Result<(), GoRegexError> {
        let (size, height, counted) = match self.stack.last() {
            Some(Item::Re(re)) => {
                let counted = match re.node {
                    Node::Repeat {
                        kind: RepKind::Counted { min, max },
                        ..
                    } => Some(i64::from(max.unwrap_or(min))),
                    _ => None,
                };
                (re.size, re.height, counted)
            }
            _ => return Ok(()),
        };
        // Size: tracked only once the node count times the repetition product could exceed
        // the limit (Go's checkSize).
        if !self.size_tracking {
            if let Some(n) = counted {
                let n = n.max(1);
                if n > MAX_SIZE / self.repeats {
                    self.repeats = MAX_SIZE;
                } else {
                    self.repeats *= n;
                }
            }
            let nodes = i64::try_from(self.num_regexp).unwrap_or(i64::MAX);
            if nodes >= MAX_SIZE / self.repeats {
                self.size_tracking = true;
                if self.stack_res().any(|r| r.size > MAX_SIZE) {
                    return Err(self.large());
                }
            }
        }
        if self.size_tracking && size > MAX_SIZE {
            return Err(self.large());
        }
        // Height: checked once there are enough nodes to be that high (Go's checkHeight).
        if self.num_regexp >= u64::from(MAX_HEIGHT) {
            if !self.height_tracking {
                self.height_tracking = true;
                if self.stack_res().any(|r| r.height > MAX_HEIGHT) {
                    return Err(err(ErrorCode::NestingDepth, self.whole));
                }
            }
            if height > MAX_HEIGHT {
                return Err(err(ErrorCode::NestingDepth, self.whole));
            }
        }
        Ok(())
    }

    fn stack_res(&self) -> impl Iterator<Item = &Re> {
        self.stack.iter().filter_map(|i| match i {
            Item::Re(re) => Some(re),
            _ => None,
        })
    }

    /// Index just above the topmost `(` or `|` marker.
    fn above_marker(&self) -> usize {
        self.stack
            .iter()
            .rposition(|i| !matches!(i, Item::Re(_)))
            .map_or(0, |i| i + 1)
    }

    /// Replaces the nodes above the topmost marker with their concatenation.
    fn concat(&mut self) -> Result<(), GoRegexError> {
        self.maybe_concat();
        let i = self.above_marker();
        let subs = self.take_res(i);
        if subs.is_empty() {
            return self.push_new(Node::Empty);
        }
        let re = self.collapse(subs, false);
        self.push(re)
    }

    /// Replaces the nodes above the topmost `(` with their alternation.
    fn alternate(&mut self) -> Result<(), GoRegexError> {
        let i = self.above_marker();
        let subs = self.take_res(i);
        if subs.is_empty() {
            return self.push_new(Node::NoMatch);
        }
        let re = self.collapse(subs, true);
        self.push(re)
    }

    fn take_res(&mut self, from: usize) -> Vec<Re> {
        self.stack
            .drain(from..)
            .filter_map(|i| match i {
                Item::Re(re) => Some(re),
                _ => None,
            })
            .collect()
    }

    /// One node for `subs`: itself if alone, else a concatenation or alternation with nested
    /// ones of the same kind flattened (Go's `collapse`, without its prefix factoring).
    fn collapse(&mut self, mut subs: Vec<Re>, alternate: bool) -> Re {
        if subs.len() == 1
            && let Some(re) = subs.pop()
        {
            return re;
        }
        self.alloc();
        let mut out = Vec::with_capacity(subs.len());
        for sub in subs {
            match sub.node {
                Node::Alternate(inner) if alternate => {
                    out.extend(inner);
                    self.release();
                }
                Node::Concat(inner) if !alternate => {
                    out.extend(inner);
                    self.release();
                }
                node => out.push(Re {
                    node,
                    height: sub.height,
                    size: sub.size,
                }),
            }
        }
        Re::new(if alternate {
            Node::Alternate(out)
        } else {
            Node::Concat(out)
        })
    }

    /// If a `|` marker sits just below the top node, swaps them (Go's `swapVerticalBar`).
    fn swap_vertical_bar(&mut self) -> bool {
        let n = self.stack.len();
        if n >= 2 && matches!(self.stack[n - 2], Item::VerticalBar) {
            self.stack.swap(n - 1, n - 2);
            return true;
        }
        false
    }

    fn parse_vertical_bar(&mut self) -> Result<(), GoRegexError> {
        self.concat()?;
        if !self.swap_vertical_bar() {
            self.alloc();
            self.stack.push(Item::VerticalBar);
        }
        Ok(())
    }

    fn parse_right_paren(&mut self) -> Result<(), GoRegexError> {
        self.concat()?;
        if self.swap_vertical_bar() {
            self.stack.pop();
        }
        self.alternate()?;
        let whole = self.whole;
        let unexpected = || err(ErrorCode::UnexpectedParen, whole);
        if self.stack.len() < 2 {
            return Err(unexpected());
        }
        let re1 = match self.stack.pop() {
            Some(Item::Re(re)) => re,
            _ => return Err(unexpected()),
        };
        let (cap, flags) = match self.stack.pop() {
            Some(Item::LeftParen { cap, flags }) => (cap, flags),
            _ => return Err(unexpected()),
        };
        // The flags set inside the group end with it.
        self.flags = flags;
        if cap {
            self.push(Re::new(Node::Capture(Box::new(re1))))
        } else {
            self.push(re1)
        }
    }

    /// Applies a repetition operator found at `before` (its text ends at `after`) to the node
    /// at the top of the stack (Go's `repeat`). Returns the position after the operator.
    fn repeat(
        &mut self,
        kind: RepKind,
        before: usize,
        after: usize,
        last_repeat: Option<usize>,
    ) -> Result<usize, GoRegexError> {
        let mut after = after;
        let mut non_greedy = self.flags.non_greedy;
        if self.whole.as_bytes().get(after) == Some(&b'?') {
            after += 1;
            non_greedy = !non_greedy;
        }
        if let Some(last) = last_repeat {
            // Perl forbids stacked operators: `a**`, `a++`, `a{2}*`.
            return Err(err(ErrorCode::InvalidRepeatOp, &self.whole[last..after]));
        }
        let sub = match self.stack.pop() {
            Some(Item::Re(re)) => re,
            other => {
                if let Some(item) = other {
                    self.stack.push(item);
                }
                return Err(err(
                    ErrorCode::MissingRepeatArgument,
                    &self.whole[before..after],
                ));
            }
        };
        self.alloc();
        self.stack.push(Item::Re(Re::new(Node::Repeat {
            sub: Box::new(sub),
            kind,
            greedy: !non_greedy,
        })));
        self.check_top()?;
        if let RepKind::Counted { min, max } = kind
            && (min >= 2 || max.is_some_and(|m| m >= 2))
            && let Some(Item::Re(re)) = self.stack.last()
            && !repeat_is_valid(re, MAX_REPEAT)
        {
            return Err(err(
                ErrorCode::InvalidRepeatSize,
                &self.whole[before..after],
            ));
        }
        Ok(after)
    }

    /// `(?…`: flags, non-capturing groups and named captures (Go's `parsePerlFlags`).
    fn parse_perl_flags(&mut self, pos: usize) -> Result<usize, GoRegexError> {
        let t = &self.whole[pos..];
        let tb = t.as_bytes();
        let starts_with_p = t.len() > 4 && tb[2] == b'P' && tb[3] == b'<';
        let starts_with_name = t.len() > 3 && tb[2] == b'<';
        if starts_with_p || starts_with_name {
            let name_start = if starts_with_name { 3 } else { 4 };
            let Some(end) = t.find('>') else {
                return Err(err(ErrorCode::InvalidNamedCapture, t));
            };
            let name = t.get(name_start..end).unwrap_or("");
            if !is_valid_capture_name(name) {
                return Err(err(ErrorCode::InvalidNamedCapture, &t[..=end]));
            }
            self.push_left_paren(true)?;
            return Ok(pos + end + 1);
        }

        let mut flags = self.flags;
        let mut negate = false;
        let mut saw_flag = false;
        let mut rest = &t[2..];
        while let Some(c) = rest.chars().next() {
            rest = &rest[c.len_utf8()..];
            match c {
                'i' => {
                    flags.fold = !negate;
                    saw_flag = true;
                }
                'm' => {
                    flags.one_line = negate;
                    saw_flag = true;
                }
                's' => {
                    flags.dot_nl = !negate;
                    saw_flag = true;
                }
                'U' => {
                    flags.non_greedy = !negate;
                    saw_flag = true;
                }
                '-' => {
                    if negate {
                        break;
                    }
                    negate = true;
                    saw_flag = false;
                }
                ':' | ')' => {
                    if negate && !saw_flag {
                        break;
                    }
                    if c == ':' {
                        // The group restores the flags in force before it.
                        self.push_left_paren(false)?;
                    }
                    self.flags = flags;
                    return Ok(self.whole.len() - rest.len());
                }
                _ => break,
            }
        }
        Err(err(ErrorCode::InvalidPerlOp, &t[..t.len() - rest.len()]))
    }

    /// A backslash outside a class: assertions, `\Q…\E`, classes, escapes.
    fn parse_backslash(&mut self, pos: usize) -> Result<usize, GoRegexError> {
        let t = &self.whole[pos..];
        if let Some(&c) = t.as_bytes().get(1) {
            let node = match c {
                b'A' => Some(Node::BeginText),
                b'b' => Some(Node::WordBoundary),
                b'B' => Some(Node::NoWordBoundary),
                b'z' => Some(Node::EndText),
                // Any byte: not supported (as Go).
                b'C' => return Err(err(ErrorCode::InvalidEscape, &t[..2])),
                b'Q' => {
                    // Everything up to `\E` (or the end) is literal.
                    let body = &t[2..];
                    let (lit, consumed) = match body.find("\\E") {
                        Some(i) => (&body[..i], 2 + i + 2),
                        None => (body, t.len()),
                    };
                    for c in lit.chars() {
                        self.literal(u32::from(c))?;
                    }
                    return Ok(pos + consumed);
                }
                _ => None,
            };
            if let Some(node) = node {
                self.push_new(node)?;
                return Ok(pos + 2);
            }
        }
        let fold = self.flags.fold;
        if let Some((item, len)) = parse_unicode_class(t)? {
            self.push_new(Node::Class(Class {
                items: vec![item],
                negated: false,
                fold,
            }))?;
            return Ok(pos + len);
        }
        if let Some(item) = perl_class(t) {
            self.push_new(Node::Class(Class {
                items: vec![item],
                negated: false,
                fold,
            }))?;
            return Ok(pos + 2);
        }
        let (c, len) = parse_escape(t)?;
        self.literal(c)?;
        Ok(pos + len)
    }

    /// A bracketed class starting at `pos` (Go's `parseClass`).
    fn parse_class(&mut self, pos: usize) -> Result<usize, GoRegexError> {
        let whole_class = &self.whole[pos..];
        let mut t = &whole_class[1..];
        let mut negated = false;
        if t.starts_with('^') {
            negated = true;
            t = &t[1..];
        }
        let mut items = Vec::new();
        let mut first = true; // `]` is a literal as the first member
        while t.is_empty() || !t.starts_with(']') || first {
            first = false;
            if t.len() > 2
                && t.starts_with("[:")
                && let Some((ranges, neg, len)) = parse_named_class(t)?
            {
                items.push(ClassItem::Ascii {
                    ranges,
                    negated: neg,
                });
                t = &t[len..];
                continue;
            }
            if let Some((item, len)) = parse_unicode_class(t)? {
                items.push(item);
                t = &t[len..];
                continue;
            }
            if let Some(item) = perl_class(t) {
                items.push(item);
                t = &t[2..];
                continue;
            }
            let range_start = t;
            let (lo, len) = parse_class_char(t, whole_class)?;
            t = &t[len..];
            let mut hi = lo;
            // `[a-]` means `a` or `-`.
            if t.len() >= 2 && t.starts_with('-') && t.as_bytes()[1] != b']' {
                t = &t[1..];
                let (h, len) = parse_class_char(t, whole_class)?;
                t = &t[len..];
                hi = h;
                if hi < lo {
                    let text = &range_start[..range_start.len() - t.len()];
                    return Err(err(ErrorCode::InvalidCharRange, text));
                }
            }
            items.push(ClassItem::Range(lo, hi));
        }
        t = &t[1..];
        let fold = self.flags.fold;
        self.push_new(Node::Class(Class {
            items,
            negated,
            fold,
        }))?;
        Ok(self.whole.len() - t.len())
    }
}

/// Go's `repeatIsValid`: the product of the nested counts stays within `n`.
fn repeat_is_valid(re: &Re, n: i64) -> bool {
    let mut n = n;
    if let Node::Repeat {
        kind: RepKind::Counted { min, max },
        ..
    } = re.node
    {
        let m = match max {
            Some(0) => return true,
            Some(m) => i64::from(m),
            None => i64::from(min),
        };
        if m > n {
            return false;
        }
        if m > 0 {
            n /= m;
        }
    }
    match &re.node {
        Node::Capture(sub) | Node::Repeat { sub, .. } => repeat_is_valid(sub, n),
        Node::Concat(subs) | Node::Alternate(subs) => subs.iter().all(|s| repeat_is_valid(s, n)),
        _ => true,
    }
}

/// The next rune of `s` and its length; U+FFFD and 0 at the end (as Go's decoder).
fn next_rune(s: &str) -> (u32, usize) {
    match s.chars().next() {
        Some(c) => (u32::from(c), c.len_utf8()),
        None => (0xfffd, 0),
    }
}

fn is_ascii_alnum(c: u32) -> bool {
    u8::try_from(c).is_ok_and(|b| b.is_ascii_alphanumeric())
}

/// A capture name is `[A-Za-z0-9_]+`.
fn is_valid_capture_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c == '_' || c.is_ascii_alphanumeric())
}

/// `{min}`, `{min,}` or `{min,max}` at the start of `s`: `(min, max, rest)` with max -1 when
/// open and min -1 when a number is too big. `None` when not of that form (Go's `parseRepeat`).
fn parse_repeat(s: &str) -> Option<(i64, i64, &str)> {
    let s = s.strip_prefix('{')?;
    let (mut min, s) = parse_int(s)?;
    let max;
    let s = if let Some(s) = s.strip_prefix(',') {
        if s.is_empty() {
            return None;
        }
        if s.starts_with('}') {
            max = -1;
            s
        } else {
            let (m, s) = parse_int(s)?;
            max = m;
            if m < 0 {
                min = -1;
            }
            s
        }
    } else {
        max = min;
        s
    };
    let rest = s.strip_prefix('}')?;
    Some((min, max, rest))
}

/// A decimal number without leading zeros; -1 when it is 10^8 or more (Go's `parseInt`).
fn parse_int(s: &str) -> Option<(i64, &str)> {
    let b = s.as_bytes();
    if b.is_empty() || !b[0].is_ascii_digit() {
        return None;
    }
    if b.len() >= 2 && b[0] == b'0' && b[1].is_ascii_digit() {
        return None;
    }
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    let mut n: i64 = 0;
    for &d in &b[..digits] {
        if n >= 100_000_000 {
            n = -1;
            break;
        }
        n = n * 10 + i64::from(d - b'0');
    }
    Some((n, &s[digits..]))
}

/// An escape sequence at the start of `s` (which starts with a backslash): the rune and the
/// length consumed (Go's `parseEscape`).
fn parse_escape(s: &str) -> Result<(u32, usize), GoRegexError> {
    let t = &s[1..];
    if t.is_empty() {
        return Err(err(ErrorCode::TrailingBackslash, ""));
    }
    let (c, len) = next_rune(t);
    let mut t = &t[len..];
    let invalid = |t: &str| err(ErrorCode::InvalidEscape, &s[..s.len() - t.len()]);
    let is_octal = |t: &str| {
        t.as_bytes()
            .first()
            .is_some_and(|b| (b'0'..=b'7').contains(b))
    };
    let simple = match c {
        0x31..=0x37 if !is_octal(t) => {
            // A single non-zero digit would be a backreference: not supported.
            return Err(invalid(t));
        }
        0x30..=0x37 => {
            // Up to three octal digits.
            let mut r = c - 0x30;
            for _ in 1..3 {
                if !is_octal(t) {
                    break;
                }
                r = r * 8 + u32::from(t.as_bytes()[0] - b'0');
                t = &t[1..];
            }
            return Ok((r, s.len() - t.len()));
        }
        0x78 /* x */ => {
            if t.is_empty() {
                return Err(invalid(t));
            }
            let (c, len) = next_rune(t);
            t = &t[len..];
            if c == u32::from('{') {
                // Any number of hex digits in braces, at least one, at most U+10FFFF.
                let mut nhex = 0;
                let mut r: u32 = 0;
                loop {
                    if t.is_empty() {
                        return Err(invalid(t));
                    }
                    let (c, len) = next_rune(t);
                    t = &t[len..];
                    if c == u32::from('}') {
                        break;
                    }
                    let Some(v) = unhex(c) else {
                        return Err(invalid(t));
                    };
                    r = r * 16 + v;
                    if r > 0x10ffff {
                        return Err(invalid(t));
                    }
                    nhex += 1;
                }
                if nhex == 0 {
                    return Err(invalid(t));
                }
                return Ok((r, s.len() - t.len()));
            }
            // Exactly two hex digits.
            let (c2, len) = next_rune(t);
            t = &t[len..];
            return match (unhex(c), unhex(c2)) {
                (Some(x), Some(y)) => Ok((x * 16 + y, s.len() - t.len())),
                _ => Err(invalid(t)),
            };
        }
        0x61 /* a */ => 0x07,
        0x66 /* f */ => 0x0c,
        0x6e /* n */ => 0x0a,
        0x72 /* r */ => 0x0d,
        0x74 /* t */ => 0x09,
        0x76 /* v */ => 0x0b,
        // Punctuation escapes itself; other letters and digits are errors.
        c if c < 0x80 && !is_ascii_alnum(c) => c,
        _ => return Err(invalid(t)),
    };
    Ok((simple, s.len() - t.len()))
}

fn unhex(c: u32) -> Option<u32> {
    char::from_u32(c).and_then(|c| c.to_digit(16))
}

/// One class member character (Go's `parseClassChar`).
fn parse_class_char(s: &str, whole_class: &str) -> Result<(u32, usize), GoRegexError> {
    if s.is_empty() {
        return Err(err(ErrorCode::MissingBracket, whole_class));
    }
    if s.starts_with('\\') {
        return parse_escape(s);
    }
    Ok(next_rune(s))
}

/// `\d`, `\D`, `\s`, `\S`, `\w`, `\W` at the start of `s`.
fn perl_class(s: &str) -> Option<ClassItem> {
    let b = s.as_bytes();
    if b.len() < 2 || b[0] != b'\\' {
        return None;
    }
    let (ranges, negated) = perl_group(b[1])?;
    Some(ClassItem::Ascii { ranges, negated })
}

/// `[:name:]` at the start of `s` (Go's `parseNamedClass`): `None` when there is no `:]`,
/// an error when the name is unknown.
#[allow(clippy::type_complexity)]
fn parse_named_class(
    s: &str,
) -> Result<Option<(super::tables::Ranges, bool, usize)>, GoRegexError> {
    let Some(i) = s[2..].find(":]") else {
        return Ok(None);
    };
    let name = &s[..i + 4];
    match posix_group(name) {
        Some((ranges, negated)) => Ok(Some((ranges, negated, name.len()))),
        None => Err(err(ErrorCode::InvalidCharRange, name)),
    }
}

/// `\pN`, `\p{Name}`, `\PN`, `\P{^Name}`… at the start of `s` (Go's `parseUnicodeClass`).
fn parse_unicode_class(s: &str) -> Result<Option<(ClassItem, usize)>, GoRegexError> {
    let b = s.as_bytes();
    if b.len() < 2 || b[0] != b'\\' || (b[1] != b'p' && b[1] != b'P') {
        return Ok(None);
    }
    let mut negated = b[1] == b'P';
    let (c, len) = next_rune(&s[2..]);
    let (seq, mut name) = if c != u32::from('{') {
        let seq = &s[..2 + len];
        (seq, &seq[2..])
    } else {
        let Some(end) = s.find('}') else {
            return Err(err(ErrorCode::InvalidCharRange, s));
        };
        (&s[..=end], &s[3..end])
    };
    if let Some(n) = name.strip_prefix('^') {
        negated = !negated;
        name = n;
    }
    let Some((class, invert)) = lookup_unicode(name) else {
        return Err(err(ErrorCode::InvalidCharRange, seq));
    };
    Ok(Some((
        ClassItem::Unicode {
            class,
            negated: negated != invert,
        },
        seq.len(),
    )))
}
