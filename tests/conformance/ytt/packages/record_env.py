#!/usr/bin/env python3
"""Appends the `data-values-env` group to ../packages.jsonl from a ytt 0.48.0 binary:
`--data-values-env PREFIX` and `--data-values-env-yaml PREFIX` over the real packages already
vendored (TCE secretgen-controller and vsphere-cpi, the GCP library), each case run twice as
`env -i NAME=value... ytt ...` with exactly its `env` (in order) as the whole environment.

    YTT=/path/to/ytt python3 record_env.py >> ../packages.jsonl
"""

import sys

from record import INSPECT, EXPORT, case, tree

GROUP = "data-values-env"
CONFIG = "bundle/config"


def tce(folder):
    every = tree(folder)
    core = [f for f in every if f["name"] in (CONFIG + "/schema.yaml", CONFIG + "/values.yaml", CONFIG + "/values.star")]
    args = ["-f", CONFIG + "/schema.yaml", "-f", CONFIG + "/values.yaml", "-f", CONFIG + "/values.star"]
    return core, args


def secretgen():
    files, base = tce("tce-secretgen-controller")
    src = "vmware-tanzu/community-edition secretgen-controller (real)"
    env_s = ["--data-values-env", "SG"]
    env_y = ["--data-values-env-yaml", "SG"]
    plain = [{"name": "plain.yml", "text": "secretgenController:\n  namespace: from-file\n"}]
    runs = [
        ("string-nested", "a string at a nested key (`__` between keys), a variable of another prefix ignored",
         {"HOME": "/root", "SG_secretgenController__namespace": "my-ns"}, env_s, files),
        ("string-typed-error", "--data-values-env of an int key: the value is the string \"2\" (a type error)",
         {"SG_deployment__rollingUpdate__maxSurge": "2"}, env_s, files),
        ("yaml-typed", "--data-values-env-yaml of the same: the int 2",
         {"SG_deployment__rollingUpdate__maxSurge": "2"}, env_y, files),
        ("yaml-quoted-string", "--data-values-env-yaml of a quoted \"2\" at an int key (a type error)",
         {"SG_deployment__rollingUpdate__maxSurge": "\"2\""}, env_y, files),
        ("string-bool-error", "--data-values-env of a bool key: \"false\" is a string",
         {"SG_secretgenController__createNamespace": "false"}, env_s, files),
        ("yaml-bool", "--data-values-env-yaml of the same: the bool false",
         {"SG_secretgenController__createNamespace": "false"}, env_y, files),
        ("yaml-null", "--data-values-env-yaml null for a nullable key, and a map for the any-typed nodeSelector",
         {"SG_deployment__updateStrategy": "null", "SG_nodeSelector": "{zone: a, tier: web}"}, env_y, files),
        ("string-null", "--data-values-env \"null\" for a nullable string key: the string null",
         {"SG_deployment__updateStrategy": "null"}, env_s, files),
        ("undeclared", "a key the schema does not declare",
         {"SG_secretgenController__replicas": "2"}, env_s, files),
        ("single-underscore", "one `_` inside the name is part of the key (undeclared)",
         {"SG_secretgenController_namespace": "x"}, env_s, files),
        ("triple-underscore", "`___`: the key after `__` starts with `_` (undeclared)",
         {"SG_secretgenController___namespace": "x"}, env_s, files),
        ("prefix-only", "a variable named the prefix and `_` alone: the empty key (undeclared); one without `_` ignored",
         {"SG": "ignored", "SG_": "1"}, env_s, files),
        ("no-match", "no variable has the prefix (names are case-sensitive)",
         {"sg_secretgenController__namespace": "x", "SGX_a": "1"}, env_s, files),
        ("empty-prefix", "an empty prefix: every variable starting with `_`",
         {"PATH": "/bin", "_secretgenController__namespace": "from-empty"}, ["--data-values-env", ""], files),
        ("two-prefixes", "two prefixes, each setting its key, the later overriding the earlier on a shared key",
         {"B_secretgenController__namespace": "from-b", "A_secretgenController__namespace": "from-a",
          "A_secretgenController__image__tag": "v1"},
         ["--data-values-env", "A", "--data-values-env", "B"], files),
        ("yaml-after-string", "--data-values-env-yaml applies after --data-values-env whatever their order",
         {"Y_deployment__rollingUpdate__maxSurge": "3", "S_deployment__rollingUpdate__maxSurge": "x"},
         ["--data-values-env-yaml", "Y", "--data-values-env", "S"], files),
        ("env-order", "two variables for one key: the environment's order decides",
         {"SG_secretgenController__image__tag": "first", "SG_secretgenController__image": "{tag: second}"},
         env_y, files),
        ("over-values-file", "env over a --data-values-file and the -f data values",
         {"SG_secretgenController__namespace": "from-env"}, env_s + ["--data-values-file", "plain.yml"], files + plain),
        ("under-v", "-v over env (same key)",
         {"SG_secretgenController__namespace": "from-env"}, env_s + ["-v", "secretgenController.namespace=from-v"], files),
        ("under-data-value-yaml", "--data-value-yaml over --data-values-env-yaml (same key)",
         {"SG_deployment__rollingUpdate__maxSurge": "3"}, env_y + ["--data-value-yaml", "deployment.rollingUpdate.maxSurge=4"], files),
        ("under-data-value-file", "--data-value-file over env (same key)",
         {"SG_secretgenController__namespace": "from-env"},
         ["--data-value-file", "secretgenController.namespace=plain.yml"] + env_s, files + plain),
        ("multiline-error", "a string with a line break at an int key: the variable quoted over two lines",
         {"SG_deployment__rollingUpdate__maxSurge": "1\n2"}, env_s, files),
        ("disabled-validation", "env with --dangerous-data-values-disable-validation",
         {"SG_secretgenController__namespace": "n"}, env_s + ["--dangerous-data-values-disable-validation"], files),
        ("export", "the export reads no data values: env is not applied",
         {"SG_secretgenController__replicas": "2"}, env_s, files),
    ]
    for vid, what, env, extra, fs in runs:
        tail = EXPORT if vid == "export" else INSPECT
        case(f"env-secretgen-{vid}", GROUP, f"{src}; {what}", fs, base + extra + tail, env)


