//! Each kind of change on small hand-written catalogs.

use serde_json::{Value, json};

use super::*;
use crate::admission::Mode;

/// A template called `name` from `file`, with `rules` on `objects[0]` (`object`) or on the
/// Template.
fn template(name: &str, file: &str, rules: &Value, object: bool) -> Template {
    let text = rules.to_string();
    let mut doc = json!({
        "kind": "Template",
        "metadata": {"name": name},
        "objects": [{"kind": "VirtualMachine", "metadata": {}}],
    });
    if object {
        doc["objects"][0]["metadata"]["annotations"] = json!({ VALIDATIONS: text });
    } else {
        doc["metadata"]["annotations"] = json!({ LEGACY_VALIDATIONS: text });
    }
    Template::from_json(doc, format!("{file}#0")).expect("a template")
}

fn catalog(ts: Vec<Template>) -> Catalog {
    let mut c = Catalog::new();
    c.set_any_namespace(true);
    for t in ts {
        c.insert(t);
    }
    c
}

fn memory(min: i64) -> Value {
    json!({"name": "memory", "path": "jsonpath::.spec.domain.memory.guest", "rule": "integer",
           "message": "more memory", "min": min})
}

fn bus(values: &[&str]) -> Value {
    json!({"name": "bus", "path": "jsonpath::.spec.domain.devices.disks[*].disk.bus",
           "valid": "jsonpath::.spec.domain.devices.disks[*].disk.bus", "rule": "enum",
           "message": "bad bus", "values": values})
}

/// The rule changes of template `t` between one-template catalogs with `old` and `new` rules.
fn changes(old: Value, new: Value) -> Vec<RuleDiff> {
    let d = diff_catalogs(
        &catalog(vec![template("t", "t.yaml", &old, true)]),
        &catalog(vec![template("t", "t.yaml", &new, true)]),
    );
    assert!(d.added.is_empty() && d.removed.is_empty(), "{d:#?}");
    match d.changed.as_slice() {
        [] => Vec::new(),
        [t] => {
            assert_eq!(t.rule_sets.len(), 1, "{t:#?}");
            t.rule_sets[0].rules.clone()
        }
        more => panic!("{more:#?}"),
    }
}

fn changed(name: &str, changes: Vec<RuleChange>) -> Vec<RuleDiff> {
    vec![RuleDiff::Changed {
        name: name.to_owned(),
        changes,
    }]
}

#[test]
fn same_rules_in_another_layout_are_unchanged() {
    let d = diff_catalogs(
        &catalog(vec![template(
            "t",
            "t.yaml",
            &json!([memory(1 << 30)]),
            true,
        )]),
        &catalog(vec![template(
            "t",
            "t.yaml",
            &json!([memory(1 << 30)]),
            true,
        )]),
    );
    assert!(!d.has_changes());
    assert_eq!(d.unchanged, 1);
    // Key case and spacing differ, the rules do not.
    let spaced = r#"[ {"NAME": "memory", "path": "jsonpath::.spec.domain.memory.guest",
        "rule": "integer", "message": "more memory", "min": 1073741824} ]"#;
    let t = Template::from_json(
        json!({"kind": "Template", "metadata": {"name": "t"},
               "objects": [{"metadata": {"annotations": {VALIDATIONS: spaced}}}]}),
        "t.yaml#0".to_owned(),
    )
    .expect("a template");
    let d = diff_catalogs(
        &catalog(vec![template(
            "t",
            "t.yaml",
            &json!([memory(1 << 30)]),
            true,
        )]),
        &catalog(vec![t]),
    );
    assert!(!d.has_changes(), "{d:#?}");
}

