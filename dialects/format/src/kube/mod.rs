//! The formats Kubernetes asserts in CRD schemas: kube-openapi's `strfmt.Default` registry
//! (`pkg/validation/strfmt`, commit 43fb72c5454a, the one Kubernetes v1.36.3 vendors) as
//! apiextensions-apiserver keeps it (`pkg/apiserver/validation/formats.go`: the formats of
//! Kubernetes 1.0, and `k8s-short-name`/`k8s-long-name` since 1.34; any other name is dropped,
//! never asserted). Each check is Go's, not JSON Schema's: `uri` is `net/url.ParseRequestURI`,
//! `email` is `net/mail.ParseAddress`, `ipv4` is k8s.io/utils' sloppy `ParseIP` (leading
//! zeros read as decimal), `date-time` is strfmt's `IsDateTime`, `duration` its lenient
//! `ParseDuration`; see each module.
//!
//! Names are looked up as the registry looks them up: with every `-` removed (`date-time` is
//! `datetime`), case-sensitively.

mod govalidator;
mod mail;
mod names;
mod net;
mod time;
mod url;

/// A format of the registry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KubeFormat {
    /// `bsonobjectid`: 24 hexadecimal digits.
    BsonObjectId,
    /// `uri`: Go's `url.ParseRequestURI` accepts it.
    Uri,
    /// `email`: Go's `mail.ParseAddress` accepts it (display names, comments, groups of one).
    Email,
    /// `hostname`: strfmt's `IsHostname` (its pattern, at most 255 bytes, labels of at most
    /// 63).
    Hostname,
    /// `ipv4`: k8s.io/utils `ParseIPSloppy` accepts it and it holds a `.`.
    Ipv4,
    /// `ipv6`: Go's `net.ParseIP` accepts it and it holds a `:`.
    Ipv6,
    /// `cidr`: k8s.io/utils `ParseCIDRSloppy` accepts it.
    Cidr,
    /// `mac`: Go's `net.ParseMAC` accepts it.
    Mac,
    /// `uuid`: any version, hyphens optional, any case.
    Uuid,
    /// `uuid3`.
    Uuid3,
    /// `uuid4`.
    Uuid4,
    /// `uuid5`.
    Uuid5,
    /// `isbn`: an ISBN-10 or an ISBN-13.
    Isbn,
    /// `isbn10`: with its check digit (`X` for 10).
    Isbn10,
    /// `isbn13`: with its check digit.
    Isbn13,
    /// `creditcard`: the digits (others ignored) of a known issuer, passing Luhn's check.
    CreditCard,
    /// `ssn`: a U.S. social security number, `123-45-6789` (hyphens or spaces).
    Ssn,
    /// `hexcolor`: `#fff`, `ffffff`.
    HexColor,
    /// `rgbcolor`: `rgb(0, 128, 255)`.
    RgbColor,
    /// `byte`: base64 with padding (govalidator's `IsBase64`).
    Byte,
    /// `password`: any string.
    Password,
    /// `date`: Go's `time.Parse("2006-01-02", s)` accepts it.
    Date,
    /// `duration`: strfmt's `ParseDuration` accepts it.
    Duration,
    /// `date-time` (`datetime`): strfmt's `IsDateTime`.
    DateTime,
    /// `k8s-short-name`: a DNS label of lowercase letters, digits and `-`.
    K8sShortName,
    /// `k8s-long-name`: dot-separated short names, at most 253 bytes.
    K8sLongName,
}

