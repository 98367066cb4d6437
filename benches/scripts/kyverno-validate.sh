#!/usr/bin/env bash
# The `validgen validate` figure on the Kyverno CLI test corpus: the 206 real
# `kyverno-test.yaml` of tests/corpus/kyverno-tests (their whole folders, with the policies and
# resources they name) in one process, in test manifests per second on all cores.
#
#   cargo build --release -p validgen-cli
#   benches/scripts/kyverno-validate.sh      # RUNS=10; ARGS adds flags (e.g. the file lint)
#
# Times `validgen validate -o json $ARGS tests/corpus/kyverno-tests > /dev/null 2>&1` RUNS times
# (after one warm-up run, so the files are in the page cache) with `date`, and prints each
# run's wall time, the median, and the manifests per second at the median. Environment: RUNS,
# ARGS, VALIDGEN (the binary; default $CARGO_TARGET_DIR/release/validgen or
# target/release/validgen), DIR (another folder).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
runs=${RUNS:-10}
bin=${VALIDGEN:-${CARGO_TARGET_DIR:-$root/target}/release/validgen}
dir=${DIR:-$root/tests/corpus/kyverno-tests}
[ -x "$bin" ] || { echo "no $bin: cargo build --release -p validgen-cli" >&2; exit 2; }
tests=$(find "$dir" -name kyverno-test.yaml | wc -l)
all=$(find "$dir" -type f \( -name '*.yaml' -o -name '*.yml' -o -name '*.json' \) | wc -l)
echo "$tests kyverno-test.yaml ($all YAML/JSON files in all) in $dir; $(nproc) cores; binary $bin" >&2

# A check run (warm-up): the summary line, the exit status (1 when some test is invalid).
set +e
# shellcheck disable=SC2086
"$bin" validate -o json --summary ${ARGS:-} "$dir" 2> /dev/null | tail -n 1 >&2
echo "exit status ${PIPESTATUS[0]}" >&2
set -e

times=()
for _ in $(seq "$runs"); do
    start=$(date +%s.%N)
    # shellcheck disable=SC2086
    "$bin" validate -o json ${ARGS:-} "$dir" > /dev/null 2>&1 || true
    end=$(date +%s.%N)
    times+=("$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.4f", e - s }')")
done
printf '%s\n' "${times[@]}" | sort -n | awk -v n="$tests" '
    { t[NR] = $1; printf "run: %.1f ms\n", $1 * 1000 }
    END {
        m = NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
        printf "median %.1f ms (min %.1f, max %.1f): %.0f test manifests per second\n",
            m * 1000, t[1] * 1000, t[NR] * 1000, n / m }'
