//! Spelling suggestions for names (starlark-go `internal/spell`).

/// The candidate nearest to `x` by edit distance, ignoring case and underscores, within half
/// of `x`'s length (starlark-go `internal/spell.Nearest`); the first of equals wins.
pub(crate) fn nearest<'a>(x: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let fold = |s: &str| -> Vec<char> {
        s.chars()
            .filter(|c| *c != '_')
            .flat_map(char::to_lowercase)
            .collect()
    };
    let x = fold(x);
    let mut best = None;
    let mut best_d = x.len().div_ceil(2);
    for c in candidates {
        let d = levenshtein(&x, &fold(c));
        if d < best_d {
            best_d = d;
            best = Some(*c);
        }
    }
    best
}

fn levenshtein(x: &[char], y: &[char]) -> usize {
    let mut row: Vec<usize> = (0..=y.len()).collect();
    for (i, cx) in x.iter().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cy) in y.iter().enumerate() {
            let substitution = prev + usize::from(cx != cy);
            let next = substitution.min(row[j] + 1).min(row[j + 1] + 1);
            prev = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[y.len()]
}
