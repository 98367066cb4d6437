//! JSON Schema `format` assertions.
//!
//! validgen treats `format` as an annotation unless asked to assert it; these are the checks it
//! asserts, as JSON Schema 2020-12 Validation section 7.3 defines the formats and as the
//! JSON-Schema-Test-Suite (`optional/format`, drafts 2020-12 and 7) tests them. Each check is a
//! hand-written parser of the grammar of its RFC, linear in the input, without regexes; only
//! `hostname` A-labels allocate (a few vectors of at most a label's code points):
//!
//! - `date-time`, `date`, `time`: RFC 3339 section 5.6 `date-time`, `full-date` and
//!   `full-time` ([`date_time`]); `duration`: RFC 3339 appendix A ([`duration`]);
//! - `email`: RFC 5321 section 4.1.2 `Mailbox`; `idn-email`: RFC 6531's ([`email`]);
//! - `hostname`: RFC 1123 section 2.1, A-labels checked by IDNA2008 (RFC 5890–5893, Unicode
//!   14.0 data); `idn-hostname`: U-labels too ([`hostname`], [`idna`]);
//! - `ipv4`: RFC 2673 section 3.2 dotted-quad, RFC 3986 `IPv4address` ([`ip`]);
//! - `ipv6`: RFC 4291 section 2.2, RFC 3986 `IPv6address` ([`ip`]);
//! - `uri`: RFC 3986 section 3 `URI` ([`uri`]); `uri-reference`, `iri`, `iri-reference`:
//!   RFC 3986 and RFC 3987, through fluent-uri ([`iri`]); `uri-template`: RFC 6570 ([`uri_template`]);
//! - `uuid`: RFC 9562 section 4 ([`uuid`]);
//! - `json-pointer`: RFC 6901; `relative-json-pointer`: draft-handrews-relative-json-pointer-01
//!   ([`json_pointer`]);
//! - `regex`: an ECMA-262 pattern, as `pattern` reads one (`validgen-ecmaregex`).
//!
//! Kubernetes CRD schemas assert kube-openapi's formats instead, Go's checks ([`kube`]).
//!
//! Every check judges the whole string (no surrounding whitespace, no trailing newline). The
//! formats admit ASCII only but the internationalised ones (`idn-*`, `iri*`, `uri-template`'s
//! literals, `json-pointer`'s tokens, `regex`). Each module documents its deliberate choices
//! where the RFC leaves room.

pub mod base64;
pub mod date_time;
pub mod duration;
pub mod email;
pub mod hostname;
pub mod idna;
mod idna_tables;
pub mod ip;
pub mod iri;
pub mod json_pointer;
pub mod kube;
pub mod uri;
pub mod uri_template;
pub mod uuid;

pub use kube::KubeFormat;

/// A format validgen can assert.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// `date-time` (RFC 3339 `date-time`).
    DateTime,
    /// `date` (RFC 3339 `full-date`).
    Date,
    /// `time` (RFC 3339 `full-time`).
    Time,
    /// `duration` (RFC 3339 appendix A).
    Duration,
    /// `email` (RFC 5321 `Mailbox`).
    Email,
    /// `idn-email` (RFC 6531 `Mailbox`).
    IdnEmail,
    /// `hostname` (RFC 1123).
    Hostname,
    /// `idn-hostname` (IDNA2008).
    IdnHostname,
    /// `ipv4` (RFC 2673 dotted-quad).
    Ipv4,
    /// `ipv6` (RFC 4291).
    Ipv6,
    /// `uri` (RFC 3986 `URI`).
    Uri,
    /// `uri-reference` (RFC 3986 `URI-reference`).
    UriReference,
    /// `iri` (RFC 3987 `IRI`).
    Iri,
    /// `iri-reference` (RFC 3987 `IRI-reference`).
    IriReference,
    /// `uri-template` (RFC 6570).
    UriTemplate,
    /// `uuid` (RFC 9562).
    Uuid,
    /// A format of Kubernetes CRD schemas, with kube-openapi's semantics ([`kube`]): asserted
    /// in CRD schemas only, so not in [`Format::ALL`] nor found by [`Format::from_name`].
    Kube(KubeFormat),
    /// `json-pointer` (RFC 6901).
    JsonPointer,
    /// `relative-json-pointer`.
    RelativeJsonPointer,
    /// `regex` (ECMA-262).
    Regex,
}

impl Format {
    /// Every format, in the order above: those JSON Schema 2020-12 Validation section 7.3
    /// defines (and the earlier drafts, which define a subset of them).
    pub const ALL: [Format; 19] = [
        Format::DateTime,
        Format::Date,
        Format::Time,
        Format::Duration,
        Format::Email,
        Format::IdnEmail,
        Format::Hostname,
        Format::IdnHostname,
        Format::Ipv4,
        Format::Ipv6,
        Format::Uri,
        Format::UriReference,
        Format::Iri,
        Format::IriReference,
        Format::UriTemplate,
        Format::Uuid,
        Format::JsonPointer,
        Format::RelativeJsonPointer,
        Format::Regex,
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
            Format::Time => "time",
            Format::Duration => "duration",
            Format::Email => "email",
            Format::IdnEmail => "idn-email",
            Format::Hostname => "hostname",
            Format::IdnHostname => "idn-hostname",
            Format::Ipv4 => "ipv4",
            Format::Ipv6 => "ipv6",
            Format::Uri => "uri",
            Format::UriReference => "uri-reference",
            Format::Iri => "iri",
            Format::IriReference => "iri-reference",
            Format::UriTemplate => "uri-template",
            Format::Uuid => "uuid",
            Format::Kube(k) => k.name(),
            Format::JsonPointer => "json-pointer",
            Format::RelativeJsonPointer => "relative-json-pointer",
            Format::Regex => "regex",
        }
    }

    /// Whether `s` is valid in this format.
    pub fn is_valid(self, s: &str) -> bool {
        match self {
            Format::DateTime => date_time::is_date_time(s),
            Format::Date => date_time::is_full_date(s),
            Format::Time => date_time::is_full_time(s),
            Format::Duration => duration::is_duration(s),
            Format::Email => email::is_mailbox(s),
            Format::IdnEmail => email::is_idn_mailbox(s),
            Format::Hostname => hostname::is_hostname(s),
            Format::IdnHostname => hostname::is_idn_hostname(s),
            Format::Ipv4 => ip::is_ipv4(s),
            Format::Ipv6 => ip::is_ipv6(s),
            Format::Uri => uri::is_uri(s),
            Format::UriReference => iri::is_uri_reference(s),
            Format::Iri => iri::is_iri(s),
            Format::IriReference => iri::is_iri_reference(s),
            Format::UriTemplate => uri_template::is_uri_template(s),
            Format::Uuid => uuid::is_uuid(s),
            Format::Kube(k) => k.is_valid(s),
            Format::JsonPointer => json_pointer::is_json_pointer(s),
            Format::RelativeJsonPointer => json_pointer::is_relative_json_pointer(s),
            // A pattern over `validgen_ecmaregex::MAX_PATTERN_BYTES` is not accepted.
            Format::Regex => validgen_ecmaregex::translate(s).is_ok(),
        }
    }
}
