//! Bounds on what one input may cost (RELIABILITY.md, "Limits") that no other test holds
//! an input to: each at its bound and one step past it.

use validgen::crd::CelRules;
use validgen::interpret::{Explain, evaluate_document};
use validgen::manifest::{self, ManifestError};
use validgen::model::Plain;
use validgen::model::reader::MAX_DEPTH;
use validgen::serde_json::{Value, json};
use validgen::ytt::run::{Invocation, run};
use validgen_tests::json_schema_random::SCHEMAS;

/// A manifest is read only up to the byte limit it is given (the CLI's `--max-bytes`,
/// `manifest::DEFAULT_MAX_BYTES` by default): a manifest of exactly that size is read, one
/// byte more is refused before it is parsed.
#[test]
fn a_manifest_is_read_up_to_its_byte_limit() {
    let doc = b"{\"kind\": \"VirtualMachine\", \"metadata\": {\"name\": \"x\"}}";
    let limit = doc.len();
    assert!(manifest::parse("vm.json", doc, limit).is_ok());
    let mut longer = doc.to_vec();
    longer.push(b' ');
    match manifest::parse("vm.json", &longer, limit) {
        Err(ManifestError::TooLarge { size, limit: l, .. }) => {
            assert_eq!((size, l), (limit + 1, limit))
        }
        other => panic!("{other:?}"),
    }
}

/// The streamed verdict reads at most `reader::MAX_DEPTH` levels of nesting, then steps
/// aside; the verdict from bytes (on a tape) still answers, as the report does.
#[test]
fn the_streamed_verdict_steps_aside_past_the_reader_depth() {
    let nested = |depth: usize| format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    let depth = usize::try_from(MAX_DEPTH).expect("a small depth");
    let mut answered = 0;
    for v in SCHEMAS {
        let within = nested(depth);
        let past = nested(depth + 1);
        let doc: Value = validgen::serde_json::from_str(&past).expect("within serde_json's limit");
        let valid = !(v.validate)(&doc, Explain::Failures).report.failed();
        assert_eq!(
            (v.stream)(past.as_bytes()),
            None,
            "{}: past the depth",
            v.name
        );
        assert_eq!((v.is_valid_bytes)(past.as_bytes()), Ok(valid), "{}", v.name);
        answered += usize::from((v.stream)(within.as_bytes()).is_some());
    }
    assert!(answered > 0, "no schema streams a document at the depth");
}

/// Definitions nest at most `checks::document::MAX_DEPTH` (128) deep, and each level runs
/// where the stack has room for it (`checks::document::deeper`): on a thread of 512 KiB,
/// every random schema judges a document nested 127 deep (serde_json's most) by every path,
/// compiled and interpreted, and a schema referring to itself without descending reaches
/// the bound on any document. Without it an unoptimised build needed 25 KiB of stack per
/// level (over 3 MiB for one random schema, `items: {"$ref": "#"}`).
#[test]
fn nested_definitions_fit_any_stack() {
    const STACK: usize = 512 << 10;
    let text = format!("{}{}", "[".repeat(127), "]".repeat(127));
    // serde_json's parser recurses on its own: the value is built on this thread.
    let doc: Value = validgen::serde_json::from_str(&text).expect("within serde_json's limit");
    // Each level fails only if the next does: the bound's violation decides the verdict.
    let looping = json!({"anyOf": [{"$ref": "#"}]});
    let rules = validgen::json_schema::compile(&looping, &Default::default())
        .expect("compiles")
        .rules;
    let schemas = crate::json_schema_random::schemas();
    std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(move || {
            for (v, (name, _, random_rules)) in SCHEMAS.iter().zip(schemas) {
                assert_eq!(v.name, name.as_str());
                for explain in [Explain::All, Explain::Failures] {
                    let compiled = (v.validate)(&doc, explain);
                    let interpreted = evaluate_document(random_rules, &Plain::new(&doc), explain);
                    assert_eq!(compiled, interpreted, "{name}");
                    let bytes = (v.validate_bytes)(text.as_bytes(), explain).expect("JSON");
                    assert_eq!(bytes.report.failed(), compiled.report.failed(), "{name}");
                }
                let valid = (v.is_valid)(&doc);
                assert_eq!(
                    valid,
                    !(v.validate)(&doc, Explain::Failures).report.failed()
                );
                assert_eq!((v.is_valid_bytes)(text.as_bytes()), Ok(valid), "{name}");
            }
            let report = evaluate_document(&rules, &Plain::new(&json!(1)), Explain::All);
            assert!(report.report.failed(), "{report:?}");
        })
        .expect("a thread")
        .join()
        .expect("no panic, no overflow");
}

/// One CRD rule evaluation costs at most the API server's per-call limit (1 000 000): a rule
/// whose cost grows with the cube of a list's length passes on a short list and fails, with
/// the API server's error, on a long one. (A CRD with such a rule is refused at creation by
/// its estimated cost; a stored one still runs it.)
#[test]
fn a_crd_rule_evaluation_costs_at_most_the_per_call_limit() {
    let schema = json!({"type": "object", "properties": {"xs": {"type": "array",
        "items": {"type": "integer"}}},
        "x-kubernetes-validations": [{"rule":
            "self.xs.all(a, self.xs.all(b, self.xs.all(c, a + b + c >= 0)))"}]});
    assert!(
        CelRules::compile(&schema).is_err(),
        "an unbounded cost at creation"
    );
    let rules = CelRules::compile_stored(&schema).expect("stored rules parse");
    let object = |n: usize| json!({"xs": vec![1; n]});
    assert!(rules.validate(&object(10), None).is_empty());
    let errors = rules.validate(&object(200), None);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].error.detail.contains("call cost exceeds limit"),
        "{errors:?}"
    );
}

/// An annotation's arguments (Starlark) are at most 16 KiB long (the parser's bound on its
/// quadratic checks): a validation whose arguments are just under it runs, one just over it is
/// refused with the bound in the error.
#[test]
fn annotation_arguments_are_at_most_16_kib() {
    const MAX: usize = 16 * 1024;
    let outcome = |len: usize| {
        // `("long", lambda v: len("aaa…") > 0)`: the padding makes the arguments `len` bytes.
        let frame = "(\"long\", lambda v: len(\"\") > 0)".len();
        let text = format!(
            "#@data/values-schema\n---\n#@schema/validation (\"long\", lambda v: len(\"{}\") > 0)\nname: x\n",
            "a".repeat(len - frame)
        );
        let invocation = Invocation {
            files: vec!["schema.yml".to_owned()],
            data_values_inspect: true,
            ..Invocation::default()
        };
        run(&invocation, &|_: &str| Ok(text.clone()))
    };
    assert_eq!(outcome(MAX - 8).exit_code, 0, "{:?}", outcome(MAX - 8));
    let past = outcome(MAX + 8);
    assert_eq!(past.exit_code, 1);
    assert!(
        past.stderr.contains(&format!("longer than {MAX} bytes")),
        "{}",
        past.stderr
    );
}
