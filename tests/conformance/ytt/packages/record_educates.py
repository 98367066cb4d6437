#!/usr/bin/env python3
"""Appends the `package-educates` group to ../packages.jsonl from a ytt 0.48.0 binary: the real
educates installer schema with the `.star` rules it loads, and its external-dns package schema
whose examples come from functions of YAML fragments (`educates-installer/`), with the
installer's 57 real scenario values files (`tests/corpus/ytt-schemas/educates/...`) and own
bad values; each case run twice, as `record.py` runs its own.

    YTT=/path/to/ytt python3 record_educates.py >> ../packages.jsonl
"""

import glob
import os
import sys

from record import EXPORT, INSPECT, HERE, case, tree

GROUP = "package-educates"
ROOT = "bundle/config/ytt"
DNS = ROOT + "/_ytt_lib/packages/external-dns"
SCENARIOS = os.path.join(
    HERE, "../../../corpus/ytt-schemas/educates/educates-training-platform/carvel-packages/installer/scenarios"
)


def installer():
    every = tree("educates-installer")
    both = [f for f in every if f["name"] in (ROOT + "/values-schema.yaml", ROOT + "/schema-rules.star")]
    rules = ["-f", ROOT + "/values-schema.yaml", "-f", ROOT + "/schema-rules.star"]
    src = "educates installer (real): values-schema.yaml loading validate_all from schema-rules.star"
    case("educates-installer-folder", GROUP, f"{src}; -f the bundle's ytt folder (a template, a .lib.yaml and a _ytt_lib passed over), the defaults breaking the .star rule", every, ["-f", ROOT + "/"] + INSPECT)
    case("educates-installer-defaults", GROUP, f"{src}; the two files, the defaults", both, rules + INSPECT)
    case("educates-installer-export", GROUP, f"{src}; the folder's OpenAPI export", every, ["-f", ROOT + "/"] + EXPORT)
    case("educates-installer-no-star", GROUP, f"{src}; the schema without its .star file (ytt's error)", both, ["-f", ROOT + "/values-schema.yaml"] + INSPECT)
    for path in sorted(glob.glob(os.path.join(SCENARIOS, "*", "*", "values.yaml"))):
        provider, scenario = path.split(os.sep)[-3:-1]
        with open(path, encoding="utf-8") as f:
            values = f.read()
        files = both + [{"name": "values.yaml", "text": values}]
        case(f"educates-installer-{provider}-{scenario}", GROUP,
             f"{src}; the real scenario values file scenarios/{provider}/{scenario}/values.yaml",
             files, rules + ["--data-values-file", "values.yaml"] + INSPECT)
    for vid, what, values, extra in [
        ("none-enabled", "custom provider with every cluster package disabled (the .star rule from a list of functions)",
         "clusterInfrastructure:\n  provider: custom\nclusterPackages:\n  contour:\n    enabled: false\n  kyverno:\n    enabled: false\n  educates:\n    enabled: false\n", []),
        ("no-domain", "eks without a domain, educates enabled: valid, as the .star rule's second assert.try_to lambda reads `val` after the first one's result (None) was assigned to it",
         "clusterInfrastructure:\n  provider: eks\n  aws:\n    region: eu-west-1\n    route53:\n      hostedZone: example.com\n    irsaRoles:\n      external-dns: arn:a\n      cert-manager: arn:b\nclusterPackages:\n  educates:\n    enabled: true\n", []),
        ("settings-domain", "eks with the domain in the educates package settings only (found by assert.try_to)",
         "clusterInfrastructure:\n  provider: eks\n  aws:\n    region: eu-west-1\n    route53:\n      hostedZone: example.com\n    irsaRoles:\n      external-dns: arn:a\n      cert-manager: arn:b\nclusterPackages:\n  educates:\n    enabled: true\n    settings:\n      clusterIngress:\n        domain: example.com\n", []),
        ("eks-empty-region", "eks with an empty region and hosted zone (the schema's own lambdas, when=)",
         "clusterInfrastructure:\n  provider: eks\n  aws:\n    irsaRoles:\n      external-dns: arn:a\n      cert-manager: arn:b\nclusterIngress:\n  domain: example.com\n", []),
        ("bad-provider", "a provider outside one_of", "clusterInfrastructure:\n  provider: azure\nclusterIngress:\n  domain: example.com\n", []),
        ("type-error", "a type error (debug a string)", "debug: \"yes\"\n", []),
        ("flags", "-v and --data-value-yaml over a values file: kind with a domain",
         "clusterPackages:\n  educates:\n    enabled: true\n",
         ["-v", "clusterInfrastructure.provider=kind", "--data-value-yaml", "clusterIngress.domain=\"127.0.0.1.nip.io\""]),
        ("disabled", "the defaults breaking the .star rule, validations disabled", "debug: true\n",
         ["--dangerous-data-values-disable-validation"]),
    ]:
        files = both + [{"name": "values.yaml", "text": values}]
        case(f"educates-installer-{vid}", GROUP, f"{src}; own values: {what}", files,
             rules + ["--data-values-file", "values.yaml"] + extra + INSPECT)


def external_dns():
    every = [f for f in tree("educates-installer") if f["name"].startswith(DNS + "/")]
    schema = [f for f in every if f["name"] == DNS + "/values-schema.yaml"]
    src = "educates external-dns package (real): @schema/examples from #@ def functions of YAML fragments"
    case("educates-external-dns-folder", GROUP, f"{src}; -f the package folder (overlays, a .star file and upstream templates not evaluated)", every, ["-f", DNS + "/"] + INSPECT)
    case("educates-external-dns-export", GROUP, f"{src}; the folder's OpenAPI export (the examples)", every, ["-f", DNS + "/"] + EXPORT)
    case("educates-external-dns-schema-export", GROUP, f"{src}; the schema file's export", schema, ["-f", DNS + "/values-schema.yaml"] + EXPORT)
    for vid, what, values, extra in [
        ("aws", "aws values", "infraProvider: aws\naws:\n  args:\n    domain_filter: example.com\n", []),
        ("bad-provider", "a provider outside one_of", "infraProvider: other\n", []),
        ("type-error", "a type error (deployment.args a string)", "deployment:\n  args: --source=service\n", []),
        ("flags", "-v and --data-value-yaml", "namespace: dns\n",
         ["-v", "image.pullPolicy=Always", "--data-value-yaml", "deployment.args=[\"--source=ingress\"]"]),
    ]:
        files = schema + [{"name": "values.yaml", "text": values}]
        case(f"educates-external-dns-{vid}", GROUP, f"{src}; own values: {what}", files,
             ["-f", DNS + "/values-schema.yaml", "--data-values-file", "values.yaml"] + extra + INSPECT)


if __name__ == "__main__":
    sys.stdout.reconfigure(newline="\n")
    installer()
    external_dns()
