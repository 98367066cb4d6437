#!/usr/bin/env bash
# Instructions per iteration of each path of the ytt benchmark, with callgrind:
# (Ir(N2) - Ir(N1)) / (N2 - N1) of the prof loop `examples/ytt_prof.rs`, so that the setup
# (fixtures, the schema built once) cancels out.
#
#   cargo build --release --example ytt_prof      # in benches/
#   benches/scripts/ytt-callgrind.sh              # every mode and case; or MODES=..., CASES=...
#
# Environment: PROF (the binary; default $CARGO_TARGET_DIR/release/examples/ytt_prof or
# target/release/examples/ytt_prof), MODES, CASES (space-separated lists).
set -euo pipefail

source "$(dirname "$0")/callgrind-common.sh"
prof=$(prof_binary ytt_prof)
modes=${MODES:-run-interpreted judge run-compiled schema-build values-interpreted values-compiled validations-interpreted validations-compiled}
cases=${CASES:-cert-manager-issuers cert-manager tekton-pipelines}

printf '%-24s %-22s %12s\n' mode case 'Ir/iteration'
for mode in $modes; do
    case $mode in
        validations-*) n1=1000 n2=11000 ;;
        *) n1=10 n2=60 ;;
    esac
    for c in $cases; do
        printf '%-24s %-22s %12s\n' "$mode" "$c" "$(per_iteration "$prof" "$mode" "$c" "$n1" "$n2")"
    done
done
