//! Go `regexp` syntax on the `regex` crate. Placeholder until the translator lands.
