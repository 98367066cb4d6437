//! Decoding a VM as the reference does (`encoding/json` into the typed Go struct), producing a
//! normalized JSON tree: canonical keys, unknown keys dropped, Go's errors for wrong types.
//!
//! Facts reproduced (recorded outputs of the reference, `TYPES.md`): keys match exactly first,
//! then case-insensitively (encoding/json `foldName`); unknown keys are dropped; `null` is a no-op
//! (a nil pointer, slice or map; the zero value otherwise); a JSON value of the wrong type is a
//! "json: cannot unmarshal …" error that decoding records and continues after (the first one is
//! reported); a custom unmarshaller's error (`resource.Quantity`, `metav1.Time`, and the
//! `VirtualMachineInstanceSpec` wrapper, which decodes through an alias type named
//! `VMISpecAlias`) stops decoding at once and wins.

use std::fmt::{self, Write as _};

use serde_json::{Map, Value};

use super::merge::merge;
use super::schema::{GoKind, Leaf, Schema, Type, TypeId};
use validgen_quantity::Quantity;

/// Why the VM could not be decoded into the typed struct: the admission answers code 400 with
/// this message (Go's text).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct DecodeError {
    /// Go's error text, e.g. `json: cannot unmarshal string into Go struct field
    /// VMISpecAlias.domain.cpu.cores of type uint32`.
    pub message: String,
    /// JSON-pointer-like location of the offending value in the VM (e.g.
    /// `/spec/template/spec/domain/cpu/cores`), for people.
    pub pointer: String,
}

/// An error that stops decoding (from a custom unmarshaller).
struct Hard(DecodeError);

/// One step of the Go field path of an error message.
#[derive(Clone, Copy)]
enum FieldPart<'a> {
    /// A struct field: its canonical JSON key.
    Field(&'a str),
    /// A map key as the VM spells it (escaped when the message is written).
    MapKey(&'a str),
}

/// One step of the pointer of an error: an object key as the VM spells it, or an array index.
#[derive(Clone, Copy)]
enum PathPart<'a> {
    Key(&'a str),
    Index(usize),
}

/// The decoding state. The paths are stacks of borrowed steps, only written out when an error
/// is recorded.
struct Decoder<'a> {
    schema: &'a Schema,
    /// The first type error seen (encoding/json `savedError`).
    saved: Option<DecodeError>,
    /// Name of the struct type errors are reported against (the root type or a wrapper's alias).
    top: &'a str,
    /// The Go field path from the VM's root; the error text names the part from `fields_from`
    /// on (a wrapper type starts its own path).
    fields: Vec<FieldPart<'a>>,
    fields_from: usize,
    pointer: Vec<PathPart<'a>>,
}

/// Decodes `raw` as a `v1.VirtualMachine`.
///
/// # Errors
/// Go's message for the first decoding problem (see the module docs).
pub fn decode_vm(schema: &Schema, raw: &Value) -> Result<Value, DecodeError> {
    let mut d = Decoder {
        schema,
        saved: None,
        top: &schema.get(schema.root()).name,
        fields: Vec::with_capacity(16),
        fields_from: 0,
        pointer: Vec::with_capacity(16),
    };
    match d.value(schema.root(), raw) {
        Err(Hard(e)) => Err(e),
        Ok(v) => match d.saved {
            Some(e) => Err(e),
            None => Ok(v.unwrap_or(Value::Object(Map::new()))),
        },
    }
}

/// What encoding/json meets when it decodes a value on its own, worst first: a custom
/// unmarshaller's error (which stops decoding), a type error (recorded, decoding goes on), or
/// nothing. Ordered from clean to hard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Health {
    /// It decodes.
    Clean,
    /// A type error only (encoding/json `saveError`).
    Soft,
    /// An error that stops decoding (a custom unmarshaller's, or a wrapper's inner one).
    Hard,
}

/// How `raw` decodes as a value of type `ty`, on its own: for a repeated key, whose earlier
/// value encoding/json decodes (and may fail on) before the later one replaces it.
pub(crate) fn health(schema: &Schema, ty: TypeId, raw: &Value) -> Health {
    let mut d = Decoder {
        schema,
        saved: None,
        top: &schema.get(ty).name,
        fields: Vec::new(),
        fields_from: 0,
        pointer: Vec::new(),
    };
    match d.value(ty, raw) {
        Err(Hard(_)) => Health::Hard,
        Ok(_) if d.saved.is_some() => Health::Soft,
        Ok(_) => Health::Clean,
    }
}

