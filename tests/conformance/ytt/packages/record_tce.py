#!/usr/bin/env python3
"""Appends the `package-tce` group to ../packages.jsonl from a ytt 0.48.0 binary: two real
Tanzu Community Edition packages (`tce-vsphere-cpi/`, `tce-secretgen-controller/`), each a
`bundle/config/` folder with a `schema.yaml`, a `#@data/values` file overlaying it
(`@overlay/match-child-defaults missing_ok=True`), a `values.star` helper, overlays and upstream
templates; each case run twice, as `record.py` runs its own.

    YTT=/path/to/ytt python3 record_tce.py >> ../packages.jsonl
"""

import sys

from record import EXPORT, INSPECT, case, tree

GROUP = "package-tce"
CONFIG = "bundle/config"


def package(folder, short, runs):
    every = tree(folder)
    core = [f for f in every if f["name"] in (CONFIG + "/schema.yaml", CONFIG + "/values.yaml", CONFIG + "/values.star")]
    src = f"vmware-tanzu/community-edition {short} (real)"
    case(f"tce-{short}-folder", GROUP, f"{src}; -f the bundle's config folder (schema, data values, a .star helper, overlays and upstream templates not evaluated)", every, ["-f", CONFIG + "/"] + INSPECT)
    case(f"tce-{short}-export", GROUP, f"{src}; the schema's OpenAPI export", core, ["-f", CONFIG + "/schema.yaml"] + EXPORT)
    files_args = ["-f", CONFIG + "/schema.yaml", "-f", CONFIG + "/values.yaml", "-f", CONFIG + "/values.star"]
    case(f"tce-{short}-files", GROUP, f"{src}; the schema, its data values and the .star helper as three -f files", core, files_args + INSPECT)
    for vid, what, values, extra in runs:
        files = core + ([{"name": "values.yml", "text": values}] if values is not None else [])
        vals = ["--data-values-file", "values.yml"] if values is not None else []
        case(f"tce-{short}-{vid}", GROUP, f"{src}; {what}", files, files_args + vals + extra + INSPECT)


if __name__ == "__main__":
    sys.stdout.reconfigure(newline="\n")
    package("tce-vsphere-cpi", "vsphere-cpi", [
        ("values", "own plain values over the data values", "vsphereCPI:\n  server: vc.example.com\n  datacenter: dc1\n  insecureFlag: true\n", []),
        ("type-error", "a type error (insecureFlag a string)", "vsphereCPI:\n  insecureFlag: \"no\"\n", []),
        ("undeclared", "an undeclared key", "vsphereCPI:\n  servers: [a]\n", []),
        ("flags", "-v, --data-value-yaml and --data-value-file",
         "vsphereCPI:\n  username: admin\n",
         ["-v", "vsphereCPI.mode=vsphereParavirtualCPI", "--data-value-yaml", "deployment.rollingUpdate.maxSurge=2",
          "--data-value-file", "vsphereCPI.password=values.yml"]),
        ("flag-type", "--data-value-yaml of a wrong type", None, ["--data-value-yaml", "deployment.rollingUpdate.maxSurge=two"]),
    ])
    package("tce-secretgen-controller", "secretgen-controller", [
        ("values", "own plain values", "secretgenController:\n  namespace: sg\n  createNamespace: false\n", []),
        ("type-error", "a type error (createNamespace a string)", "secretgenController:\n  createNamespace: maybe\n", []),
        ("flags", "-v over the data values", None, ["-v", "secretgenController.image.tag=v0.9.4"]),
    ])
