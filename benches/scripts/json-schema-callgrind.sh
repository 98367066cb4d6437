#!/usr/bin/env bash
# Instructions per iteration of each path of the JSON Schema benchmark, with callgrind:
# (Ir(N2) - Ir(N1)) / (N2 - N1) of the prof loop `examples/json_schema_prof.rs`, so that the
# setup (fixtures, schemas compiled once) cancels out.
#
#   cargo build --release --example json_schema_prof      # in benches/
#   benches/scripts/json-schema-callgrind.sh              # every mode and case; or MODES=..., CASES=...
#
# Environment: PROF (the binary; default $CARGO_TARGET_DIR/release/examples/json_schema_prof
# or target/release/examples/json_schema_prof), MODES, CASES (space-separated lists).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
prof=${PROF:-${CARGO_TARGET_DIR:-$root/target}/release/examples/json_schema_prof}
[ -x "$prof" ] || { echo "no $prof: cargo build --release --example json_schema_prof" >&2; exit 2; }
modes=${MODES:-value value-is-valid jsonschema-value bytes bytes-is-valid tape-parse value-parse jsonschema-bytes}
cases=${CASES:-traefik/valid cert-manager/valid gateway/valid olm/valid bundle/base-valid bundle/realtime-valid bundle/many-invalid}
out=$(mktemp -d "${TMPDIR:-/tmp}/validgen-cg.XXXXXX")
trap 'rm -rf "$out"' EXIT

ir() { # mode, case, n
    valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$prof" "$1" "$2" "$3" 2>&1 \
        | awk '/Collected/ { print $NF }'
}

printf '%-18s %-24s %12s\n' mode case 'Ir/iteration'
for mode in $modes; do
    for case in $cases; do
        n1=200 n2=1200
        a=$(ir "$mode" "$case" $n1)
        b=$(ir "$mode" "$case" $n2)
        printf '%-18s %-24s %12d\n' "$mode" "$case" $(( (b - a) / (n2 - n1) ))
    done
done
