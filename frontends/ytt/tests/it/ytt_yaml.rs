//! ytt's YAML (`validgen_gotext::yaml`): every file of the recorded ytt 0.48.0 cases reads,
//! every successful case's stdout prints back byte for byte, and the reading rules of ytt's
//! `yamlmeta` (comment attachment, positions, YAML 1.1 scalars, aliases, limits).

#![allow(clippy::unwrap_used)]

use validgen_gotext::yaml::{
    ArrayItem, Document, DocumentSet, MapItem, Node, Pos, Scalar, parse, print,
};

const CASES: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/conformance/ytt/cases.jsonl"
));

fn cases() -> Vec<serde_json::Value> {
    CASES
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn doc(text: &str) -> DocumentSet {
    parse(text, "f.yml").unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// The value of the only document of `text`.
fn value(text: &str) -> Node {
    let set = doc(text);
    assert_eq!(set.documents.len(), 1, "{text}: {set:?}");
    set.documents.into_iter().next().unwrap().value
}

fn map(node: &Node) -> &[MapItem] {
    match node {
        Node::Map(items) => items,
        other => panic!("not a map: {other:?}"),
    }
}

fn array(node: &Node) -> &[ArrayItem] {
    match node {
        Node::Array(items) => items,
        other => panic!("not an array: {other:?}"),
    }
}

fn texts(comments: &[validgen_gotext::yaml::Comment]) -> Vec<(&str, usize)> {
    comments
        .iter()
        .map(|c| (c.text.as_str(), c.pos.line))
        .collect()
}

#[test]
fn every_case_file_parses() {
    let mut files = 0;
    for case in cases() {
        for file in case["files"].as_array().unwrap() {
            let name = file["name"].as_str().unwrap();
            if name.ends_with(".star") {
                continue;
            }
            let text = file["text"].as_str().unwrap();
            if let Err(e) = parse(text, name) {
                panic!("case {}: {e}", case["id"]);
            }
            files += 1;
        }
    }
    assert_eq!(files, 1721);
}

/// Every successful case's stdout (final data values, or an OpenAPI export) read and printed
/// back is the same text, byte for byte.
#[test]
fn successful_outputs_print_back_byte_for_byte() {
    let (mut checked, mut failed) = (0, Vec::new());
    for case in cases() {
        if case["expected"]["exit_code"] != 0 {
            continue;
        }
        let stdout = case["expected"]["stdout"].as_str().unwrap();
        let set = parse(stdout, "stdout").unwrap();
        let printed: String = set
            .documents
            .iter()
            .map(|d| print(&d.value))
            .collect::<Vec<_>>()
            .join("---\n");
        if printed != stdout {
            failed.push(format!("{}:\n{printed}", case["id"]));
        }
        checked += 1;
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
    assert_eq!(checked, 535);
}

#[test]
fn own_line_comments_go_to_the_next_node_same_line_to_that_node() {
    let set = doc(
        "#@data/values\n---\n#! above a\na: 1 #! right of a\nb:\n  #! above c\n  c: [x] #@ right of c\nl:\n#! above item\n- x #! right of item\n- y: 1 #! right of y\n",
    );
    assert_eq!(set.documents.len(), 2);
    let [empty, values] = &set.documents[..] else {
        panic!()
    };
    assert_eq!(empty.value, Node::Scalar(Scalar::Null));
    assert!(empty.comments.is_empty());
    assert_eq!(empty.pos.line, 1);
    assert_eq!(texts(&values.comments), [("@data/values", 1)]);
    assert_eq!(values.pos.line, 2);
    let items = map(&values.value);
    assert_eq!(
        texts(&items[0].comments),
        [("! above a", 3), ("! right of a", 4)]
    );
    assert!(items[1].comments.is_empty());
    let c = &map(&items[1].value)[0];
    // The last node of the line is the flow array's item, which takes the comment.
    assert_eq!(texts(&c.comments), [("! above c", 6)]);
    assert_eq!(texts(&array(&c.value)[0].comments), [("@ right of c", 7)]);
    let l = array(&items[2].value);
    assert_eq!(
        texts(&l[0].comments),
        [("! above item", 9), ("! right of item", 10)]
    );
    // The last node of a line takes the comment on its right: the map item `y`.
    assert!(l[1].comments.is_empty());
    assert_eq!(texts(&map(&l[1].value)[0].comments), [("! right of y", 11)]);
}

#[test]
fn a_block_scalar_header_comment_is_dropped() {
    // libyaml's scanner skips it without recording it, so ytt never sees it.
    let v = value("k: |- # header\n  text\n  # not a comment\nj: 1 # kept\n");
    let items = map(&v);
    assert!(items[0].comments.is_empty());
    assert_eq!(
        items[0].value,
        Node::Scalar(Scalar::String("text\n# not a comment".into()))
    );
    assert_eq!(texts(&items[1].comments), [(" kept", 4)]);
}

#[test]
fn comments_above_a_marker_go_to_the_document_it_starts() {
    let set = doc(
        "#@data/values-schema\n---\na: 1\n#! end of first\n#@data/values\n--- #! on marker\nb: 2\n",
    );
    assert_eq!(set.documents.len(), 3);
    assert_eq!(
        texts(&set.documents[1].comments),
        [("@data/values-schema", 1)]
    );
    assert_eq!(
        texts(&set.documents[2].comments),
        [
            ("! end of first", 4),
            ("@data/values", 5),
            ("! on marker", 6)
        ]
    );
    assert_eq!(set.documents[2].pos.line, 6);
    assert!(map(&set.documents[1].value)[0].comments.is_empty());
}

#[test]
fn without_a_leading_marker_the_first_comment_goes_to_the_first_item() {
    // ytt prepends `---` and gives that document no position: the comment finds `a`.
    let set = doc("#@data/values\na: 1\n");
    assert_eq!(set.documents.len(), 1);
    assert!(set.documents[0].comments.is_empty());
    assert_eq!(
        texts(&map(&set.documents[0].value)[0].comments),
        [("@data/values", 1)]
    );
    // With a leading `---`, the document has line 1 and takes it.
    let set = doc("--- #@data/values\na: 1\n");
    assert_eq!(texts(&set.documents[0].comments), [("@data/values", 1)]);
}

#[test]
fn trailing_comments_make_a_document_of_their_own() {
    let set = doc("a: 1\n#! trailing\n#@ x\n");
    assert_eq!(set.documents.len(), 2);
    let trailing: &Document = &set.documents[1];
    assert_eq!(trailing.value, Node::Scalar(Scalar::Null));
    assert_eq!(texts(&trailing.comments), [("! trailing", 2), ("@ x", 3)]);
    assert_eq!(trailing.pos.line, 2);
}

#[test]
fn several_documents() {
    let set = doc("---\na: 1\n---\n- x\n---\n");
    assert_eq!(set.documents.len(), 3);
    let lines: Vec<usize> = set.documents.iter().map(|d| d.pos.line).collect();
    assert_eq!(lines, [1, 3, 5]);
    assert_eq!(set.documents[2].value, Node::Scalar(Scalar::Null));
    let set = doc("");
    assert_eq!(set.documents.len(), 1);
    assert_eq!(set.documents[0].pos.line, 1);
}

#[test]
fn positions() {
    let v = value("\na: 1\nb:\n  c: 2\nl:\n- x\n-\n  # note\n  y: 2\n- - z\nf: [p,\n  q]\n");
    let items = map(&v);
    let lines: Vec<usize> = items.iter().map(|i| i.pos.line).collect();
    assert_eq!(lines, [2, 3, 5, 11]);
    assert_eq!(map(&items[1].value)[0].pos.line, 4);
    let l = array(&items[2].value);
    let lines: Vec<usize> = l.iter().map(|i| i.pos.line).collect();
    assert_eq!(lines, [6, 7, 10]);
    assert_eq!(texts(&l[1].comments), []);
    assert_eq!(texts(&map(&l[1].value)[0].comments), [(" note", 8)]);
    assert_eq!(array(&l[2].value)[0].pos.line, 10);
    let f = array(&items[3].value);
    assert_eq!(f[0].pos.line, 11);
    assert_eq!(f[1].pos.line, 11);
    assert_eq!(items[0].pos.to_string(), "f.yml:2");
}

fn scalar(text: &str) -> Scalar {
    match &map(&value(&format!("k: {text}\n")))[0].value {
        Node::Scalar(s) => s.clone(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn yaml_1_1_scalars() {
    use Scalar::{Bool, Float, Int, Null, String as S};
    let s = |t: &str| S(t.to_owned());
    let table: &[(&str, Scalar)] = &[
        ("y", Bool(true)),
        ("Y", Bool(true)),
        ("yes", Bool(true)),
        ("Yes", Bool(true)),
        ("YES", Bool(true)),
        ("on", Bool(true)),
        ("On", Bool(true)),
        ("ON", Bool(true)),
        ("true", Bool(true)),
        ("True", Bool(true)),
        ("TRUE", Bool(true)),
        ("n", Bool(false)),
        ("N", Bool(false)),
        ("no", Bool(false)),
        ("No", Bool(false)),
        ("NO", Bool(false)),
        ("off", Bool(false)),
        ("Off", Bool(false)),
        ("OFF", Bool(false)),
        ("false", Bool(false)),
        ("False", Bool(false)),
        ("FALSE", Bool(false)),
        ("yEs", s("yEs")),
        ("~", Null),
        ("null", Null),
        ("Null", Null),
        ("NULL", Null),
        ("", Null),
        ("nULL", s("nULL")),
        ("0", Int(0)),
        ("-17", Int(-17)),
        ("+17", Int(17)),
        ("1_000", Int(1000)),
        ("0x1F", Int(31)),
        ("-0x1F", Int(-31)),
        ("017", Int(15)),
        ("0o17", Int(15)),
        ("0b101", Int(5)),
        ("-0b101", Int(-5)),
        ("9223372036854775807", Int(i64::MAX)),
        ("-9223372036854775808", Int(i64::MIN)),
        ("08", Float(8.0)),
        ("1.5", Float(1.5)),
        ("1.", Float(1.0)),
        ("-.5", Float(-0.5)),
        (".5", Float(0.5)),
        ("1e3", Float(1000.0)),
        ("1E-3", Float(0.001)),
        ("1_000.5", Float(1000.5)),
        (".inf", Float(f64::INFINITY)),
        (".Inf", Float(f64::INFINITY)),
        ("+.INF", Float(f64::INFINITY)),
        ("-.Inf", Float(f64::NEG_INFINITY)),
        ("1e400", s("1e400")),
        ("99999999999999999999999", Float(1e23)),
        ("0xFFFFFFFFFFFFFFFFFF", s("0xFFFFFFFFFFFFFFFFFF")),
        ("1:30", s("1:30")),
        ("2024-01-31", s("2024-01-31")),
        ("0x", s("0x")),
        ("-x", s("-x")),
        ("1.2.3", s("1.2.3")),
        ("'yes'", s("yes")),
        ("\"1\"", s("1")),
        ("!!str 1", s("1")),
        ("!!int \"12\"", Int(12)),
        ("!!float 1", Float(1.0)),
        ("!!bool yes", Bool(true)),
        ("!!null ''", Null),
        ("!!str", s("")),
        ("!custom 12", s("12")),
        ("|\n  yes\n", s("yes\n")),
    ];
    for (text, want) in table {
        let got = scalar(text);
        let same = match (&got, want) {
            (Float(a), Float(b)) => a == b || (a.is_nan() && b.is_nan()),
            _ => &got == want,
        };
        assert!(same, "{text:?}: got {got:?}, want {want:?}");
    }
    assert!(matches!(scalar(".nan"), Float(f) if f.is_nan()));
    assert!(matches!(scalar(".NaN"), Float(f) if f.is_nan()));
}

#[test]
fn keys_are_scalars_too() {
    let v = value("80: a\nyes: b\n~: c\n1.5: d\n\"80\": e\n");
    let keys: Vec<&Scalar> = map(&v).iter().map(|i| &i.key).collect();
    assert_eq!(
        keys,
        [
            &Scalar::Int(80),
            &Scalar::Bool(true),
            &Scalar::Null,
            &Scalar::Float(1.5),
            &Scalar::String("80".to_owned())
        ]
    );
}

#[test]
fn tag_mismatch_and_big_integers_are_errors() {
    let e = parse("a: !!int abc\n", "t.yml").unwrap_err();
    assert_eq!(
        e.to_string(),
        "t.yml:1: cannot decode !!str `abc` as a !!int"
    );
    let e = parse("a: 1\nb: 18446744073709551615\n", "t.yml").unwrap_err();
    assert_eq!(e.pos.line, 2);
    assert!(e.message.contains("unsigned"), "{e}");
}

#[test]
fn aliases_and_merge_keys() {
    let v = value(
        "base: &b\n  x: 1\n  w: [a, b]\ncopy: *b\nmerged:\n  <<: *b\n  z: 3\nscalar: &s hi\nagain: *s\n",
    );
    let items = map(&v);
    assert_eq!(items[1].value, items[0].value);
    let merged = map(&items[2].value);
    let keys: Vec<&Scalar> = merged.iter().map(|i| &i.key).collect();
    assert_eq!(
        keys,
        [
            &Scalar::String("x".into()),
            &Scalar::String("w".into()),
            &Scalar::String("z".into())
        ]
    );
    // Merged items keep the anchor's positions.
    assert_eq!(merged[0].pos.line, 2);
    assert_eq!(items[4].value, Node::Scalar(Scalar::String("hi".into())));
    // A sequence of maps merges only its first map, as ytt's go-yaml v2 does.
    let v = value("a: &a {p: 1}\nb: &b {q: 2}\nc:\n  <<: [*a, *b]\n");
    assert_eq!(map(&map(&v)[2].value).len(), 1);
    assert!(parse("a: &a 1\nb:\n  <<: *a\n", "t.yml").is_err());
    assert!(parse("a: *nope\n", "t.yml").is_err());
}

#[test]
fn a_billion_laughs_is_an_error() {
    let mut text = String::from("l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for i in 1..10 {
        let refs = vec![format!("*l{}", i - 1); 10].join(", ");
        text.push_str(&format!("l{i}: &l{i} [{refs}]\n"));
    }
    let e = parse(&text, "bomb.yml").unwrap_err();
    assert!(e.message.contains("aliases expand"), "{e}");
    assert_eq!(e.pos.file.as_ref(), "bomb.yml");
}

#[test]
fn deep_input_is_an_error() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    assert!(parse(&deep, "deep.yml").is_err());
    let mut block = String::new();
    for i in 0..1000 {
        block.push_str(&" ".repeat(i));
        block.push_str("k:\n");
    }
    assert!(parse(&block, "deep.yml").is_err());
    let mut seqs = String::new();
    for i in 0..1000 {
        seqs.push_str(&" ".repeat(2 * i));
        seqs.push_str("- \n");
    }
    assert!(parse(&seqs, "deep.yml").is_err());
    // Within the limit: fine.
    let ok = format!("{}{}", "[".repeat(200), "]".repeat(200));
    assert!(parse(&ok, "ok.yml").is_ok());
}

#[test]
fn syntax_errors_say_where() {
    let e = parse("a: 1\nb: [\n", "bad.yml").unwrap_err();
    assert_eq!(e.pos.file.as_ref(), "bad.yml");
    assert!(e.pos.line >= 2, "{e}");
}

fn string(s: &str) -> Node {
    Node::Scalar(Scalar::String(s.to_owned()))
}

fn pos() -> Pos {
    Pos {
        file: "x".into(),
        line: 1,
    }
}

fn entry(key: Scalar, value: Node) -> MapItem {
    MapItem {
        pos: pos(),
        key,
        value,
        comments: Vec::new(),
    }
}

fn item(value: Node) -> ArrayItem {
    ArrayItem {
        pos: pos(),
        value,
        comments: Vec::new(),
    }
}

/// Strings as go-yaml v2 writes them (`encode.go` `stringv`, `emitterc.go`): quoted when
/// they would read back as another type, single-quoted when a plain scalar may not hold
/// them, escaped when not printable, never folded.
#[test]
fn strings_are_quoted_as_go_yaml_v2_quotes_them() {
    let long = "word ".repeat(40).trim_end().to_owned();
    let table: &[(&str, &str)] = &[
        ("plain", "plain"),
        ("", r#""""#),
        ("1", r#""1""#),
        ("yes", r#""yes""#),
        ("Off", r#""Off""#),
        ("null", r#""null""#),
        ("~", r#""~""#),
        ("1.5", r#""1.5""#),
        ("0x1F", r#""0x1F""#),
        ("1_000", r#""1_000""#),
        (".inf", r#"".inf""#),
        ("1:30", r#""1:30""#),
        ("2024-01-31", r#""2024-01-31""#),
        ("2024-02-30", "2024-02-30"),
        ("2024-02-29", r#""2024-02-29""#),
        ("2023-02-29", "2023-02-29"),
        ("2024-1-5", r#""2024-1-5""#),
        ("2024-13-01", "2024-13-01"),
        ("2024-01-31T10:00:00Z", r#""2024-01-31T10:00:00Z""#),
        (
            "2024-01-31t10:0:0.5+01:00",
            r#""2024-01-31t10:0:0.5+01:00""#,
        ),
        ("2024-01-31  10:00:00.25", r#""2024-01-31  10:00:00.25""#),
        ("2024-01-31T10:00:00", "2024-01-31T10:00:00"),
        ("1e400", "1e400"),
        ("1.2.3", "1.2.3"),
        ("- a", "'- a'"),
        ("-a", "-a"),
        ("a: b", "'a: b'"),
        ("a:b", "a:b"),
        ("@x", "'@x'"),
        ("*x", "'*x'"),
        ("{{.Name}}", "'{{.Name}}'"),
        (" x", "' x'"),
        ("x ", "'x '"),
        ("a #b", "'a #b'"),
        ("a#b", "a#b"),
        ("it's", "it's"),
        ("'x", "'''x'"),
        ("---", "'---'"),
        ("a\tb", r#""a\tb""#),
        ("\u{1F600}", r#""\U0001F600""#),
        ("\u{7f}", r#""\x7F""#),
        ("\u{feff}x", r#""\uFEFFx""#),
        ("é ü", "é ü"),
        (long.as_str(), long.as_str()),
    ];
    for (text, want) in table {
        let got = print(&string(text));
        assert_eq!(got, format!("{want}\n"), "{text:?}");
    }
}

#[test]
fn multi_line_strings_are_literal_blocks() {
    let table: &[(&str, &str)] = &[
        ("x\n", "k: |\n  x\n"),
        ("x\ny", "k: |-\n  x\n  y\n"),
        ("x\n\n", "k: |+\n  x\n\n"),
        (" x\ny", "k: |2-\n   x\n  y\n"),
        ("\nx", "k: |2-\n\n  x\n"),
        // A space before a break or a trailing space: no block, double quotes.
        ("x \ny", "k: \"x \\ny\"\n"),
        ("x\ny ", "k: \"x\\ny \"\n"),
    ];
    for (text, want) in table {
        let node = Node::Map(vec![entry(Scalar::String("k".into()), string(text))]);
        assert_eq!(print(&node), *want, "{text:?}");
    }
    let seq = Node::Array(vec![item(string("a\nb")), item(string("c"))]);
    assert_eq!(print(&seq), "- |-\n  a\n  b\n- c\n");
    assert_eq!(print(&string("a\nb")), "|-\n  a\n  b\n");
}

#[test]
fn collections_scalars_and_keys() {
    use Scalar::{Bool, Float, Int, Null};
    let s = |t: &str| Scalar::String(t.to_owned());
    let node = Node::Map(vec![
        entry(
            s("domains"),
            Node::Array(vec![item(string("a")), item(string("b"))]),
        ),
        entry(
            s("nested"),
            Node::Map(vec![entry(
                s("list"),
                Node::Array(vec![
                    item(Node::Map(vec![
                        entry(s("p"), Node::Scalar(Int(1))),
                        entry(s("q"), Node::Scalar(Float(0.5))),
                    ])),
                    item(Node::Array(vec![
                        item(Node::Scalar(Null)),
                        item(Node::Array(vec![])),
                    ])),
                    item(Node::Map(vec![])),
                ]),
            )]),
        ),
        entry(s("empty"), Node::Map(vec![])),
        entry(s("none"), Node::Array(vec![])),
        entry(s("null"), Node::Scalar(Null)),
        entry(Int(80), Node::Scalar(Float(1.0))),
        entry(Bool(true), Node::Scalar(Float(1e6))),
        entry(Null, Node::Scalar(Float(-0.000_01))),
        entry(s("yes"), Node::Scalar(Float(f64::NEG_INFINITY))),
        entry(s(&"k".repeat(129)), Node::Scalar(Bool(false))),
    ]);
    let want = format!(
        "domains:\n- a\n- b\nnested:\n  list:\n  - p: 1\n    q: 0.5\n  - - null\n    - []\n  - {{}}\n\
             empty: {{}}\nnone: []\n\"null\": null\n80: 1\ntrue: 1e+06\nnull: -1e-05\n\
             \"yes\": -.inf\n? {}\n: false\n",
        "k".repeat(129)
    );
    assert_eq!(print(&node), want);
    assert_eq!(print(&Node::Scalar(Null)), "null\n");
    assert_eq!(print(&Node::Map(vec![])), "{}\n");
    assert_eq!(print(&Node::Array(vec![])), "[]\n");
}

/// A value without positions and comments, to compare values only; an integral float below
/// 1e6 as the integer it reads back as (go-yaml v2 writes the float 1.0 as `1`, as ytt does).
fn bare(node: &Node) -> Node {
    match node {
        #[allow(clippy::cast_possible_truncation)]
        Node::Scalar(Scalar::Float(f)) if f.fract() == 0.0 && f.abs() < 1e6 => {
            Node::Scalar(Scalar::Int(*f as i64))
        }
        Node::Scalar(s) => Node::Scalar(s.clone()),
        Node::Map(items) => Node::Map(
            items
                .iter()
                .map(|i| entry(i.key.clone(), bare(&i.value)))
                .collect(),
        ),
        Node::Array(items) => Node::Array(items.iter().map(|i| item(bare(&i.value))).collect()),
    }
}

/// Every document of every case file, printed and read back, is the same value: the printer
/// quotes whatever would read back as another type.
#[test]
fn printed_case_documents_read_back_as_the_same_values() {
    let mut documents = 0;
    for case in cases() {
        for file in case["files"].as_array().unwrap() {
            let name = file["name"].as_str().unwrap();
            if name.ends_with(".star") {
                continue;
            }
            for d in parse(file["text"].as_str().unwrap(), name)
                .unwrap()
                .documents
            {
                let printed = print(&d.value);
                let again = parse(&printed, "printed").unwrap();
                assert_eq!(again.documents.len(), 1, "{printed}");
                assert_eq!(bare(&again.documents[0].value), bare(&d.value), "{printed}");
                documents += 1;
            }
        }
    }
    assert_eq!(documents, 2895);
}

fn has_array(node: &Node) -> bool {
    match node {
        Node::Array(_) => true,
        Node::Map(items) => items.iter().any(|i| has_array(&i.value)),
        Node::Scalar(_) => false,
    }
}

/// The values are read as ytt reads them: a schema alone (`-f schema.yml
/// --data-values-inspect`) with no array (ytt defaults arrays to `[]`), no
/// `@schema/default`, `@schema/nullable` or `any=True`, prints as its defaults, which are
/// the schema document's own values.
#[test]
fn schema_documents_print_as_ytt_prints_their_defaults() {
    let (mut compared, mut skipped) = (0, 0);
    for case in cases() {
        let args: Vec<&str> = case["args"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap())
            .collect();
        if args != ["-f", "schema.yml", "--data-values-inspect"]
            || case["expected"]["exit_code"] != 0
        {
            continue;
        }
        let text = case["files"][0]["text"].as_str().unwrap();
        let set = doc(text);
        let schema = set
            .documents
            .iter()
            .find(|d| d.comments.iter().any(|c| c.text == "@data/values-schema"))
            .unwrap();
        if ["@schema/default", "@schema/nullable", "any=True"]
            .iter()
            .any(|a| text.contains(a))
            || has_array(&schema.value)
        {
            skipped += 1;
            continue;
        }
        assert_eq!(
            print(&schema.value),
            case["expected"]["stdout"].as_str().unwrap(),
            "{}",
            case["id"]
        );
        compared += 1;
    }
    assert_eq!((compared, skipped), (19, 23));
}
