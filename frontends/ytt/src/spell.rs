//! The nearest candidate to a misspelt name, as starlark-go `internal/spell.Nearest` (ytt 0.48
//! `pkg/spell/spell.go` is a copy of it): case and underscores ignored, the Levenshtein distance
//! counted over bytes (Go indexes strings by byte), within half the name's length. Both ytt's
//! "did you mean" hints on keys and Starlark's on names and attributes use it.

/// The candidate nearest to `x` (the first of equally near ones), if any is near enough.
pub(crate) fn nearest<'a, S: AsRef<str>>(x: &str, candidates: &'a [S]) -> Option<&'a str> {
    let x = fold(x).into_bytes();
    let mut best = None;
    // Up to 50% typos.
    let mut best_d = x.len().div_ceil(2);
    for c in candidates {
        let d = strsim::generic_levenshtein(&x, &fold(c.as_ref()).into_bytes());
        if d < best_d {
            best_d = d;
            best = Some(c.as_ref());
        }
    }
    best
}

/// Lower case, underscores dropped.
fn fold(s: &str) -> String {
    s.chars()
        .filter(|&c| c != '_')
        .flat_map(char::to_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_keys_and_far_ones() {
        let k = ["name", "timeout", "weight", "worker"];
        assert_eq!(nearest("worer", &k), Some("worker"));
        assert_eq!(nearest("zzzzzzzz", &k), None);
        assert_eq!(nearest("Time_Out", &k), Some("timeout"));
        assert_eq!(
            nearest("replicas", &["replicas".to_owned()]),
            Some("replicas")
        );
        let k = ["name", "replicas"];
        assert_eq!(nearest("replicaz", &k), Some("replicas"));
        assert_eq!(nearest("zzzz", &k), None);
    }

    #[test]
    fn distances_count_bytes_as_go_does() {
        // `é` is two bytes: `aeb` is one edit from `aéb` in characters but two in bytes, not
        // under half of its 4 bytes (2): not near enough, as in starlark-go.
        assert_eq!(nearest("aéb", &["aeb"]), None);
        assert_eq!(nearest("aeb", &["aéb"]), None);
        assert_eq!(nearest("lowest", &["lowst", "low"]), Some("lowst"));
    }
}
