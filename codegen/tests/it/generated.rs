//! Snapshots of the generated code, one per rule kind, argument kind and path kind; each
//! snapshot starts with the rule set it was generated from.

use validgen_codegen::{Options, compile_texts, pretty};

fn generated(text: &str, opts: Options) -> String {
    let tokens = compile_texts([text], opts).expect("rule set compiles");
    let code = pretty(&tokens).expect("generated code parses");
    let input: String = text.lines().map(|l| format!("// {l}\n")).collect();
    format!("// Input rule set:\n{input}\n{code}")
}

fn rule(body: &str) -> String {
    format!("[\n  {{\"name\": \"r\", \"message\": \"m\", {body}}}\n]")
}

#[test]
fn generated_code_per_rule_and_path_kind() {
    let cases = [
        (
            "integer_literal_bounds_quantity_pointer",
            rule(
                r#""rule": "integer", "path": "jsonpath::.spec.domain.memory.guest", "min": 1610612736"#,
            ),
        ),
        (
            "integer_path_bound_uint32",
            rule(
                r#""rule": "integer", "path": "jsonpath::.spec.domain.cpu.cores", "max": "jsonpath::.spec.domain.cpu.sockets""#,
            ),
        ),
        (
            "string_lengths",
            rule(
                r#""rule": "string", "path": "jsonpath::.spec.domain.machine.type", "minLength": 1, "maxLength": 10"#,
            ),
        ),
        (
            "regex_translated_once",
            rule(
                r#""rule": "regex", "path": "jsonpath::.spec.domain.machine.type", "regex": "^pc-q35(-rhel\\d+)?$""#,
            ),
        ),
        (
            "enum_literals_list_path",
            rule(
                r#""rule": "enum", "path": "jsonpath::.spec.domain.devices.disks[*].disk.bus", "values": ["virtio", "sata"]"#,
            ),
        ),
        (
            "enum_path_value",
            rule(
                r#""rule": "enum", "path": "jsonpath::.spec.domain.machine.type", "values": ["q35", "jsonpath::.spec.domain.cpu.model"]"#,
            ),
        ),
        (
            "valid_guard_and_warning",
            rule(
                r#""rule": "integer", "path": "jsonpath::.spec.domain.cpu.cores", "valid": "jsonpath::.spec.domain.cpu", "min": 2, "justWarning": true"#,
            ),
        ),
        (
            "map_key_path",
            rule(
                r#""rule": "integer", "path": "jsonpath::.spec.domain.resources.requests.memory", "min": 1"#,
            ),
        ),
        (
            "dynamic_filter_path",
            rule(
                r#""rule": "enum", "path": "jsonpath::.spec.domain.devices.disks[?(@.name=='rootdisk')].disk.bus", "values": ["virtio"]"#,
            ),
        ),
    ];
    for (name, text) in &cases {
        insta::assert_snapshot!(*name, generated(text, Options::default()));
    }
}

#[test]
fn generated_code_for_a_rule_the_reference_fails() {
    let text = rule(
        r#""rule": "value-set", "path": "jsonpath::.spec.domain.machine.type", "values": ["q35"]"#,
    );
    assert!(
        compile_texts([text.as_str()], Options::default()).is_err(),
        "an error by default"
    );
    let opts = Options {
        reference_failures: true,
    };
    insta::assert_snapshot!("reference_failure_unknown_kind", generated(&text, opts));
}
