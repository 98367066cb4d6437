#!/usr/bin/env python3
"""Appends the `yaml-syntax` group to ../packages.jsonl from a ytt 0.48.0 binary: YAML that
go-yaml refuses, in every place ytt reads YAML given by the user (`-f` templates, a folder's
schema file, `--data-values-file`, `--data-value-yaml`, `--data-values-env-yaml`), over the real
GCP custom-organization-policy-library and its real values.yaml, mutated by one edit each.

    YTT=/path/to/ytt python3 record_yaml.py >> ../packages.jsonl
"""

import sys

from record import INSPECT, case, tree, with_file

GROUP = "yaml-syntax"
SRC = "GCP custom-organization-policy-library (real)"
BASE = ["-f", "build/config/schema.yaml", "-f", "build/config/services/", "-f", "values.yaml"]


def edit(files, name, old, new):
    text = next(f["text"] for f in files if f["name"] == name)
    assert old in text, (name, old)
    return with_file(files, name, text.replace(old, new, 1))


def main():
    every = tree("gcp-custom-organization-policy-library")
    files = [f for f in every if f["name"] == "values.yaml" or f["name"].startswith("build/config/schema")
             or f["name"].startswith("build/config/services/")]
    values = "values.yaml"
    templates = [
        ("tab-indent", "a tab indenting a key", "deployment:\n  parent:", "deployment:\n\tparent:"),
        ("unclosed-list", "an unclosed flow list", "dryrun: false", "dryrun: [false"),
        ("unclosed-map", "an unclosed flow map", "dryrun: false", "dryrun: {a: false"),
        ("mapping-values", "a second `: ` on a line (`a: b: c`)", "dryrun: false", "dryrun: no: false"),
        ("unclosed-quote", "a single quote never closed", "organization: '11111111'", "organization: '11111111"),
        ("bad-indent", "a key indented less than its siblings", "  parent: organizations/11111111",
         "  parent: organizations/11111111\n parent2: x"),
        ("list-after-map", "a list item after map keys at the same indentation", "dryrun: false", "dryrun: false\n- x"),
        ("stray-bracket", "a stray `]` after a value", "dryrun: false", "dryrun: false]"),
        ("reserved-indicator", "a value starting with `@`", "dryrun: false", "dryrun: @false"),
        ("backquote", "a value starting with a backquote", "dryrun: false", "dryrun: `false`"),
        ("unknown-alias", "an alias to an anchor never defined", "dryrun: false", "dryrun: *off"),
        ("anchor-then-alias", "an anchor and an alias to it (valid)", "dryrun: false", "dryrun: &d false\ndry2: *d"),
        ("bad-escape", "an unknown escape in a double-quoted string", "organization: '11111111'",
         "organization: \"1111\\q1111\""),
        ("bad-block-indicator", "a block scalar with indentation indicator 0", "organization: '11111111'",
         "organization: |0\n  x"),
        ("tag-handle", "an undefined tag handle", "dryrun: false", "dryrun: !e!bool false"),
        ("second-document", "a second document with an unclosed list", "dryrun: false", "dryrun: false\n---\nx: [\n"),
        ("directive", "a %YAML 1.2 directive starting a second document", "dryrun: false",
         "dryrun: false\n...\n%YAML 1.2\n---\nx: 1"),
    ]
    for tid, what, old, new in templates:
        case(f"yaml-template-{tid}", GROUP, f"{SRC}; values.yaml (-f) with {what}",
             edit(files, values, old, new), BASE + INSPECT)
    service = "build/config/services/schema.cloudbuild.yaml"
    text = next(f["text"] for f in files if f["name"] == service)
    case("yaml-template-schema-in-folder", GROUP,
         f"{SRC}; a service schema found in the folder (-f build/config/services/) ending in an unclosed list",
         with_file(files, service, text + "broken: [\n"), BASE + INSPECT)

    plain = [
        ("unclosed-list", "an unclosed flow list", "dryrun: [true\n"),
        ("tab-indent", "a tab indenting a nested key", "deployment:\n\tparent: x\n"),
        ("mapping-values", "`a: b: c`", "dryrun: a: b\n"),
        ("unclosed-quote", "a double quote never closed, over two lines", "organization: \"abc\ndryrun: true\n"),
        ("anchor-contains-itself", "an alias inside its own anchor's value", "deployment: &d\n  parent: *d\n"),
        ("merge-alias-of-list", "a merge key whose alias is of a list", "l: &l\n- a: 1\ndeployment:\n  <<: *l\n"),
        ("unknown-alias-second-doc", "a second document with an alias to an anchor of the first",
         "dryrun: &d true\n---\norganization: *d\n"),
    ]
    for pid, what, text in plain:
        case(f"yaml-data-values-file-{pid}", GROUP, f"{SRC} with its values.yaml; --data-values-file plain.yaml with {what}",
             files + [{"name": "plain.yaml", "text": text}], BASE + ["--data-values-file", "plain.yaml"] + INSPECT)

    kvs = [
        ("unclosed-list", "an unclosed flow list", "gke.gkeAllowedNodePoolImages.params.images=[a, b"),
        ("unclosed-map", "an unclosed flow map", "organization={a: 1"),
        ("mapping-values", "`a: b: c`", "organization=a: b: c"),
        ("unclosed-quote", "an unclosed double quote", "organization=\"abc"),
        ("bad-escape", "an unknown escape", "organization=\"a\\qb\""),
        ("tab-line", "a second line indented by a tab", "organization=a:\n\tb"),
        ("unknown-alias", "an alias to no anchor", "organization=*x"),
    ]
    for kid, what, kv in kvs:
        case(f"yaml-data-value-yaml-{kid}", GROUP, f"{SRC} with its values.yaml; --data-value-yaml with {what}",
             files, BASE + ["--data-value-yaml", kv] + INSPECT)

    envs = [
        ("unclosed-list", "an unclosed flow list",
         {"GCP_cloudbuild__cloudbuildAllowedNetworkPeering__params__peered_network_ranges": "[10.1.0.0/24"}),
        ("mapping-values", "`a: b: c`", {"GCP_organization": "a: b: c"}),
        ("unknown-alias", "an alias to no anchor", {"GCP_organization": "*x"}),
    ]
    for eid, what, env in envs:
        case(f"yaml-data-values-env-yaml-{eid}", GROUP, f"{SRC} with its values.yaml; --data-values-env-yaml GCP with {what}",
             files, BASE + ["--data-values-env-yaml", "GCP"] + INSPECT, env)

    bad_values = edit(files, values, "dryrun: false", "dryrun: [false")
    case("yaml-order-flag-before-template", GROUP,
         f"{SRC}; values.yaml (-f) and a --data-value-yaml both broken: ytt reads the flags first",
         bad_values, BASE + ["--data-value-yaml", "organization=[x"] + INSPECT)
    case("yaml-order-file-before-kv", GROUP,
         f"{SRC} with its values.yaml; a --data-values-file and a --data-value-yaml both broken: the file first",
         files + [{"name": "plain.yaml", "text": "dryrun: [true\n"}],
         BASE + ["--data-value-yaml", "organization=[x", "--data-values-file", "plain.yaml"] + INSPECT)
    case("yaml-data-value-file-not-parsed", GROUP,
         f"{SRC} with its values.yaml; --data-value-file of broken YAML: a string, never parsed",
         files + [{"name": "org.txt", "text": "[1, 2\n"}], BASE + ["--data-value-file", "organization=org.txt"] + INSPECT)


if __name__ == "__main__":
    sys.stdout.reconfigure(newline="\n")
    main()
