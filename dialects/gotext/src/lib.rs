//! Go's texts that several validgen frontends reproduce byte for byte:
//!
//! - [`json`]: how Go's `encoding/json` matches object keys to struct fields (exactly, else
//!   case-insensitively by Go's folding);
//! - [`strconv`]: Go's `strconv.Quote`, and Go's `%g` float formatting (fixed precision, as
//!   starlark-go prints floats, and shortest, as go-yaml v2 writes them);
//! - [`time`]: Go's `time.ParseDuration`;
//! - [`yaml`]: YAML as go-yaml v2 reads and writes it (YAML 1.1 scalars), into nodes that keep
//!   their file, line and comments (ytt's `#@` annotations live in those), and printed back as
//!   ytt prints data values.
//!
//! ytt's data values and validation texts, and Kyverno's test-migration output, are written
//! with these.

pub mod json;
pub mod strconv;
pub mod time;
pub mod yaml;
