//! Building the documents' values from the parser's events, as go-yaml v2's decoder in ytt does
//! (`pkg/yamlmeta/internal/yaml.v2/decode.go` with ordered maps): scalars resolved as YAML 1.1,
//! aliases expanded, merge keys spliced, positions kept. Comments are collected for
//! [`super::comments`].

use std::collections::HashMap;
use std::sync::Arc;

use granit_parser::{Event, Options, Parser, ScalarStyle, Span, Tag};

use super::entries::Entries;
use super::resolve::{CoreTag, Resolved, resolve_plain, resolve_tagged};
use super::{ArrayItem, MapItem, Node, Pos, Scalar, YamlError};

/// The deepest nesting of maps and arrays accepted (also the parser's own nesting limits): deeper
/// input is an error, not a stack overflow in this crate or its users.
pub(super) const MAX_DEPTH: usize = 256;

/// How many nodes alias expansion may copy in one file: a "billion laughs" document is an error.
pub(super) const ALIAS_BUDGET: usize = 100_000;

/// The tag prefix of YAML's core tags (`!!str` is `tag:yaml.org,2002:str`).
const CORE_TAG_PREFIX: &str = "tag:yaml.org,2002:";

/// One document's value before its comments are attached.
pub(super) struct RawDocument {
    /// Its `---` line (or its first token's), `None` for the `---` that ytt prepends.
    pub line: Option<usize>,
    /// The character index of its start, to tell which comments were read with it.
    pub start: usize,
    /// Its value.
    pub value: Node,
}

/// A comment as read: its text after `#`, its line and its character index.
pub(super) struct RawComment {
    /// The text after `#`.
    pub text: String,
    /// The file line, 1-based.
    pub line: usize,
    /// The character index in the text read (with ytt's prepended `---` if any).
    pub index: usize,
}

/// The documents and comments of a text.
pub(super) struct Built {
    pub documents: Vec<RawDocument>,
    pub comments: Vec<RawComment>,
}

/// A built node with its size (nodes, for the alias budget) and height (for the depth limit).
struct Sized {
    node: Node,
    size: usize,
    height: usize,
}

/// The parser options: comment events on, nesting bounded by [`MAX_DEPTH`], no limit on a run
/// of consecutive comments (a long comment block is ordinary in a schema), and a block scalar
/// ending the input without a line break kept without one, as libyaml (so go-yaml) reads it.
pub(super) fn options() -> Options {
    let mut options = Options::default();
    options.block_scalar_eof_without_line_feed = true;
    options.set_emit_comments(true);
    options.max_buffered_comment_events = usize::MAX;
    options.flow_nesting_limit = MAX_DEPTH;
    options.block_nesting_limit = MAX_DEPTH;
    options
}

/// Reads `source` (the file's text, maybe with ytt's `---\n` before it, then `shift` is 1) into
/// documents and comments; `file` names positions.
///
/// # Errors
/// The first error, with the 0-based index of the document it is in.
pub(super) fn build(
    source: &str,
    entries: &Entries,
    file: &Arc<str>,
    shift: usize,
) -> Result<Built, (YamlError, usize)> {
    let mut builder = Builder {
        parser: Parser::new_from_str_with_options(source, options()),
        source,
        entries,
        file,
        shift,
        anchors: HashMap::new(),
        copied: 0,
        comments: Vec::new(),
        last_line: 1,
        block_scalar_start: None,
    };
    let mut documents = Vec::new();
    loop {
        let at = |e: YamlError| (e, documents.len());
        let (event, span) = builder.next().map_err(at)?;
        match event {
            Event::StreamStart | Event::DocumentEnd => {}
            Event::StreamEnd => break,
            Event::DocumentStart(..) => {
                builder.anchors.clear();
                let line = span.start.line().checked_sub(shift).filter(|&l| l > 0);
                let (first, first_span) = builder.next().map_err(at)?;
                let value = builder.node(first, first_span, 0).map_err(at)?.node;
                documents.push(RawDocument {
                    line,
                    start: span.start.index(),
                    value,
                });
            }
            _ => {
                return Err(at(
                    builder.error(span, "unexpected content outside a document")
                ));
            }
        }
    }
    Ok(Built {
        documents,
        comments: builder.comments,
    })
}

struct Builder<'a> {
    parser: Parser<'a, granit_parser::StrInput<'a>>,
    source: &'a str,
    entries: &'a Entries,
    file: &'a Arc<str>,
    shift: usize,
    /// Anchored nodes of the current document by the parser's anchor id.
    anchors: HashMap<usize, (Node, usize, usize)>,
    /// Nodes copied by aliases so far.
    copied: usize,
    comments: Vec<RawComment>,
    /// The line of the last event, for an error at the end of the input.
    last_line: usize,
    /// Where the block scalar just read starts, if the last event was one: the parser reports
    /// a comment on its header line (`key: | # note`) after it.
    block_scalar_start: Option<usize>,
}

