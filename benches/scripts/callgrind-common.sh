# Sourced by the *-callgrind.sh scripts: the prof loop's binary, and its instructions per
# iteration, (Ir(N2) - Ir(N1)) / (N2 - N1), so that the setup a run does once cancels out.

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cg_out=$(mktemp -d "${TMPDIR:-/tmp}/validgen-cg.XXXXXX")
trap 'rm -rf "$cg_out"' EXIT

# prof_binary NAME: $PROF, else the release example NAME of the target folder; exits 2 (with
# the build command) when it is not built.
prof_binary() {
    local prof=${PROF:-${CARGO_TARGET_DIR:-$root/target}/release/examples/$1}
    [ -x "$prof" ] || { echo "no $prof: cargo build --release --example $1" >&2; exit 2; }
    echo "$prof"
}

# ir PROF MODE CASE N: the instructions callgrind counts for one run.
ir() {
    valgrind --tool=callgrind --callgrind-out-file="$cg_out/cg" "$1" "$2" "$3" "$4" 2>&1 \
        | awk '/Collected/ { print $NF }'
}

# per_iteration PROF MODE CASE N1 N2: instructions per iteration, rounded.
per_iteration() {
    local a b
    a=$(ir "$1" "$2" "$3" "$4")
    b=$(ir "$1" "$2" "$3" "$5")
    awk -v a="$a" -v b="$b" -v n="$(($5 - $4))" 'BEGIN { printf "%.0f", (b - a) / n }'
}
