//! ytt's YAML: documents whose nodes keep their position and comments, as ytt's `yamlmeta`
//! builds them (a document set of documents; maps of map items; arrays of array items;
//! scalars resolved as YAML 1.1, as ytt's fork of go-yaml v2 does).
//!
//! Comments belong to a document, a map item or an array item (never to a map or an array
//! value), as in ytt: one on its own line to the next node, one after a node on its line to
//! that node.

mod build;
mod comments;
mod emitter;
mod entries;
mod float;
mod node;
mod parse;
mod print;
mod resolve;
mod scalar_style;
mod timestamp;

pub use node::{ArrayItem, Comment, Document, DocumentSet, MapItem, Node, Pos, Scalar};
pub use parse::{YamlError, parse};
pub use print::print;