#[test]
fn a_memory_bound_is_said_in_binary_units_with_the_bytes() {
    assert_eq!(
        changes(json!([memory(1 << 30)]), json!([memory(1_610_612_736)])),
        changed(
            "memory",
            vec![RuleChange::Bound {
                key: BoundKey::Min,
                old: Some("1Gi (1073741824 bytes)".to_owned()),
                new: Some("1.5Gi (1610612736 bytes)".to_owned()),
            }]
        )
    );
    let mut no_min = memory(0);
    no_min["max"] = json!(8);
    no_min.as_object_mut().expect("an object").remove("min");
    assert_eq!(
        changes(json!([memory(1 << 30)]), json!([no_min])),
        changed(
            "memory",
            vec![
                RuleChange::Bound {
                    key: BoundKey::Min,
                    old: Some("1Gi (1073741824 bytes)".to_owned()),
                    new: None,
                },
                RuleChange::Bound {
                    key: BoundKey::Max,
                    old: None,
                    new: Some("8 bytes".to_owned()),
                },
            ]
        )
    );
}

#[test]
fn enum_values_added_and_removed() {
    assert_eq!(
        changes(
            json!([bus(&["virtio", "sata"])]),
            json!([bus(&["virtio", "scsi"])])
        ),
        changed(
            "bus",
            vec![RuleChange::Values {
                added: vec!["\"scsi\"".to_owned()],
                removed: vec!["\"sata\"".to_owned()],
            }]
        )
    );
    // Another order is the same set.
    assert_eq!(
        changes(
            json!([bus(&["virtio", "sata"])]),
            json!([bus(&["sata", "virtio"])])
        ),
        Vec::new()
    );
}

#[test]
fn regex_just_warning_valid_path_message_and_kind() {
    let re = |r: &str| {
        json!({"name": "n", "path": "jsonpath::.metadata.name", "rule": "regex",
               "message": "m", "regex": r})
    };
    assert_eq!(
        changes(json!([re("^a")]), json!([re("^b")])),
        changed(
            "n",
            vec![RuleChange::Regex {
                old: "^a".to_owned(),
                new: "^b".to_owned(),
            }]
        )
    );
    let mut warn = bus(&["virtio"]);
    warn["justWarning"] = json!(true);
    warn["valid"] = json!("jsonpath::.spec.domain.devices.disks[*]");
    warn["path"] = json!("jsonpath::.spec.domain.devices.disks[*].cdrom.bus");
    warn["message"] = json!("cd bus");
    warn["rule"] = json!("Enum");
    assert_eq!(
        changes(json!([bus(&["virtio"])]), json!([warn])),
        changed(
            "bus",
            vec![
                RuleChange::Kind {
                    old: "enum".to_owned(),
                    new: "Enum".to_owned(),
                },
                RuleChange::Path {
                    old: Some(".spec.domain.devices.disks[*].disk.bus".to_owned()),
                    new: Some(".spec.domain.devices.disks[*].cdrom.bus".to_owned()),
                },
                RuleChange::Valid {
                    old: Some(".spec.domain.devices.disks[*].disk.bus".to_owned()),
                    new: Some(".spec.domain.devices.disks[*]".to_owned()),
                },
                RuleChange::Message {
                    old: "bad bus".to_owned(),
                    new: "cd bus".to_owned(),
                },
                RuleChange::JustWarning {
                    old: false,
                    new: true,
                },
            ]
        )
    );
}

#[test]
fn rules_added_and_removed_are_summarised() {
    assert_eq!(
        changes(json!([memory(1 << 30)]), json!([bus(&["virtio"])])),
        vec![
            RuleDiff::Added {
                name: "bus".to_owned(),
                summary: "enum: .spec.domain.devices.disks[*].disk.bus is one of \"virtio\"; only where .spec.domain.devices.disks[*].disk.bus has a value".to_owned(),
            },
            RuleDiff::Removed {
                name: "memory".to_owned(),
                summary: "integer: .spec.domain.memory.guest at least 1Gi (1073741824 bytes)".to_owned(),
            },
        ]
    );
}

#[test]
fn a_rule_set_moving_to_objects_0_is_a_move() {
    let d = diff_catalogs(
        &catalog(vec![template(
            "t",
            "t.yaml",
            &json!([memory(1 << 29)]),
            false,
        )]),
        &catalog(vec![template(
            "t",
            "t.yaml",
            &json!([memory(1 << 30)]),
            true,
        )]),
    );
    let sets = &d.changed[0].rule_sets;
    assert_eq!(sets.len(), 1, "{sets:#?}");
    assert!(sets[0].moved());
    assert_eq!(sets[0].old_at, vec![Annotation::Template]);
    assert_eq!(sets[0].new_at, vec![Annotation::Object]);
    assert_eq!(sets[0].rules.len(), 1, "the bound changed too");
    // Moved with the same rules: still reported.
    let d = diff_catalogs(
        &catalog(vec![template("t", "t.yaml", &json!([memory(1)]), false)]),
        &catalog(vec![template("t", "t.yaml", &json!([memory(1)]), true)]),
    );
    assert!(d.changed[0].rule_sets[0].moved() && d.changed[0].rule_sets[0].rules.is_empty());
}

