#!/usr/bin/env python3
"""Records ../packages.jsonl from a ytt 0.48.0 binary: real multi-file packages (the folders
beside this script) and own schema overlays, each run twice in an empty directory with exactly
its arguments and nothing on stdin.

    YTT=/path/to/ytt python3 record.py > ../packages.jsonl
"""

import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
YTT = os.environ["YTT"]


def tree(folder, keep=lambda name: True):
    """Every file under `folder` (relative names) whose name `keep` accepts, sorted."""
    root = os.path.join(HERE, folder)
    out = []
    for dirpath, _, names in os.walk(root):
        for name in names:
            rel = os.path.relpath(os.path.join(dirpath, name), root)
            if rel != "LICENSE" and keep(rel):
                with open(os.path.join(dirpath, name), encoding="utf-8") as f:
                    out.append({"name": rel, "text": f.read()})
    return sorted(out, key=lambda f: f["name"])


def run(files, args, env=None):
    """ytt's outcome; with `env` (name -> value, in order), run as `env -i NAME=value... ytt`
    so that those variables, in that order, are its whole environment."""
    prefix = [] if env is None else ["env", "-i"] + [f"{k}={v}" for k, v in env.items()]
    with tempfile.TemporaryDirectory() as d:
        for f in files:
            path = os.path.join(d, f["name"])
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as out:
                out.write(f["text"])
        p = subprocess.run(
            prefix + [YTT] + args, cwd=d, stdin=subprocess.DEVNULL, capture_output=True, check=False
        )
        return {
            "exit_code": p.returncode,
            "stdout": p.stdout.decode(),
            "stderr": p.stderr.decode(),
        }


def case(cid, group, description, files, args, env=None):
    first, second = run(files, args, env), run(files, args, env)
    out = {
        "id": cid,
        "group": group,
        "description": description,
        "files": files,
        "args": args,
    }
    if env is not None:
        out["env"] = env
    out["expected"] = first
    if first != second:
        out["nondeterministic"] = True
    print(json.dumps(out, ensure_ascii=False))


def with_file(files, name, text):
    return [f for f in files if f["name"] != name] + [{"name": name, "text": text}]


INSPECT = ["--data-values-inspect"]
EXPORT = ["--data-values-schema-inspect", "-o", "openapi-v3"]


def gcp():
    """GoogleCloudPlatform/professional-services tools/custom-organization-policy-library."""
    files = tree("gcp-custom-organization-policy-library")
    src = "GCP custom-organization-policy-library (real)"
    base = ["-f", "build/config/schema.yaml", "-f", "build/config/services/"]
    group = "package-gcp"
    case("gcp-makefile", group, f"{src}: the Makefile's -f list, values.yaml a #@data/values overlay",
         files, base + ["-f", "values.yaml"] + INSPECT)
    case("gcp-folder-values", group, f"{src}: -f build/config/ (schema, service schemas, an unevaluated template)",
         files, ["-f", "build/config/", "-f", "values.yaml"] + INSPECT)
    case("gcp-folder-defaults", group, f"{src}: the schemas' own defaults (min_len on empty arrays fails)",
         files, ["-f", "build/config/"] + INSPECT)
    case("gcp-export", group, f"{src}: the overlaid schema exported",
         files, base + EXPORT)
    case("gcp-folder-export", group, f"{src}: the overlaid schema exported, -f build/config/",
         files, ["-f", "build/config/"] + EXPORT)
    case("gcp-services-first", group, f"{src}: the service schemas before schema.yaml",
         files, ["-f", "build/config/services/", "-f", "build/config/schema.yaml", "-f", "values.yaml"] + INSPECT)
    for svc in sorted(f["name"] for f in files if f["name"].startswith("build/config/services/")):
        short = svc.rsplit("/", 1)[1]
        case(f"gcp-one-service-{short}", group, f"{src}: schema.yaml and {short} alone, defaults",
             files, ["-f", "build/config/schema.yaml", "-f", svc] + INSPECT)
    values = next(f["text"] for f in files if f["name"] == "values.yaml")
    plain = values.replace("#@data/values\n---\n", "")
    mutations = [
        ("one-of", "a generation outside one_of", values.replace(
            "\ndns:\n", "\ndns:\n  dnsRequirePolicyLogging:\n    generation: bad\n", 1)),
        ("duplicate-key", "a second top-level dns key (ytt refuses the template)", values.replace(
            "cloudbuild:\n", "dns:\n  dnsRequirePolicyLogging:\n    generation: bad\ncloudbuild:\n", 1)),
        ("undeclared", "a key no schema file declares", values + "unknown: 1\n"),
        ("type", "dryrun given a string", values.replace("dryrun: false", "dryrun: \"no\"")),
        ("min-len", "an emptied list under min_len=1", values.replace(
            "      peered_network_ranges:\n      - \"10.0.0.0/24\"\n      - \"10.0.1.0/24\"\n",
            "      peered_network_ranges: []\n")),
    ]
    for mid, what, text in mutations:
        case(f"gcp-mutation-{mid}", group, f"{src}: values.yaml mutated: {what}",
             with_file(files, "values.yaml", text), base + ["-f", "values.yaml"] + INSPECT)
    case("gcp-plain-values", group, f"{src}: values.yaml without its header as --data-values-file",
         with_file(files, "plain.yaml", plain), base + ["--data-values-file", "plain.yaml"] + INSPECT)
    extra = "#@data/values-schema\n---\nextra: 1\n"
    case("gcp-overlay-unmatched", group, f"{src}: one more schema file adding a key without missing_ok",
         with_file(files, "extra.yaml", extra), base + ["-f", "extra.yaml"] + INSPECT)


