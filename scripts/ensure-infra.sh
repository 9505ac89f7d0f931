#!/usr/bin/env bash
# Makes sure PostgreSQL, Redis and NATS (JetStream) answer on their local ports: starts the locally installed
# servers when they are down, and installs them from Debian's packages when they are absent.
set -euo pipefail

SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi

up() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

wait_for() { # port name
  for _ in $(seq 1 60); do up "$1" && return 0; sleep 0.5; done
  echo "!! $2 did not come up on 127.0.0.1:$1" >&2
  return 1
}

apt_updated=0
apt_install() {
  if [ "$apt_updated" = 0 ]; then $SUDO apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null
}

# PostgreSQL
if ! up 5432; then
  if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
    echo ">> installing PostgreSQL"; apt_install postgresql
    # Local development only: trust connections from this machine (as the machines we run on are set up).
    hba=$(ls /etc/postgresql/*/main/pg_hba.conf | head -1)
    $SUDO sed -i -E 's/^(local|host)(\s+all\s+all\s+.*)(peer|scram-sha-256|md5)$/\1\2trust/' "$hba"
  fi
  echo ">> starting PostgreSQL"
  $SUDO pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
  wait_for 5432 PostgreSQL
fi

# Redis
if ! up 6379; then
  command -v redis-server >/dev/null || { echo ">> installing Redis"; apt_install redis-server; }
  echo ">> starting Redis"
  $SUDO mkdir -p /var/lib/redis /var/log/redis
  $SUDO redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log
  wait_for 6379 Redis
fi

# NATS with JetStream
if ! up 4222; then
  command -v nats-server >/dev/null || [ -x /usr/sbin/nats-server ] || { echo ">> installing NATS"; apt_install nats-server; }
  echo ">> starting NATS (JetStream)"
  $SUDO mkdir -p /var/lib/nats-server
  $SUDO start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- \
    -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log
  wait_for 4222 NATS
fi

# HAProxy (Debian package haproxy): the load balancer of `make up-cluster` / `make test-cluster` (started by scripts/cluster.ts, not here).
command -v haproxy >/dev/null || [ -x /usr/sbin/haproxy ] || { echo ">> installing HAProxy"; apt_install haproxy; }

echo ">> PostgreSQL, Redis and NATS are up"
