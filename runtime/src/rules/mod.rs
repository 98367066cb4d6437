//! The rule-set annotation parser. Placeholder until the parser lands.