def playground():
    """carvel-dev/ytt examples/playground (ytt's own examples)."""
    group = "package-ytt-playground"
    example = "ytt-playground/example-multiple-data-values"
    files = tree(example)
    src = "ytt playground example-multiple-data-values (real)"
    case("playground-multiple-schemas", group, f"{src}: default-schema.yml overlaid by prod/update-schema.yml (@overlay/remove, missing_ok)",
         files, ["-f", "default-schema.yml", "-f", "prod/update-schema.yml"] + INSPECT)
    case("playground-multiple-schemas-export", group, f"{src}: the overlaid schema exported",
         files, ["-f", "default-schema.yml", "-f", "prod/update-schema.yml"] + EXPORT)
    for name in ["example-overlay-on-templates", "example-overlay-map-items", "example-extend-data-values"]:
        files = tree(f"ytt-playground/{name}")
        src = f"ytt playground {name} (real)"
        case(f"playground-{name}", group, f"{src}: -f config -f prod (folders, templates left unevaluated, .star and .lib.yml files)",
             files, ["-f", "config", "-f", "prod"] + INSPECT)
        case(f"playground-{name}-export", group, f"{src}: the overlaid schema exported",
             files, ["-f", "config", "-f", "prod"] + EXPORT)


OWN_BASE = "#@data/values-schema\n---\na: 1\nb:\n  c: x\n  d: [1]\n"
OVERLAYS = [
    ("remove", "#@overlay/remove\nb: {}\n"),
    ("remove-unmatched", "#@overlay/remove\nz: {}\n"),
    ("remove-missing-ok", "#@overlay/remove\n#@overlay/match missing_ok=True\nz: {}\n"),
    ("replace", "#@overlay/replace\nb: 3\n"),
    ("replace-unmatched", "#@overlay/replace\nz: 3\n"),
    ("replace-or-add", "#@overlay/replace or_add=True\nz: 3\n"),
    ("two-ops", "#@overlay/replace\n#@overlay/remove\nb: 3\n"),
    ("append-on-map-item", "#@overlay/append\nb: 3\n"),
    ("expects-0", "#@overlay/match expects=0\nz: 3\n"),
    ("expects-1-unmatched", "#@overlay/match expects=1\nz: 3\n"),
    ("missing-ok-not-bool", "#@overlay/match missing_ok=1\nz: 3\n"),
    ("missing-ok-and-expects", "#@overlay/match missing_ok=True, expects=1\nz: 3\n"),
    ("unknown-match-kwarg", "#@overlay/match foo=1\nz: 3\n"),
    ("unknown-replace-kwarg", "#@overlay/replace foo=1\nb: 3\n"),
    ("nested-missing-ok", "b:\n  #@overlay/match missing_ok=True\n  e: 2\n  d: [2]\n"),
    ("child-defaults", "#@overlay/match-child-defaults missing_ok=True\nb:\n  e: 2\n  f:\n    g: 1\n"),
    ("map-over-scalar", "a: {x: 1}\n"),
    ("scalar-over-map", "b: 5\n"),
    ("replace-with-validation", "#@overlay/replace\nb:\n  #@schema/validation min_len=3\n  c: \"ab\"\n"),
    ("merge-keeps-first-annotations", "b:\n  #@schema/validation min_len=9\n  c: \"abcd\"\n"),
    ("load-overlay-unused", None),
]


def own():
    group = "schema-overlay"
    for oid, text in OVERLAYS:
        second = ("#@ load(\"@ytt:overlay\", \"overlay\")\n#@data/values-schema\n---\n"
                  "#@overlay/match missing_ok=True\nz: 2\n") if text is None else "#@data/values-schema\n---\n" + text
        files = [{"name": "schema.yml", "text": OWN_BASE}, {"name": "schema-2.yml", "text": second}]
        case(f"overlay-{oid}", group, f"own schema overlaid by a second schema file: {oid}",
             files, ["-f", "schema.yml", "-f", "schema-2.yml"] + INSPECT)
    files = [{"name": "config/schema.yml", "text": OWN_BASE},
             {"name": "config/values/a.yml", "text": "#@data/values\n---\na: 2\n"},
             {"name": "config/values/b.yml", "text": "#@data/values\n---\na: 3\n"},
             {"name": "config/notes.txt", "text": "not YAML: passed over\n"},
             {"name": "config/_ytt_lib/lib/schema.yml", "text": "#@data/values-schema\n---\nq: 1\n"}]
    case("folder-order-and-kinds", group, "own folder: sorted files, .txt and _ytt_lib passed over, names relative to the folder",
         files, ["-f", "config/"] + INSPECT)
    case("folder-type-error-names", group, "own folder: a type error names the file relative to the folder",
         with_file(files, "config/values/b.yml", "#@data/values\n---\na: \"x\"\n"), ["-f", "config/"] + INSPECT)
    case("base-name-in-messages", group, "own: a file given by its path is named by its base name",
         files + [{"name": "more/values.yml", "text": "b:\n  c: 1\n"}],
         ["-f", "config/schema.yml", "--data-values-file", "more/values.yml"] + INSPECT)
    case("named-file", group, "own: -f name=path names the file",
         files, ["-f", "s.yml=config/schema.yml", "-f", "v.yml=config/values/b.yml"] + INSPECT)
    case("two-equals", group, "own: -f with two '=' signs",
         files, ["-f", "a=b=config/schema.yml"] + INSPECT)
    repeated = [
        {"name": "s.yml", "text": "#@data/values-schema\n---\na: 1\nb:\n  c: x\n"},
        {"name": "s2.yml", "text": "#@data/values-schema\n---\na: 1\nb:\n  c: x\n  c: y\n"},
        {"name": "v.yml", "text": "#@data/values\n---\na: 2\na: 3\n"},
        {"name": "v2.yml", "text": "#@data/values\n---\na: 2\nb: {c: y}\n#@yaml/map-key-override\na: 3\n"},
        {"name": "p.yml", "text": "a: 3\n"},
    ]
    for rid, args in [
        ("values", ["-f", "s.yml", "-f", "v.yml"]),
        ("values-override", ["-f", "s.yml", "-f", "v2.yml"]),
        ("schema", ["-f", "s2.yml"]),
        ("second-schema", ["-f", "s.yml", "-f", "s2.yml"]),
        ("second-values-and-plain", ["-f", "s.yml", "-f", "v2.yml", "-f", "v.yml", "--data-values-file", "p.yml"]),
        ("values-no-schema", ["-f", "v.yml"]),
        ("values-and-kv", ["-f", "s.yml", "-f", "v.yml", "-v", "a=1"]),
    ]:
        case(f"repeated-key-{rid}", "repeated-keys", "own: a key given twice in a template (@yaml/map-key-override)",
             repeated, args + INSPECT)


