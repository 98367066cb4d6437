#!/usr/bin/env python3
"""Appends the `data-values-overlay` group to ../packages.jsonl from a ytt 0.48.0 binary:
`#@data/values` documents with every overlay form ytt accepts on them (`@overlay/match by=`,
`when=`, `expects=`, `missing_ok=`, `@overlay/replace via=`, `@overlay/insert`,
`@overlay/append`, `@overlay/assert` with and without `via=`, on map items, array items and
the document), good and bad, over an own schema and the real TCE secretgen-controller package;
each case run twice as `record.py` runs its own.

    YTT=/path/to/ytt python3 record_dv_overlay.py >> ../packages.jsonl
"""

import sys

from record import INSPECT, case, tree

GROUP = "data-values-overlay"
LOAD = '#@ load("@ytt:overlay", "overlay")\n'
SCHEMA = """#@data/values-schema
---
a: 1
name: ""
list:
- name: ""
  port: 0
m:
  x: ""
  count: 0
tags:
- ""
"""
BASE = """#@data/values
---
list:
- name: a
  port: 1
- name: b
  port: 2
tags: [t1, t2]
"""

# (id, what, over.yml's text after `#@data/values` and `---` unless it starts with `#@data/values`;
# None: a text of DEFS).
OWN = [
    ("by-lambda", "an array item matched by a lambda of the index and both items, merged",
     'list:\n#@overlay/match by=lambda i, l, r: l["name"] == "b"\n- port: 9\n'),
    ("by-map-key", "overlay.map_key(\"name\")",
     'list:\n#@overlay/match by=overlay.map_key("name")\n- name: a\n  port: 7\n'),
    ("by-map-key-unmatched", "overlay.map_key matching nothing",
     'list:\n#@overlay/match by=overlay.map_key("name")\n- name: c\n  port: 7\n'),
    ("by-map-key-missing-ok", "overlay.map_key matching nothing with missing_ok=True: the item appended",
     'list:\n#@overlay/match by=overlay.map_key("name"), missing_ok=True\n- name: c\n  port: 7\n'),
    ("by-subset-remove", "overlay.subset removing an item",
     'list:\n#@overlay/match by=overlay.subset({"port": 2})\n#@overlay/remove\n- {}\n'),
    ("by-index-replace", "overlay.index(0) replacing an item",
     'list:\n#@overlay/match by=overlay.index(0)\n#@overlay/replace\n- name: z\n'),
    ("by-all-expects", "overlay.all with expects=\"1+\": every item merged",
     'list:\n#@overlay/match by=overlay.all, expects="1+"\n- port: 5\n'),
    ("by-all-expects-1", "overlay.all with expects=1 matching two (the lines of the matches)",
     'list:\n#@overlay/match by=overlay.all, expects=1\n- port: 5\n'),
    ("by-def", "by= a #@ def function",
     None),
    ("by-fails", "a by= lambda failing (a key missing)",
     'list:\n#@overlay/match by=lambda i, l, r: l["nope"] == 1\n- port: 5\n'),
    ("by-not-bool", "a by= lambda returning a string",
     'list:\n#@overlay/match by=lambda i, l, r: "yes"\n- port: 5\n'),
    ("by-without-load", "overlay.map_key in a file that does not load @ytt:overlay",
     '#@data/values\n---\nlist:\n#@overlay/match by=overlay.map_key("name")\n- name: a\n  port: 7\n'),
    ("array-no-by", "@overlay/match on an array item without by=",
     'list:\n#@overlay/match expects=1\n- port: 5\n'),
    ("insert-before", "@overlay/insert before=True at overlay.index(0)",
     'list:\n#@overlay/match by=overlay.index(0)\n#@overlay/insert before=True\n- name: z\n  port: 3\n'),
    ("insert-after-via", "@overlay/insert after=True with via= (the new item)",
     'list:\n#@overlay/match by=overlay.index(1)\n#@overlay/insert after=True, via=lambda l, r: r\n- name: z\n'),
    ("append", "@overlay/append on an array item",
     'tags:\n#@overlay/append\n- t3\n'),
    ("append-map-item", "@overlay/append on a map item (ytt's error)",
     '#@overlay/append\na: 3\n'),
    ("replace-via", "@overlay/replace via= a lambda (the new value)",
     '#@overlay/replace via=lambda l, r: r\na: 2\n'),
    ("replace-via-def", "@overlay/replace via= a #@ def function",
     None),
    ("replace-via-fails", "@overlay/replace via= failing (a subscript of an int)",
     '#@overlay/replace via=lambda l, r: l["x"]\na: 2\n'),
    ("assert-equal", "@overlay/assert of an equal value",
     '#@overlay/assert\na: 1\n'),
    ("assert-differs", "@overlay/assert of another value",
     '#@overlay/assert\na: 2\n'),
    ("assert-via", "@overlay/assert via= a lambda holding",
     '#@overlay/assert via=lambda l, r: l == 1\na: 7\n'),
    ("assert-via-message", "@overlay/assert via= returning (False, message)",
     '#@overlay/assert via=lambda l, r: (l == r, "a differs")\na: 7\n'),
    ("when-skip", "when=0 on a key that matches once: skipped",
     '#@overlay/match when=0\na: 5\n'),
    ("when-function", "when= a function of the number of matches",
     '#@overlay/match when=lambda n: n == 1\na: 5\n'),
    ("expects-2", "expects=2 on a map item matching once",
     '#@overlay/match expects=2\na: 5\n'),
    ("expects-list", "expects=[0, 1] on a map item",
     '#@overlay/match expects=[0, 1]\na: 5\n'),
    ("missing-ok-and-expects", "missing_ok= with expects= (ytt's error)",
     '#@overlay/match missing_ok=True, expects=1\na: 5\n'),
    ("child-defaults", "@overlay/match-child-defaults expects=\"0+\" over a map",
     '#@overlay/match-child-defaults expects="0+"\nm:\n  x: hi\n'),
    ("document-expects", "the document's @overlay/match expects=2 (the data values' line)",
     '#@data/values\n#@overlay/match expects=2\n---\na: 5\n'),
    ("document-when", "the document's @overlay/match when=2: the document skipped",
     '#@data/values\n#@overlay/match when=2\n---\na: 5\n'),
    ("document-replace", "the document's @overlay/replace: the data values replaced (defaults filled again)",
     '#@data/values\n#@overlay/replace\n---\na: 5\n'),
    ("document-assert", "the document's @overlay/assert against the data values",
     '#@data/values\n#@overlay/assert\n---\na: 5\n'),
    ("document-append", "the document's @overlay/append: a document after the data values, which stay",
     '#@data/values\n#@overlay/append\n---\na: 5\n'),
    ("document-insert-before", "the document's @overlay/insert before=True: the new document first",
     '#@data/values\n#@overlay/insert before=True\n---\na: 5\n'),
]

