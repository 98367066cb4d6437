//! JSONPath-valued arguments, map entries and `[n]` indexes (VAP.md §2.3): a rule set using
//! them, compiled and run offline on variants of one VM, gives validgen's admission answer
//! (which the conformance tests hold to the reference): the argument read on the VM, else on
//! the reference VM when its path fails there, `expected one value, found N`, a missing map
//! entry or an index out of range failing the path.

use validgen_vap_eval as offline;

use serde_json::{Value, json};
use validgen_kubevirt::admission::{Catalog, Mode, Template, VALIDATIONS, decide};
use validgen_kubevirt::typed::TypedVm;
use validgen_vap::{Class, Options, compile};

const RULES: &str = r#"[
  {"name": "memory-within-limit", "path": "jsonpath::.spec.domain.memory.guest", "rule": "integer",
   "message": "memory within its limit", "min": 1073741824, "max": "jsonpath::.spec.domain.resources.limits.memory"},
  {"name": "bus-as-first", "path": "jsonpath::.spec.domain.devices.disks[*].disk.bus", "rule": "enum",
   "message": "every bus as the first disk's", "values": ["virtio", "jsonpath::.spec.domain.devices.disks[0].disk.bus"]},
  {"name": "last-disk-name", "path": "jsonpath::.spec.domain.devices.disks[-1].name", "rule": "string",
   "message": "last disk name", "minLength": 2, "maxLength": "jsonpath::.spec.domain.cpu.cores"},
  {"name": "model-as-disk", "path": "jsonpath::.spec.domain.cpu.model", "rule": "enum",
   "message": "model named as the disk", "values": ["jsonpath::.spec.domain.devices.disks[*].name"], "justWarning": true}
]"#;

fn vm(domain: Value) -> Value {
    json!({
        "apiVersion": "kubevirt.io/v1",
        "kind": "VirtualMachine",
        "metadata": {"name": "vm", "annotations": {VALIDATIONS: RULES}},
        "spec": {"template": {"spec": {"domain": domain}}},
    })
}

#[test]
fn path_valued_arguments_indexes_and_map_entries_give_validgens_answers() {
    let mut catalog = Catalog::new();
    let doc = json!({
        "kind": "Template",
        "metadata": {"name": "args"},
        "objects": [{"metadata": {"annotations": {VALIDATIONS: RULES}}}],
    });
    catalog.insert(Template::from_json(doc, "test".to_owned()).expect("a template"));
    let out = compile(&catalog, &Options::default());
    assert_eq!(out.report.worst(), Class::Exact, "{}", out.report.table());
    let policies = offline::load(&out.documents).expect("the policies load");
    let disk = |name: &str, bus: &str| json!({"name": name, "disk": {"bus": bus}});
    let base = json!({
        "cpu": {"cores": 4, "model": "host"},
        "memory": {"guest": "2Gi"},
        "resources": {"limits": {"memory": "4Gi"}},
        "devices": {"disks": [disk("root", "sata"), disk("data", "sata")]},
    });
    let with = |edit: &dyn Fn(&mut Value)| {
        let mut d = base.clone();
        edit(&mut d);
        d
    };
    let variants = [
        ("as is", base.clone()),
        (
            "over the limit",
            with(&|d| d["resources"]["limits"]["memory"] = json!("1Gi")),
        ),
        (
            "no limits",
            with(&|d| d["resources"] = json!({"requests": {}})),
        ),
        (
            "no resources",
            with(&|d| drop(d.as_object_mut().map(|m| m.remove("resources")))),
        ),
        (
            "buses differ",
            with(&|d| d["devices"]["disks"] = json!([disk("root", "sata"), disk("data", "scsi")])),
        ),
        ("no disks", with(&|d| d["devices"]["disks"] = json!([]))),
        (
            "one disk",
            with(&|d| d["devices"]["disks"] = json!([disk("r", "virtio")])),
        ),
        (
            "one disk named as the model",
            with(&|d| d["devices"]["disks"] = json!([disk("host", "virtio")])),
        ),
        (
            "long last name",
            with(&|d| {
                d["devices"]["disks"] = json!([disk("root", "sata"), disk("a-long-name", "sata")])
            }),
        ),
        (
            "no cpu",
            with(&|d| drop(d.as_object_mut().map(|m| m.remove("cpu")))),
        ),
    ];
    let mut lines = Vec::new();
    for (name, domain) in variants {
        let vm = vm(domain);
        let mut typed = TypedVm::decode(&vm).expect("decodes");
        typed.canonicalize_quantities();
        let got = offline::admit(&policies, typed.json());
        let got = (
            got.denied.map(|d| d.message),
            got.warnings
                .into_iter()
                .map(|d| d.message)
                .collect::<Vec<_>>(),
        );
        let d = decide(&vm, &catalog, Mode::Admitted);
        assert_eq!(
            got,
            (d.message.filter(|_| !d.allowed), d.warnings),
            "{name}"
        );
        lines.push(format!("{name}: {:?}, warnings {:?}", got.0, got.1));
    }
    insta::assert_snapshot!("answers", lines.join("\n"));
}