impl<'a> Builder<'a> {
    /// The next event that is not a comment; comments are recorded on the way.
    fn next(&mut self) -> Result<(Event<'a>, Span), YamlError> {
        loop {
            match self.parser.next() {
                None => {
                    return Err(YamlError {
                        pos: self.pos(self.last_line),
                        message: "unexpected end of the YAML input".to_owned(),
                        go_yaml: false,
                    });
                }
                Some(Err(e)) => {
                    return Err(YamlError {
                        pos: self.pos(e.marker().line()),
                        message: format!("YAML syntax error: {}", e.info()),
                        go_yaml: false,
                    });
                }
                Some(Ok((Event::Comment(text, _), span))) => {
                    // libyaml (so ytt) skips a block scalar header's comment unrecorded.
                    if self
                        .block_scalar_start
                        .is_some_and(|start| span.start.index() < start)
                    {
                        continue;
                    }
                    self.comments.push(RawComment {
                        text: text.into_owned(),
                        line: self.line(span),
                        index: span.start.index(),
                    });
                }
                Some(Ok((event, span))) => {
                    self.last_line = span.start.line();
                    self.block_scalar_start = matches!(
                        event,
                        Event::Scalar(_, ScalarStyle::Literal | ScalarStyle::Folded, ..)
                    )
                    .then_some(span.start.index());
                    return Ok((event, span));
                }
            }
        }
    }

    /// The file line of a span's start (the prepended `---` line shifted away).
    fn line(&self, span: Span) -> usize {
        span.start.line().saturating_sub(self.shift).max(1)
    }

    fn pos(&self, raw_line: usize) -> Pos {
        Pos {
            file: Arc::clone(self.file),
            line: raw_line.saturating_sub(self.shift).max(1),
        }
    }

    fn error(&self, span: Span, message: impl Into<String>) -> YamlError {
        YamlError {
            pos: self.pos(span.start.line()),
            message: message.into(),
            go_yaml: false,
        }
    }

    /// The node that starts with `event`, `depth` maps and arrays deep.
    fn node(&mut self, event: Event<'a>, span: Span, depth: usize) -> Result<Sized, YamlError> {
        if depth > MAX_DEPTH {
            return Err(self.error(
                span,
                format!("YAML nested more than {MAX_DEPTH} levels deep"),
            ));
        }
        let (built, anchor) = match event {
            Event::Scalar(text, style, anchor, tag) => {
                let scalar = self.scalar(&text, style, tag.as_deref(), span)?;
                (
                    Sized {
                        node: Node::Scalar(scalar),
                        size: 1,
                        height: 0,
                    },
                    anchor,
                )
            }
            Event::SequenceStart(_, anchor, _) => (self.sequence(depth)?, anchor),
            Event::MappingStart(_, anchor, _) => (self.mapping(depth)?, anchor),
            Event::Alias(id) => return self.alias(id, span, depth),
            _ => return Err(self.error(span, "unexpected YAML content where a value belongs")),
        };
        if anchor != 0 {
            self.anchors
                .insert(anchor, (built.node.clone(), built.size, built.height));
        }
        Ok(built)
    }

    fn sequence(&mut self, depth: usize) -> Result<Sized, YamlError> {
        let mut items = Vec::new();
        let (mut size, mut height) = (1, 1);
        loop {
            let (event, span) = self.next()?;
            if matches!(event, Event::SequenceEnd) {
                break;
            }
            let line = self
                .entries
                .line_before(span.start.index(), span.start.line());
            let item = self.node(event, span, depth + 1)?;
            size += item.size;
            height = height.max(item.height + 1);
            items.push(ArrayItem {
                pos: self.pos(line),
                value: item.node,
                comments: Vec::new(),
            });
        }
        Ok(Sized {
            node: Node::Array(items),
            size,
            height,
        })
    }

    fn mapping(&mut self, depth: usize) -> Result<Sized, YamlError> {
        let mut items = Vec::new();
        let (mut size, mut height) = (1, 1);
        loop {
            let (event, span) = self.next()?;
            if matches!(event, Event::MappingEnd) {
                break;
            }
            let merge = is_merge_key(&event);
            let key = self.node(event, span, depth + 1)?;
            let (value_event, value_span) = self.next()?;
            let alias = matches!(value_event, Event::Alias(_));
            let value = self.node(value_event, value_span, depth + 1)?;
            size += key.size + value.size;
            height = height.max(value.height + 1);
            if merge {
                let merged = merged_items(value.node, alias).map_err(|m| YamlError {
                    go_yaml: true,
                    ..self.error(value_span, format!("yaml: {m}"))
                })?;
                items.extend(merged);
                continue;
            }
            let Node::Scalar(key) = key.node else {
                return Err(self.error(span, "a map key must be a scalar (ytt keys are scalars)"));
            };
            items.push(MapItem {
                pos: self.pos(span.start.line()),
                key,
                value: value.node,
                comments: Vec::new(),
            });
        }
        Ok(Sized {
            node: Node::Map(items),
            size,
            height,
        })
    }

