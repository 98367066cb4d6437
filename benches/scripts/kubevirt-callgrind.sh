#!/usr/bin/env bash
# Instructions per iteration of the KubeVirt paths, with callgrind: (Ir(N2) - Ir(N1)) /
# (N2 - N1) of the prof loop `examples/kubevirt_prof.rs`, so that the setup (fixtures, the
# compiled catalog) cancels out.
#
#   cargo build --release --example kubevirt_prof      # in benches/
#   benches/scripts/kubevirt-callgrind.sh              # every mode and case; or MODES=..., CASES=...
#
# Environment: PROF (the binary; default $CARGO_TARGET_DIR/release/examples/kubevirt_prof or
# target/release/examples/kubevirt_prof), MODES, CASES (space-separated lists).
set -euo pipefail

source "$(dirname "$0")/callgrind-common.sh"
prof=$(prof_binary kubevirt_prof)
modes=${MODES:-eval eval-all interp review respond}
cases=${CASES:-rhel9-small win11 win11-25disks}

printf '%-12s %-16s %12s\n' mode case 'Ir/iteration'
for mode in $modes; do
    case $mode in
        eval | eval-all) n1=1000 n2=11000 ;;
        interp) n1=100 n2=1100 ;;
        *) n1=50 n2=550 ;;
    esac
    for c in $cases; do
        printf '%-12s %-16s %12s\n' "$mode" "$c" "$(per_iteration "$prof" "$mode" "$c" "$n1" "$n2")"
    done
done