/// The JSON type of `v` as `encoding/json` names it in its errors (`number`, `object`, …).
pub(crate) fn json_kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "bool",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// encoding/json's escaping of a map key in an error's field path (Go 1.27 writes `/` as `~1`
/// and `~` as `~0`, as recorded by the reference).
fn escape_key(k: &str) -> String {
    k.replace('~', "~0").replace('/', "~1")
}

impl<'a> Decoder<'a> {
    fn type_error(&mut self, what: impl fmt::Display, ty: &Type) {
        if self.saved.is_some() {
            return;
        }
        let fields = &self.fields[self.fields_from..];
        let message = if fields.is_empty() {
            format!(
                "json: cannot unmarshal {what} into Go value of type {}",
                ty.go_type
            )
        } else {
            let mut path = String::new();
            for (i, f) in fields.iter().enumerate() {
                if i > 0 {
                    path.push('.');
                }
                match f {
                    FieldPart::Field(k) => path.push_str(k),
                    FieldPart::MapKey(k) => path.push_str(&escape_key(k)),
                }
            }
            format!(
                "json: cannot unmarshal {what} into Go struct field {}.{path} of type {}",
                self.top, ty.go_type
            )
        };
        self.saved = Some(DecodeError {
            message,
            pointer: self.pointer_text(),
        });
    }

    fn pointer_text(&self) -> String {
        let mut out = String::new();
        for p in &self.pointer {
            out.push('/');
            match p {
                PathPart::Key(k) => out.push_str(k),
                PathPart::Index(i) => {
                    // Writing into a String cannot fail.
                    let _ = write!(out, "{i}");
                }
            }
        }
        out
    }

    fn hard(&self, message: String) -> Hard {
        Hard(DecodeError {
            message,
            pointer: self.pointer_text(),
        })
    }

    /// Decodes `raw` into a value of type `id`; `None` means "leave the destination as it is"
    /// (JSON `null`, or a value that failed to decode).
    fn value(&mut self, id: TypeId, raw: &'a Value) -> Result<Option<Value>, Hard> {
        let schema = self.schema;
        let ty = schema.get(id);
        if raw.is_null() {
            return Ok(None);
        }
        match ty.kind {
            GoKind::Ptr => match ty.elem {
                Some(e) => self.value(e, raw),
                None => Ok(None),
            },
            GoKind::Struct => match ty.leaf {
                Some(leaf) => self.leaf(leaf, raw).map(Some),
                None if ty.go_type == "v1.VirtualMachineInstanceSpec" => {
                    let mut v = self.with_top("VMISpecAlias", |d| d.object(id, raw))?;
                    sanitize_ips(
                        v.as_mut()
                            .and_then(|v| v.get_mut("dnsConfig"))
                            .and_then(|v| v.get_mut("nameservers")),
                    );
                    Ok(v)
                }
                None if ty.go_type == "v1.DHCPOptions" => {
                    let mut v = self.with_top("DHCPOptionsAlias", |d| d.object(id, raw))?;
                    sanitize_ips(v.as_mut().and_then(|v| v.get_mut("ntpServers")));
                    Ok(v)
                }
                None if ty.go_type == "v1.PodNetwork" => {
                    self.with_top("PodNetworkAlias", |d| d.object(id, raw))
                }
                None => self.object(id, raw),
            },
            GoKind::Slice => {
                let Value::Array(items) = raw else {
                    self.type_error(json_kind(raw), ty);
                    return Ok(None);
                };
                let elem = ty.elem;
                let mut out = Vec::with_capacity(items.len());
                for (i, item) in items.iter().enumerate() {
                    self.pointer.push(PathPart::Index(i));
                    let v = match elem {
                        Some(e) => self.value(e, item),
                        None => Ok(Some(item.clone())),
                    };
                    self.pointer.pop();
                    out.push(v?.unwrap_or(Value::Null));
                }
                Ok(Some(Value::Array(out)))
            }
            GoKind::Map => {
                let Value::Object(entries) = raw else {
                    self.type_error(json_kind(raw), ty);
                    return Ok(None);
                };
                let mut out = Map::with_capacity(entries.len());
                for (k, v) in entries {
                    self.fields.push(FieldPart::MapKey(k));
                    self.pointer.push(PathPart::Key(k));
                    let r = match ty.elem {
                        Some(e) => self.value(e, v),
                        None => Ok(Some(v.clone())),
                    };
                    self.fields.pop();
                    self.pointer.pop();
                    // A null map value is stored as the element's zero value.
                    out.insert(k.clone(), r?.unwrap_or(Value::Null));
                }
                Ok(Some(Value::Object(out)))
            }
            GoKind::String => match raw {
                Value::String(_) => Ok(Some(raw.clone())),
                _ => {
                    self.type_error(json_kind(raw), ty);
                    Ok(None)
                }
            },
            GoKind::Bool => match raw {
                Value::Bool(_) => Ok(Some(raw.clone())),
                _ => {
                    self.type_error(json_kind(raw), ty);
                    Ok(None)
                }
            },
            GoKind::Int(bits) | GoKind::Uint(bits) | GoKind::Float(bits) => {
                let Value::Number(n) = raw else {
                    self.type_error(json_kind(raw), ty);
                    return Ok(None);
                };
                if number_fits(n, ty.kind, bits) {
                    Ok(Some(raw.clone()))
                } else {
                    self.type_error(format_args!("number {n}"), ty);
                    Ok(None)
                }
            }
        }
    }

