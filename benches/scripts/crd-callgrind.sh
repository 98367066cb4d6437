#!/usr/bin/env bash
# Instructions per iteration (every object of a case once) of each path of the CRD benchmark,
# with callgrind: (Ir(N2) - Ir(N1)) / (N2 - N1) of the prof loop `examples/crd_prof.rs`, so
# that the setup (fixtures, schemas compiled once) cancels out.
#
#   cargo build --release --features crd-judges --example crd_prof   # in benches/
#   benches/scripts/crd-callgrind.sh      # every mode and case; or MODES=..., CASES=...
#
# `crd-judges` builds the compiled judges the `compiled` and `compiled-bytes` modes run.
set -euo pipefail

source "$(dirname "$0")/callgrind-common.sh"
prof=$(prof_binary crd_prof)
modes=${MODES:-judge judge-bytes compiled compiled-bytes structural cel}
cases=${CASES:-httproutes backendtrafficpolicies}

printf '%-14s %-24s %14s\n' mode case 'Ir/iteration'
for mode in $modes; do
    for c in $cases; do
        printf '%-14s %-24s %14s\n' "$mode" "$c" "$(per_iteration "$prof" "$mode" "$c" 2 7)"
    done
done