#[test]
fn renames_by_file_name_and_by_release_suffix() {
    let rules = json!([memory(1)]);
    let d = diff_catalogs(
        &catalog(vec![
            template("a-v0.7.0", "dir/a.yaml", &rules, false),
            template("b-v0.7.0", "x.yaml", &rules, false),
            template("gone", "gone.yaml", &rules, false),
        ]),
        &catalog(vec![
            template("a-renamed", "other/a.yaml", &rules, false),
            template("b", "y.yaml", &rules, false),
            template("fresh", "fresh.yaml", &rules, false),
        ]),
    );
    let renames: Vec<(&str, &str, &Rename)> = d
        .renamed()
        .map(|t| {
            (
                t.old.key.as_str(),
                t.new.key.as_str(),
                t.renamed.as_ref().expect("renamed"),
            )
        })
        .collect();
    assert_eq!(
        renames,
        vec![
            (
                "a-v0.7.0",
                "a-renamed",
                &Rename::SameFile("a.yaml".to_owned())
            ),
            ("b-v0.7.0", "b", &Rename::SameBaseName("b".to_owned())),
        ]
    );
    assert_eq!(
        d.added.iter().map(|t| t.key.as_str()).collect::<Vec<_>>(),
        ["fresh"]
    );
    assert_eq!(
        d.removed.iter().map(|t| t.key.as_str()).collect::<Vec<_>>(),
        ["gone"]
    );
    assert!(d.changed.iter().all(|t| t.rule_sets.is_empty()));
}

#[test]
fn a_rule_set_that_does_not_parse_is_reported_and_the_rest_diffed() {
    let broken = Template::from_json(
        json!({"kind": "Template", "metadata": {"name": "t"},
               "objects": [{"metadata": {"annotations": {VALIDATIONS: "[{\"name\": 1}]"}}}]}),
        "t.yaml#0".to_owned(),
    )
    .expect("a template");
    let d = diff_catalogs(
        &catalog(vec![
            template("t", "t.yaml", &json!([memory(1)]), true),
            template("u", "u.yaml", &json!([memory(1)]), true),
        ]),
        &catalog(vec![
            broken,
            template("u", "u.yaml", &json!([memory(2)]), true),
        ]),
    );
    assert_eq!(d.problems.len(), 1, "{:#?}", d.problems);
    let p = &d.problems[0];
    assert_eq!((p.release, p.template.as_str()), (Release::New, "t"));
    assert_eq!(p.annotation, Annotation::Object);
    assert!(p.error.contains("line 1 column"), "{}", p.error);
    assert_eq!(d.changed.len(), 2);
    let t = &d.changed[0].rule_sets[0];
    assert!(t.new_error.is_some() && t.old_error.is_none());
    assert!(
        matches!(t.rules.as_slice(), [RuleDiff::Removed { .. }]),
        "{t:#?}"
    );
    assert_eq!(d.changed[1].new.key, "u");
}