    fn with_top(
        &mut self,
        top: &'a str,
        f: impl FnOnce(&mut Self) -> Result<Option<Value>, Hard>,
    ) -> Result<Option<Value>, Hard> {
        // The wrapper decodes with a fresh encoding/json state: its first error is returned
        // from UnmarshalJSON, which aborts the outer decoding.
        let saved = self.saved.take();
        let outer_top = std::mem::replace(&mut self.top, top);
        let outer_from = std::mem::replace(&mut self.fields_from, self.fields.len());
        let r = f(self);
        let inner = self.saved.take();
        self.saved = saved;
        self.top = outer_top;
        self.fields_from = outer_from;
        match (r, inner) {
            (Err(h), _) => Err(h),
            (Ok(_), Some(e)) => Err(Hard(e)),
            (Ok(v), None) => Ok(v),
        }
    }

    fn object(&mut self, id: TypeId, raw: &'a Value) -> Result<Option<Value>, Hard> {
        let schema = self.schema;
        let ty = schema.get(id);
        let Value::Object(entries) = raw else {
            self.type_error(json_kind(raw), ty);
            return Ok(None);
        };
        // Unknown keys are dropped: the input's size is an upper bound.
        let mut out = Map::with_capacity(entries.len());
        for (k, v) in entries {
            let Some(target) = schema.key_target(id, k) else {
                continue;
            };
            self.fields.push(FieldPart::Field(&target.key));
            self.pointer.push(PathPart::Key(k));
            let r = self.value(target.ty, v);
            self.fields.pop();
            self.pointer.pop();
            match r? {
                Some(v) => match out.get_mut(&target.key) {
                    Some(old) => merge(schema, Some(target.ty), old, v),
                    None => {
                        out.insert(target.key.clone(), v);
                    }
                },
                None if v.is_null() => {
                    // `null` resets a pointer, slice or map; it leaves other values as they are.
                    let kind = schema.get(target.ty).kind;
                    if matches!(kind, GoKind::Ptr | GoKind::Slice | GoKind::Map) {
                        out.shift_remove(&target.key);
                    }
                }
                None => {}
            }
        }
        Ok(Some(Value::Object(out)))
    }

    fn leaf(&mut self, leaf: Leaf, raw: &'a Value) -> Result<Value, Hard> {
        match leaf {
            Leaf::Quantity => match Quantity::from_json(raw) {
                Ok(_) => Ok(raw.clone()),
                Err(e) => Err(self.hard(e.to_string())),
            },
            Leaf::Time => match raw {
                Value::String(s) if is_rfc3339(s) => Ok(raw.clone()),
                Value::String(s) => Err(self.hard(format!(
                    "parsing time \"{s}\" as \"2006-01-02T15:04:05Z07:00\": cannot parse \"{s}\" as \"2006\""
                ))),
                other => Err(self.hard(format!(
                    "json: cannot unmarshal {} into Go value of type string",
                    json_kind(other)
                ))),
            },
            Leaf::IntOrString => match raw {
                Value::String(_) => Ok(raw.clone()),
                Value::Number(n) if n.as_i64().is_some_and(|i| i32::try_from(i).is_ok()) => {
                    Ok(raw.clone())
                }
                Value::Number(n) => Err(self.hard(format!(
                    "json: cannot unmarshal number {n} into Go value of type int32"
                ))),
                other => Err(self.hard(format!(
                    "json: cannot unmarshal {} into Go value of type int32",
                    json_kind(other)
                ))),
            },
            Leaf::FieldsV1 => Ok(raw.clone()),
        }
    }
}

