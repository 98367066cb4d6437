#!/usr/bin/env bash
# The clean-build cost of a crate that uses one macro of validgen, as a user's crate would:
# a fresh crate outside this workspace (its own target folder, nothing built before), which
# depends on the repository by path and calls only `include_schemas!` (the bundle-scopes
# grammar) or only `include_validators!` (the common-templates catalog).
#
#   benches/scripts/downstream-build.sh            # both crates, dev profile
#   ROOT=/path/to/an/older/checkout FEATURES=none benches/scripts/downstream-build.sh
#
# Environment: ROOT (the checkout to depend on; default this one), FEATURES (`per-format`, the
# default: `default-features = false` and only the macro's frontend; `none`: the dependency
# line without features, for checkouts whose facade has none), PROFILE (`dev` or `release`).
# Prints, per crate, wall time, CPU time (user + system) and peak memory of the whole build
# (`/usr/bin/time`), and the number of crates compiled.
set -euo pipefail

here=$(cd "$(dirname "$0")/../.." && pwd)
root=${ROOT:-$here}
features=${FEATURES:-per-format}
profile=${PROFILE:-dev}
flag=$([ "$profile" = release ] && echo --release || true)
work=$(mktemp -d "${TMPDIR:-/tmp}/validgen-downstream.XXXXXX")
trap 'rm -rf "$work"' EXIT

crate() { # name, feature, macro call
    local dir="$work/$1"
    mkdir -p "$dir/src"
    local dep="validgen = { path = \"$root\" }"
    if [ "$features" = per-format ]; then
        dep="validgen = { path = \"$root\", default-features = false, features = [\"macros\", \"$2\"] }"
    fi
    cat > "$dir/Cargo.toml" <<TOML
[package]
name = "$1"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
$dep

[workspace]
TOML
    cp "$root/Cargo.lock" "$dir/Cargo.lock"
    printf '%s\n' "$3" > "$dir/src/lib.rs"
}

crate only-schemas json-schema "validgen::include_schemas!(\"$root/examples/bundle-scopes/grammar\");"
crate only-validators kubevirt "validgen::include_validators!(\"$root/examples/common-templates/templates\");"

printf '%-16s %10s %10s %12s %8s\n' crate 'wall s' 'CPU s' 'peak MiB' crates
for name in only-schemas only-validators; do
    dir="$work/$name"
    log="$dir/time.txt"
    /usr/bin/time -f '%e %U %S %M' -o "$log" \
        cargo build -q --offline $flag --manifest-path "$dir/Cargo.toml" 2> "$dir/build.err" \
        || { cat "$dir/build.err" >&2; exit 1; }
    units=$(find "$dir/target" -name '*.rlib' -o -name '*.so' | grep -c /deps/ || true)
    read -r wall user sys peak < "$log"
    awk -v n="$name" -v w="$wall" -v u="$user" -v s="$sys" -v p="$peak" -v c="$units" \
        'BEGIN { printf "%-16s %10.1f %10.1f %12.0f %8d\n", n, w, u + s, p / 1024, c }'
done
