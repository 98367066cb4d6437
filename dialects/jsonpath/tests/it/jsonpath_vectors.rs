//! Unit vectors for `validgen_jsonpath`, the client-go `util/jsonpath` dialect.
//!
//! Expected values follow client-go (`parser.go`, `jsonpath.go`, the forked `text/template`
//! comparisons): its own test vectors (`parser_test.go`, `jsonpath_test.go`) adapted to untyped
//! JSON, and the paths of the conformance group `jsonpath` evaluated on a similar VM.

use serde_json::{Value, json};
use validgen_jsonpath::{Found, JsonPath, Literal, Node, RangeState};

/// A VirtualMachine like the conformance cases use (untyped JSON).
fn vm() -> Value {
    json!({
        "apiVersion": "kubevirt.io/v1",
        "kind": "VirtualMachine",
        "metadata": {"name": "db-juet6", "namespace": "default"},
        "spec": {
            "runStrategy": "Halted",
            "template": {
                "metadata": {
                    "labels": {"kubevirt.io/domain": "db", "kubevirt.io/size": "small", "app": "web"},
                    "annotations": {"vm.kubevirt.io/os": "rhel9"}
                },
                "spec": {
                    "domain": {
                        "cpu": {"cores": 4, "sockets": 1, "threads": 1},
                        "memory": {"guest": "2Gi"},
                        "machine": {"type": "q35"},
                        "devices": {
                            "disks": [
                                {"name": "rootdisk", "disk": {"bus": "virtio"}, "bootOrder": 1},
                                {"name": "cloudinitdisk", "disk": {"bus": "virtio", "readonly": true}},
                                {"name": "installcd", "cdrom": {"bus": "sata"}},
                                {"name": "lun0", "lun": {"bus": "scsi"}}
                            ],
                            "interfaces": [
                                {"name": "default", "masquerade": {}, "model": "virtio",
                                 "ports": [{"name": "http", "port": 80}, {"name": "https", "port": 443}]},
                                {"name": "secondary", "bridge": {}}
                            ],
                            "inputs": [{"name": "tablet", "type": "tablet", "bus": "usb"}]
                        }
                    },
                    "nodeSelector": {"kubernetes.io/arch": "amd64"}
                }
            }
        }
    })
}

/// The template the validator builds from a rule path (after `jsonpath::` and one `$`).
fn rule_template(rest: &str) -> String {
    format!("{{.spec.template{rest}}}")
}

/// A found value as client-go prints it: containers as JSON, the rest with `%v`.
fn show(found: &Found<&Value>) -> String {
    match found {
        Found::Node(v @ (Value::Object(_) | Value::Array(_))) => v.to_string(),
        Found::Node(v) => v.go_value(),
        Found::Literal(l) => l.go_value(),
    }
}

/// Every value found, printed; or the parse/evaluation error text.
fn values(template: &str, doc: &Value, allow_missing_keys: bool) -> Result<Vec<String>, String> {
    let path = JsonPath::parse(template).map_err(|e| format!("parse: {e}"))?;
    let found = path
        .find(doc, allow_missing_keys)
        .map_err(|e| e.to_string())?;
    Ok(found.iter().map(show).collect())
}

/// client-go `Execute`: each segment's values joined by a space, segments concatenated.
fn execute(template: &str, doc: &Value, allow_missing_keys: bool) -> Result<String, String> {
    let path = JsonPath::parse(template).map_err(|e| format!("parse: {e}"))?;
    let results = path
        .find_results(doc, allow_missing_keys)
        .map_err(|e| e.to_string())?;
    Ok(results
        .iter()
        .map(|segment| segment.iter().map(show).collect::<Vec<_>>().join(" "))
        .collect())
}

/// Values of a rule path on [`vm`], missing keys not allowed (as the validator).
fn rule(rest: &str) -> Result<Vec<String>, String> {
    values(&rule_template(rest), &vm(), false)
}

/// The parse error text of a template.
fn parse_error(template: &str) -> String {
    match JsonPath::parse(template) {
        Ok(p) => panic!("{template:?} parsed: {:?}", p.ast()),
        Err(e) => e.to_string(),
    }
}

fn strs(items: &[&str]) -> Result<Vec<String>, String> {
    Ok(items.iter().map(|s| (*s).to_owned()).collect())
}

fn err(message: &str) -> Result<Vec<String>, String> {
    Err(message.to_owned())
}

// ---------------------------------------------------------------------------------------------
// Parser: trees (client-go parser_test.go, adapted)
// ---------------------------------------------------------------------------------------------

mod parse_trees {
    use validgen_jsonpath::JsonPath;
    use validgen_jsonpath::ast::{FilterOp, List, ParamsEntry, Segment, Step, Template};

    fn tree(template: &str) -> Vec<Segment> {
        match JsonPath::parse(template) {
            Ok(p) => {
                assert_eq!(p.source(), template);
                p.ast().segments.clone()
            }
            Err(e) => panic!("{template:?}: {e}"),
        }
    }

    fn action(steps: Vec<Step>) -> Segment {
        Segment::Action(List { steps })
    }

    fn list(steps: Vec<Step>) -> List {
        List { steps }
    }

    fn field(name: &str) -> Step {
        Step::Field(name.to_owned())
    }

    fn p(value: i64, known: bool, derived: bool) -> ParamsEntry {
        ParamsEntry {
            value,
            known,
            derived,
        }
    }

    fn array(a: ParamsEntry, b: ParamsEntry, c: ParamsEntry) -> Step {
        Step::Array { params: [a, b, c] }
    }

    const UNKNOWN: ParamsEntry = ParamsEntry {
        value: 0,
        known: false,
        derived: false,
    };

