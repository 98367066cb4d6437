//! libyaml's parser as ytt's go-yaml v2 runs it (`parserc.go`): a state machine over the
//! scanner's tokens giving events, with its errors at the token where the grammar breaks.
//! Events carry only what the decoder's own checks need (anchors and aliases).

use super::Failure;
use super::reader::Mark;
use super::scanner::{Kind, Scanner};

/// What the decoder sees of an event.
pub(super) enum Event {
    StreamEnd,
    DocumentStart,
    Alias(String),
    /// A scalar, sequence or mapping start, with its anchor.
    Node(Option<String>),
    /// A collection's end, a document's end, the stream's start.
    Other,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    StreamStart,
    ImplicitDocumentStart,
    DocumentStart,
    DocumentContent,
    DocumentEnd,
    BlockNode,
    BlockSequenceFirstEntry,
    BlockSequenceEntry,
    IndentlessSequenceEntry,
    BlockMappingFirstKey,
    BlockMappingKey,
    BlockMappingValue,
    FlowSequenceFirstEntry,
    FlowSequenceEntry,
    FlowSequenceEntryMappingKey,
    FlowSequenceEntryMappingValue,
    FlowSequenceEntryMappingEnd,
    FlowMappingFirstKey,
    FlowMappingKey,
    FlowMappingValue,
    FlowMappingEmptyValue,
    End,
}

pub(super) struct Parser {
    scanner: Scanner,
    state: State,
    states: Vec<State>,
    marks: Vec<Mark>,
    /// The tag handles the current document defines (its `%TAG`s, then `!` and `!!`).
    handles: Vec<String>,
}

impl Parser {
    pub fn new(text: &str) -> Parser {
        Parser {
            scanner: Scanner::new(text),
            state: State::StreamStart,
            states: Vec::new(),
            marks: Vec::new(),
            handles: Vec::new(),
        }
    }

    /// The next event; [`Event::StreamEnd`] again once the stream has ended.
    pub fn next(&mut self) -> Result<Event, Failure> {
        use State as S;
        match self.state {
            S::End => Ok(Event::StreamEnd),
            S::StreamStart => {
                self.scanner.peek()?;
                self.scanner.skip_token();
                self.state = S::ImplicitDocumentStart;
                Ok(Event::Other)
            }
            S::ImplicitDocumentStart => self.document_start(true),
            S::DocumentStart => self.document_start(false),
            S::DocumentContent => {
                let token = self.scanner.peek()?;
                if matches!(
                    token.kind,
                    Kind::Version(..)
                        | Kind::TagDirective(_)
                        | Kind::DocumentStart
                        | Kind::DocumentEnd
                        | Kind::StreamEnd
                ) {
                    self.pop_state();
                    return Ok(Event::Node(None));
                }
                self.node(true, false)
            }
            S::DocumentEnd => {
                if self.scanner.peek()?.kind == Kind::DocumentEnd {
                    self.scanner.skip_token();
                }
                self.handles.clear();
                self.state = S::DocumentStart;
                Ok(Event::Other)
            }
            S::BlockNode => self.node(true, false),
            S::BlockSequenceFirstEntry => self.block_sequence_entry(true),
            S::BlockSequenceEntry => self.block_sequence_entry(false),
            S::IndentlessSequenceEntry => self.indentless_sequence_entry(),
            S::BlockMappingFirstKey => self.block_mapping_key(true),
            S::BlockMappingKey => self.block_mapping_key(false),
            S::BlockMappingValue => self.block_mapping_value(),
            S::FlowSequenceFirstEntry => self.flow_sequence_entry(true),
            S::FlowSequenceEntry => self.flow_sequence_entry(false),
            S::FlowSequenceEntryMappingKey => {
                let token = self.scanner.peek()?;
                if !matches!(
                    token.kind,
                    Kind::Value | Kind::FlowEntry | Kind::FlowSequenceEnd
                ) {
                    return self.push_node(S::FlowSequenceEntryMappingValue, false, false);
                }
                // As libyaml, the token is taken whichever of the three it is.
                self.scanner.skip_token();
                self.state = S::FlowSequenceEntryMappingValue;
                Ok(Event::Node(None))
            }
            S::FlowSequenceEntryMappingValue => {
                if self.scanner.peek()?.kind == Kind::Value {
                    self.scanner.skip_token();
                    let token = self.scanner.peek()?;
                    if !matches!(token.kind, Kind::FlowEntry | Kind::FlowSequenceEnd) {
                        return self.push_node(S::FlowSequenceEntryMappingEnd, false, false);
                    }
                }
                self.state = S::FlowSequenceEntryMappingEnd;
                Ok(Event::Node(None))
            }
            S::FlowSequenceEntryMappingEnd => {
                self.scanner.peek()?;
                self.state = S::FlowSequenceEntry;
                Ok(Event::Other)
            }
            S::FlowMappingFirstKey => self.flow_mapping_key(true),
            S::FlowMappingKey => self.flow_mapping_key(false),
            S::FlowMappingValue => self.flow_mapping_value(false),
            S::FlowMappingEmptyValue => self.flow_mapping_value(true),
        }
    }

