#!/usr/bin/env bash
# The `validgen validate` batch figure: VMs per second over N manifests on all cores.
#
#   cargo build --release -p validgen-cli
#   benches/scripts/batch.sh            # N=10000, hyperfine when installed, else `time`
#
# Writes N manifest files into a temporary folder (or $DIR): copies of the 18 bundled VMs of
# examples/vms/processed and examples/vms/derived (round robin), each with `-<i>` appended to
# its metadata.name. Then times `validgen validate -o json DIR > /dev/null` (exit status 1 is
# expected: some of the VMs are denied). Environment: N, DIR, VALIDGEN (the binary; default
# $CARGO_TARGET_DIR/release/validgen or target/release/validgen), RUNS (hyperfine runs,
# default 5), KEEP=1 keeps the folder.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
n=${N:-10000}
runs=${RUNS:-5}
bin=${VALIDGEN:-${CARGO_TARGET_DIR:-$root/target}/release/validgen}
[ -x "$bin" ] || { echo "no $bin: cargo build --release -p validgen-cli" >&2; exit 2; }
dir=${DIR:-$(mktemp -d "${TMPDIR:-/tmp}/validgen-batch.XXXXXX")}
mkdir -p "$dir"
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$dir"' EXIT

# One awk process writes every file: the sources are read once, the first `  name:` line (the
# VM's metadata.name) gets the file's number.
awk -v n="$n" -v dir="$dir" '
    FNR == 1 { k++; lines[k] = 0 }
    { lines[k]++; text[k, lines[k]] = $0 }
    END {
        for (i = 0; i < n; i++) {
            s = i % k + 1
            out = sprintf("%s/vm-%05d.yaml", dir, i)
            renamed = 0
            for (l = 1; l <= lines[s]; l++) {
                line = text[s, l]
                if (!renamed && line ~ /^  name: /) { line = line "-" i; renamed = 1 }
                print line > out
            }
            close(out)
        }
    }' "$root"/examples/vms/processed/*.vm.yaml "$root"/examples/vms/derived/*.vm.yaml

count=$(find "$dir" -name '*.yaml' | wc -l)
bytes=$(du -sb "$dir" | cut -f1)
echo "$count manifests, $bytes bytes, in $dir; $(nproc) cores; binary $bin" >&2
# A check run: every file is one VM, none is an input error.
"$bin" validate -o json --summary "$dir" | tail -n 1 >&2 || true

cmd="$bin validate -o json $dir > /dev/null"
if command -v hyperfine > /dev/null; then
    hyperfine --warmup 1 --runs "$runs" -i --export-json "$dir.hyperfine.json" "$cmd"
    mean=$(grep -m1 '"mean"' "$dir.hyperfine.json" | tr -dc '0-9.')
    median=$(grep -m1 '"median"' "$dir.hyperfine.json" | tr -dc '0-9.')
    awk -v n="$count" -v mean="$mean" -v median="$median" 'BEGIN {
        printf "VMs per second: %.0f (median run %.3f s), %.0f (mean run %.3f s)\n",
            n / median, median, n / mean, mean }'
    rm -f "$dir.hyperfine.json"
else
    for _ in $(seq "$runs"); do
        start=$(date +%s.%N)
        "$bin" validate -o json "$dir" > /dev/null || true
        end=$(date +%s.%N)
        awk -v n="$count" -v s="$start" -v e="$end" \
            'BEGIN { printf "%.3f s, %.0f VMs per second\n", e - s, n / (e - s) }'
    done
fi
