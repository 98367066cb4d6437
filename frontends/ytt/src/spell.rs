//! The nearest candidate to a misspelt key, as ytt 0.48 `pkg/spell/spell.go` (itself from
//! starlark-go's `internal/spell`): Levenshtein distance over bytes, ignoring case and
//! underscores, up to half the key's length.

/// The candidate nearest to `x` (the first of equally near ones), if any is near enough.
pub(crate) fn nearest<'a>(x: &str, candidates: &'a [String]) -> Option<&'a str> {
    let x = fold(x);
    let mut best = None;
    // Up to 50% typos.
    let mut best_d = x.len().div_ceil(2);
    for c in candidates {
        let d = levenshtein(x.as_bytes(), fold(c).as_bytes(), best_d);
        if d < best_d {
            best_d = d;
            best = Some(c.as_str());
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

/// The edit distance of `x` and `y`; may stop early with a value above `max`.
fn levenshtein(x: &[u8], y: &[u8], max: usize) -> usize {
    let (mut x, mut y) = if x.len() > y.len() { (y, x) } else { (x, y) };
    // The common prefix is cut only where the strings differ (as the Go code: a full prefix
    // is kept, which changes nothing in the distance).
    if let Some(i) = x.iter().zip(y).position(|(a, b)| a != b) {
        x = &x[i..];
        y = &y[i..];
    }
    if x.is_empty() {
        return y.len();
    }
    let diff = y.len() - x.len();
    if diff > max {
        return diff;
    }
    let mut row: Vec<usize> = (0..=y.len()).collect();
    for i in 1..=x.len() {
        row[0] = i;
        let mut best = i;
        let mut prev = i - 1;
        for j in 1..=y.len() {
            let a = prev + usize::from(x[i - 1] != y[j - 1]);
            let b = 1 + row[j - 1];
            let c = 1 + row[j];
            let k = a.min(b).min(c);
            prev = row[j];
            row[j] = k;
            best = best.min(k);
        }
        if best > max {
            return best;
        }
    }
    row[y.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn near_keys_and_far_ones() {
        let k = keys(&["name", "timeout", "weight", "worker"]);
        assert_eq!(nearest("worer", &k), Some("worker"));
        assert_eq!(nearest("zzzzzzzz", &k), None);
        assert_eq!(nearest("Time_Out", &k), Some("timeout"));
        assert_eq!(nearest("replicas", &keys(&["replicas"])), Some("replicas"));
        let k = keys(&["name", "replicas"]);
        assert_eq!(nearest("replicaz", &k), Some("replicas"));
        assert_eq!(nearest("zzzz", &k), None);
        assert_eq!(levenshtein(b"ab", b"abcd", 5), 2);
    }
}
