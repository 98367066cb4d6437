//! `max=` (ytt `assert.max`: `decode(encode(v)) <= decode(encode(max)) or
//! fail("value > {}".format(decode(encode(max))))`).

use serde_json::Value;

use super::min::bounded;
use crate::starlark::ops::Cmp;

/// `value > X` (the bound with `str()`) when `v` is above `bound`; a comparison error
/// (`dict <= int not implemented`) as found.
pub fn max(v: &Value, bound: &Value) -> Option<Option<String>> {
    bounded(v, bound, Cmp::Le, ">")
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn bounds_as_ytt() {
        assert_eq!(
            max(&json!(11), &json!(10)),
            Some(Some("value > 10".to_owned()))
        );
        assert_eq!(
            max(&json!("n"), &json!("m")),
            Some(Some("value > m".to_owned()))
        );
        assert_eq!(
            max(&json!(true), &json!(false)),
            Some(Some("value > False".to_owned()))
        );
        assert_eq!(
            max(&json!([1, 2, 3]), &json!([1, 2])),
            Some(Some("value > [1, 2]".to_owned()))
        );
        assert_eq!(max(&json!(1000), &json!(1e3)), None);
        assert_eq!(
            max(&json!([1]), &json!(1)),
            Some(Some("list <= int not implemented".to_owned()))
        );
    }
}