def flags():
    """-v/--data-value and --data-value-yaml over the GCP package (with its real values.yaml)."""
    files = tree("gcp-custom-organization-policy-library")
    group = "data-value-flags"
    base = ["-f", "build/config/schema.yaml", "-f", "build/config/services/", "-f", "values.yaml"]
    kvs = [
        ("string-for-bool", "a string where the schema says boolean", ["-v", "dryrun=true"]),
        ("yaml-bool", "a YAML boolean", ["--data-value-yaml", "dryrun=true"]),
        ("string-key-path", "a nested string that breaks one_of", ["-v", "dns.dnsRequirePolicyLogging.generation=bad"]),
        ("string-key-path-valid", "a nested string within one_of", ["-v", "dns.dnsRequirePolicyLogging.generation=skip"]),
        ("yaml-list", "a YAML list replacing a list", ["--data-value-yaml", "gke.gkeAllowedNodePoolImages.params.images=[a, b]"]),
        ("yaml-list-wrong-items", "a YAML list of ints for a list of strings", ["--data-value-yaml", "gke.gkeAllowedNodePoolImages.params.images=[1]"]),
        ("undeclared", "a key no schema file declares", ["-v", "nope.x=1"]),
        ("no-equals", "an argument without '='", ["-v", "dryrun"]),
        ("strings-before-yaml", "-v after --data-value-yaml on the command line, applied before it", ["--data-value-yaml", "dryrun=true", "-v", "dryrun=false"]),
        ("over-values-file", "-v over --data-values-file", ["--data-values-file", "plain.yaml", "-v", "organization=42"]),
        ("empty-yaml", "an empty YAML value (null)", ["--data-value-yaml", "organization="]),
        ("file", "--data-value-file: a file's text as a string", ["--data-value-file", "organization=org.txt"]),
        ("file-type-error", "--data-value-file: a file's text where the schema says boolean (quoted whole)", ["--data-value-file", "dryrun=org.txt"]),
        ("file-missing", "--data-value-file: a file that does not exist", ["--data-value-file", "organization=nope.txt"]),
        ("file-after-kv", "--data-value-file applied after -v whatever the order", ["--data-value-file", "organization=org.txt", "-v", "organization=x"]),
    ]
    values = next(f["text"] for f in files if f["name"] == "values.yaml")
    extra = [{"name": "plain.yaml", "text": "dryrun: true\n"}, {"name": "org.txt", "text": "12345\nline two\n"}]
    for kid, what, args in kvs:
        case(f"kv-{kid}", group, f"GCP custom-organization-policy-library (real) with its values.yaml: {what}",
             files + extra, base + args + INSPECT)
    assert values


FUNCTION_SCHEMA = """#@ def valid_port(v):
#@   return v > 1023
#@ end
#@ def same_mode(v, ctx):
#@   return ctx.parent["mode"] == "x"
#@ end
#@ def short(v):
#@   return len(v) < 4
#@ end
#@ def short_name(v):
#@   return short(v) and v != ""
#@ end
#@ def not_empty(v):
#@   return len(v) > 0
#@ end

#@data/values-schema
---
#@schema/validation ("an unprivileged port", valid_port)
port: 2000
mode: "y"
#@schema/validation ("a small size", lambda v: v < 5), when=same_mode
size: 10
#@schema/validation ("a short name", short_name)
name: abc
#@schema/type any=True
#@schema/validation ("not empty", not_empty)
label: x
"""

STAR_SCHEMA = """#@ load("@ytt:overlay", "overlay")
#@ load("lib/helpers.star", "small", "tiny")

#@data/values-schema
---
#@schema/validation ("small", small)
a: 3
#@schema/validation ("tiny", tiny), when=lambda v, ctx: ctx.root["a"] > 0
b: 1
"""

STAR_HELPERS = """# Functions of one return, one calling another.
def small(v):
  return v < 5
end

def tiny(v):
  return small(v) and v < 2
end
"""


