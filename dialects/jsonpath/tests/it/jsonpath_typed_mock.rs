//! The evaluator relies only on the [`Node`] trait: a small mock of typed Go values (structs
//! with JSON tags, pointers, an inline struct) checks the behaviours the typed KubeVirt view
//! depends on — nil pointers as last step, stepping through them, `json:",inline"` fields,
//! pointer operands in filters, and type names in errors.

use std::borrow::Cow;

use validgen_jsonpath::{Found, JsonPath, Kind, Node, Scalar};

/// A Go value: a struct (fields with JSON name and Go name), a pointer, a slice or a scalar.
#[derive(Debug, PartialEq)]
enum Go {
    Struct(&'static str, Vec<(&'static str, &'static str, Go)>),
    Ptr(&'static str, Option<Box<Go>>),
    Slice(&'static str, Vec<Go>),
    Str(&'static str),
    Uint32(u32),
}

use Go::{Ptr, Slice, Str, Struct, Uint32};

#[derive(Debug, Clone, Copy, PartialEq)]
struct V<'a>(&'a Go);

impl<'a> V<'a> {
    /// The value after pointer indirection (`None` for a nil pointer).
    fn elem(self) -> Option<&'a Go> {
        let mut v = self.0;
        while let Ptr(_, target) = v {
            v = target.as_deref()?;
        }
        Some(v)
    }
}

fn find_field<'a>(fields: &'a [(&'static str, &'static str, Go)], name: &str) -> Option<&'a Go> {
    if let Some((_, _, v)) = fields.iter().find(|(json, _, _)| *json == name) {
        return Some(v);
    }
    // The last inline struct, then the Go field name (client-go findFieldInValue).
    if let Some((_, _, Struct(_, inner))) = fields.iter().rev().find(|(json, _, _)| json.is_empty())
        && let Some(v) = find_field(inner, name)
    {
        return Some(v);
    }
    fields
        .iter()
        .find(|(_, go, _)| *go == name)
        .map(|(_, _, v)| v)
}

impl<'a> Node for V<'a> {
    fn is_nil(&self) -> bool {
        self.elem().is_none()
    }
    fn kind(&self) -> Kind {
        match self.elem() {
            Some(Struct(..)) => Kind::Struct,
            Some(Slice(..)) => Kind::Slice,
            Some(Str(_)) => Kind::String,
            Some(Uint32(_)) => Kind::Uint,
            Some(Ptr(..)) | None => Kind::Other,
        }
    }
    fn field(&self, name: &str) -> Option<Self> {
        match self.elem() {
            Some(Struct(_, fields)) => find_field(fields, name).map(V),
            _ => None,
        }
    }
    fn len(&self) -> usize {
        match self.elem() {
            Some(Slice(_, items)) => items.len(),
            _ => 0,
        }
    }
    fn index(&self, i: usize) -> Option<Self> {
        match self.elem() {
            Some(Slice(_, items)) => items.get(i).map(V),
            _ => None,
        }
    }
    fn children(&self) -> Vec<Self> {
        match self.elem() {
            Some(Struct(_, fields)) => fields.iter().map(|(_, _, v)| V(v)).collect(),
            Some(Slice(_, items)) => items.iter().map(V).collect(),
            _ => Vec::new(),
        }
    }
    fn as_str(&self) -> Option<Cow<'_, str>> {
        match self.0 {
            Str(s) => Some(Cow::Borrowed(s)),
            _ => None,
        }
    }
    fn scalar(&self) -> Option<Scalar<'_>> {
        match self.0 {
            Str(s) => Some(Scalar::Str(Cow::Borrowed(s))),
            Uint32(u) => Some(Scalar::Uint(u64::from(*u))),
            // Pointers, structs and slices are not comparable.
            _ => None,
        }
    }
    fn type_name(&self) -> Cow<'_, str> {
        Cow::Borrowed(match self.0 {
            Struct(t, _) | Ptr(t, _) | Slice(t, _) => t,
            Str(_) => "string",
            Uint32(_) => "uint32",
        })
    }
}

fn disk(
    name: &'static str,
    bus: Option<&'static str>,
    cdrom: Option<&'static str>,
    boot: Option<u32>,
) -> Go {
    let target = |bus: Option<&'static str>, ty: &'static str| {
        Ptr(
            ty,
            bus.map(|b| Box::new(Struct("v1.DiskTarget", vec![("bus", "Bus", Str(b))]))),
        )
    };
    Struct(
        "v1.Disk",
        vec![
            ("name", "Name", Str(name)),
            (
                "",
                "DiskDevice",
                Struct(
                    "v1.DiskDevice",
                    vec![
                        ("disk", "Disk", target(bus, "*v1.DiskTarget")),
                        ("cdrom", "CDRom", target(cdrom, "*v1.CDRomTarget")),
                    ],
                ),
            ),
            (
                "bootOrder",
                "BootOrder",
                Ptr("*uint", boot.map(|b| Box::new(Uint32(b)))),
            ),
        ],
    )
}

