//! JSON Schema `format` assertions.
//!
//! validgen treats `format` as an annotation unless asked to assert it; these are the checks it
//! asserts, as JSON Schema 2020-12 Validation section 7.3 defines the formats and as the
//! JSON-Schema-Test-Suite (`optional/format`, drafts 2020-12 and 7) tests them. Each check is a
//! hand-written parser of the grammar of its RFC, linear in the input, without regexes; only
//! `hostname` A-labels allocate (a few vectors of at most a label's code points):
//!
//! - `date-time`, `date`: RFC 3339 section 5.6 `date-time` and `full-date` ([`date_time`]);
//! - `email`: RFC 5321 section 4.1.2 `Mailbox` ([`email`]);
//! - `hostname`: RFC 1123 section 2.1, A-labels checked by IDNA2008 (RFC 5890–5893, Unicode
//!   14.0 data) ([`hostname`], [`idna`]);
//! - `ipv4`: RFC 2673 section 3.2 dotted-quad, RFC 3986 `IPv4address` ([`ip`]);
//! - `ipv6`: RFC 4291 section 2.2, RFC 3986 `IPv6address` ([`ip`]);
//! - `uri`: RFC 3986 section 3 `URI` ([`uri`]);
//! - `uuid`: RFC 9562 section 4 ([`uuid`]).
//!
//! Every check judges the whole string (no surrounding whitespace, no trailing newline) and
//! admits ASCII only: none of these formats allows raw non-ASCII text (internationalised names
//! are the `idn-*` and `iri*` formats, not asserted here). Each module documents its deliberate
//! choices where the RFC leaves room.

pub mod base64;
pub mod date_time;
pub mod email;
pub mod hostname;
pub mod idna;
mod idna_tables;
pub mod ip;
pub mod uri;
pub mod uuid;

/// A format validgen can assert.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// `date-time` (RFC 3339 `date-time`).
    DateTime,
    /// `date` (RFC 3339 `full-date`).
    Date,
    /// `email` (RFC 5321 `Mailbox`).
    Email,
    /// `hostname` (RFC 1123).
    Hostname,
    /// `ipv4` (RFC 2673 dotted-quad).
    Ipv4,
    /// `ipv6` (RFC 4291).
    Ipv6,
    /// `uri` (RFC 3986 `URI`).
    Uri,
    /// `uuid` (RFC 9562).
    Uuid,
    /// OpenAPI's `byte` (base64 data, as govalidator's `IsBase64`): asserted in Kubernetes CRD
    /// schemas only, so not in [`Format::ALL`] nor found by [`Format::from_name`].
    Byte,
}

impl Format {
    /// Every format, in the order above.
    pub const ALL: [Format; 8] = [
        Format::DateTime,
        Format::Date,
        Format::Email,
        Format::Hostname,
        Format::Ipv4,
        Format::Ipv6,
        Format::Uri,
        Format::Uuid,
    ];

    /// The format named `name` (`date-time`…), if asserted by validgen.
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The format's JSON Schema name.
    pub fn name(self) -> &'static str {
        match self {
            Format::DateTime => "date-time",
            Format::Date => "date",
            Format::Email => "email",
            Format::Hostname => "hostname",
            Format::Ipv4 => "ipv4",
            Format::Ipv6 => "ipv6",
            Format::Uri => "uri",
            Format::Uuid => "uuid",
            Format::Byte => "byte",
        }
    }

    /// Whether `s` is valid in this format.
    pub fn is_valid(self, s: &str) -> bool {
        match self {
            Format::DateTime => date_time::is_date_time(s),
            Format::Date => date_time::is_full_date(s),
            Format::Email => email::is_mailbox(s),
            Format::Hostname => hostname::is_hostname(s),
            Format::Ipv4 => ip::is_ipv4(s),
            Format::Ipv6 => ip::is_ipv6(s),
            Format::Uri => uri::is_uri(s),
            Format::Uuid => uuid::is_uuid(s),
            Format::Byte => base64::is_base64(s),
        }
    }
}
