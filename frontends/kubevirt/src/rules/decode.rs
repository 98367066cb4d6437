//! Decoding a rule set as Go's `json.Unmarshal(data, &[]Rule)` does, with our errors.
//!
//! Two passes, like Go: the whole text is first checked to be valid JSON (so a syntax error
//! anywhere wins over a wrong type earlier on), then decoded. Each rule object is read into its
//! list of members, then the members are applied in order, exactly as Go decodes them into the
//! `Rule` struct: a repeated key overwrites, `null` is a no-op or resets, and the first member
//! that does not decode rejects the set.

use super::error::RuleSetError;
use super::fold::Field;
use super::location::Locator;
use super::number::json_number_to_i64;
use super::path::{PREFIX, is_path, rule_path};
use super::scan::{self, Lexer, Literal, SyntaxError};
use super::{Location, ParsedRule, ParsedRuleSet, RulePathError};
use validgen_core::ir::Arg;

/// Parses a rule set (see [`super::parse_rule_set`]).
pub(crate) fn decode(text: &str) -> Result<ParsedRuleSet, RuleSetError> {
    if text.is_empty() {
        return Ok(ParsedRuleSet { rules: Vec::new() });
    }
    let mut d = Decoder {
        text,
        locator: Locator::new(text),
    };
    scan::validate(text).map_err(|e| d.syntax(e))?;
    d.rule_set()
}

/// A JSON value, shallow: arrays and objects are only marked (their text is re-read if needed).
enum Raw<'a> {
    Null,
    Bool(bool),
    Number(&'a str),
    Str(String),
    Array,
    Object,
}

impl Raw<'_> {
    /// The value for "found …" in messages.
    fn describe(&self) -> String {
        match self {
            Raw::Null => "null".to_owned(),
            Raw::Bool(b) => b.to_string(),
            Raw::Number(n) => n.to_string(),
            Raw::Str(s) => quote(s),
            Raw::Array => "an array".to_owned(),
            Raw::Object => "an object".to_owned(),
        }
    }
}

/// A string quoted for a message, shortened when long.
fn quote(s: &str) -> String {
    const MAX: usize = 60;
    if s.chars().count() <= MAX {
        format!("{s:?}")
    } else {
        let head: String = s.chars().take(MAX - 1).collect();
        format!("{head:?}…")
    }
}

/// A value and the byte offset where it starts.
struct Value<'a> {
    raw: Raw<'a>,
    offset: usize,
}

/// One member of a rule object.
struct Member<'a> {
    /// The key, decoded.
    key: String,
    /// The field it names, if any.
    field: Option<Field>,
    value: Value<'a>,
}

/// The rule being decoded, for error messages.
struct Context {
    index: usize,
    name: Option<String>,
}

struct Decoder<'a> {
    text: &'a str,
    locator: Locator<'a>,
}

impl<'a> Decoder<'a> {
    /// The error for a syntax error. The first pass finds them all: the second pass, which
    /// reads text the first accepted, raises none (it still handles them rather than panic).
    fn syntax(&mut self, e: SyntaxError) -> RuleSetError {
        RuleSetError {
            location: self.locator.locate(e.offset),
            rule_index: None,
            rule_name: None,
            key: None,
            message: format!("rule set is not valid JSON: {}", e.message),
        }
    }

    /// An error about a rule (and, when `member` is given, one of its fields) at `offset`.
    fn error(
        &mut self,
        rule: &Context,
        member: Option<Field>,
        offset: usize,
        message: String,
    ) -> RuleSetError {
        RuleSetError {
            location: self.locator.locate(offset),
            rule_index: Some(rule.index),
            rule_name: rule.name.clone(),
            key: member.map(|field| field.json_name().to_owned()),
            message,
        }
    }

