#!/usr/bin/env bash
# The extra clean-build time of a crate that calls `include_validators!` over the 172-template
# catalog (examples/common-templates), against the same crate without the macro.
#
#   CARGO_TARGET_DIR=/path/to/your/target benches/scripts/build-cost.sh   # RUNS=3, dev and release
#
# Method: the baseline is a copy of examples/common-templates (same Cargo.toml dependencies,
# build.rs, src/main.rs and profile settings) whose src/lib.rs declares an empty
# `CATALOG` by hand instead of calling the macro; it is written into a temporary folder as its
# own workspace (with a copy of Cargo.lock, so the dependency versions are the same) and built
# into the same target folder. Dependencies are built first; then, RUNS times per profile and
# per crate, `cargo clean -p <crate>` removes that crate's own artifacts only and `cargo build
# -p <crate>` is timed: the build script, the library (macro expansion included) and the
# binary. Only these crates are ever cleaned, never the whole target.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
runs=${RUNS:-3}
: "${CARGO_TARGET_DIR:?set CARGO_TARGET_DIR to your own target folder}"
export CARGO_TARGET_DIR
base=$(mktemp -d "${TMPDIR:-/tmp}/validgen-baseline.XXXXXX")
trap 'rm -rf "$base"' EXIT

mkdir -p "$base/src"
sed -e 's/^name = "common-templates"/name = "common-templates-baseline"/' \
    -e "s|path = \"../..\"|path = \"$root\"|g" \
    -e 's/^name = "validate-vms"/name = "validate-vms-baseline"/' \
    "$root/examples/common-templates/Cargo.toml" > "$base/Cargo.toml"
# Its own workspace, with the root's profile settings.
{ echo; echo '[workspace]'; echo; sed -n '/^\[profile/,$p' "$root/Cargo.toml"; } >> "$base/Cargo.toml"
cp "$root/Cargo.lock" "$base/Cargo.lock"
cp "$root/examples/common-templates/build.rs" "$base/build.rs"
ln -s "$root/examples/common-templates/templates" "$base/templates"
sed 's/common_templates::/common_templates_baseline::/g' \
    "$root/examples/common-templates/src/main.rs" > "$base/src/main.rs"
cat > "$base/src/lib.rs" <<'RS'
//! The common-templates crate without `include_validators!`: an empty compiled catalog.

/// No templates, no compiled rule sets.
pub static CATALOG: validgen::compiled::Catalog = validgen::compiled::Catalog::new(&[], &[]);
RS

measure() { # crate, manifest, profile flag
    local crate=$1 manifest=$2 flag=$3 i start end
    for i in $(seq "$runs"); do
        cargo clean -q --manifest-path "$manifest" -p "$crate" $flag
        start=$(date +%s.%N)
        cargo build -q --manifest-path "$manifest" -p "$crate" $flag
        end=$(date +%s.%N)
        awk -v c="$crate" -v p="${flag:---dev}" -v i="$i" -v s="$start" -v e="$end" \
            'BEGIN { printf "%-26s %-9s run %d: %6.2f s\n", c, p, i, e - s }'
    done
}

for flag in "" --release; do
    # Dependencies first (not measured).
    cargo build -q --manifest-path "$root/Cargo.toml" -p common-templates $flag
    cargo build -q --manifest-path "$base/Cargo.toml" -p common-templates-baseline $flag
    measure common-templates "$root/Cargo.toml" "$flag"
    measure common-templates-baseline "$base/Cargo.toml" "$flag"
done