    /// A copy of the anchored node `id`, within the alias budget and the depth limit.
    fn alias(&mut self, id: usize, span: Span, depth: usize) -> Result<Sized, YamlError> {
        let Some((node, size, height)) = self.anchors.get(&id) else {
            // go-yaml has already refused an unknown anchor (`super::syntax`): this one is
            // still open, and go-yaml's decoder says so (`decode.go` `alias`).
            let name: String = self.source[span.start.byte_offset().unwrap_or(0)..]
                .chars()
                .skip(1)
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'))
                .collect();
            return Err(YamlError {
                go_yaml: true,
                ..self.error(span, format!("yaml: anchor '{name}' value contains itself"))
            });
        };
        let (size, height) = (*size, *height);
        self.copied = self.copied.saturating_add(size);
        if self.copied > ALIAS_BUDGET {
            return Err(self.error(
                span,
                format!("YAML aliases expand to more than {ALIAS_BUDGET} nodes"),
            ));
        }
        if depth + height > MAX_DEPTH {
            return Err(self.error(
                span,
                format!("YAML nested more than {MAX_DEPTH} levels deep (through an alias)"),
            ));
        }
        Ok(Sized {
            node: node.clone(),
            size,
            height,
        })
    }

    /// A scalar as go-yaml v2 decodes it into an `interface{}`: plain and untagged resolved as
    /// YAML 1.1; quoted and block scalars strings; a core tag resolved under that tag; any other
    /// tag keeps the text.
    fn scalar(
        &self,
        text: &str,
        style: ScalarStyle,
        tag: Option<&Tag>,
        span: Span,
    ) -> Result<Scalar, YamlError> {
        // The parser reports an empty plain scalar as `~`; go-yaml sees the empty text.
        let text = if style == ScalarStyle::Plain && span.start.index() == span.end.index() {
            ""
        } else {
            text
        };
        let resolved = match tag {
            None if style == ScalarStyle::Plain => resolve_plain(text),
            None => Resolved::Str,
            Some(tag) if tag.handle() == CORE_TAG_PREFIX => {
                match CoreTag::from_suffix(tag.suffix()) {
                    Some(core) => resolve_tagged(core, text).map_err(|m| self.error(span, m))?,
                    None if tag.suffix() == "binary" => {
                        return Err(self.error(span, "the !!binary tag is not supported"));
                    }
                    None => Resolved::Str,
                }
            }
            Some(_) => Resolved::Str,
        };
        Ok(match resolved {
            Resolved::Null => Scalar::Null,
            Resolved::Bool(b) => Scalar::Bool(b),
            Resolved::Int(i) => Scalar::Int(i),
            Resolved::Float(f) => Scalar::Float(f),
            Resolved::Timestamp | Resolved::Str => Scalar::String(text.to_owned()),
            Resolved::Uint(_) => {
                return Err(self.error(
                    span,
                    format!(
                        "integer {text} is above {}: ytt reads it as an unsigned 64-bit integer, \
                         which is not supported",
                        i64::MAX
                    ),
                ));
            }
        })
    }
}

/// Whether a key event is go-yaml's merge key: a plain, untagged `<<`, or `!!merge`.
fn is_merge_key(event: &Event<'_>) -> bool {
    match event {
        Event::Scalar(text, style, _, tag) => match tag {
            None => *style == ScalarStyle::Plain && text == "<<",
            Some(tag) => tag.handle() == CORE_TAG_PREFIX && tag.suffix() == "merge",
        },
        _ => false,
    }
}

/// The items a merge key's value splices into its map, as ytt's go-yaml v2 does: a map's items;
/// for a sequence of maps (written out, not an alias: `decode.go` `merge` wants an alias to be
/// of a map), only the first map's items (each later map is decoded first and replaced,
/// `decode.go` `mappingSlice` with `merge`). Keys are not deduplicated.
fn merged_items(value: Node, alias: bool) -> Result<Vec<MapItem>, String> {
    const WANT_MAP: &str = "map merge requires map or sequence of maps as the value";
    match value {
        Node::Map(items) => Ok(items),
        Node::Array(maps) if !alias => {
            if !maps.iter().all(|m| matches!(m.value, Node::Map(_))) {
                return Err(WANT_MAP.to_owned());
            }
            Ok(match maps.into_iter().next().map(|m| m.value) {
                Some(Node::Map(items)) => items,
                _ => Vec::new(),
            })
        }
        Node::Array(_) | Node::Scalar(_) => Err(WANT_MAP.to_owned()),
    }
}