    /// Reads the value at the cursor.
    fn value(&mut self, lex: &mut Lexer<'a>) -> Result<Value<'a>, RuleSetError> {
        lex.skip_ws();
        let offset = lex.pos();
        let raw = match lex.peek() {
            Some(b'"') => {
                let mut s = String::new();
                lex.string(Some(&mut s)).map_err(|e| self.syntax(e))?;
                Raw::Str(s)
            }
            Some(b'-' | b'0'..=b'9') => Raw::Number(lex.number().map_err(|e| self.syntax(e))?),
            Some(open @ (b'[' | b'{')) => {
                // The first pass checked the depth; here only the extent matters.
                lex.skip_value(0).map_err(|e| self.syntax(e))?;
                if open == b'[' {
                    Raw::Array
                } else {
                    Raw::Object
                }
            }
            _ => match lex.literal().map_err(|e| self.syntax(e))? {
                Literal::Null => Raw::Null,
                Literal::True => Raw::Bool(true),
                Literal::False => Raw::Bool(false),
            },
        };
        Ok(Value { raw, offset })
    }

    /// Moves to the next element of an array whose `[` has been read, `index` elements in:
    /// whether there is one.
    fn next_element(&mut self, lex: &mut Lexer<'a>, index: usize) -> Result<bool, RuleSetError> {
        lex.skip_ws();
        match lex.peek() {
            Some(b']') => {
                lex.bump();
                Ok(false)
            }
            Some(b',') if index > 0 => {
                lex.bump();
                Ok(true)
            }
            _ if index == 0 => Ok(true),
            _ => Err(self.syntax(lex.expected_separator("`,` or `]` after an array element"))),
        }
    }

    /// Reads the next key of an object whose `{` has been read, `index` members in, and the `:`
    /// after it; `None` at the `}`.
    fn next_key(
        &mut self,
        lex: &mut Lexer<'a>,
        index: usize,
    ) -> Result<Option<String>, RuleSetError> {
        lex.skip_ws();
        match lex.peek() {
            Some(b'}') => {
                lex.bump();
                return Ok(None);
            }
            Some(b',') if index > 0 => lex.bump(),
            _ if index == 0 => {}
            _ => {
                return Err(
                    self.syntax(lex.expected_separator("`,` or `}` after an object member"))
                );
            }
        }
        lex.skip_ws();
        let mut key = String::new();
        lex.string(Some(&mut key)).map_err(|e| self.syntax(e))?;
        lex.skip_ws();
        lex.eat(b':', "`:` after an object key")
            .map_err(|e| self.syntax(e))?;
        Ok(Some(key))
    }

    /// The whole text: `null` or an array of rules.
    fn rule_set(&mut self) -> Result<ParsedRuleSet, RuleSetError> {
        let mut lex = Lexer::at(self.text, 0);
        lex.skip_ws();
        if lex.peek() != Some(b'[') {
            let value = self.value(&mut lex)?;
            if let Raw::Null = value.raw {
                return Ok(ParsedRuleSet { rules: Vec::new() });
            }
            return Err(RuleSetError {
                location: self.locator.locate(value.offset),
                rule_index: None,
                rule_name: None,
                key: None,
                message: format!(
                    "the rule set must be a JSON array of rules, found {}",
                    value.raw.describe()
                ),
            });
        }
        lex.bump();
        let mut rules = Vec::new();
        while self.next_element(&mut lex, rules.len())? {
            lex.skip_ws();
            let index = rules.len();
            let location = self.locator.locate(lex.pos());
            if lex.peek() == Some(b'{') {
                rules.push(self.rule(&mut lex, index, location)?);
                continue;
            }
            let value = self.value(&mut lex)?;
            match value.raw {
                Raw::Null => rules.push(ParsedRule::empty(index, location)),
                other => {
                    let rule = Context { index, name: None };
                    let message =
                        format!("a rule must be a JSON object, found {}", other.describe());
                    return Err(self.error(&rule, None, value.offset, message));
                }
            }
        }
        Ok(ParsedRuleSet { rules })
    }

    /// One rule object (the cursor is at its `{`).
    fn rule(
        &mut self,
        lex: &mut Lexer<'a>,
        index: usize,
        location: Location,
    ) -> Result<ParsedRule, RuleSetError> {
        lex.bump();
        let mut members = Vec::new();
        while let Some(key) = self.next_key(lex, members.len())? {
            let value = self.value(lex)?;
            members.push(Member {
                field: Field::for_key(&key),
                key,
                value,
            });
        }
        let name = members
            .iter()
            .rev()
            .find_map(|m| match (m.field, &m.value.raw) {
                (Some(Field::Name), Raw::Str(s)) => Some(s.clone()),
                _ => None,
            });
        let context = Context { index, name };
        let mut rule = ParsedRule::empty(index, location);
        for member in members {
            if let Some(field) = member.field {
                self.apply(&mut rule, &context, field, member)?;
            }
        }
        Ok(rule)
    }

    /// Decodes one member into the rule, as Go decodes it into the struct field.
    fn apply(
        &mut self,
        rule: &mut ParsedRule,
        context: &Context,
        field: Field,
        member: Member<'a>,
    ) -> Result<(), RuleSetError> {
        let Member {
            key,
            value: Value { raw, offset },
            ..
        } = member;
        let at = Some(field);
        let named = named(&key, field);
        match field {
            Field::Rule | Field::Name | Field::Message | Field::Regex => {
                let target = match field {
                    Field::Rule => &mut rule.rule,
                    Field::Name => &mut rule.name,
                    Field::Message => &mut rule.message,
                    _ => &mut rule.regex,
                };
                match raw {
                    Raw::Str(s) => *target = s,
                    Raw::Null => {}
                    other => {
                        let message =
                            format!("{named} must be a string, found {}", other.describe());
                        return Err(self.error(context, at, offset, message));
                    }
                }
            }
            Field::JustWarning => match raw {
                Raw::Bool(b) => rule.just_warning = b,
                Raw::Null => {}
                other => {
                    let message =
                        format!("{named} must be true or false, found {}", other.describe());
                    return Err(self.error(context, at, offset, message));
                }
            },
            Field::Path | Field::Valid => {
                let path = match raw {
                    Raw::Null if field == Field::Valid => None,
                    Raw::Str(s) => match rule_path(&s) {
                        Ok(path) => Some(path),
                        Err(e) => return Err(self.path_error(context, at, offset, &named, e)),
                    },
                    other => {
                        let message = format!(
                            "{named} must be a `{PREFIX}` string, found {}",
                            other.describe()
                        );
                        return Err(self.error(context, at, offset, message));
                    }
                };
                if field == Field::Path {
                    rule.path = path;
                } else {
                    rule.valid = path;
                }
            }
            Field::Min | Field::Max | Field::MinLength | Field::MaxLength => {
                let arg = match raw {
                    Raw::Null => None,
                    Raw::Number(n) => match json_number_to_i64(n) {
                        Some(i) => Some(Arg::Literal(i)),
                        None => {
                            let message = format!("{named} is too large for a 64-bit float: {n}");
                            return Err(self.error(context, at, offset, message));
                        }
                    },
                    Raw::Str(s) if is_path(&s) => match rule_path(&s) {
                        Ok(path) => Some(Arg::Path(path)),
                        Err(e) => return Err(self.path_error(context, at, offset, &named, e)),
                    },
                    other => {
                        let message = format!(
                            "{named} must be a number or a `{PREFIX}` string, found {}",
                            other.describe()
                        );
                        return Err(self.error(context, at, offset, message));
                    }
                };
                match field {
                    Field::Min => rule.min = arg,
                    Field::Max => rule.max = arg,
                    Field::MinLength => rule.min_length = arg,
                    _ => rule.max_length = arg,
                }
            }
            Field::Values => {
                rule.values = match raw {
                    Raw::Null => None,
                    Raw::Array => Some(self.values(context, at, offset, &key)?),
                    other => {
                        let message = format!(
                            "{named} must be an array of strings, found {}",
                            other.describe()
                        );
                        return Err(self.error(context, at, offset, message));
                    }
                }
            }
        }
        Ok(())
    }

    /// The elements of `values` (the array starts at `offset`).
    fn values(
        &mut self,
        context: &Context,
        at: Option<Field>,
        offset: usize,
        key: &str,
    ) -> Result<Vec<Arg<String>>, RuleSetError> {
        let mut lex = Lexer::at(self.text, offset);
        lex.bump();
        let mut values = Vec::new();
        while self.next_element(&mut lex, values.len())? {
            let element = named(&format!("{key}[{}]", values.len()), Field::Values);
            let value = self.value(&mut lex)?;
            values.push(match value.raw {
                Raw::Null => Arg::Literal(String::new()),
                Raw::Str(s) if is_path(&s) => match rule_path(&s) {
                    Ok(path) => Arg::Path(path),
                    Err(e) => return Err(self.path_error(context, at, value.offset, &element, e)),
                },
                Raw::Str(s) => Arg::Literal(s),
                other => {
                    let message = format!("{element} must be a string, found {}", other.describe());
                    return Err(self.error(context, at, value.offset, message));
                }
            });
        }
        Ok(values)
    }

    /// The error for a path string that does not parse.
    fn path_error(
        &mut self,
        context: &Context,
        at: Option<Field>,
        offset: usize,
        named: &str,
        e: RulePathError,
    ) -> RuleSetError {
        let message = match e {
            RulePathError::MissingPrefix { text } => {
                format!(
                    "{named} must start with `{PREFIX}`, found {}{}",
                    quote(&text),
                    prefix_hint(&text)
                )
            }
            RulePathError::Syntax {
                text,
                template,
                message,
            } => format!(
                "{named} is not a valid JSONPath: {message} (in {}, parsed as {})",
                quote(&text),
                quote(&template)
            ),
        };
        self.error(context, at, offset, message)
    }
}

/// How a key is named in messages: "`min`", or "`MIN` (read as `min`)" when written otherwise
/// (an element of `values` keeps its index: "`values[1]`").
fn named(key: &str, field: Field) -> String {
    let name = field.json_name();
    if key == name
        || key
            .strip_prefix(name)
            .is_some_and(|rest| rest.starts_with('['))
    {
        format!("`{key}`")
    } else {
        format!("`{key}` (read as `{name}`)")
    }
}

/// A hint for a path string without the prefix.
fn prefix_hint(text: &str) -> String {
    let lower = text.to_ascii_lowercase();
    if lower.starts_with(PREFIX) {
        format!(" (the prefix is `{PREFIX}`, in lower case)")
    } else if lower.trim_start().starts_with(PREFIX) {
        " (remove the spaces before the prefix)".to_owned()
    } else if text.starts_with(['.', '$', '[']) {
        format!(" (write {})", quote(&format!("{PREFIX}{text}")))
    } else {
        String::new()
    }
}
