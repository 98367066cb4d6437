//! Whether one node holds another, as ytt 0.48 `pkg/yttlibrary/overlay/compare.go` compares
//! them for `overlay.subset` and `@overlay/assert`: every item of the expected map must match
//! an item of the same key, expected array items match by index, leaves are equal (ints of any
//! width as one), with ytt's explanation when they do not.

use crate::schema::check::{node_type_name, scalar_type_name};
use validgen_gotext::yaml::{Node, Scalar};

/// Whether `left` holds `right`, and why not (`Expected leaf values to match string string`).
pub(super) fn compare(left: &Node, right: &Node) -> (bool, String) {
    match right {
        Node::Map(expected) => {
            let Node::Map(actual) = left else {
                return (
                    false,
                    format!("Expected map, but was {}", node_type_name(left)),
                );
            };
            for r in expected {
                let mut matched = false;
                for l in actual.iter().filter(|l| l.key == r.key) {
                    let (ok, why) = compare(&l.value, &r.value);
                    if !ok {
                        return (false, why);
                    }
                    matched = true;
                }
                if !matched {
                    return (
                        false,
                        "Expected at least one map item to match by key".to_owned(),
                    );
                }
            }
            (true, String::new())
        }
        Node::Array(expected) => {
            let Node::Array(actual) = left else {
                return (
                    false,
                    format!("Expected array, but was {}", node_type_name(left)),
                );
            };
            for (i, r) in expected.iter().enumerate() {
                let Some(l) = actual.get(i) else {
                    return (
                        false,
                        "Expected to have matching number of array items".to_owned(),
                    );
                };
                let (ok, why) = compare(&l.value, &r.value);
                if !ok {
                    return (false, why);
                }
            }
            (true, String::new())
        }
        Node::Scalar(r) => match left {
            Node::Scalar(l) => compare_leaves(l, r),
            _ => (
                false,
                format!(
                    "Expected leaf values to match {} {}",
                    node_type_name(left),
                    scalar_type_name(r)
                ),
            ),
        },
    }
}

/// Two leaves equal as `CompareLeafs` (Go's `reflect.DeepEqual`, or both ints of one value).
pub(super) fn compare_leaves(left: &Scalar, right: &Scalar) -> (bool, String) {
    if left == right {
        return (true, String::new());
    }
    (
        false,
        format!(
            "Expected leaf values to match {} {}",
            scalar_type_name(left),
            scalar_type_name(right)
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use validgen_gotext::yaml::parse;

    fn node(text: &str) -> Node {
        parse(text, "t.yml")
            .ok()
            .and_then(|s| s.documents.into_iter().next())
            .map(|d| d.value)
            .unwrap_or(Node::Scalar(Scalar::Null))
    }

    #[test]
    fn compares_as_ytt() {
        let left = node("name: http\nport: 80\nhosts: [a, b]\n");
        assert!(compare(&left, &node("name: http\n")).0);
        assert!(compare(&left, &node("hosts: [a]\n")).0);
        assert_eq!(
            compare(&left, &node("name: web\n")).1,
            "Expected leaf values to match string string"
        );
        assert_eq!(
            compare(&left, &node("other: 1\n")).1,
            "Expected at least one map item to match by key"
        );
        assert_eq!(
            compare(&left, &node("hosts: [a, b, c]\n")).1,
            "Expected to have matching number of array items"
        );
        assert_eq!(
            compare(&node("x\n"), &node("a: 1\n")).1,
            "Expected map, but was string"
        );
        assert!(!compare(&node("1\n"), &node("1.0\n")).0);
    }
}
