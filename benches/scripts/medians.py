#!/usr/bin/env python3
"""Prints the medians of the last `cargo bench -p validgen-benches` run as a table, from
criterion's estimates under $CARGO_TARGET_DIR/criterion (default target/criterion)."""
import json
import os
import sys
from pathlib import Path

root = Path(os.environ.get("CARGO_TARGET_DIR", Path(__file__).resolve().parents[2] / "target"))
crit = root / "criterion"
rows = []
for est in sorted(crit.glob("*/*/*/new/estimates.json")) + sorted(crit.glob("*/*/new/estimates.json")):
    bench = json.loads((est.parent / "benchmark.json").read_text())
    median = json.loads(est.read_text())["median"]
    rows.append((bench["full_id"], median["point_estimate"],
                 median["confidence_interval"]["lower_bound"],
                 median["confidence_interval"]["upper_bound"]))

def fmt(ns):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"

want = sys.argv[1:]
for full_id, m, lo, hi in sorted(set(rows)):
    if not want or any(w in full_id for w in want):
        print(f"{full_id:45} {fmt(m):>10}   [{fmt(lo)} – {fmt(hi)}]")