pub(crate) fn number_fits(n: &serde_json::Number, kind: GoKind, bits: u8) -> bool {
    match kind {
        GoKind::Int(_) => n.as_i64().is_some_and(|i| {
            bits >= 64 || (i >= -(1i64 << (bits - 1)) && i < (1i64 << (bits - 1)))
        }),
        GoKind::Uint(_) => n.as_u64().is_some_and(|u| bits >= 64 || u < (1u64 << bits)),
        GoKind::Float(32) => n.as_f64().is_some_and(|f| f.abs() <= f64::from(f32::MAX)),
        _ => n.as_f64().is_some(),
    }
}

/// A loose RFC 3339 check (`YYYY-MM-DDTHH:MM:SS[.frac](Z|±hh:mm)`), as `metav1.Time` accepts.
pub(crate) fn is_rfc3339(s: &str) -> bool {
    let b = s.as_bytes();
    let digits =
        |r: std::ops::Range<usize>| b.get(r).is_some_and(|d| d.iter().all(u8::is_ascii_digit));
    if b.len() < 20
        || !digits(0..4)
        || b[4] != b'-'
        || !digits(5..7)
        || b[7] != b'-'
        || !digits(8..10)
        || !matches!(b[10], b'T' | b't')
        || !digits(11..13)
        || b[13] != b':'
        || !digits(14..16)
        || b[16] != b':'
        || !digits(17..19)
    {
        return false;
    }
    let mut rest = &s[19..];
    if let Some(frac) = rest.strip_prefix('.') {
        let n = frac.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return false;
        }
        rest = &frac[n..];
    }
    matches!(rest, "Z" | "z")
        || (rest.len() == 6
            && matches!(rest.as_bytes()[0], b'+' | b'-')
            && rest.as_bytes()[3] == b':'
            && rest[1..3].bytes().all(|c| c.is_ascii_digit())
            && rest[4..6].bytes().all(|c| c.is_ascii_digit()))
}

/// KubeVirt's unmarshallers rewrite IP addresses in canonical form (`sanitizeIP`:
/// `netutils.ParseIPSloppy`, which reads IPv4 octets with leading zeros as decimal, then Go's
/// `IP.String()`); entries that are not IPs stay as they are.
pub(crate) fn sanitize_ips(list: Option<&mut Value>) {
    let Some(Value::Array(items)) = list else {
        return;
    };
    for item in items {
        if let Some(ip) = item.as_str().and_then(canonical_ip) {
            *item = Value::String(ip);
        }
    }
}

