//! A cheap bound on what decoding a review into a JSON tree would cost.
//!
//! When the single pass cannot answer a review exactly, the admission decision decodes the
//! whole body into a `serde_json::Value` (about 130 bytes per value: a 3 MiB array of 1.5 M
//! integers takes some 200 MB). Counting the values first, in one pass over the bytes with no
//! allocation, lets the server refuse such bodies before any tree is built, whichever path
//! they would take.

/// Counts the structural characters `{`, `[`, `,` and `:` outside strings: one per object,
/// array, element after the first and object member, so within one per container of the
/// number of values and keys of a well-formed document. Stops counting, and returns
/// `limit + 1`, as soon as the count exceeds `limit`.
pub fn count_values(body: &[u8], limit: usize) -> usize {
    let mut count = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for &b in body {
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            }
        } else {
            match b {
                b'"' => in_string = true,
                b'{' | b'[' | b',' | b':' => {
                    count += 1;
                    if count > limit {
                        return count;
                    }
                }
                _ => {}
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::count_values;

    #[test]
    fn structural_characters_outside_strings_are_counted() {
        assert_eq!(count_values(b"1", 10), 0);
        assert_eq!(count_values(br#"{"a":[1,2,3]}"#, 10), 5);
        assert_eq!(count_values(br#"{"a:,[{":"\"[,"}"#, 10), 2);
        assert_eq!(count_values(b"[1,1,1,1,1,1]", 3), 4, "stops past the limit");
    }
}
