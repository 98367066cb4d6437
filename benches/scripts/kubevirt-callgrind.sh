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

root=$(cd "$(dirname "$0")/../.." && pwd)
prof=${PROF:-${CARGO_TARGET_DIR:-$root/target}/release/examples/kubevirt_prof}
[ -x "$prof" ] || { echo "no $prof: cargo build --release --example kubevirt_prof" >&2; exit 2; }
modes=${MODES:-eval eval-all interp review respond}
cases=${CASES:-rhel9-small win11 win11-25disks}
out=$(mktemp -d "${TMPDIR:-/tmp}/validgen-cg.XXXXXX")
trap 'rm -rf "$out"' EXIT

ir() { # mode, case, n
    valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$prof" "$1" "$2" "$3" 2>&1 \
        | awk '/Collected/ { print $NF }'
}

printf '%-12s %-16s %12s\n' mode case 'Ir/iteration'
for mode in $modes; do
    case $mode in
        eval | eval-all) n1=1000 n2=11000 ;;
        interp) n1=100 n2=1100 ;;
        *) n1=50 n2=550 ;;
    esac
    for c in $cases; do
        a=$(ir "$mode" "$c" "$n1")
        b=$(ir "$mode" "$c" "$n2")
        printf '%-12s %-16s %12d\n' "$mode" "$c" $(( (b - a) / (n2 - n1) ))
    done
done