impl KubeFormat {
    /// The format a CRD schema's `format` names, as the registry finds it (every `-` removed);
    /// `None` for a name the API server does not assert.
    pub fn from_name(name: &str) -> Option<KubeFormat> {
        let normalized = name.replace('-', "");
        Some(match normalized.as_str() {
            "bsonobjectid" => KubeFormat::BsonObjectId,
            "uri" => KubeFormat::Uri,
            "email" => KubeFormat::Email,
            "hostname" => KubeFormat::Hostname,
            "ipv4" => KubeFormat::Ipv4,
            "ipv6" => KubeFormat::Ipv6,
            "cidr" => KubeFormat::Cidr,
            "mac" => KubeFormat::Mac,
            "uuid" => KubeFormat::Uuid,
            "uuid3" => KubeFormat::Uuid3,
            "uuid4" => KubeFormat::Uuid4,
            "uuid5" => KubeFormat::Uuid5,
            "isbn" => KubeFormat::Isbn,
            "isbn10" => KubeFormat::Isbn10,
            "isbn13" => KubeFormat::Isbn13,
            "creditcard" => KubeFormat::CreditCard,
            "ssn" => KubeFormat::Ssn,
            "hexcolor" => KubeFormat::HexColor,
            "rgbcolor" => KubeFormat::RgbColor,
            "byte" => KubeFormat::Byte,
            "password" => KubeFormat::Password,
            "date" => KubeFormat::Date,
            "duration" => KubeFormat::Duration,
            "datetime" => KubeFormat::DateTime,
            "k8sshortname" => KubeFormat::K8sShortName,
            "k8slongname" => KubeFormat::K8sLongName,
            _ => return None,
        })
    }

    /// The registry's name (`date-time` for [`KubeFormat::DateTime`]).
    pub fn name(self) -> &'static str {
        match self {
            KubeFormat::BsonObjectId => "bsonobjectid",
            KubeFormat::Uri => "uri",
            KubeFormat::Email => "email",
            KubeFormat::Hostname => "hostname",
            KubeFormat::Ipv4 => "ipv4",
            KubeFormat::Ipv6 => "ipv6",
            KubeFormat::Cidr => "cidr",
            KubeFormat::Mac => "mac",
            KubeFormat::Uuid => "uuid",
            KubeFormat::Uuid3 => "uuid3",
            KubeFormat::Uuid4 => "uuid4",
            KubeFormat::Uuid5 => "uuid5",
            KubeFormat::Isbn => "isbn",
            KubeFormat::Isbn10 => "isbn10",
            KubeFormat::Isbn13 => "isbn13",
            KubeFormat::CreditCard => "creditcard",
            KubeFormat::Ssn => "ssn",
            KubeFormat::HexColor => "hexcolor",
            KubeFormat::RgbColor => "rgbcolor",
            KubeFormat::Byte => "byte",
            KubeFormat::Password => "password",
            KubeFormat::Date => "date",
            KubeFormat::Duration => "duration",
            KubeFormat::DateTime => "date-time",
            KubeFormat::K8sShortName => "k8s-short-name",
            KubeFormat::K8sLongName => "k8s-long-name",
        }
    }

    /// Whether the registry's validator accepts `s`.
    pub fn is_valid(self, s: &str) -> bool {
        match self {
            KubeFormat::BsonObjectId => names::is_bson_object_id(s),
            KubeFormat::Uri => url::is_request_uri(s),
            KubeFormat::Email => mail::is_address(s),
            KubeFormat::Hostname => names::is_hostname(s),
            KubeFormat::Ipv4 => net::parse_ip_sloppy(s) && s.contains('.'),
            KubeFormat::Ipv6 => net::parse_ip(s) && s.contains(':'),
            KubeFormat::Cidr => net::is_cidr_sloppy(s),
            KubeFormat::Mac => net::is_mac(s),
            KubeFormat::Uuid => names::is_uuid(s, None),
            KubeFormat::Uuid3 => names::is_uuid(s, Some(b'3')),
            KubeFormat::Uuid4 => names::is_uuid(s, Some(b'4')),
            KubeFormat::Uuid5 => names::is_uuid(s, Some(b'5')),
            KubeFormat::Isbn => govalidator::is_isbn10(s) || govalidator::is_isbn13(s),
            KubeFormat::Isbn10 => govalidator::is_isbn10(s),
            KubeFormat::Isbn13 => govalidator::is_isbn13(s),
            KubeFormat::CreditCard => govalidator::is_credit_card(s),
            KubeFormat::Ssn => govalidator::is_ssn(s),
            KubeFormat::HexColor => govalidator::is_hex_color(s),
            KubeFormat::RgbColor => govalidator::is_rgb_color(s),
            KubeFormat::Byte => crate::base64::is_base64(s),
            KubeFormat::Password => true,
            KubeFormat::Date => time::is_date(s),
            KubeFormat::Duration => time::is_duration(s),
            KubeFormat::DateTime => time::is_date_time(s),
            KubeFormat::K8sShortName => names::is_short_name(s),
            KubeFormat::K8sLongName => names::is_long_name(s),
        }
    }
}
