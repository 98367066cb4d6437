#!/usr/bin/env bash
# The `validgen validate --ytt-schema` process figure: ms per run, end to end (process start,
# reading the files, the ytt pipeline, printing the verdict), against `validgen --version`
# (the process floor).
#
#   cargo build --release -p validgen-cli
#   benches/scripts/ytt-validate.sh          # N=200 runs per case, ROUNDS=3
#
# Cases: the three real packages of the ytt criterion benchmark (benches/benches/ytt.rs),
# each schema of tests/corpus/ytt-schemas with its high-availability (or only) test values
# file, unwrapped from the test's Secret (`stringData["values.yaml"]`) into a temporary folder
# as the corpus tests unwrap it. Each round runs every case N times in a loop, so the cases of a
# round share the machine's conditions; each line prints that round's mean ms per run, wall and
# CPU (user + system, of the loop's processes).
#
# With YTT=<a ytt 0.48 binary>, each case also runs `ytt` and `validgen ytt` side by side on
# the same files (`-f schema --data-values-file values --data-values-inspect`), the drop-in
# comparison of issue #34 item 7.
# Environment: N, ROUNDS, VALIDGEN (the binary; default $CARGO_TARGET_DIR/release/validgen or
# target/release/validgen), YTT.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
n=${N:-200}
rounds=${ROUNDS:-3}
bin=${VALIDGEN:-${CARGO_TARGET_DIR:-$root/target}/release/validgen}
[ -x "$bin" ] || { echo "no $bin: cargo build --release -p validgen-cli" >&2; exit 2; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/validgen-ytt.XXXXXX")
trap 'rm -rf "$dir"' EXIT
corpus=$root/tests/corpus/ytt-schemas

# label, schema, values (relative to the corpus)
cases=(
    "cert-manager-issuers kadras-io/cert-manager-issuers/package/config/values-schema.yml kadras-io/cert-manager-issuers/test/integration/default/config/values.yml"
    "cert-manager kadras-io/package-for-cert-manager/package/config/values-schema.yml kadras-io/package-for-cert-manager/test/integration/high-availability/config/values.yml"
    "tekton-pipelines ThomasVitale/package-for-tekton-pipelines/package/config/values-schema.yml ThomasVitale/package-for-tekton-pipelines/test/integration/high-availability/config/values.yml"
)

# The block scalar under `values.yaml: |`, its indentation removed.
unwrap() {
    awk '
        inside && /^[^ ]/ { exit }
        inside { if (indent == 0 && $0 ~ /[^ ]/) { match($0, /^ */); indent = RLENGTH }
                 print substr($0, indent + 1); next }
        /^  values\.yaml: \|/ { inside = 1 }' "$1"
}

for c in "${cases[@]}"; do
    read -r label schema values <<< "$c"
    cp "$corpus/$schema" "$dir/$label-schema.yml"
    unwrap "$corpus/$values" > "$dir/$label-values.yml"
    # A check run: the real values are valid (exit status 0).
    "$bin" validate --ytt-schema "$dir/$label-schema.yml" "$dir/$label-values.yml" > /dev/null \
        || { echo "$label: validgen validate failed" >&2; exit 1; }
    # The drop-in answers as ytt does, byte for byte.
    if [ -n "${YTT:-}" ]; then
        args=(-f "$dir/$label-schema.yml" --data-values-file "$dir/$label-values.yml"
            --data-values-inspect)
        cmp <("$YTT" "${args[@]}" 2>&1) <("$bin" ytt "${args[@]}" 2>&1) \
            || { echo "$label: validgen ytt differs from ytt" >&2; exit 1; }
    fi
done
echo "$(nproc) cores; binary $bin; $n runs per case and round" >&2

time_loop() { # label, command...
    local label=$1 i
    shift
    # Wall and CPU of the whole loop, measured by /usr/bin/time around one shell.
    /usr/bin/time -f "%e %U %S" -o "$dir/time" bash -c \
        'for ((i = 0; i < $0; i++)); do "$@" > /dev/null; done' "$n" "$@"
    read -r wall user sys < "$dir/time"
    awk -v l="$label" -v n="$n" -v w="$wall" -v u="$user" -v s="$sys" \
        'BEGIN { printf "%-30s %7.3f ms per run, %7.3f ms CPU\n", l, w * 1000 / n, (u + s) * 1000 / n }'
}

for r in $(seq "$rounds"); do
    echo "round $r"
    time_loop "validgen --version" "$bin" --version
    for c in "${cases[@]}"; do
        read -r label _ <<< "$c"
        time_loop "$label" "$bin" validate --ytt-schema "$dir/$label-schema.yml" \
            "$dir/$label-values.yml"
        if [ -n "${YTT:-}" ]; then
            args=(-f "$dir/$label-schema.yml" --data-values-file "$dir/$label-values.yml"
                --data-values-inspect)
            time_loop "$label: ytt" "$YTT" "${args[@]}"
            time_loop "$label: validgen ytt" "$bin" ytt "${args[@]}"
        fi
    done
done