    fn pop_state(&mut self) {
        self.state = self.states.pop().unwrap_or(State::End);
    }

    /// Parses a node, coming back to `then` after it.
    fn push_node(&mut self, then: State, block: bool, indentless: bool) -> Result<Event, Failure> {
        self.states.push(then);
        self.node(block, indentless)
    }

    fn document_start(&mut self, implicit: bool) -> Result<Event, Failure> {
        let mut token = self.scanner.peek()?;
        if !implicit {
            while token.kind == Kind::DocumentEnd {
                self.scanner.skip_token();
                token = self.scanner.peek()?;
            }
        }
        let directive_or_start = matches!(
            token.kind,
            Kind::Version(..) | Kind::TagDirective(_) | Kind::DocumentStart
        );
        if implicit && !directive_or_start && token.kind != Kind::StreamEnd {
            self.directives()?;
            self.states.push(State::DocumentEnd);
            self.state = State::BlockNode;
            return Ok(Event::DocumentStart);
        }
        if token.kind == Kind::StreamEnd {
            self.state = State::End;
            self.scanner.skip_token();
            return Ok(Event::StreamEnd);
        }
        self.directives()?;
        let token = self.scanner.peek()?;
        if token.kind != Kind::DocumentStart {
            return Err(Failure::parser(
                "did not find expected <document start>",
                token.start,
            ));
        }
        self.states.push(State::DocumentEnd);
        self.state = State::DocumentContent;
        self.scanner.skip_token();
        Ok(Event::DocumentStart)
    }

    /// A document's `%YAML` and `%TAG` directives, then the default handles.
    fn directives(&mut self) -> Result<(), Failure> {
        let mut version = false;
        loop {
            let token = self.scanner.peek()?;
            match token.kind {
                Kind::Version(major, minor) => {
                    if version {
                        return Err(Failure::parser(
                            "found duplicate %YAML directive",
                            token.start,
                        ));
                    }
                    if (major, minor) != (1, 1) {
                        return Err(Failure::parser(
                            "found incompatible YAML document",
                            token.start,
                        ));
                    }
                    version = true;
                }
                Kind::TagDirective(handle) => {
                    if self.handles.contains(&handle) {
                        return Err(Failure::parser(
                            "found duplicate %TAG directive",
                            token.start,
                        ));
                    }
                    self.handles.push(handle);
                }
                _ => break,
            }
            self.scanner.skip_token();
        }
        for default in ["!", "!!"] {
            if !self.handles.iter().any(|h| h == default) {
                self.handles.push(default.to_owned());
            }
        }
        Ok(())
    }

    fn node(&mut self, block: bool, indentless: bool) -> Result<Event, Failure> {
        let mut token = self.scanner.peek()?;
        if let Kind::Alias(name) = token.kind {
            self.pop_state();
            self.scanner.skip_token();
            return Ok(Event::Alias(name));
        }
        let start = token.start;
        let mut anchor = None;
        let mut tag = None;
        for _ in 0..2 {
            match token.kind {
                Kind::Anchor(name) if anchor.is_none() => anchor = Some(name),
                Kind::Tag(handle) if tag.is_none() => tag = Some((handle, token.start)),
                _ => break,
            }
            self.scanner.skip_token();
            token = self.scanner.peek()?;
        }
        if let Some((handle, mark)) = &tag
            && !handle.is_empty()
            && !self.handles.contains(handle)
        {
            return Err(Failure::parser_in(
                start,
                "found undefined tag handle",
                *mark,
            ));
        }
        let properties = anchor.is_some() || tag.is_some();
        let next = match token.kind {
            Kind::BlockEntry if indentless => State::IndentlessSequenceEntry,
            Kind::Scalar => {
                self.pop_state();
                self.scanner.skip_token();
                return Ok(Event::Node(anchor));
            }
            Kind::FlowSequenceStart => State::FlowSequenceFirstEntry,
            Kind::FlowMappingStart => State::FlowMappingFirstKey,
            Kind::BlockSequenceStart if block => State::BlockSequenceFirstEntry,
            Kind::BlockMappingStart if block => State::BlockMappingFirstKey,
            _ if properties => {
                self.pop_state();
                return Ok(Event::Node(anchor));
            }
            _ => {
                return Err(Failure::parser_in(
                    start,
                    "did not find expected node content",
                    token.start,
                ));
            }
        };
        self.state = next;
        Ok(Event::Node(anchor))
    }

    /// On a collection's first entry: remembers where it starts and takes its opening token.
    fn open(&mut self) -> Result<(), Failure> {
        let token = self.scanner.peek()?;
        self.marks.push(token.start);
        self.scanner.skip_token();
        Ok(())
    }

    /// A collection's closing token: back to the state before it.
    fn close(&mut self) -> Event {
        self.pop_state();
        self.marks.pop();
        self.scanner.skip_token();
        Event::Other
    }

