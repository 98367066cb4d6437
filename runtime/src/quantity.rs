//! Kubernetes `resource.Quantity`. Interim stand-in with the final API; replaced by the real
//! parser on merge.
#![allow(missing_docs, clippy::todo)]

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quantity {
    text: String,
    small: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QuantityError {
    #[error(
        "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
    )]
    Format,
}

impl Quantity {
    pub fn parse(s: &str) -> Result<Quantity, QuantityError> {
        let (num, suf) = s.split_at(
            s.find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-' || c == '+'))
                .unwrap_or(s.len()),
        );
        if num.is_empty() {
            return Err(QuantityError::Format);
        }
        let mult: i64 = match suf {
            "" => 1,
            "k" => 1000,
            "M" => 1_000_000,
            "G" => 1_000_000_000,
            "Ki" => 1 << 10,
            "Mi" => 1 << 20,
            "Gi" => 1 << 30,
            "Ti" => 1 << 40,
            _ => return Err(QuantityError::Format),
        };
        let small = num.parse::<i64>().ok().and_then(|n| n.checked_mul(mult));
        Ok(Quantity {
            text: s.to_owned(),
            small,
        })
    }
    pub fn from_json(v: &serde_json::Value) -> Result<Option<Quantity>, QuantityError> {
        match v {
            serde_json::Value::Null => Ok(None),
            serde_json::Value::String(s) => Quantity::parse(s).map(Some),
            serde_json::Value::Number(n) => Quantity::parse(&n.to_string()).map(Some),
            _ => Err(QuantityError::Format),
        }
    }
    pub fn as_i64(&self) -> Option<i64> {
        self.small
    }
    pub fn canonical(&self) -> String {
        self.text.clone()
    }
}