def functions():
    """Own schemas with `#@ def` functions of one `return` and `.star` files of them."""
    group = "functions"
    files = [{"name": "schema.yml", "text": FUNCTION_SCHEMA}]
    for fid, what, values in [
        ("defaults", "the schema's defaults (all valid)", None),
        ("port", "a port under valid_port's bound", "port: 80\n"),
        ("when-on", "when=same_mode turned on, the guarded rule broken", "mode: x\n"),
        ("when-on-valid", "when=same_mode turned on, the guarded rule kept", "mode: x\nsize: 1\n"),
        ("nested", "a function calling another, broken", "name: abcdef\n"),
        ("nested-empty", "a function calling another, broken by its second operand", "name: \"\"\n"),
        ("error", "a function that fails (len of an int)", "label: 5\n"),
    ]:
        fs = files if values is None else files + [{"name": "values.yml", "text": values}]
        args = ["-f", "schema.yml"] + ([] if values is None else ["--data-values-file", "values.yml"])
        case(f"def-{fid}", group, f"own schema with #@ def functions used by validations and when=: {what}",
             fs, args + INSPECT)
    assert_values = ("#@ def positive(v):\n#@   return v > 0\n#@ end\n#@data/values\n---\n"
                     "#@assert/validate (\"positive\", positive)\nport: -1\n")
    case("def-assert-validate", group, "own data-values file with a #@ def used by @assert/validate",
         [{"name": "values.yml", "text": assert_values}], ["-f", "values.yml"] + INSPECT)
    case("def-assert-validate-schema", group, "own data-values file with a #@ def used by @assert/validate, over the schema",
         files + [{"name": "values.yml", "text": assert_values}], ["-f", "schema.yml", "-f", "values.yml"] + INSPECT)
    star = [{"name": "config/schema.yml", "text": STAR_SCHEMA},
            {"name": "config/lib/helpers.star", "text": STAR_HELPERS}]
    for sid, what, values in [
        ("defaults", "the schema's defaults (all valid)", None),
        ("broken", "both functions broken", "a: 7\nb: 3\n"),
        ("tiny", "the function calling another, broken by its own operand", "b: 2\n"),
    ]:
        fs = star if values is None else star + [{"name": "values.yml", "text": values}]
        args = ["-f", "config/"] + ([] if values is None else ["--data-values-file", "values.yml"])
        case(f"star-{sid}", group, f"own folder: a schema loading functions of one return from lib/helpers.star: {what}",
             fs, args + INSPECT)
    case("star-named", group, "own: the .star file named by -f beside the schema",
         star, ["-f", "config/schema.yml", "-f", "lib/helpers.star=config/lib/helpers.star"] + INSPECT)
    case("star-export", group, "own folder: the schema exported (functions are not part of it)",
         star, ["-f", "config/"] + EXPORT)


STATEMENT_SCHEMA = """#@ load("@ytt:overlay", "overlay")
#@ def in_range(v, low=1, high=10):
#@   if v < low:
#@     fail("{} is below {}".format(v, low))
#@   elif v > high:
#@     return False
#@   end
#@   return True
#@ end
#@ def unique(items):
#@   seen = []
#@   for item in items:
#@     if item in seen:
#@       fail("duplicate: " + item)
#@     end
#@     seen += [item]
#@   end
#@   return True
#@ end
#@ def count_enabled(m):
#@   n = 0
#@   for k in m:
#@     if not m[k]:
#@       continue
#@     end
#@     n += 1
#@     if n > 2:
#@       break
#@     end
#@   end
#@   return n
#@ end
#@ def at_most_two(m):
#@   return count_enabled(m) <= 2
#@ end
#@ def first_even(items):
#@   for i in range(len(items)):
#@     if items[i] % 2 == 0:
#@       return i
#@     end
#@   end
#@   return -1
#@ end
#@ def has_even(items):
#@   return first_even(items) >= 0
#@ end
#@ def strict(v, ctx):
#@   mode = ctx.parent["mode"]
#@   if mode == "strict":
#@     return True
#@   end
#@   return False
#@ end
#@ def check(v, unused):
#@   return v > 0
#@ end
#@ def known_tier(v):
#@   weights = {"small": 1, "large": 3}
#@   total = weights[v] * 2
#@   return total > 0
#@ end

#@data/values-schema
---
#@schema/validation ("between 1 and 10", in_range)
replicas: 3
#@schema/validation ("unique names", unique)
names:
- ""
#@schema/validation ("at most two enabled", at_most_two)
features:
  a: true
  b: false
  c: false
#@schema/validation ("an even number", has_even)
numbers:
- 0
mode: lax
#@schema/validation ("positive", lambda v: check(v, "ignored")), when=strict
limit: 5
#@schema/validation ("a known tier", known_tier)
tier: small
"""

STATEMENT_STAR = """# Functions with statements.
def valid_hosts(hosts):
  for h in hosts:
    if not h.endswith(".example.com"):
      fail("{} is not under example.com".format(h))
    end
  end
  return True
end

def port_ok(p, reserved=[22, 25]):
  if p in reserved:
    return False
  end
  return p > 0 and p < 65536
end
"""

STATEMENT_STAR_SCHEMA = """#@ load("rules.star", "valid_hosts", "port_ok")
#@data/values-schema
---
#@schema/validation ("hosts under example.com", valid_hosts)
hosts:
- ""
#@schema/validation ("a free port", port_ok)
port: 8080
"""