pub(crate) fn canonical_ip(s: &str) -> Option<String> {
    let parts: Vec<&str> = s.split('.').collect();
    if parts.len() == 4 {
        let mut octets = [0u8; 4];
        for (o, p) in octets.iter_mut().zip(&parts) {
            if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            *o = p.parse().ok()?;
        }
        return Some(std::net::Ipv4Addr::from(octets).to_string());
    }
    let v6: std::net::Ipv6Addr = s.parse().ok()?;
    // Go prints an IPv4-mapped IPv6 address in IPv4 form.
    Some(match v6.to_ipv4_mapped() {
        Some(v4) => v4.to_string(),
        None => v6.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn error(vm: Value) -> (String, String) {
        let e = decode_vm(Schema::kubevirt(), &vm).expect_err("does not decode");
        (e.message, e.pointer)
    }

    fn in_domain(domain: Value) -> Value {
        json!({"spec": {"template": {"spec": {"domain": domain}}}})
    }

    #[test]
    fn map_keys_are_escaped_in_the_field_path_only() {
        assert_eq!(
            error(json!({"metadata": {"labels": {"ok": "x", "a~b/c": 1}}})),
            (
                "json: cannot unmarshal number into Go struct field VirtualMachine.metadata.labels.a~0b~1c of type string".to_owned(),
                "/metadata/labels/a~b/c".to_owned()
            )
        );
    }

    #[test]
    fn array_indices_are_in_the_pointer_only() {
        let vm = in_domain(json!({"devices": {"disks": [{"name": "a"}, {"name": 5}]}}));
        assert_eq!(
            error(vm),
            (
                "json: cannot unmarshal number into Go struct field VMISpecAlias.domain.devices.disks.name of type string".to_owned(),
                "/spec/template/spec/domain/devices/disks/1/name".to_owned()
            )
        );
    }

    #[test]
    fn field_paths_use_canonical_keys_and_pointers_the_vm_spelling() {
        let vm = json!({"Spec": {"template": {"spec": {"Domain": {"CPU": {"Cores": "2"}}}}}});
        assert_eq!(
            error(vm),
            (
                "json: cannot unmarshal string into Go struct field VMISpecAlias.domain.cpu.cores of type uint32".to_owned(),
                "/Spec/template/spec/Domain/CPU/Cores".to_owned()
            )
        );
    }

    #[test]
    fn nested_wrappers_name_their_alias_and_restore_the_outer_path() {
        let dhcp = in_domain(json!({"devices": {"interfaces": [
            {"name": "a", "dhcpOptions": {"ntpServers": "x"}}
        ]}}));
        assert_eq!(
            error(dhcp),
            (
                "json: cannot unmarshal string into Go struct field DHCPOptionsAlias.ntpServers of type []string".to_owned(),
                "/spec/template/spec/domain/devices/interfaces/0/dhcpOptions/ntpServers".to_owned()
            )
        );
        // After a wrapper decoded cleanly, errors are reported against the outer path again.
        let after = in_domain(json!({"devices": {"interfaces": [
            {"dhcpOptions": {"ntpServers": ["1.2.3.4"]}, "name": 5}
        ]}}));
        assert_eq!(
            error(after),
            (
                "json: cannot unmarshal number into Go struct field VMISpecAlias.domain.devices.interfaces.name of type string".to_owned(),
                "/spec/template/spec/domain/devices/interfaces/0/name".to_owned()
            )
        );
        let pod = json!({"spec": {"template": {"spec": {"networks": [
            {"name": "default", "pod": {"vmNetworkCIDR": 1}}
        ]}}}});
        assert_eq!(
            error(pod),
            (
                "json: cannot unmarshal number into Go struct field PodNetworkAlias.vmNetworkCIDR of type string".to_owned(),
                "/spec/template/spec/networks/0/pod/vmNetworkCIDR".to_owned()
            )
        );
        // Outside the template's spec, the path is the VM's own.
        let top = json!({"spec": {"running": "yes"}});
        assert_eq!(
            error(top),
            (
                "json: cannot unmarshal string into Go struct field VirtualMachine.spec.running of type bool".to_owned(),
                "/spec/running".to_owned()
            )
        );
    }

    #[test]
    fn the_first_type_error_is_kept_and_a_custom_error_wins() {
        let vm = json!({"metadata": {"labels": {"a": 1}, "annotations": {"b": 2}}});
        assert_eq!(error(vm).1, "/metadata/labels/a");
        let vm = in_domain(json!({
            "cpu": {"cores": "x"},
            "resources": {"requests": {"a/b": "1Q"}}
        }));
        assert_eq!(
            error(vm),
            (
                "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'".to_owned(),
                "/spec/template/spec/domain/resources/requests/a/b".to_owned()
            )
        );
        let vm = json!({"metadata": {"labels": {"a": 1}, "creationTimestamp": "nope"}});
        assert_eq!(
            error(vm),
            (
                "parsing time \"nope\" as \"2006-01-02T15:04:05Z07:00\": cannot parse \"nope\" as \"2006\"".to_owned(),
                "/metadata/creationTimestamp".to_owned()
            )
        );
        assert_eq!(
            error(json!("vm")),
            (
                "json: cannot unmarshal string into Go value of type v1.VirtualMachine".to_owned(),
                String::new()
            )
        );
    }

    #[test]
    fn repeated_keys_merge_objects_and_replace_values_in_place() {
        let vm = in_domain(json!({
            "cpu": {"cores": 2, "sockets": 1},
            "firmware": {"serial": "a"},
            "CPU": {"cores": 3, "threads": 4},
            "Firmware": null
        }));
        let got = decode_vm(Schema::kubevirt(), &vm).expect("decodes");
        assert_eq!(
            serde_json::to_string(&got).expect("serializes"),
            r#"{"spec":{"template":{"spec":{"domain":{"cpu":{"cores":3,"sockets":1,"threads":4}}}}}}"#
        );
    }
}