#[test]
fn vms_flip_both_ways_with_the_rule_responsible() {
    let old = catalog(vec![
        template("small", "small.yaml", &json!([memory(1 << 30)]), false),
        template("large", "large.yaml", &json!([memory(4 << 30)]), false),
    ]);
    let new = catalog(vec![
        template("small", "small.yaml", &json!([memory(2 << 30)]), false),
        template("large", "large.yaml", &json!([memory(2 << 30)]), false),
    ]);
    let vm = |template: &str, guest: &str| {
        json!({"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
               "metadata": {"name": "vm", "labels": {"vm.kubevirt.io/template": template,
                   "vm.kubevirt.io/template.namespace": "ns"}},
               "spec": {"template": {"spec": {"domain": {"memory": {"guest": guest}}}}}})
    };
    let denied = impact(&vm("small", "1536Mi"), &old, &new, Mode::Admitted);
    assert_eq!(denied.flip, Flip::AllowedToDenied, "{denied:#?}");
    assert_eq!(denied.new.causes.len(), 1);
    assert_eq!(denied.new.causes[0].rule, "memory");
    assert_eq!(denied.new.causes[0].field, ".spec.domain.memory.guest");
    let allowed = impact(&vm("large", "3Gi"), &old, &new, Mode::Admitted);
    assert_eq!(allowed.flip, Flip::DeniedToAllowed, "{allowed:#?}");
    assert_eq!(allowed.old.causes[0].rule, "memory");
    let same = impact(&vm("large", "8Gi"), &old, &new, Mode::Admitted);
    assert_eq!(same.flip, Flip::Unchanged);
    let causes = impact(&vm("small", "512Mi"), &old, &new, Mode::Admitted);
    assert_eq!(
        causes.flip,
        Flip::CausesChanged,
        "the detail names the new bound"
    );
}

#[test]
fn an_ambiguous_rename_is_no_rename() {
    let rules = json!([memory(1)]);
    // Two old templates would both be `a` without their suffix: neither is renamed.
    let d = diff_catalogs(
        &catalog(vec![
            template("a-v0.7.0", "x.yaml", &rules, true),
            template("a-v0.8.0", "y.yaml", &rules, true),
        ]),
        &catalog(vec![template("a", "z.yaml", &rules, true)]),
    );
    assert_eq!(d.renamed().count(), 0, "{d:#?}");
    assert_eq!((d.added.len(), d.removed.len()), (1, 2));
}

#[test]
fn both_annotations_are_compared_each_with_its_own() {
    let both = |object: &Value, legacy: &Value| {
        Template::from_json(
            json!({"kind": "Template",
                   "metadata": {"name": "t", "annotations": {LEGACY_VALIDATIONS: legacy.to_string()}},
                   "objects": [{"metadata": {"annotations": {VALIDATIONS: object.to_string()}}}]}),
            "t.yaml#0".to_owned(),
        )
        .expect("a template")
    };
    let d = diff_catalogs(
        &catalog(vec![both(&json!([memory(1)]), &json!([memory(2)]))]),
        &catalog(vec![both(&json!([memory(1)]), &json!([memory(3)]))]),
    );
    let sets = &d.changed[0].rule_sets;
    assert_eq!(
        sets.len(),
        1,
        "only the template's annotation changed: {sets:#?}"
    );
    assert_eq!(sets[0].old_at, vec![Annotation::Template]);
    assert!(!sets[0].moved());
    // The same text in both annotations is one rule set; dropping the Template's copy moves it.
    let d = diff_catalogs(
        &catalog(vec![both(&json!([memory(1)]), &json!([memory(1)]))]),
        &catalog(vec![template("t", "t.yaml", &json!([memory(1)]), true)]),
    );
    let sets = &d.changed[0].rule_sets;
    assert_eq!(
        sets[0].old_at,
        vec![Annotation::Object, Annotation::Template]
    );
    assert_eq!(sets[0].new_at, vec![Annotation::Object]);
    assert!(sets[0].moved() && sets[0].rules.is_empty());
}

#[test]
fn repeated_enum_values_and_names_are_matched_in_order() {
    assert_eq!(
        changes(
            json!([bus(&["a", "a", "b"])]),
            json!([bus(&["b", "c", "c"])])
        ),
        changed(
            "bus",
            vec![RuleChange::Values {
                added: vec!["\"c\"".to_owned()],
                removed: vec!["\"a\"".to_owned()],
            }]
        )
    );
    // Two rules called `memory`: the second of the old set is compared with the second of the
    // new one.
    assert_eq!(
        changes(json!([memory(1), memory(2)]), json!([memory(1), memory(3)])),
        changed(
            "memory",
            vec![RuleChange::Bound {
                key: BoundKey::Min,
                old: Some("2 bytes".to_owned()),
                new: Some("3 bytes".to_owned()),
            }]
        )
    );
}