    /// An error inside the collection being read: go-yaml names the collection's start when
    /// the problem's line is 0.
    fn grammar_error(&mut self, problem: &str, at: Mark) -> Failure {
        let start = self.marks.pop().unwrap_or_default();
        Failure::parser_in(start, problem, at)
    }

    fn block_sequence_entry(&mut self, first: bool) -> Result<Event, Failure> {
        if first {
            self.open()?;
        }
        let token = self.scanner.peek()?;
        match token.kind {
            Kind::BlockEntry => {
                self.scanner.skip_token();
                let token = self.scanner.peek()?;
                if !matches!(token.kind, Kind::BlockEntry | Kind::BlockEnd) {
                    return self.push_node(State::BlockSequenceEntry, true, false);
                }
                self.state = State::BlockSequenceEntry;
                Ok(Event::Node(None))
            }
            Kind::BlockEnd => Ok(self.close()),
            _ => Err(self.grammar_error("did not find expected '-' indicator", token.start)),
        }
    }

    fn indentless_sequence_entry(&mut self) -> Result<Event, Failure> {
        if self.scanner.peek()?.kind != Kind::BlockEntry {
            self.pop_state();
            return Ok(Event::Other);
        }
        self.scanner.skip_token();
        let token = self.scanner.peek()?;
        if !matches!(
            token.kind,
            Kind::BlockEntry | Kind::Key | Kind::Value | Kind::BlockEnd
        ) {
            return self.push_node(State::IndentlessSequenceEntry, true, false);
        }
        self.state = State::IndentlessSequenceEntry;
        Ok(Event::Node(None))
    }

    fn block_mapping_key(&mut self, first: bool) -> Result<Event, Failure> {
        if first {
            self.open()?;
        }
        let token = self.scanner.peek()?;
        match token.kind {
            Kind::Key => {
                self.scanner.skip_token();
                let token = self.scanner.peek()?;
                if !matches!(token.kind, Kind::Key | Kind::Value | Kind::BlockEnd) {
                    return self.push_node(State::BlockMappingValue, true, true);
                }
                self.state = State::BlockMappingValue;
                Ok(Event::Node(None))
            }
            Kind::BlockEnd => Ok(self.close()),
            _ => Err(self.grammar_error("did not find expected key", token.start)),
        }
    }

    fn block_mapping_value(&mut self) -> Result<Event, Failure> {
        if self.scanner.peek()?.kind == Kind::Value {
            self.scanner.skip_token();
            let token = self.scanner.peek()?;
            if !matches!(token.kind, Kind::Key | Kind::Value | Kind::BlockEnd) {
                return self.push_node(State::BlockMappingKey, true, true);
            }
        }
        self.state = State::BlockMappingKey;
        Ok(Event::Node(None))
    }

    fn flow_sequence_entry(&mut self, first: bool) -> Result<Event, Failure> {
        if first {
            self.open()?;
        }
        let mut token = self.scanner.peek()?;
        if token.kind != Kind::FlowSequenceEnd {
            if !first {
                if token.kind != Kind::FlowEntry {
                    return Err(self.grammar_error("did not find expected ',' or ']'", token.start));
                }
                self.scanner.skip_token();
                token = self.scanner.peek()?;
            }
            if token.kind == Kind::Key {
                self.state = State::FlowSequenceEntryMappingKey;
                self.scanner.skip_token();
                return Ok(Event::Node(None));
            }
            if token.kind != Kind::FlowSequenceEnd {
                return self.push_node(State::FlowSequenceEntry, false, false);
            }
        }
        Ok(self.close())
    }

    fn flow_mapping_key(&mut self, first: bool) -> Result<Event, Failure> {
        if first {
            self.open()?;
        }
        let mut token = self.scanner.peek()?;
        if token.kind != Kind::FlowMappingEnd {
            if !first {
                if token.kind != Kind::FlowEntry {
                    return Err(self.grammar_error("did not find expected ',' or '}'", token.start));
                }
                self.scanner.skip_token();
                token = self.scanner.peek()?;
            }
            if token.kind == Kind::Key {
                self.scanner.skip_token();
                let token = self.scanner.peek()?;
                if !matches!(
                    token.kind,
                    Kind::Value | Kind::FlowEntry | Kind::FlowMappingEnd
                ) {
                    return self.push_node(State::FlowMappingValue, false, false);
                }
                self.state = State::FlowMappingValue;
                return Ok(Event::Node(None));
            }
            if token.kind != Kind::FlowMappingEnd {
                return self.push_node(State::FlowMappingEmptyValue, false, false);
            }
        }
        Ok(self.close())
    }

    fn flow_mapping_value(&mut self, empty: bool) -> Result<Event, Failure> {
        let token = self.scanner.peek()?;
        if !empty && token.kind == Kind::Value {
            self.scanner.skip_token();
            let token = self.scanner.peek()?;
            if !matches!(token.kind, Kind::FlowEntry | Kind::FlowMappingEnd) {
                return self.push_node(State::FlowMappingKey, false, false);
            }
        }
        self.state = State::FlowMappingKey;
        Ok(Event::Node(None))
    }
}
