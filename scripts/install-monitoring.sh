#!/usr/bin/env bash
# Prometheus, Alertmanager (promtool, amtool) and the exporters of the cluster topology from Debian's packages.
# A no-op when they are present. The packages' init scripts are kept from starting daemons: the tests and
# `make up-cluster` start their own on their own ports.
set -euo pipefail
PKGS=(prometheus prometheus-alertmanager prometheus-postgres-exporter prometheus-redis-exporter
  prometheus-blackbox-exporter prometheus-haproxy-exporter)
BINS=(promtool amtool prometheus prometheus-alertmanager prometheus-postgres-exporter prometheus-redis-exporter
  prometheus-blackbox-exporter prometheus-haproxy-exporter)
missing=0
for b in "${BINS[@]}"; do command -v "$b" >/dev/null || missing=1; done
[ "$missing" = 0 ] && exit 0
SUDO=""; [ "$(id -u)" != "0" ] && SUDO="sudo"
echo ">> installing ${PKGS[*]} from Debian's packages" >&2
# policy-rc.d exit 101: dpkg's maintainer scripts do not start the packaged services.
created=0
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' | $SUDO tee /usr/sbin/policy-rc.d >/dev/null && $SUDO chmod +x /usr/sbin/policy-rc.d && created=1
fi
trap '[ "$created" = 1 ] && $SUDO rm -f /usr/sbin/policy-rc.d' EXIT
$SUDO apt-get -o DPkg::Lock::Timeout=600 update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${PKGS[@]}" >/dev/null
promtool --version 2>&1 | head -1 >&2
