#!/usr/bin/env bash
# Debian's Chromium for the browser tests (playwright-core drives it; no browser download).
set -euo pipefail
SUDO=""; [ "$(id -u)" != "0" ] && SUDO="sudo"
echo ">> installing chromium from Debian's packages"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version