def statements():
    """Own schemas with `#@ def` functions with statements, in the schema and in `.star` files."""
    group = "functions-statements"
    files = [{"name": "schema.yml", "text": STATEMENT_SCHEMA}]
    for fid, what, values in [
        ("defaults", "the schema's defaults (all valid)", None),
        ("fail", "fail() with a formatted message (a parameter's default)", "replicas: 0\n"),
        ("elif", "an elif returning False", "replicas: 11\n"),
        ("for-fail", "a for loop failing on a repeated item", "names: [a, b, a]\n"),
        ("for-valid", "a for loop over distinct items", "names: [a, b, c]\n"),
        ("break", "continue and break over a data map", "features: {a: true, b: true, c: true}\n"),
        ("continue", "continue over a data map, two enabled", "features: {a: true, b: false, c: true}\n"),
        ("range", "range() and %, no even number: a nested call returning -1", "numbers: [1, 3, 5]\n"),
        ("range-found", "range() and %, an even number at index 2", "numbers: [1, 3, 4]\n"),
        ("when-on", "when= a function with statements, turned on; a rule calling a function that ignores a parameter, broken", "mode: strict\nlimit: -1\n"),
        ("when-on-valid", "when= turned on, the rule kept", "mode: strict\nlimit: 2\n"),
        ("dict-key", "a dict lookup of a missing key (starlark-go's error as found:)", "tier: medium\n"),
        ("all", "every rule broken at once", "replicas: -3\nnames: [x, x]\nfeatures: {a: true, b: true, c: true}\nnumbers: [7]\nmode: strict\nlimit: 0\ntier: huge\n"),
    ]:
        fs = files if values is None else files + [{"name": "values.yml", "text": values}]
        args = ["-f", "schema.yml"] + ([] if values is None else ["--data-values-file", "values.yml"])
        case(f"stmt-{fid}", group, f"own schema with #@ def functions with statements: {what}", fs, args + INSPECT)
    assert_values = ("#@ def all_positive(m):\n#@   for k in m:\n#@     if m[k] <= 0:\n"
                     "#@       fail(\"{} is not positive\".format(k))\n#@     end\n#@   end\n#@   return True\n#@ end\n"
                     "#@data/values\n---\n#@assert/validate (\"all positive\", all_positive)\nports:\n  a: 1\n  b: -2\n")
    case("stmt-assert-validate", group, "own data-values file with a #@ def with statements used by @assert/validate",
         [{"name": "values.yml", "text": assert_values}], ["-f", "values.yml"] + INSPECT)
    star = [{"name": "config/schema.yml", "text": STATEMENT_STAR_SCHEMA},
            {"name": "config/rules.star", "text": STATEMENT_STAR}]
    for sid, what, values in [
        ("defaults", "the schema's defaults (all valid)", None),
        ("hosts", "a host failing the loop's check", "hosts: [a.example.com, b.example.org]\n"),
        ("reserved", "a port among a default parameter's list", "port: 22\n"),
        ("valid", "valid hosts and port", "hosts: [a.example.com]\nport: 443\n"),
    ]:
        fs = star if values is None else star + [{"name": "values.yml", "text": values}]
        args = ["-f", "config/"] + ([] if values is None else ["--data-values-file", "values.yml"])
        case(f"stmt-star-{sid}", group, f"own folder: a schema loading functions with statements from rules.star: {what}",
             fs, args + INSPECT)
    case("stmt-star-not-given", group, "own: the schema alone, its rules.star not among the -f files (ytt's error)",
         star, ["-f", "config/schema.yml"] + INSPECT)


MATCH_BASE = ("#@data/values-schema\n---\nname: app\nports:\n- name: http\n  port: 80\ntags:\n- \"\"\n"
              "db:\n  host: localhost\n  port: 5432\n")
