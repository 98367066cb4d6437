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

source "$(dirname "$0")/callgrind-common.sh"
prof=$(prof_binary json_schema_prof)
modes=${MODES:-value value-is-valid jsonschema-value jsonschema-errors interpreted bytes bytes-is-valid tape-parse value-parse jsonschema-bytes}
cases=${CASES:-traefik/valid cert-manager/valid gateway/valid olm/valid bundle/base-valid bundle/realtime-valid bundle/many-invalid devcontainer/universal-valid devcontainer/compose-valid devcontainer/misspelt-invalid iot-edge/valid iot-edge/misspelt-invalid pre-commit/valid pre-commit/misspelt-invalid}

printf '%-18s %-24s %12s\n' mode case 'Ir/iteration'
for mode in $modes; do
    n1=200 n2=1200
    for c in $cases; do
        printf '%-18s %-24s %12s\n' "$mode" "$c" "$(per_iteration "$prof" "$mode" "$c" "$n1" "$n2")"
    done
done