fn domain(cpu: Option<u32>) -> Go {
    let cpu = Ptr(
        "*v1.CPU",
        cpu.map(|c| {
            Box::new(Struct(
                "v1.CPU",
                vec![
                    ("cores", "Cores", Uint32(c)),
                    ("sockets", "Sockets", Uint32(1)),
                ],
            ))
        }),
    );
    Struct(
        "v1.DomainSpec",
        vec![
            ("cpu", "CPU", cpu),
            (
                "devices",
                "Devices",
                Struct(
                    "v1.Devices",
                    vec![(
                        "disks",
                        "Disks",
                        Slice(
                            "[]v1.Disk",
                            vec![
                                disk("rootdisk", Some("virtio"), None, Some(1)),
                                disk("installcd", None, Some("sata"), None),
                            ],
                        ),
                    )],
                ),
            ),
        ],
    )
}

fn eval(template: &str, root: &Go) -> Result<Vec<String>, String> {
    let path = JsonPath::parse(template).map_err(|e| e.to_string())?;
    let found = path.find(V(root), false).map_err(|e| e.to_string())?;
    Ok(found
        .iter()
        .map(|f| match f {
            Found::Node(n) if n.is_nil() => format!("<{} Value>", n.type_name()),
            Found::Node(n) => match n.scalar() {
                Some(s) => s.go_value(),
                None => format!("<{} Value>", n.type_name()),
            },
            Found::Literal(l) => l.go_value(),
        })
        .collect())
}

fn ok(items: &[&str]) -> Result<Vec<String>, String> {
    Ok(items.iter().map(|s| (*s).to_owned()).collect())
}

#[test]
fn nil_pointers_as_last_step_and_in_between() {
    let without_cpu = domain(None);
    assert_eq!(eval("{.cpu}", &without_cpu), ok(&["<*v1.CPU Value>"]));
    assert_eq!(
        eval("{.cpu.cores}", &without_cpu),
        Err("cores is not found".to_owned())
    );
    let with_cpu = domain(Some(4));
    assert_eq!(eval("{.cpu.cores}", &with_cpu), ok(&["4"]));
    assert_eq!(eval("{.CPU.Cores}", &with_cpu), ok(&["4"]));
    assert_eq!(eval("{.cpu.*}", &with_cpu), ok(&["4", "1"]));
    assert_eq!(
        eval("{.cpu[*]}", &with_cpu),
        Err("v1.CPU is not array or slice".to_owned())
    );
    assert_eq!(eval("{.cpu[*]}", &without_cpu), ok(&[]));
    assert_eq!(
        eval("{.cpu[?(@.cores==1)]}", &with_cpu),
        Err("{4 1} is not array or slice and cannot be filtered".to_owned())
    );
    assert_eq!(eval("{.cpu.}", &with_cpu), Err(" is not found".to_owned()));
}

#[test]
fn inline_structs() {
    let d = domain(Some(1));
    // The inline DiskDevice has the JSON name "", so a trailing dot finds it.
    assert_eq!(
        eval("{.devices.disks[*].}", &d),
        ok(&["<v1.DiskDevice Value>", "<v1.DiskDevice Value>"])
    );
    // Fields of the inline struct are found through it; nil pointers are then skipped.
    assert_eq!(eval("{.devices.disks[*].disk.bus}", &d), ok(&["virtio"]));
    assert_eq!(
        eval("{.devices.disks[*].DiskDevice.CDRom.Bus}", &d),
        ok(&["sata"])
    );
    assert_eq!(
        eval("{.devices.disks[*].disk}", &d),
        ok(&["<*v1.DiskTarget Value>", "<*v1.DiskTarget Value>"])
    );
}

#[test]
fn filters_over_typed_values() {
    let d = domain(Some(1));
    // A pointer operand cannot be compared.
    assert_eq!(
        eval("{.devices.disks[?(@.bootOrder==1)].name}", &d),
        Err("invalid type for comparison".to_owned())
    );
    // A nil pointer field exists.
    assert_eq!(
        eval("{.devices.disks[?(@.cdrom)].name}", &d),
        ok(&["rootdisk", "installcd"])
    );
    assert_eq!(
        eval("{.devices.disks[?(@.cdrom.bus)].name}", &d),
        ok(&["installcd"])
    );
    // Stepping through a nil pointer fails for that element: an error in a comparison.
    assert_eq!(
        eval(r#"{.devices.disks[?(@.disk.bus=="virtio")].name}"#, &d),
        Err("bus is not found".to_owned())
    );
    // uint32 against an int literal.
    assert_eq!(eval("{.cpu.cores}", &d), ok(&["1"]));
    assert_eq!(
        eval(r#"{.devices.disks[?(@.name=="installcd")].name}"#, &d),
        ok(&["installcd"])
    );
}

#[test]
fn recursive_descent_over_typed_values() {
    let d = domain(Some(2));
    assert_eq!(eval("{..bus}", &d), ok(&["virtio", "sata"]));
    assert_eq!(eval("{..cores}", &d), ok(&["2"]));
    assert_eq!(eval("{..name}", &d), ok(&["rootdisk", "installcd"]));
    // The default `%v`: Go would print a non-nil nested pointer as an address; the default
    // shows what it can (the pointee for structs, `<T Value>` for a pointer to a scalar).
    assert_eq!(
        V(&d).go_value(),
        "{{2 1} {[{rootdisk {{virtio} <nil>} <*uint Value>} {installcd {<nil> {sata}} <nil>}]}}"
    );
}
