//! The official meta-schemas of the five drafts, bundled (`meta/`, with their licence and
//! source), so that a `$ref` to one (`http://json-schema.org/draft-07/schema#`,
//! `https://json-schema.org/draft/2020-12/meta/validation`) resolves offline and a custom
//! meta-schema's `$vocabulary` can be read. Every registry answers them after its own
//! documents: a document the caller maps under the same URL wins.

use std::sync::OnceLock;

use super::registry::Registry;

/// Each meta-schema by the URL json-schema.org serves it at (its `$id`, without the empty
/// fragment).
const BUNDLED: &[(&str, &str)] = &[
    (
        "http://json-schema.org/draft-04/schema",
        include_str!("../meta/draft-04/schema.json"),
    ),
    (
        "http://json-schema.org/draft-06/schema",
        include_str!("../meta/draft-06/schema.json"),
    ),
    (
        "http://json-schema.org/draft-07/schema",
        include_str!("../meta/draft-07/schema.json"),
    ),
    (
        "https://json-schema.org/draft/2019-09/schema",
        include_str!("../meta/2019-09/schema.json"),
    ),
    (
        "https://json-schema.org/draft/2019-09/meta/core",
        include_str!("../meta/2019-09/meta/core.json"),
    ),
    (
        "https://json-schema.org/draft/2019-09/meta/applicator",
        include_str!("../meta/2019-09/meta/applicator.json"),
    ),
    (
        "https://json-schema.org/draft/2019-09/meta/validation",
        include_str!("../meta/2019-09/meta/validation.json"),
    ),
    (
        "https://json-schema.org/draft/2019-09/meta/meta-data",
        include_str!("../meta/2019-09/meta/meta-data.json"),
    ),
    (
        "https://json-schema.org/draft/2019-09/meta/format",
        include_str!("../meta/2019-09/meta/format.json"),
    ),
    (
        "https://json-schema.org/draft/2019-09/meta/content",
        include_str!("../meta/2019-09/meta/content.json"),
    ),
    (
        "https://json-schema.org/draft/2020-12/schema",
        include_str!("../meta/2020-12/schema.json"),
    ),
    (
        "https://json-schema.org/draft/2020-12/meta/core",
        include_str!("../meta/2020-12/meta/core.json"),
    ),
    (
        "https://json-schema.org/draft/2020-12/meta/applicator",
        include_str!("../meta/2020-12/meta/applicator.json"),
    ),
    (
        "https://json-schema.org/draft/2020-12/meta/unevaluated",
        include_str!("../meta/2020-12/meta/unevaluated.json"),
    ),
    (
        "https://json-schema.org/draft/2020-12/meta/validation",
        include_str!("../meta/2020-12/meta/validation.json"),
    ),
    (
        "https://json-schema.org/draft/2020-12/meta/meta-data",
        include_str!("../meta/2020-12/meta/meta-data.json"),
    ),
    (
        "https://json-schema.org/draft/2020-12/meta/format-annotation",
        include_str!("../meta/2020-12/meta/format-annotation.json"),
    ),
    (
        "https://json-schema.org/draft/2020-12/meta/format-assertion",
        include_str!("../meta/2020-12/meta/format-assertion.json"),
    ),
    (
        "https://json-schema.org/draft/2020-12/meta/content",
        include_str!("../meta/2020-12/meta/content.json"),
    ),
];

/// The registry of the bundled meta-schemas, each under its URL and under the same URL with
/// the other scheme (`http`/`https`), as [`crate::Draft::from_uri`] takes both for `$schema`.
pub(crate) fn bundled() -> &'static Registry {
    static BUNDLE: OnceLock<Registry> = OnceLock::new();
    BUNDLE.get_or_init(|| {
        let mut registry = Registry::without_bundle();
        for (url, text) in BUNDLED {
            let file = format!("<bundled meta-schema {url}>");
            registry.add_text(url, text, &file);
        }
        for (url, text) in BUNDLED {
            let other = match url.strip_prefix("https://") {
                Some(rest) => format!("http://{rest}"),
                None => url.replacen("http://", "https://", 1),
            };
            registry.add_text(&other, text, &format!("<bundled meta-schema {url}>"));
        }
        registry
    })
}

#[cfg(test)]
mod tests {
    use super::{BUNDLED, bundled};

    #[test]
    fn every_meta_schema_is_read_as_its_draft() {
        for (url, _) in BUNDLED {
            let doc = bundled().find(url).expect(url);
            assert!(doc.draft.is_ok(), "{url}: {:?}", doc.draft);
            assert_eq!(doc.url, *url);
        }
        assert!(
            bundled()
                .find("https://json-schema.org/draft-07/schema")
                .is_some()
        );
    }
}