LOAD = "#@ load(\"@ytt:overlay\", \"overlay\")\n"
MATCH_VALUES = "name: web\nports:\n- name: https\n  port: 443\ntags: [a]\ndb:\n  host: db.example\n  port: 6543\n"
# (id, what, the second schema file after its `#@data/values-schema` line, args: "inspect",
# "values" (with MATCH_VALUES as --data-values-file) or "export")
MATCHING = [
    # map items: by=
    ("map-by-lambda-key", "by= a lambda of the key: a new key merged into db",
     "---\n#@overlay/match by=lambda k, l, r: k == \"db\"\ndatabase:\n  host: remote\n", "values"),
    ("map-by-subset", "by=overlay.subset() on map items",
     "---\n#@overlay/match by=overlay.subset({\"host\": \"localhost\"})\nx:\n  port: 1\n", "inspect"),
    ("map-by-map-key-not-map", "by=overlay.map_key() where a left value is a string (ytt's error)",
     "---\n#@overlay/match by=overlay.map_key(\"name\")\ndb: {}\n", "inspect"),
    ("map-by-string", "by=\"name\" (overlay.map_key) on map items (ytt's error)",
     "---\n#@overlay/match by=\"host\"\ndb:\n  host: x\n", "inspect"),
    ("map-by-lambda-fails", "by= a lambda that fails (starlark's error)",
     "---\n#@overlay/match by=lambda k, l, r: l[\"x\"]\ndb: {}\n", "inspect"),
    ("map-by-lambda-not-bool", "by= a lambda returning an int",
     "---\n#@overlay/match by=lambda k, l, r: 1\ndb: {}\n", "inspect"),
    ("map-by-int", "by=3 (neither string nor function)",
     "---\n#@overlay/match by=3\ndb: {}\n", "inspect"),
    ("map-by-all-many", "by=overlay.all matching every item (the lines of the matches)",
     "---\n#@overlay/match by=overlay.all\nname: x\n", "inspect"),
    ("map-by-remove-several", "@overlay/remove by= a lambda with expects=\"1+\": two keys removed",
     "---\n#@overlay/remove\n#@overlay/match by=lambda k, l, r: k in [\"tags\", \"db\"], expects=\"1+\"\nx: 0\n", "inspect"),
    ("map-by-index", "by=overlay.index() on a map item (its key is no int)",
     "---\n#@overlay/match by=overlay.index(0)\ndb: {}\n", "inspect"),
    ("map-by-and-nested-error", "by=overlay.and_op(overlay.all, overlay.map_key()) failing inside",
     "---\n#@overlay/match by=overlay.and_op(overlay.all, overlay.map_key(\"name\"))\ndb: {}\n", "inspect"),
    ("map-by-not-lambda-error", "by=overlay.not_op(lambda) failing inside (ytt names not_op's function or_op)",
     "---\n#@overlay/match by=overlay.not_op(lambda k, l, r: l[\"x\"])\ndb: {}\n", "inspect"),
    ("map-by-and-not-bool", "by=overlay.and_op with a lambda returning an int",
     "---\n#@overlay/match by=overlay.and_op(overlay.all, lambda k, l, r: 2)\ndb: {}\n", "inspect"),
    ("map-by-or-not", "by=overlay.or_op(overlay.not_op(...), ...): one key matched",
     "---\n#@overlay/match by=overlay.or_op(overlay.subset({\"host\": \"nope\"}), overlay.not_op(lambda k, l, r: k != \"db\"))\nx:\n  host: remote\n", "values"),
    ("map-by-def", "by= a #@ def function of the file",
     "---\n#@ def is_db(k, l, r):\n#@   return k == \"db\"\n#@ end\n#@overlay/match by=is_db\nx:\n  port: 7\n", "inspect"),
    ("map-undefined-overlay", "overlay.all without load(\"@ytt:overlay\") (ytt's Templating error)",
     "---\n#@overlay/match by=overlay.all\ndb: {}\n", "inspect-noload"),
    # map items: when=, expects=, missing_ok
    ("map-when-0", "when=0 on a missing key: added",
     "---\n#@overlay/match when=0\nmissing: 1\nname: x\n", "inspect"),
    ("map-when-1-missing", "when=1 on a missing key: skipped",
     "---\n#@overlay/match when=1\nmissing: 1\nname: x\n", "inspect"),
    ("map-when-plus", "when=\"1+\" on a present key: merged",
     "---\n#@overlay/match when=\"1+\"\nname: x\n", "inspect"),
    ("map-when-list", "when=[0, 1] on a missing key: added",
     "---\n#@overlay/match when=[0, 1]\nmissing: 1\n", "inspect"),
    ("map-when-lambda", "when=lambda n: n == 0: a missing key added, a present one skipped",
     "---\n#@overlay/match when=lambda n: n == 0\nmissing: 1\n#@overlay/match when=lambda n: n == 0\nname: x\n", "inspect"),
    ("map-when-bad-string", "when=\"x\" (ytt's format error, not a skip)",
     "---\n#@overlay/match when=\"x\"\nname: x\n", "inspect"),
    ("map-expects-plus-unmatched", "expects=\"1+\" on a missing key",
     "---\n#@overlay/match expects=\"1+\"\nmissing: 1\n", "inspect"),
    ("map-expects-list", "expects=[0, 1] on a missing key: added",
     "---\n#@overlay/match expects=[0, 1]\nmissing: 1\n", "inspect"),
    ("map-expects-list-failing", "expects=[2, \"3+\"]: the last error, with the lines of the matches",
     "---\n#@overlay/match expects=[2, \"3+\"]\nname: 1\n", "inspect"),
    ("map-expects-bad-string", "expects=\"x\"",
     "---\n#@overlay/match expects=\"x\"\nname: x\n", "inspect"),
    ("map-expects-lambda", "expects=lambda n: n == 1",
     "---\n#@overlay/match expects=lambda n: n == 1\nname: x\n", "inspect"),
    ("map-expects-lambda-false", "expects=lambda n: n == 2",
     "---\n#@overlay/match expects=lambda n: n == 2\nname: x\n", "inspect"),
    ("map-expects-lambda-not-bool", "expects=lambda n: 1",
     "---\n#@overlay/match expects=lambda n: 1\nname: x\n", "inspect"),
    ("map-expects-float", "expects=1.5",
     "---\n#@overlay/match expects=1.5\nname: x\n", "inspect"),
    ("map-expects-0-matched", "expects=0 on a present key (the line of the match)",
     "---\n#@overlay/match expects=0\nname: x\n", "inspect"),
    ("map-when-and-missing-ok", "when= with missing_ok=",
     "---\n#@overlay/match when=\"1+\", missing_ok=True\nname: x\n", "inspect"),
    ("map-child-defaults-when", "@overlay/match-child-defaults when=\"0+\": new nested keys added",
     "---\n#@overlay/match-child-defaults when=\"0+\"\ndb:\n  user: admin\n  host: remote\n", "inspect"),
    ("map-child-defaults-unknown", "@overlay/match-child-defaults with an unknown keyword",
     "---\n#@overlay/match-child-defaults by=overlay.all\ndb:\n  host: remote\n", "inspect"),
    # @overlay/replace via=
    ("replace-via-new", "@overlay/replace via=lambda l, r: r (the new node, its annotations and lines)",
     "---\n#@overlay/replace via=lambda l, r: r\ndb:\n  #@schema/validation min_len=15\n  host: remote\n  port: 1\n", "values"),
    ("replace-via-old", "@overlay/replace via=lambda l, r: l (the old node and its lines)",
     "---\n#@overlay/replace via=lambda l, r: l\ndb:\n  host: remote\n", "values"),
    ("replace-via-def", "@overlay/replace via= a #@ def function concatenating strings",
     "---\n#@ def both(l, r):\n#@   return l + \"-\" + r\n#@ end\n#@overlay/replace via=both\nname: x\n", "inspect"),
    ("replace-via-scalar", "@overlay/replace via= a lambda returning an int over a map",
     "---\n#@overlay/replace via=lambda l, r: 7\ndb:\n  host: remote\n", "values"),
    ("replace-via-none", "@overlay/replace via= a lambda returning None (a null schema node)",
     "---\n#@overlay/replace via=lambda l, r: None\ndb:\n  host: remote\n", "inspect"),
    ("replace-via-not-function", "@overlay/replace via=3",
     "---\n#@overlay/replace via=3\nname: x\n", "inspect"),
    ("replace-via-fails", "@overlay/replace via= a lambda that fails",
     "---\n#@overlay/replace via=lambda l, r: l[\"x\"]\nname: x\n", "inspect"),
    ("replace-or-add-not-bool", "@overlay/replace or_add=1",
     "---\n#@overlay/replace or_add=1\nname: x\n", "inspect"),
    ("replace-or-add-via", "@overlay/replace or_add=True via=: a missing key added with what via returns",
     "---\n#@overlay/replace or_add=True, via=lambda l, r: r\n#@overlay/match missing_ok=True\nmissing: 1\n", "inspect"),
    ("replace-by-lambda", "@overlay/replace with by=: the matched item replaced by the new key",
     "---\n#@overlay/replace\n#@overlay/match by=lambda k, l, r: k == \"name\"\ntitle: x\n", "inspect"),
    # @overlay/assert
    ("assert-equal", "@overlay/assert of an equal value",
     "---\n#@overlay/assert\nname: app\n", "inspect"),
    ("assert-not-equal", "@overlay/assert of another value",
     "---\n#@overlay/assert\nname: other\n", "inspect"),
    ("assert-map-subset", "@overlay/assert of a map holding less (passes, then merges)",
     "---\n#@overlay/assert\ndb:\n  host: localhost\n", "inspect"),
    ("assert-map-missing-key", "@overlay/assert of a map with a key the schema lacks",
     "---\n#@overlay/assert\ndb:\n  user: x\n", "inspect"),
    ("assert-via-true", "@overlay/assert via= a lambda returning True",
     "---\n#@overlay/assert via=lambda l, r: l == \"app\"\nname: other\n", "inspect"),
    ("assert-via-false", "@overlay/assert via= a lambda returning False",
     "---\n#@overlay/assert via=lambda l, r: l == \"x\"\nname: other\n", "inspect"),
    ("assert-via-message", "@overlay/assert via= a lambda returning (False, message)",
     "---\n#@overlay/assert via=lambda l, r: (False, \"bad name\")\nname: other\n", "inspect"),
    ("assert-via-neither", "@overlay/assert via= a lambda returning an int",
     "---\n#@overlay/assert via=lambda l, r: 3\nname: other\n", "inspect"),
    ("assert-via-none", "@overlay/assert via= a lambda returning None (passes)",
     "---\n#@overlay/assert via=lambda l, r: None\nname: other\n", "inspect"),
    ("assert-via-not-function", "@overlay/assert via=3",
     "---\n#@overlay/assert via=3\nname: other\n", "inspect"),
    ("assert-unknown-keyword", "@overlay/assert with an unknown keyword",
     "---\n#@overlay/assert by=1\nname: other\n", "inspect"),
    ("assert-missing", "@overlay/assert of a missing key",
     "---\n#@overlay/assert\nmissing: 1\n", "inspect"),
    # array items
    ("array-by-subset", "an array item merged by=overlay.subset(): the item's new type",
     "---\nports:\n#@overlay/match by=overlay.subset({\"name\": \"http\"})\n- port: 8080\n", "export"),
    ("array-by-subset-values", "the same, with values of the merged item type",
     "---\nports:\n#@overlay/match by=overlay.subset({\"name\": \"http\"})\n- port: 8080\n", "values"),
    ("array-by-subset-unmatched", "by=overlay.subset() matching no item",
     "---\nports:\n#@overlay/match by=overlay.subset({\"name\": \"https\"})\n- port: 8080\n", "inspect"),
    ("array-by-subset-new-key", "an array item merged with a key its item lacks",
     "---\nports:\n#@overlay/match by=overlay.subset({\"name\": \"http\"})\n- port: 8080\n  extra: true\n", "inspect"),
    ("array-unannotated", "an array item without annotation: appended, two items (ytt's schema error)",
     "---\nports:\n- name: https\n  port: 443\n", "inspect"),
    ("array-append", "@overlay/append: two items (ytt's schema error)",
     "---\nports:\n#@overlay/append\n- name: a\n  port: 1\n", "inspect"),
    ("array-remove-index", "@overlay/remove by=overlay.index(0): no item left (ytt's schema error)",
     "---\nports:\n#@overlay/remove\n#@overlay/match by=overlay.index(0)\n- x\n", "inspect"),
    ("array-remove-missing-ok", "@overlay/remove by=overlay.index(5), missing_ok=True: nothing removed",
     "---\nports:\n#@overlay/remove\n#@overlay/match by=overlay.index(5), missing_ok=True\n- x\n", "export"),
    ("array-replace-all", "@overlay/replace by=overlay.all: the item's type replaced",
     "---\nports:\n#@overlay/replace\n#@overlay/match by=overlay.all\n- name: x\n  weight: 1.5\n", "export"),
    ("array-replace-via", "@overlay/replace via=lambda l, r: l by=overlay.index(0): unchanged",
     "---\nports:\n#@overlay/replace via=lambda l, r: l\n#@overlay/match by=overlay.index(0)\n- 1\n", "export"),
    ("array-replace-or-add", "@overlay/replace or_add=True matching nothing: appended (two items)",
     "---\nports:\n#@overlay/replace or_add=True\n#@overlay/match by=overlay.index(3), missing_ok=True\n- 1\n", "inspect"),
    ("array-insert-before", "@overlay/insert before=True: two items (ytt's schema error)",
     "---\nports:\n#@overlay/insert before=True\n#@overlay/match by=overlay.index(0)\n- name: a\n", "inspect"),
    ("array-insert-no-keyword", "@overlay/insert without before= or after=",
     "---\nports:\n#@overlay/insert\n#@overlay/match by=overlay.index(0)\n- name: a\n", "inspect"),
    ("array-insert-unmatched", "@overlay/insert after=True, matching nothing with missing_ok=True: unchanged",
     "---\nports:\n#@overlay/insert after=True\n#@overlay/match by=overlay.index(4), missing_ok=True\n- name: a\n", "export"),
    ("array-by-string", "by=\"name\" (overlay.map_key) on array items",
     "---\nports:\n#@overlay/match by=\"name\"\n- name: http\n  port: 8080\n", "values"),
    ("array-by-map-key-missing", "by=overlay.map_key(\"id\"), a key the items lack",
     "---\nports:\n#@overlay/match by=overlay.map_key(\"id\")\n- id: 1\n", "inspect"),
    ("array-match-no-keyword", "@overlay/match without keyword arguments on an array item",
     "---\nports:\n#@overlay/match\n- name: a\n", "inspect"),
    ("array-match-no-by", "@overlay/match expects=1 without by= on an array item",
     "---\nports:\n#@overlay/match expects=1\n- name: a\n", "inspect"),
    ("array-assert-via", "@overlay/assert via= on an array item, failing",
     "---\nports:\n#@overlay/assert via=lambda l, r: l[\"port\"] > 100\n#@overlay/match by=overlay.index(0)\n- name: a\n", "inspect"),
    ("array-assert", "@overlay/assert on an array item, passing",
     "---\nports:\n#@overlay/assert\n#@overlay/match by=overlay.index(0)\n- name: http\n", "export"),
    ("array-by-lambda-scalar", "by= a lambda on an array of strings: its item type replaced",
     "---\ntags:\n#@overlay/match by=lambda i, l, r: i == 0\n- 0\n", "values"),
    ("array-by-or-lambda", "by=overlay.or_op(overlay.index(3), lambda...)",
     "---\nports:\n#@overlay/match by=overlay.or_op(overlay.index(3), lambda i, l, r: l[\"port\"] == 80)\n- port: 1\n", "export"),
    ("array-by-def", "by= a #@ def function comparing names",
     "---\n#@ def same_name(i, l, r):\n#@   return l[\"name\"] == r[\"name\"]\n#@ end\nports:\n#@overlay/match by=same_name\n- name: http\n  port: 8080\n", "export"),
    ("array-child-defaults", "@overlay/match-child-defaults missing_ok=True on an array item: a new key added",
     "---\nports:\n#@overlay/match by=overlay.index(0)\n#@overlay/match-child-defaults missing_ok=True\n- protocol: TCP\n", "export"),
    ("array-by-lambda-fails", "by= a lambda failing on an array item",
     "---\nports:\n#@overlay/match by=lambda i, l, r: l[\"id\"]\n- name: a\n", "inspect"),
    # documents
    ("document-expects-2", "@overlay/match expects=2 on the document (matched exactly once)",
     "#@overlay/match expects=2\n---\nname: x\n", "inspect"),
    ("document-when-2", "@overlay/match when=2 on the document: skipped",
     "#@overlay/match when=2\n---\nname: x\n", "inspect"),
    ("document-replace", "@overlay/replace on the document: the schema replaced",
     "#@overlay/replace\n---\nother: 1\n", "inspect"),
    ("document-assert-via", "@overlay/assert via= on the document, failing",
     "#@overlay/assert via=lambda l, r: len(l) == 1\n---\nname: app\n", "inspect"),
]


def overlay_matching():
    group = "schema-overlay-matching"
    for oid, what, text, mode in MATCHING:
        head = "" if mode == "inspect-noload" else LOAD
        # The document annotations go above `---`, after `#@data/values-schema`.
        schema = head + "#@data/values-schema\n" + text
        files = [{"name": "schema.yml", "text": MATCH_BASE}, {"name": "schema-2.yml", "text": schema}]
        args = ["-f", "schema.yml", "-f", "schema-2.yml"]
        if mode == "values":
            files.append({"name": "values.yml", "text": MATCH_VALUES})
            args += ["--data-values-file", "values.yml"] + INSPECT
        elif mode == "export":
            args += EXPORT
        else:
            args += INSPECT
        case(f"match-{oid}", group, f"own schema overlaid by a second schema file: {what}", files, args)


if __name__ == "__main__":
    sys.stdout.reconfigure(newline="\n")
    gcp()
    playground()
    own()
    flags()
    functions()
    statements()
    overlay_matching()
