#!/usr/bin/env bash
# Go and the sprig template library from Debian's packages, for the test-only chart renderer
# (tests/manifests/helm-render: Go's text/template + sprig, the engine Helm uses; Helm itself cannot be installed here).
set -euo pipefail
if command -v go >/dev/null && [ -d /usr/share/gocode/src/github.com/Masterminds/sprig ] && [ -d /usr/share/gocode/src/gopkg.in/yaml.v2 ]; then
  exit 0
fi
SUDO=""; [ "$(id -u)" != "0" ] && SUDO="sudo"
echo ">> installing golang-go and golang-github-masterminds-sprig-dev from Debian's packages"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq golang-go golang-github-masterminds-sprig-dev golang-gopkg-yaml.v2-dev >/dev/null
go version
