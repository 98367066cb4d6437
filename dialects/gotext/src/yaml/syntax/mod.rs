//! go-yaml v2's syntax errors, with its texts: ytt's fork of go-yaml (libyaml's reader,
//! scanner and parser ported to Go, `pkg/yamlmeta/internal/yaml.v2`) refuses some texts the
//! event parser of [`super::build`] reads and reads some it refuses, and its error texts are
//! what ytt prints (`yaml: line 2: mapping values are not allowed in this context`). This
//! checker runs libyaml's token and grammar rules over the text, in go-yaml's order (tokens
//! fetched lazily, one event at a time, aliases checked as the decoder meets them), and gives
//! go-yaml's first error.

mod parser;
mod reader;

pub(super) use reader::allowed;
mod scalars;
mod scanner;

use std::collections::HashSet;

use parser::{Event, Parser};
use reader::Mark;

/// Which of go-yaml's layers failed: it decides the line go-yaml reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Layer {
    Scanner,
    Parser,
    Decoder,
    /// Flow collections nested past [`MAX_DEPTH`]: the checker stops, and the event builder
    /// refuses the text with its own limit.
    Limit,
}

/// How deep flow collections may nest before the checker stops (the builder's own limit):
/// libyaml looks at every level's simple key for each token, so deeper input would take
/// quadratic time.
const MAX_DEPTH: usize = super::build::MAX_DEPTH;

/// A go-yaml error as libyaml records it.
#[derive(Debug, Clone)]
pub(super) struct Failure {
    layer: Layer,
    problem: String,
    problem_mark: Mark,
    context_mark: Mark,
}

impl Failure {
    fn limit() -> Failure {
        Failure {
            layer: Layer::Limit,
            problem: String::new(),
            problem_mark: Mark::default(),
            context_mark: Mark::default(),
        }
    }

    fn scanner(problem: &str, at: Mark, context_mark: Mark) -> Failure {
        Failure {
            layer: Layer::Scanner,
            problem: problem.to_owned(),
            problem_mark: at,
            context_mark,
        }
    }

    fn parser(problem: &str, at: Mark) -> Failure {
        Failure::parser_in(Mark::default(), problem, at)
    }

    fn parser_in(context_mark: Mark, problem: &str, at: Mark) -> Failure {
        Failure {
            layer: Layer::Parser,
            problem: problem.to_owned(),
            problem_mark: at,
            context_mark,
        }
    }

    /// go-yaml's line for the error (`decode.go` `fail`): the problem's 0-based line, plus one
    /// for a scanner error; else the context's 0-based line; 0 for none.
    fn line(&self) -> usize {
        match self.layer {
            Layer::Decoder | Layer::Limit => 0,
            _ if self.problem_mark.line != 0 => {
                self.problem_mark.line + usize::from(self.layer == Layer::Scanner)
            }
            _ => self.context_mark.line,
        }
    }
}

/// go-yaml's first error in `source`: the line go-yaml names (0 for none), its problem text,
/// and the 0-based index of the document being read when it failed (go-yaml decodes the
/// documents before it, so their own errors come first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct SyntaxError {
    pub line: usize,
    pub problem: String,
    pub document: usize,
}

/// Runs go-yaml's scanner, parser and alias lookup over `source` (the text as ytt passes it,
/// with its `---` prepended if any; one without characters YAML disallows, see [`allowed`]).
///
/// # Errors
/// go-yaml's first error, if any (none is looked for past [`MAX_DEPTH`] nested flow
/// collections). Time and memory are linear in the text: each token and event is produced
/// once, and each token looks at most at [`MAX_DEPTH`] simple keys.
pub(super) fn check(source: &str) -> Result<(), SyntaxError> {
    let mut parser = Parser::new(source);
    let mut anchors: HashSet<String> = HashSet::new();
    let mut documents = 0usize;
    let fail = |failure: Failure, documents: usize| SyntaxError {
        line: failure.line(),
        problem: failure.problem,
        document: documents.saturating_sub(1),
    };
    loop {
        let event = match parser.next() {
            Ok(event) => event,
            Err(failure) if failure.layer == Layer::Limit => return Ok(()),
            Err(failure) => return Err(fail(failure, documents)),
        };
        match event {
            Event::StreamEnd => return Ok(()),
            Event::DocumentStart => {
                documents += 1;
                anchors.clear();
            }
            Event::Alias(name) if !anchors.contains(&name) => {
                let failure = Failure {
                    layer: Layer::Decoder,
                    problem: format!("unknown anchor '{name}' referenced"),
                    problem_mark: Mark::default(),
                    context_mark: Mark::default(),
                };
                return Err(fail(failure, documents));
            }
            Event::Node(Some(anchor)) => {
                anchors.insert(anchor);
            }
            Event::Alias(_) | Event::Node(None) | Event::Other => {}
        }
    }
}

#[cfg(test)]
mod tests;
