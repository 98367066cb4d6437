//! ytt's YAML: documents whose nodes keep their position and comments, as ytt's `yamlmeta`
//! builds them (a document set of documents; maps of map items; arrays of array items;
//! scalars resolved as YAML 1.1, as ytt's fork of go-yaml v2 does).
//!
//! Comments belong to a document, a map item or an array item (never to a map or an array
//! value), as in ytt: one on its own line to the next node, one after a node on its line to
//! that node.
//!
//! What ytt 0.48 does and this module reproduces (`pkg/yamlmeta/parser.go`):
//! - a file that does not start with `---` is read with `---\n` before it, so comments or
//!   content before a first `---` give an empty first document (null, line 1) and the
//!   annotations above that `---` belong to the document it starts;
//! - comments after a document's last node go to the next document; after the last one, to a
//!   document of their own (null value) appended to the set;
//! - duplicate keys are kept, in order; `<<` merges splice the merged map's items in place
//!   (of a sequence of maps, only the first: go-yaml v2's decoder overwrites the others);
//! - a comment on a block scalar's header line (`key: | # x`) is dropped, as libyaml drops it.
//!
//! Differences, all errors where ytt would read on: integers in `(i64::MAX, u64::MAX]` (a
//! `uint64` in ytt), `!!binary`, non-scalar keys; and the limits (256 levels of nesting, 100 000
//! nodes copied by aliases). Input size needs no limit: reading is linear in it.

mod build;
mod comments;
mod emitter;
mod entries;
mod float;
mod json;
mod node;
mod parse;
mod print;
mod resolve;
mod scalar_style;
mod syntax;
mod timestamp;

pub use json::to_yaml;
pub use node::{ArrayItem, Comment, Document, DocumentSet, MapItem, Node, Pos, Scalar};
pub use parse::{YamlError, parse};
pub use print::print;