def vsphere():
    files, base = tce("tce-vsphere-cpi")
    src = "vmware-tanzu/community-edition vsphere-cpi (real)"
    runs = [
        ("hyphen-key", "a key with hyphens (`tls-cipher-suites`) under a nullable map",
         {"VS_vsphereCPI__cloudProviderExtraArgs__tls-cipher-suites": "TLS_X"}, ["--data-values-env", "VS"]),
        ("yaml-map", "--data-values-env-yaml of a whole map, merged into the schema's",
         {"VS_vsphereCPI__nsxt__routes": "{routerPath: /t1, clusterCidr: 10.0.0.0/16}"}, ["--data-values-env-yaml", "VS"]),
        ("yaml-map-undeclared", "--data-values-env-yaml of a map with an undeclared key",
         {"VS_vsphereCPI__nsxt__routes": "{routerPat: /t1}"}, ["--data-values-env-yaml", "VS"]),
    ]
    for vid, what, env, extra in runs:
        case(f"env-vsphere-{vid}", GROUP, f"{src}; {what}", files, base + extra + INSPECT, env)


def gcp():
    every = tree("gcp-custom-organization-policy-library")
    files = [f for f in every if f["name"] == "values.yaml" or f["name"].startswith("build/config/schema")
             or f["name"].startswith("build/config/services/")]
    base = ["-f", "build/config/schema.yaml", "-f", "build/config/services/", "-f", "values.yaml"]
    src = "GCP custom-organization-policy-library (real)"
    runs = [
        ("string-8080", "--data-values-env \"8080\" at a string key",
         {"GCP_organization": "8080"}, ["--data-values-env", "GCP"]),
        ("yaml-8080", "--data-values-env-yaml 8080 at the same string key (a type error)",
         {"GCP_organization": "8080"}, ["--data-values-env-yaml", "GCP"]),
        ("one-of", "a value outside one_of, reported from the variable",
         {"GCP_dns__dnsRequirePolicyLogging__generation": "bad"}, ["--data-values-env", "GCP"]),
        ("list-index", "a key path into a list (`__0`)",
         {"GCP_cloudbuild__cloudbuildAllowedNetworkPeering__params__peered_network_ranges__0": "10.1.0.0/24"},
         ["--data-values-env", "GCP"]),
        ("yaml-list", "--data-values-env-yaml of a list, replacing the array",
         {"GCP_cloudbuild__cloudbuildAllowedNetworkPeering__params__peered_network_ranges": "[10.1.0.0/24, 10.2.0.0/24]"},
         ["--data-values-env-yaml", "GCP"]),
    ]
    for vid, what, env, extra in runs:
        case(f"env-gcp-{vid}", GROUP, f"{src}; {what}", files, base + extra + INSPECT, env)


if __name__ == "__main__":
    sys.stdout.reconfigure(newline="\n")
    secretgen()
    vsphere()
    gcp()