DEFS = {
    "by-def": '#@ def second(i, l, r):\n#@   return i == 1\n#@ end\n#@data/values\n---\nlist:\n#@overlay/match by=second\n- port: 8\n',
    "replace-via-def": '#@ def double(l, r):\n#@   return l * r\n#@ end\n#@data/values\n---\n#@overlay/replace via=double\na: 4\n',
}


def own():
    src = "own schema and data values"
    for cid, what, text in OWN:
        if text is None:
            over = LOAD + DEFS[cid]
        elif text.startswith("#@data/values"):
            over = text if cid == "by-without-load" else LOAD + text
        else:
            over = LOAD + "#@data/values\n---\n" + text
        files = [{"name": "schema.yml", "text": SCHEMA}, {"name": "values.yml", "text": BASE},
                 {"name": "over.yml", "text": over}]
        case(f"dv-overlay-{cid}", GROUP, f"{src}; over.yml: {what}", files,
             ["-f", "schema.yml", "-f", "values.yml", "-f", "over.yml"] + INSPECT)
    # A key-value argument is an overlay too: a path through a list.
    files = [{"name": "schema.yml", "text": SCHEMA}, {"name": "values.yml", "text": BASE}]
    for cid, flag, kv in [("kv-into-list", "-v", "list.0.port=3"), ("kv-yaml-into-list", "--data-value-yaml", "tags.1=[x]")]:
        case(f"dv-overlay-{cid}", GROUP, f"{src}; {flag} {kv}: a key path into a list", files,
             ["-f", "schema.yml", "-f", "values.yml", flag, kv] + INSPECT)
    # Without a schema: the first document is the data values as written.
    files = [{"name": "values.yml", "text": BASE},
             {"name": "over.yml", "text": LOAD + "#@data/values\n---\n" + OWN[0][2]}]
    case("dv-overlay-no-schema", GROUP, "own data values without a schema; over.yml: an array item matched by a lambda",
         files, ["-f", "values.yml", "-f", "over.yml"] + INSPECT)


def secretgen():
    every = tree("tce-secretgen-controller")
    config = "bundle/config"
    core = [f for f in every if f["name"] in (config + "/schema.yaml", config + "/values.yaml", config + "/values.star")]
    args = ["-f", config + "/schema.yaml", "-f", config + "/values.yaml", "-f", config + "/values.star"]
    src = "vmware-tanzu/community-edition secretgen-controller (real)"
    runs = [
        ("via", "own over.yml: @overlay/replace via= a #@ def function on the namespace, @overlay/assert via= on createNamespace",
         LOAD + '#@ def suffixed(l, r):\n#@   return l + "-" + r\n#@ end\n#@data/values\n---\nsecretgenController:\n  #@overlay/replace via=suffixed\n  namespace: prod\n  #@overlay/assert via=lambda l, r: l == True\n  createNamespace: false\n'),
        ("assert-fails", "own over.yml: @overlay/assert of the image tag",
         LOAD + '#@data/values\n---\nsecretgenController:\n  image:\n    #@overlay/assert\n    tag: v1\n'),
    ]
    for cid, what, over in runs:
        case(f"dv-overlay-secretgen-{cid}", GROUP, f"{src}; {what}", core + [{"name": "over.yml", "text": over}],
             args + ["-f", "over.yml"] + INSPECT)


if __name__ == "__main__":
    sys.stdout.reconfigure(newline="\n")
    own()
    secretgen()
