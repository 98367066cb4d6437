//! Walking a rule set's static paths once, at the top of its function: the single-value
//! prefixes of all its paths form a trie with one `let` per node (`spec.template.spec.domain`
//! is looked up once), and each distinct multi-value remainder is one more `let` (a rule's
//! `valid` guard and its `path` share it), walked in one loop into one list.
//!
//! Plain documents have no static paths: their rule sets walk nothing ([`Walks::default`]).

#[cfg(feature = "kubevirt")]
mod trie;

#[cfg(feature = "kubevirt")]
use std::collections::BTreeMap;

use proc_macro2::TokenStream;

#[cfg(feature = "kubevirt")]
pub use trie::Read;

/// The walks of one rule set's static paths.
#[derive(Default)]
pub struct Walks {
    #[cfg(feature = "kubevirt")]
    reads: BTreeMap<String, Read>,
    lets: Vec<TokenStream>,
}

impl Walks {
    /// The `let` statements of the walks, parents first.
    pub fn lets(&self) -> &[TokenStream] {
        &self.lets
    }
}