    #[test]
    fn plain_text_and_actions() {
        assert_eq!(
            tree("hello jsonpath"),
            vec![Segment::Text("hello jsonpath".into())]
        );
        assert_eq!(
            tree("hello {.jsonpath}"),
            vec![
                Segment::Text("hello ".into()),
                action(vec![field("jsonpath")])
            ]
        );
        assert_eq!(
            tree("hello {['jsonpath']}"),
            vec![
                Segment::Text("hello ".into()),
                action(vec![field("jsonpath")])
            ]
        );
        assert_eq!(tree(r#"{"{"}"#), vec![action(vec![Step::Text("{".into())])]);
        assert_eq!(tree(""), vec![]);
        assert_eq!(tree("{}"), vec![action(vec![])]);
        let t: &Template = &Template {
            segments: tree("a{.b}c"),
        };
        assert_eq!(t.segments.len(), 3);
    }

    #[test]
    fn arrays() {
        assert_eq!(
            tree("{[1:3]}"),
            vec![action(vec![array(
                p(1, true, false),
                p(3, true, false),
                UNKNOWN
            )])]
        );
        assert_eq!(
            tree("{.book[*].author}"),
            vec![action(vec![
                field("book"),
                array(UNKNOWN, UNKNOWN, UNKNOWN),
                field("author")
            ])]
        );
        assert_eq!(
            tree("{[-5:]}"),
            vec![action(vec![array(p(-5, true, false), UNKNOWN, UNKNOWN)])]
        );
        assert_eq!(
            tree("{[-1]}"),
            vec![action(vec![array(
                p(-1, true, false),
                p(0, true, true),
                UNKNOWN
            )])]
        );
        assert_eq!(
            tree("{[1:-1]}"),
            vec![action(vec![array(
                p(1, true, false),
                p(-1, true, false),
                UNKNOWN
            )])]
        );
        assert_eq!(
            tree("{[::2]}"),
            vec![action(vec![array(UNKNOWN, UNKNOWN, p(2, true, false))])]
        );
        assert_eq!(
            tree("{[0:6:]}"),
            vec![action(vec![array(
                p(0, true, false),
                p(6, true, false),
                UNKNOWN
            )])]
        );
        // `[]` is `[0]`: an empty start with a derived end of 1.
        assert_eq!(
            tree("{[]}"),
            vec![action(vec![array(UNKNOWN, p(1, true, true), UNKNOWN)])]
        );
        // Go int arithmetic wraps when deriving the end.
        assert_eq!(
            tree("{[9223372036854775807]}"),
            vec![action(vec![array(
                p(i64::MAX, true, false),
                p(i64::MIN, true, true),
                UNKNOWN
            )])]
        );
    }

    #[test]
    fn wildcard_recursive_and_dict_keys() {
        assert_eq!(
            tree("{.bicycle.*}"),
            vec![action(vec![field("bicycle"), Step::Wildcard])]
        );
        assert_eq!(tree("{..}"), vec![action(vec![Step::Recursive])]);
        assert_eq!(
            tree("{..price}"),
            vec![action(vec![Step::Recursive, field("price")])]
        );
        assert_eq!(
            tree("{...price}"),
            vec![action(vec![Step::Recursive, field("price")])]
        );
        assert_eq!(
            tree("{['book.price']}"),
            vec![action(vec![field("book"), field("price")])]
        );
        assert_eq!(
            tree(r"{['book\.price']}"),
            vec![action(vec![field("book.price")])]
        );
        assert_eq!(tree("{['']}"), vec![action(vec![field("")])]);
        // Only the first action of the re-parsed `{.a}b}` is kept.
        assert_eq!(tree("{['a}b']}"), vec![action(vec![field("a")])]);
    }

    #[test]
    fn field_names() {
        assert_eq!(
            tree(r"{.metadata.labels.kubevirt\.io/domain}"),
            vec![action(vec![
                field("metadata"),
                field("labels"),
                field("kubevirt.io/domain")
            ])]
        );
        assert_eq!(
            tree("{.k8s-app:x/y}"),
            vec![action(vec![field("k8s-app:x/y")])]
        );
        assert_eq!(tree(r"{.a\\b}"), vec![action(vec![field("ab")])]);
        assert_eq!(tree(r"{.\*}"), vec![action(vec![field("*")])]);
        assert_eq!(tree("{.a.}"), vec![action(vec![field("a"), field("")])]);
        assert_eq!(tree("{.#cores}"), vec![action(vec![field("#cores")])]);
        assert_eq!(tree("{.cöres}"), vec![action(vec![field("cöres")])]);
        // `$`, `@` and spaces are skipped anywhere.
        assert_eq!(
            tree("{ $.a@.b $ .c }"),
            vec![action(vec![field("a"), field("b"), field("c")])]
        );
    }

    #[test]
    fn unions() {
        assert_eq!(
            tree("{['bicycle.price', 3, 'book.price']}"),
            vec![action(vec![Step::Union(vec![
                list(vec![field("bicycle"), field("price")]),
                list(vec![array(p(3, true, false), p(4, true, true), UNKNOWN)]),
                list(vec![field("book"), field("price")]),
            ])])]
        );
        // An empty branch is `[]`, i.e. `[0]`.
        assert_eq!(
            tree("{[0,]}"),
            vec![action(vec![Step::Union(vec![
                list(vec![array(p(0, true, false), p(1, true, true), UNKNOWN)]),
                list(vec![array(UNKNOWN, p(1, true, true), UNKNOWN)]),
            ])])]
        );
    }

    #[test]
    fn filters() {
        assert_eq!(
            tree("{[?(@.price<3)]}"),
            vec![action(vec![Step::Filter {
                left: list(vec![field("price")]),
                op: FilterOp::Lt,
                right: list(vec![Step::Int(3)]),
            }])]
        );
        let os = || list(vec![field("status"), field("nodeInfo"), field("osImage")]);
        let eq_text = |text: &str| {
            vec![action(vec![Step::Filter {
                left: os(),
                op: FilterOp::Eq,
                right: list(vec![Step::Text(text.into())]),
            }])]
        };
        assert_eq!(
            tree(r#"{[?(@.status.nodeInfo.osImage == "()")]}"#),
            eq_text("()")
        );
        assert_eq!(
            tree(r#"{[?(@.status.nodeInfo.osImage == "(\"\")")]}"#),
            eq_text(r#"("")"#)
        );
        assert_eq!(
            tree(r#"{[?(@.status.nodeInfo.osImage == 'Linux')]}"#),
            eq_text("Linux")
        );
        assert_eq!(
            tree(r#"{[?(@.status.nodeInfo.osImage == "{[()]}")]}"#),
            eq_text("{[()]}")
        );
        assert_eq!(
            tree(r#"{[?(@.status.nodeInfo.osImage == "''")]}"#),
            eq_text("''")
        );
        assert_eq!(
            tree(r#"{[?(@.status.nodeInfo.osImage == '""')]}"#),
            eq_text(r#""""#)
        );
        assert_eq!(
            tree(r"{[?(@.status.nodeInfo.osImage == '\\\'')]}"),
            eq_text(r"\'")
        );
        assert_eq!(
            tree(r#"{[?(@.test == "())(")]}"#),
            vec![action(vec![Step::Filter {
                left: list(vec![field("test")]),
                op: FilterOp::Eq,
                right: list(vec![Step::Text("())(".into())]),
            }])]
        );
        assert_eq!(
            tree("{[?(@.z)].id}"),
            vec![action(vec![
                Step::Filter {
                    left: list(vec![field("z")]),
                    op: FilterOp::Exists,
                    right: List::default()
                },
                field("id"),
            ])]
        );
        // Any run of `!<>=` parses; it fails only when evaluated.
        assert_eq!(
            tree("{[?(@.a<>1)]}"),
            vec![action(vec![Step::Filter {
                left: list(vec![field("a")]),
                op: FilterOp::Other("<>".into()),
                right: list(vec![Step::Int(1)]),
            }])]
        );
        // The operator gives its last character to an otherwise empty right operand.
        assert_eq!(
            parse_error_of("{[?(@.a==)]}"),
            "unrecognized character in action: U+003D '='"
        );
    }

    fn parse_error_of(template: &str) -> String {
        match JsonPath::parse(template) {
            Ok(p) => panic!("{template:?} parsed: {:?}", p.ast()),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn literals_and_identifiers() {
        assert_eq!(
            tree("{range .items}{.name},{end}"),
            vec![
                action(vec![Step::Identifier("range".into()), field("items")]),
                action(vec![field("name")]),
                Segment::Text(",".into()),
                action(vec![Step::Identifier("end".into())]),
            ]
        );
        assert_eq!(
            tree("{7 -2 +3 7.5 1. 99999999999999999999 true false 'x' \"y\" hello}"),
            vec![action(vec![
                Step::Int(7),
                Step::Int(-2),
                Step::Int(3),
                Step::Float(7.5),
                Step::Float(1.0),
                Step::Float(1e20),
                Step::Bool(true),
                Step::Bool(false),
                Step::Text("x".into()),
                Step::Text("y".into()),
                Step::Identifier("hello".into()),
            ])]
        );
        // A number stops at the first character that is neither a digit nor a dot.
        assert_eq!(
            tree("{1e5}"),
            vec![action(vec![Step::Int(1), Step::Identifier("e5".into())])]
        );
        assert_eq!(
            tree(r#"{"a\tb\u00e9"}"#),
            vec![action(vec![Step::Text("a\tbé".into())])]
        );
    }

    #[test]
    fn braces_end_actions() {
        assert_eq!(
            tree("{.a.b}{7}"),
            vec![
                action(vec![field("a"), field("b")]),
                action(vec![Step::Int(7)])
            ]
        );
        assert_eq!(
            tree("{.a}xyz}"),
            vec![action(vec![field("a")]), Segment::Text("xyz}".into())]
        );
        assert_eq!(
            tree("{.spec.template.spec.domain.cpu.cores}{.metadata.name}"),
            vec![
                action(vec![
                    field("spec"),
                    field("template"),
                    field("spec"),
                    field("domain"),
                    field("cpu"),
                    field("cores")
                ]),
                action(vec![field("metadata"), field("name")]),
            ]
        );
        assert_eq!(
            tree("}{.a}"),
            vec![Segment::Text("}".into()), action(vec![field("a")])]
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Parser: errors
// ---------------------------------------------------------------------------------------------

#[test]
fn client_go_parse_errors() {
    let cases = [
        ("{.hello", "unclosed action"),
        ("{*}", "unrecognized character in action: U+002A '*'"),
        ("{+12.3.0}", "cannot parse number +12.3.0"),
        ("{[1}", "unterminated array"),
        ("{[?(.price]}", "unterminated filter"),
        ("{........}", "invalid multiple recursive descent"),
        (
            "{............................................................Price}",
            "invalid multiple recursive descent",
        ),
        (r"{\\\}", "unrecognized character in action: U+005C '\\'"),
        ("{..*}", "unrecognized character in action: U+002A '*'"),
        ("{-}", "cannot parse number -"),
        ("{['a,b']}", "invalid array index 'a"),
        ("{['a[0']}", "unterminated array"),
        ("{[?(@.a)}", "unclosed array expect ]"),
        ("{.a\r}", "unclosed action"),
        ("{.a}{", "unclosed action"),
        ("{.a ²}", "unrecognized character in action: U+00B2 '²'"),
        ("{.a \u{a0}}", "unrecognized character in action: U+00A0"),
        ("{'a\\'}", "unterminated quoted string"),
        (
            "{\"a\\\\\"b\"}",
            "unquote string \"a\\\\\"b\" error invalid syntax",
        ),
    ];
    for (template, message) in cases {
        assert_eq!(parse_error(template), message, "{template:?}");
    }
}

#[test]
fn conformance_parse_errors() {
    let cases = [
        (
            r#".spec.domain.devices.disks[?(@.name=="rootdisk" && @.bootOrder==1)].name"#,
            "unrecognized character in action: U+0026 '&'",
        ),
        (".spec.domain....bus", "invalid multiple recursive descent"),
        (r#".metadata.labels["app"]"#, r#"invalid array index "app""#),
        (
            ".spec.domain.cpu\t.cores",
            "unrecognized character in action: U+0009",
        ),
        (".spec.domain.devices.disks[0", "unterminated array"),
        (
            r#".spec.domain.devices.disks[?(@.name=="x""#,
            "unterminated filter",
        ),
        (
            r#".spec.domain.devices.disks[?(@.name=="x")"#,
            "unclosed array expect ]",
        ),
        (".spec.domain.devices.disks[a]", "invalid array index a"),
        (".spec.domain.devices.disks[ 0 ]", "invalid array index  0 "),
        (
            ".spec.domain.devices.disks[1:2:3:4]",
            "invalid array index 1:2:3:4",
        ),
        (
            ".spec.domain.devices.disks[-]",
            "array index - is not a number",
        ),
        (
            ".spec.domain.devices.disks[99999999999999999999]",
            "array index 99999999999999999999 is not a number",
        ),
        (
            ".spec.domain.cpu.cores{",
            "unrecognized character in action: U+007B '{'",
        ),
        (".spec.domain.cpu.cores\n", "unclosed action"),
        (".spec.domain.cpu.cores 1.2.3", "cannot parse number 1.2.3"),
        (".spec.domain.cpu.cores 'x", "unterminated quoted string"),
        (
            r#".spec.domain.cpu.cores "\q""#,
            r#"unquote string "\q" error invalid syntax"#,
        ),
    ];
    for (rest, message) in cases {
        assert_eq!(parse_error(&rule_template(rest)), message, "{rest:?}");
    }
}

#[test]
fn parse_error_offsets() {
    let e = JsonPath::parse("{.a\t}").expect_err("tab");
    assert_eq!(e.offset(), Some(3));
    assert_eq!(e.message(), "unrecognized character in action: U+0009");
    let e = JsonPath::parse("{.a[x]}").expect_err("index");
    assert_eq!(e.offset(), Some(3));
    let e = JsonPath::parse("{.a").expect_err("unclosed");
    assert_eq!(e.offset(), Some(3));
}

// ---------------------------------------------------------------------------------------------
// Evaluation: the conformance paths on a similar (untyped) VM
// ---------------------------------------------------------------------------------------------

#[test]
fn filters_on_the_vm() {
    let disks = ".spec.domain.devices.disks";
    assert_eq!(
        rule(&format!(r#"{disks}[?(@.name=="rootdisk")].disk.bus"#)),
        strs(&["virtio"])
    );
    assert_eq!(
        rule(&format!("{disks}[?(@.name=='rootdisk')].disk.bus")),
        strs(&["virtio"])
    );
    assert_eq!(
        rule(&format!(r#"{disks}[?(@.name!="rootdisk")].name"#)),
        strs(&["cloudinitdisk", "installcd", "lun0"])
    );
    assert_eq!(
        rule(&format!(r#"{disks}[?(@.name<"l")].name"#)),
        strs(&["cloudinitdisk", "installcd"])
    );
    assert_eq!(
        rule(&format!(r#"{disks}[?(@.name>="l")].name"#)),
        strs(&["rootdisk", "lun0"])
    );
    // No element matches: no values, no error.
    assert_eq!(
        rule(&format!(r#"{disks}[?(@.name=="nothing")].name"#)),
        strs(&[])
    );
    // A missing key on the left of a comparison is an error ...
    assert_eq!(
        rule(&format!(r#"{disks}[?(@.disk.bus=="virtio")].name"#)),
        err("disk is not found")
    );
    assert_eq!(
        rule(&format!("{disks}[?(@.disk.readonly==true)].name")),
        err("readonly is not found")
    );
    assert_eq!(
        rule(&format!("{disks}[?(@.bootOrder==1)].name")),
        err("bootOrder is not found")
    );
    // ... unless missing keys are allowed: then the element is skipped.
    let template = rule_template(&format!("{disks}[?(@.bootOrder==1)].name"));
    assert_eq!(values(&template, &vm(), true), strs(&["rootdisk"]));
    let template = rule_template(&format!(r#"{disks}[?(@.disk.bus=="virtio")].name"#));
    assert_eq!(
        values(&template, &vm(), true),
        strs(&["rootdisk", "cloudinitdisk"])
    );
    // The right operand is evaluated on the element too.
    assert_eq!(
        rule(&format!("{disks}[?(@.name==$.spec.hostname)].name")),
        err("spec is not found")
    );
    assert_eq!(
        rule(&format!("{disks}[?(@.name==@.name)].name")).map(|v| v.len()),
        Ok(4)
    );
}

#[test]
fn filter_comparisons_on_numbers() {
    let ports = ".spec.domain.devices.interfaces[*].ports";
    assert_eq!(
        rule(&format!("{ports}[?(@.port==80)].name")),
        strs(&["http"])
    );
    assert_eq!(
        rule(&format!("{ports}[?(@.port>100)].port")),
        strs(&["443"])
    );
    assert_eq!(rule(&format!("{ports}[?(@.port<=80)].port")), strs(&["80"]));
    assert_eq!(
        rule(&format!("{ports}[?(@.port>=80)].port")),
        strs(&["80", "443"])
    );
    assert_eq!(
        rule(&format!("{ports}[?(@.port!=80)].port")),
        strs(&["443"])
    );
    assert_eq!(rule(&format!("{ports}[?(80<@.port)].port")), strs(&["443"]));
    assert_eq!(
        rule(&format!("{ports}[?(@.port==80.0)].name")),
        err("incompatible types for comparison")
    );
    assert_eq!(
        rule(&format!(r#"{ports}[?(@.port=="80")].name"#)),
        err("incompatible types for comparison")
    );
    assert_eq!(
        rule(&format!("{ports}[?(@.port===80)].name")),
        err("unrecognized filter operator ===")
    );
    assert_eq!(
        rule(&format!("{ports}[?(@.port=80)].name")),
        err("unrecognized filter operator =")
    );
    // A map or list operand cannot be compared.
    assert_eq!(
        rule(&format!("{ports}[?(@==1)].name")),
        err("invalid type for comparison")
    );
    // More than one value on a side.
    assert_eq!(
        rule(&format!("{ports}[?(@.*==1)].name")),
        err("can only compare one element at a time")
    );
    // Booleans: == works, < does not.
    let disks = ".spec.domain.devices.disks";
    let template = rule_template(&format!("{disks}[?(@.disk.readonly==true)].name"));
    assert_eq!(values(&template, &vm(), true), strs(&["cloudinitdisk"]));
    let template = rule_template(&format!("{disks}[?(@.disk.readonly<true)].name"));
    assert_eq!(
        values(&template, &vm(), true),
        err("invalid type for comparison")
    );
}

#[test]
fn existence_filters() {
    let disks = ".spec.domain.devices.disks";
    assert_eq!(
        rule(&format!("{disks}[?(@.cdrom)].name")),
        strs(&["installcd"])
    );
    assert_eq!(
        rule(&format!("{disks}[?(@.cdrom.bus)].name")),
        strs(&["installcd"])
    );
    assert_eq!(
        rule(&format!("{disks}[?(@.disk)].name")),
        strs(&["rootdisk", "cloudinitdisk"])
    );
    assert_eq!(
        rule(".spec.domain.devices.interfaces[?(@.model)].name"),
        strs(&["default"])
    );
    assert_eq!(rule(&format!("{disks}[?(@.nothing)].name")), strs(&[]));
    // client-go keeps what a failing step hands back: an array step returns its input, so an
    // out-of-range index still "exists".
    let doc = json!({"items": [{"n": "a", "l": [1]}, {"n": "b", "l": [1, 2, 3]}]});
    assert_eq!(
        values("{.items[?(@.l[2])].n}", &doc, false),
        strs(&["a", "b"])
    );
    assert_eq!(
        values("{.items[?(@.l[*])].n}", &doc, false),
        strs(&["a", "b"])
    );
    // A literal always exists.
    assert_eq!(values("{.items[?(1)].n}", &doc, false), strs(&["a", "b"]));
}

#[test]
fn filter_on_non_lists() {
    assert_eq!(
        rule(".spec.domain.cpu[?(@.cores==1)]"),
        err("map[cores:4 sockets:1 threads:1] is not array or slice and cannot be filtered")
    );
    assert_eq!(
        rule(".spec.domain.machine.type[?(@)]"),
        err("q35 is not array or slice and cannot be filtered")
    );
    let doc = json!({"a": null});
    assert_eq!(
        values("{.a[?(@)]}", &doc, false),
        err("<nil> is not array or slice and cannot be filtered")
    );
    assert_eq!(
        values("{'x'[?(@)]}", &doc, false),
        err("x is not array or slice and cannot be filtered")
    );
}

#[test]
fn unions_on_the_vm() {
    let disks = ".spec.domain.devices.disks";
    assert_eq!(
        rule(&format!("{disks}[0,2].name")),
        strs(&["rootdisk", "installcd"])
    );
    assert_eq!(
        rule(&format!("{disks}[0, 1].name")),
        strs(&["rootdisk", "cloudinitdisk"])
    );
    assert_eq!(
        rule(".spec.domain.cpu['cores','sockets']"),
        strs(&["4", "1"])
    );
    assert_eq!(
        rule(&format!("{disks}[0,9].name")),
        err("array index out of bounds: index 9, length 4")
    );
    // Each branch runs over all the input: all names, then the one bootOrder.
    assert_eq!(
        rule(&format!("{disks}[*]['name','bootOrder']")),
        strs(&["rootdisk", "cloudinitdisk", "installcd", "lun0", "1"])
    );
    // Keys are re-read as paths, so a dotted key is two fields.
    assert_eq!(
        rule(".metadata.labels['kubevirt.io/size','app']"),
        err("kubevirt is not found")
    );
    assert_eq!(
        rule(r".metadata.labels['kubevirt\.io/size','app']"),
        strs(&["small", "web"])
    );
    // An empty branch is index 0.
    assert_eq!(
        rule(&format!("{disks}[1,].name")),
        strs(&["cloudinitdisk", "rootdisk"])
    );
}

#[test]
fn slices_on_the_vm() {
    let disks = ".spec.domain.devices.disks";
    let cases: Vec<(&str, Result<Vec<String>, String>)> = vec![
        ("[0:2]", strs(&["rootdisk", "cloudinitdisk"])),
        ("[-1]", strs(&["lun0"])),
        ("[-2:]", strs(&["installcd", "lun0"])),
        ("[1:]", strs(&["cloudinitdisk", "installcd", "lun0"])),
        ("[::2]", strs(&["rootdisk", "installcd"])),
        ("[1::2]", strs(&["cloudinitdisk", "lun0"])),
        ("[:-1]", strs(&["rootdisk", "cloudinitdisk", "installcd"])),
        (
            "[*]",
            strs(&["rootdisk", "cloudinitdisk", "installcd", "lun0"]),
        ),
        (
            "[:]",
            strs(&["rootdisk", "cloudinitdisk", "installcd", "lun0"]),
        ),
        ("[]", strs(&["rootdisk"])),
        ("[0:4:3]", strs(&["rootdisk", "lun0"])),
        ("[0:4:100]", strs(&["rootdisk"])),
        ("[2:2]", strs(&[])),
        ("[7:7]", strs(&[])),
        ("[-9:-9]", strs(&[])),
        ("[5]", err("array index out of bounds: index 5, length 4")),
        ("[4]", err("array index out of bounds: index 4, length 4")),
        (
            "[100]",
            err("array index out of bounds: index 100, length 4"),
        ),
        (
            "[0:10]",
            err("array index out of bounds: index 9, length 4"),
        ),
        ("[-5]", err("array index out of bounds: index -1, length 4")),
        (
            "[-5:]",
            err("array index out of bounds: index -1, length 4"),
        ),
        (
            "[3:1]",
            err("starting index 3 is greater than ending index 1"),
        ),
        (
            "[-1:-2]",
            err("starting index 3 is greater than ending index 2"),
        ),
        (
            "[-1:0]",
            err("starting index 3 is greater than ending index 0"),
        ),
        ("[::0]", err("step must be > 0")),
        ("[0:4:-1]", err("step must be > 0")),
        (
            "[9223372036854775807]",
            err("array index out of bounds: index 9223372036854775807, length 4"),
        ),
    ];
    for (slice, expected) in cases {
        assert_eq!(rule(&format!("{disks}{slice}.name")), expected, "{slice}");
    }
}

#[test]
fn arrays_on_other_kinds() {
    assert_eq!(
        rule(".metadata.labels[*]"),
        err("map[string]interface {} is not array or slice")
    );
    assert_eq!(
        rule(".spec.domain.cpu[*]"),
        err("map[string]interface {} is not array or slice")
    );
    assert_eq!(
        rule(".spec.domain.cpu.cores[0]"),
        err("int64 is not array or slice")
    );
    assert_eq!(
        rule(".spec.domain.machine.type[0]"),
        err("string is not array or slice")
    );
    assert_eq!(
        values("{'x'[0]}", &json!({}), false),
        err("string is not array or slice")
    );
    assert_eq!(
        values("{7[0]}", &json!({}), false),
        err("int is not array or slice")
    );
    // nil values are skipped.
    assert_eq!(values("{.a[0]}", &json!({"a": null}), false), strs(&[]));
}

#[test]
fn empty_lists_stop_array_steps() {
    let doc = json!({"lists": [[1, 2], [], [3]], "empty": [], "more": [[], [4]]});
    assert_eq!(values("{.empty[*]}", &doc, false), strs(&[]));
    assert_eq!(
        values("{.empty[0]}", &doc, false),
        err("array index out of bounds: index 0, length 0")
    );
    // `[*]` over several lists returns at the first empty one.
    assert_eq!(values("{.lists[*][*]}", &doc, false), strs(&["1", "2"]));
    assert_eq!(values("{.more[*][*]}", &doc, false), strs(&[]));
    assert_eq!(values("{.lists[*][0:0]}", &doc, false), strs(&[]));
    // A field step over nothing is nothing, without error.
    assert_eq!(values("{.empty[*].name}", &doc, false), strs(&[]));
}

#[test]
fn recursive_descent_on_the_vm() {
    assert_eq!(
        rule(".spec.domain.devices..bus"),
        strs(&["virtio", "virtio", "sata", "scsi", "usb"])
    );
    assert_eq!(rule("..cores"), strs(&["4"]));
    assert_eq!(rule("..port"), strs(&["80", "443"]));
    assert_eq!(rule("..spec.domain.cpu.cores"), strs(&["4"]));
    assert_eq!(
        rule(".spec..name"),
        strs(&[
            "rootdisk",
            "cloudinitdisk",
            "installcd",
            "lun0",
            "tablet",
            "default",
            "http",
            "https",
            "secondary"
        ])
    );
    assert_eq!(
        rule(".spec.domain.devices..nothing"),
        err("nothing is not found")
    );
    assert_eq!(
        rule(".spec.domain.cpu..[0]"),
        err("map[string]interface {} is not array or slice")
    );
}

#[test]
fn recursive_descent_includes_only_values_with_children() {
    // The map, the list, the non-empty strings; not numbers, empty strings or bytes.
    let doc = json!({"a": [1, "xy", ""], "b": {}});
    assert_eq!(
        values("{..}", &doc, false),
        strs(&[r#"{"a":[1,"xy",""],"b":{}}"#, r#"[1,"xy",""]"#, "xy"])
    );
    assert_eq!(values("{.a[1]..}", &doc, false), strs(&["xy"]));
    // client-go: `{..}` of [1,2,3] is the list itself.
    assert_eq!(values("{..}", &json!([1, 2, 3]), false), strs(&["[1,2,3]"]));
}

#[test]
fn wildcards_on_the_vm() {
    assert_eq!(rule(".spec.domain.cpu.*"), strs(&["4", "1", "1"]));
    assert_eq!(rule(".metadata.labels.*"), strs(&["web", "db", "small"]));
    assert_eq!(rule(".spec.domain.devices.disks.*").map(|v| v.len()), Ok(4));
    assert_eq!(
        rule(".spec.domain.devices.disks[*].*").map(|v| v.len()),
        Ok(9)
    );
    assert_eq!(rule(".spec.domain.cpu.cores.*"), strs(&[]));
    // A string's wildcard is its bytes (Go uint8).
    let path = JsonPath::parse(&rule_template(".spec.domain.machine.type.*")).expect("parses");
    let doc = vm();
    let found = path.find(&doc, false).expect("evaluates");
    assert_eq!(
        found,
        vec![
            Found::Literal(Literal::Byte(b'q')),
            Found::Literal(Literal::Byte(b'3')),
            Found::Literal(Literal::Byte(b'5')),
        ]
    );
    assert_eq!(found[0].as_literal().map(Literal::type_name), Some("uint8"));
}

#[test]
fn keys_and_escapes_on_the_vm() {
    assert_eq!(rule(r".metadata.labels.kubevirt\.io/domain"), strs(&["db"]));
    assert_eq!(
        rule(".metadata.labels['kubevirt.io/domain']"),
        err("kubevirt is not found")
    );
    assert_eq!(
        rule(r".metadata.labels['kubevirt\.io/domain']"),
        strs(&["db"])
    );
    assert_eq!(rule(".metadata.labels.app"), strs(&["web"]));
    assert_eq!(rule(".metadata.labels['app']"), strs(&["web"]));
    assert_eq!(
        rule(r".metadata.annotations.vm\.kubevirt\.io/os"),
        strs(&["rhel9"])
    );
    assert_eq!(
        rule(".metadata.labels.nothing"),
        err("nothing is not found")
    );
    assert_eq!(
        rule(r".spec.nodeSelector.kubernetes\.io/arch"),
        strs(&["amd64"])
    );
    // Untyped JSON has no Go field names.
    assert_eq!(rule(".Spec.Domain.CPU.Cores"), err("Spec is not found"));
    assert_eq!(rule(".spec.domain.cpu.cöres"), err("cöres is not found"));
    assert_eq!(
        rule(".spec.domain.cpu.max-sockets"),
        err("max-sockets is not found")
    );
    assert_eq!(rule(".spec.domain.cpu.1e5"), err("1e5 is not found"));
    assert_eq!(rule(".spec.domain.cpu.#cores"), err("#cores is not found"));
    let doc = json!({"a-b": {"c:d/e": 1}, "x.y": 2, "": 3});
    assert_eq!(values("{.a-b.c:d/e}", &doc, false), strs(&["1"]));
    assert_eq!(values(r"{.x\.y}", &doc, false), strs(&["2"]));
    assert_eq!(values("{.}", &doc, false), strs(&["3"]));
}

#[test]
fn skipped_characters_and_dots() {
    assert_eq!(rule(".spec.domain.cpu.cores"), strs(&["4"]));
    assert_eq!(rule("$.spec.domain.cpu.cores"), strs(&["4"]));
    assert_eq!(rule(".spec.domain.cpu$.cores"), strs(&["4"]));
    assert_eq!(rule(".spec.domain.cpu@.cores"), strs(&["4"]));
    assert_eq!(rule(".spec.domain.cpu.cores "), strs(&["4"]));
    assert_eq!(rule(" .spec.domain.cpu.cores"), strs(&["4"]));
    assert_eq!(
        rule("spec.domain.cpu.cores"),
        err("templatespec is not found")
    );
    // A trailing dot is a field with an empty name.
    assert_eq!(rule(".spec.domain.cpu.cores."), err(" is not found"));
    assert_eq!(rule(".spec.domain.cpu."), err(" is not found"));
    assert_eq!(rule("."), err(" is not found"));
    assert_eq!(rule(".spec.domain.devices.disks[*]."), err(" is not found"));
    // The empty rule path is the template itself.
    assert_eq!(rule("").map(|v| v.len()), Ok(1));
    assert_eq!(values("{}", &json!({"a": 1}), false), strs(&[r#"{"a":1}"#]));
    assert_eq!(values("{@}", &json!([1]), false), strs(&["[1]"]));
}

#[test]
fn text_and_brace_breakout() {
    assert_eq!(rule(".spec.domain.cpu.cores}"), strs(&["4", "}"]));
    assert_eq!(
        rule(".spec.domain.cpu.cores}{.metadata.name"),
        strs(&["4", "db-juet6"])
    );
    assert_eq!(
        rule(".spec.domain.cpu.cores}{.spec.template.spec.domain.cpu.sockets"),
        strs(&["4", "1"])
    );
    assert_eq!(
        rule(".spec.domain.machine.type}-suffix"),
        strs(&["q35", "-suffix}"])
    );
    let path = JsonPath::parse("{.a.b}{7}").expect("parses");
    let doc = json!({"a": {"b": "x"}});
    let results = path.find_results(&doc, false).expect("evaluates");
    assert_eq!(results.len(), 2);
    assert_eq!(results[1], vec![Found::Literal(Literal::Int(7))]);
    assert_eq!(
        execute("{.a}xyz}", &json!({"a": 1}), false),
        Ok("1xyz}".to_owned())
    );
    assert_eq!(
        execute("hello jsonpath", &json!(null), false),
        Ok("hello jsonpath".to_owned())
    );
    assert_eq!(execute(r#"{"{"}"#, &json!(null), false), Ok("{".to_owned()));
}

#[test]
fn literals_in_actions() {
    assert_eq!(rule(".spec.domain.cpu.cores true"), strs(&["true"]));
    assert_eq!(rule(".spec.domain.cpu.cores 7"), strs(&["7"]));
    assert_eq!(rule(".spec.domain.cpu.cores 7.5"), strs(&["7.5"]));
    assert_eq!(rule(".spec.domain.cpu.cores 'x'"), strs(&["x"]));
    // Numbers and booleans repeat per input value; text is one value whatever the input.
    assert_eq!(
        rule(".spec.domain.devices.disks[*] 1"),
        strs(&["1", "1", "1", "1"])
    );
    assert_eq!(rule(".spec.domain.devices.disks[*] 'x'"), strs(&["x"]));
    assert_eq!(rule(".spec.domain.devices.disks[2:2] 1"), strs(&[]));
    assert_eq!(rule(".spec.domain.devices.disks[2:2] 'x'"), strs(&["x"]));
    let path = JsonPath::parse("{7 7.5 true 'x'}").expect("parses");
    let doc = json!({});
    let types: Vec<&str> = path
        .find(&doc, false)
        .expect("evaluates")
        .iter()
        .filter_map(|f| f.as_literal().map(Literal::type_name))
        .collect();
    assert_eq!(types, ["string"]);
    assert_eq!(Literal::Float(1e6).to_string(), "1e+06");
    assert_eq!(Literal::Int(7).type_name(), "int");
    assert_eq!(Literal::Float(7.5).type_name(), "float64");
    assert_eq!(Literal::Bool(true).type_name(), "bool");
}

#[test]
fn identifiers_range_and_end() {
    assert_eq!(
        rule(".spec.domain.cpu.cores end"),
        err("not in range, nothing to end")
    );
    assert_eq!(rule(".spec.domain.cpu range"), strs(&[]));
    assert_eq!(
        rule(".spec.domain.cpu hello"),
        err("unrecognized identifier hello")
    );
    assert_eq!(
        values("{hello}", &json!({}), false),
        err("unrecognized identifier hello")
    );
}

#[test]
fn missing_keys() {
    let doc = json!({"a": {"b": 1}, "list": [{"x": 1}, {"y": 2}]});
    assert_eq!(values("{.hello}", &doc, false), err("hello is not found"));
    assert_eq!(values("{.hello}", &doc, true), strs(&[]));
    assert_eq!(
        execute("before-{.hello}after", &doc, true),
        Ok("before-after".to_owned())
    );
    // Some elements lacking the field are dropped; none having it is the error.
    assert_eq!(values("{.list[*].x}", &doc, false), strs(&["1"]));
    assert_eq!(values("{.list[*].z}", &doc, false), err("z is not found"));
    // nil values are skipped by field steps.
    let doc = json!({"a": null, "l": [null, {"x": 1}]});
    assert_eq!(values("{.a}", &doc, false), strs(&["<nil>"]));
    assert_eq!(values("{.a.b}", &doc, false), err("b is not found"));
    assert_eq!(values("{.l[*].x}", &doc, false), strs(&["1"]));
}

// ---------------------------------------------------------------------------------------------
// Evaluation: client-go jsonpath_test.go vectors on JSON input
// ---------------------------------------------------------------------------------------------

fn kubernetes_nodes() -> Value {
    json!({
        "kind": "List",
        "items": [
            {"kind": "None",
             "metadata": {"name": "127.0.0.1", "labels": {"kubernetes.io/hostname": "127.0.0.1"}},
             "status": {"capacity": {"cpu": "4"}, "ready": true,
                        "addresses": [{"type": "LegacyHostIP", "address": "127.0.0.1"}]}},
            {"kind": "None",
             "metadata": {"name": "127.0.0.2", "labels": {"kubernetes.io/hostname": "127.0.0.2"}},
             "status": {"capacity": {"cpu": "8"}, "ready": false,
                        "addresses": [{"type": "LegacyHostIP", "address": "127.0.0.2"},
                                      {"type": "another", "address": "127.0.0.3"}]}}
        ],
        "users": [
            {"name": "myself", "user": {}},
            {"name": "e2e", "user": {"username": "admin", "password": "secret"}}
        ]
    })
}

#[test]
fn client_go_kubernetes_vectors() {
    let doc = kubernetes_nodes();
    let cases = [
        (
            "{range .items[*]}{.metadata.name}, {end}{.kind}",
            "127.0.0.1, 127.0.0.2, List",
        ),
        (
            "{range .items[*]}{.metadata.name}{\"\\t\"}{end}",
            "127.0.0.1\t127.0.0.2\t",
        ),
        (
            "{.items[*].status.addresses[*].address}",
            "127.0.0.1 127.0.0.2 127.0.0.3",
        ),
        (
            "{range .items[*]}{range .status.addresses[*]}{.address}, {end}{end}",
            "127.0.0.1, 127.0.0.2, 127.0.0.3, ",
        ),
        ("{.items[*].metadata.name}", "127.0.0.1 127.0.0.2"),
        (
            "{.items[*]['metadata.name', 'status.capacity']}",
            r#"127.0.0.1 127.0.0.2 {"cpu":"4"} {"cpu":"8"}"#,
        ),
        (
            "{range .items[*]}[{.metadata.name}, {.status.capacity}] {end}",
            r#"[127.0.0.1, {"cpu":"4"}] [127.0.0.2, {"cpu":"8"}] "#,
        ),
        (r#"{.users[?(@.name=="e2e")].user.password}"#, "secret"),
        (
            r"{.items[0].metadata.labels.kubernetes\.io/hostname}",
            "127.0.0.1",
        ),
        (
            r#"{.items[?(@.metadata.labels.kubernetes\.io/hostname=="127.0.0.1")].kind}"#,
            "None",
        ),
        ("{.items[?(@..ready==true)].metadata.name}", "127.0.0.1"),
        ("{..name}", "127.0.0.1 127.0.0.2 myself e2e"),
    ];
    for (template, expected) in cases {
        assert_eq!(
            execute(template, &doc, false),
            Ok(expected.to_owned()),
            "{template}"
        );
    }
}

#[test]
fn client_go_small_inputs() {
    assert_eq!(
        execute("{[?(@<5)]}", &json!([2, 6, 3, 7]), false),
        Ok("2 3".to_owned())
    );
    assert_eq!(
        execute("{[1,3,4]}", &json!([0, 1, 2, 3, 4]), false),
        Ok("1 3 4".to_owned())
    );
    assert_eq!(
        execute("{[0:2]}", &json!(["Monday", "Tudesday"]), false),
        Ok("Monday Tudesday".to_owned())
    );
    let points = json!([
        {"id": "i1", "x": 4, "y": -5},
        {"id": "i2", "x": -2, "y": -5, "z": 1},
        {"id": "i3", "x": 8, "y": 3},
        {"id": "i4", "x": -6, "y": -1},
        {"id": "i5", "x": 0, "y": 2, "z": 1},
        {"id": "i6", "x": 1, "y": 4}
    ]);
    assert_eq!(
        execute("{[?(@.z)].id}", &points, false),
        Ok("i2 i5".to_owned())
    );
    assert_eq!(execute("{[0]['id']}", &points, false), Ok("i1".to_owned()));
    let types = json!({
        "bools": [true, false, true, false],
        "floats": [1.0, 2.2, 3.3, 4.0],
        "interfaces": [true, "one", 1, 1.1]
    });
    assert_eq!(
        execute("{ .bools[-1] }", &types, false),
        Ok("false".to_owned())
    );
    assert_eq!(
        execute("{ .bools[:4:2] }", &types, false),
        Ok("true true".to_owned())
    );
    assert_eq!(
        execute("{ .floats[-2] }", &types, false),
        Ok("3.3".to_owned())
    );
    assert_eq!(
        execute("{ .floats[:4:2] }", &types, false),
        Ok("1 3.3".to_owned())
    );
    assert_eq!(
        execute("{ .interfaces[:4:2] }", &types, false),
        Ok("true 1".to_owned())
    );
    assert_eq!(
        execute("{ .interfaces }", &types, false),
        Ok(r#"[true,"one",1,1.1]"#.to_owned())
    );
}

#[test]
fn client_go_failures() {
    let store = json!({
        "Name": "jsonpath",
        "Labels": {"engieer": 10, "web/html": 15, "k8s-app": 20},
        "Book": [{"Price": 8.95}, {"Price": 12.99}]
    });
    assert_eq!(
        execute("{hello}", &store, false),
        Err("unrecognized identifier hello".to_owned())
    );
    assert_eq!(
        execute("{.hello}", &store, false),
        Err("hello is not found".to_owned())
    );
    assert_eq!(
        execute("{.Labels[0]}", &store, false),
        Err("map[string]interface {} is not array or slice".to_owned())
    );
    assert_eq!(
        execute("{.Book[?(@.Price<>10)]}", &store, false),
        Err("unrecognized filter operator <>".to_owned())
    );
    assert_eq!(
        execute("{range .Labels.*}{@}{end}{end}", &store, false),
        Err("not in range, nothing to end".to_owned())
    );
    assert_eq!(
        execute("{$.Labels.web/html}", &store, false),
        Ok("15".to_owned())
    );
    assert_eq!(
        execute("{.Labels.k8s-app}", &store, false),
        Ok("20".to_owned())
    );
    assert_eq!(
        execute("hello {.Name}", &store, false),
        Ok("hello jsonpath".to_owned())
    );
    // Float comparisons with a float literal are fine.
    assert_eq!(
        execute("{.Book[?(@.Price<10.5)].Price}", &store, false),
        Ok("8.95".to_owned())
    );
}

#[test]
fn client_go_negative_index_and_step() {
    let doc = json!({"spec": {"containers": [
        {"name": "fake0"}, {"name": "fake1"}, {"name": "fake2"},
        {"name": "fake3"}, {"name": "fake4"}, {"name": "fake5"}
    ]}});
    let cases = [
        ("[0:0]", Ok("")),
        ("[0:-1]", Ok("fake0 fake1 fake2 fake3 fake4")),
        ("[-1]", Ok("fake5")),
        ("[-6]", Ok("fake0")),
        ("[-7]", Err(())),
        ("[6:6]", Ok("")),
        ("[-7:-7]", Ok("")),
        ("[-1:-2]", Err(())),
        ("[0:]", Ok("fake0 fake1 fake2 fake3 fake4 fake5")),
        ("[0:6:]", Ok("fake0 fake1 fake2 fake3 fake4 fake5")),
        ("[0:6:0]", Err(())),
        ("[0:6:-1]", Err(())),
        ("[1:4:2]", Ok("fake1 fake3")),
        ("[1:4:3]", Ok("fake1")),
        ("[1:4:4]", Ok("fake1")),
        ("[0:6:5]", Ok("fake0 fake5")),
    ];
    for (slice, expected) in cases {
        let got = execute(&format!("{{.spec.containers{slice}.name}}"), &doc, false);
        match expected {
            Ok(text) => assert_eq!(got, Ok(text.to_owned()), "{slice}"),
            Err(()) => assert!(got.is_err(), "{slice}: {got:?}"),
        }
    }
}

#[test]
fn client_go_filters_with_missing_annotations() {
    let doc = json!({"items": [
        {"metadata": {"name": "pod1", "annotations": {"color": "blue"}}},
        {"metadata": {"name": "pod2"}},
        {"metadata": {"name": "pod3", "annotations": {"color": "green"}}},
        {"metadata": {"name": "pod4", "annotations": {"color": "blue"}}}
    ]});
    let template = r#"{.items[?(@.metadata.annotations.color=="blue")].metadata.name}"#;
    assert_eq!(execute(template, &doc, true), Ok("pod1 pod4".to_owned()));
    assert_eq!(
        execute(template, &doc, false),
        Err("annotations is not found".to_owned())
    );

    let pods = json!({"items": [
        {"metadata": {"name": "pod1"}, "status": {"phase": "Running"}},
        {"metadata": {"name": "pod2"}, "status": {"phase": "Running"}},
        {"metadata": {"name": "pod3"}, "status": {"phase": "Running"}},
        {"resourceVersion": "", "selfLink": ""}
    ]});
    assert_eq!(
        execute(
            r#"{range .items[?(.status.phase=="Running")]}{.metadata.name}{" is Running\n"}{end}"#,
            &pods,
            true
        ),
        Ok("pod1 is Running\npod2 is Running\npod3 is Running\n".to_owned())
    );
}

fn nested_pods() -> Value {
    let another = json!([{"name": "value1"}, {"name": "value2"}]);
    json!({"items": [
        {"metadata": {"name": "pod1"}, "spec": {"containers": [
            {"name": "foo", "another": another.clone()},
            {"name": "bar", "another": another.clone()}
        ]}},
        {"metadata": {"name": "pod2"}, "spec": {"containers": [
            {"name": "baz", "another": another}
        ]}}
    ]})
}

#[test]
fn client_go_nested_ranges() {
    let doc = nested_pods();
    let template = concat!(
        "{range .items[*]}{.metadata.name}{\":\"}",
        "{range @.spec.containers[*]}{.name}{\",\"}{end}",
        "{\"+\"}{end}"
    );
    assert_eq!(
        execute(template, &doc, false),
        Ok("pod1:foo,bar,+pod2:baz,+".to_owned())
    );

    let template = concat!(
        "{range .items[*]}{.metadata.name}{\"~\"}",
        "{range @.spec.containers[*]}{.name}{\":\"}",
        "{range @.another[*]}{.name}{\",\"}{end}",
        "{\"+\"}{end}",
        "{\"#\"}{end}"
    );
    assert_eq!(
        execute(template, &doc, false),
        Ok("pod1~foo:value1,value2,+bar:value1,value2,+#pod2~baz:value1,value2,+#".to_owned())
    );

    let template = concat!(
        "{range .items[*]}{.metadata.name}{\"\\t\"}",
        "{range @.spec.containers[*]}{.name}{\" \"}{end}{\"\\t\"}",
        "{range @.spec.containers[*]}{.name}{\" \"}{end}{\"\\n\"}{end}"
    );
    assert_eq!(
        execute(template, &doc, false),
        Ok("pod1\tfoo bar \tfoo bar \npod2\tbaz \tbaz \n".to_owned())
    );
}

#[test]
fn client_go_empty_ranges() {
    let doc = json!({"items": []});
    let template = "{range .items[*]}{.metadata.name}{end}";
    assert_eq!(execute(template, &doc, true), Ok(String::new()));
    // The body is still evaluated (on nil) to find the `end`: without allowing missing keys
    // its field step fails.
    assert_eq!(
        execute(template, &doc, false),
        Err("metadata is not found".to_owned())
    );
    let template = concat!(
        "{range .items[*]}{.metadata.name}{\":\"}",
        "{range @.spec.containers[*]}{.name}{\",\"}{end}{\"+\"}{end}"
    );
    assert_eq!(execute(template, &doc, true), Ok(String::new()));
    // Text after the block is still produced.
    assert_eq!(
        execute("{range .items[*]}{'x'}{end}after", &doc, false),
        Ok("after".to_owned())
    );
}

#[test]
fn range_state_carries_over_between_calls() {
    // client-go narrows the template to what follows a `range`, for good.
    let path = JsonPath::parse("{.a}{range .l[*]}{@}{end}").expect("parses");
    let doc = json!({"a": "A", "l": [1, 2]});
    let mut state = RangeState::default();
    let first = path
        .find_results_with_state(&mut state, &doc, false)
        .expect("first");
    let shown: Vec<Vec<String>> = first.iter().map(|s| s.iter().map(show).collect()).collect();
    assert_eq!(
        shown,
        vec![
            vec!["A".to_owned()],
            vec!["1".to_owned()],
            vec!["2".to_owned()]
        ]
    );
    // The second call sees only `{@}{end}`, and that `end` is outside any range.
    let second = path.find_results_with_state(&mut state, &doc, false);
    assert_eq!(
        second.map(|r| r.len()).map_err(|e| e.to_string()),
        Err("not in range, nothing to end".to_owned())
    );
    // A fresh evaluation each time with `find_results`.
    assert_eq!(path.find_results(&doc, false).map(|r| r.len()), Ok(3));
    assert_eq!(path.find_results(&doc, false).map(|r| r.len()), Ok(3));
}

#[test]
fn find_results_shape() {
    let doc = json!({"a": [1, 2], "b": "x"});
    let path = JsonPath::parse("pre {.a[*]} mid {.b} post").expect("parses");
    let results = path.find_results(&doc, false).expect("evaluates");
    let shown: Vec<Vec<String>> = results
        .iter()
        .map(|s| s.iter().map(show).collect())
        .collect();
    assert_eq!(
        shown,
        vec![
            vec!["pre ".to_owned()],
            vec!["1".to_owned(), "2".to_owned()],
            vec![" mid ".to_owned()],
            vec!["x".to_owned()],
            vec![" post".to_owned()],
        ]
    );
    let flat: Vec<String> = path
        .find(&doc, false)
        .expect("evaluates")
        .iter()
        .map(show)
        .collect();
    assert_eq!(flat, ["pre ", "1", "2", " mid ", "x", " post"]);
    assert_eq!(results[1][0].as_node().map(|v| v.as_i64()), Some(Some(1)));
    assert_eq!(
        results[0][0],
        Found::Literal(Literal::Str("pre ".to_owned()))
    );
}

#[test]
fn large_numbers_in_json() {
    let doc = json!({"u": 18446744073709551615u64, "i": -1, "f": 0.5});
    assert_eq!(values("{.u}", &doc, false), strs(&["18446744073709551615"]));
    // uint64 against an int literal compares across signs.
    let doc = json!({"l": [{"u": 18446744073709551615u64}, {"u": 3}]});
    assert_eq!(
        values("{.l[?(@.u>3)].u}", &doc, false),
        strs(&["18446744073709551615"])
    );
    assert_eq!(values("{.l[?(@.u==3)].u}", &doc, false), strs(&["3"]));
    assert_eq!(
        values("{.l[?(@.u>-1)].u}", &doc, false),
        strs(&["18446744073709551615", "3"])
    );
}
