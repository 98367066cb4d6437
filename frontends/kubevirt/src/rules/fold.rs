//! Which field of a rule a JSON key names, as Go's `encoding/json` decides
//! ([`validgen_gotext::json`]: exactly, else case-insensitively by Go's folding).

pub(crate) use validgen_gotext::json::folds_to;

/// A field of the reference's `validation.Rule`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Field {
    Rule,
    Name,
    Path,
    Message,
    Valid,
    JustWarning,
    Values,
    Min,
    Max,
    MinLength,
    MaxLength,
    Regex,
}

impl Field {
    const ALL: [Field; 12] = [
        Field::Rule,
        Field::Name,
        Field::Path,
        Field::Message,
        Field::Valid,
        Field::JustWarning,
        Field::Values,
        Field::Min,
        Field::Max,
        Field::MinLength,
        Field::MaxLength,
        Field::Regex,
    ];

    /// The JSON name (the struct tag).
    pub(crate) fn json_name(self) -> &'static str {
        match self {
            Field::Rule => "rule",
            Field::Name => "name",
            Field::Path => "path",
            Field::Message => "message",
            Field::Valid => "valid",
            Field::JustWarning => "justWarning",
            Field::Values => "values",
            Field::Min => "min",
            Field::Max => "max",
            Field::MinLength => "minLength",
            Field::MaxLength => "maxLength",
            Field::Regex => "regex",
        }
    }

    /// The field a key names, if any (unknown keys are ignored by the decoder).
    pub(crate) fn for_key(key: &str) -> Option<Field> {
        if let Some(f) = Field::ALL.into_iter().find(|f| f.json_name() == key) {
            return Some(f);
        }
        Field::ALL
            .into_iter()
            .find(|f| folds_to(key, f.json_name()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys() {
        assert_eq!(Field::for_key("message"), Some(Field::Message));
        assert_eq!(Field::for_key("MESSAGE"), Some(Field::Message));
        assert_eq!(Field::for_key("meſſage"), Some(Field::Message));
        assert_eq!(Field::for_key("juſtWarning"), Some(Field::JustWarning));
        assert_eq!(Field::for_key("justwarning"), Some(Field::JustWarning));
        assert_eq!(Field::for_key("valİd"), Some(Field::Valid));
        assert_eq!(Field::for_key("valıd"), Some(Field::Valid));
        assert_eq!(Field::for_key("MINLENGTH"), Some(Field::MinLength));
        assert_eq!(Field::for_key("just_warning"), None);
        assert_eq!(Field::for_key("minimum"), None);
        assert_eq!(Field::for_key("mi"), None);
        assert_eq!(Field::for_key("value"), None);
        assert_eq!(Field::for_key(""), None);
        assert_eq!(Field::for_key("ﬀ"), None);
    }
}
