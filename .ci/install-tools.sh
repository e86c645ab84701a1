#!/usr/bin/env bash
# Installs the command-line tools the test suite shells out to
# (test/deployment/compose-config.spec.ts runs `docker-compose config`;
# browser tests drive `chromium`; the transaction-pooler tests start
# `pgbouncer`; the scaled-out run puts `haproxy` in front of replicas).
# Idempotent: anything already on PATH is left alone, so CI can call this on
# every run and developers can call it on their own machines.
set -euo pipefail

# Root in CI containers; elsewhere apt needs sudo.
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi

if ! command -v docker-compose >/dev/null 2>&1; then
  $SUDO apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker-compose
fi

# Playwright drives the system's Chromium through its executablePath;
# nothing downloads a browser of its own.
if ! command -v chromium >/dev/null 2>&1; then
  $SUDO apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
fi

# The transaction-pooler tests start a real PgBouncer; Debian installs it
# in /usr/sbin, which is not on every PATH, so look there too.
if ! command -v pgbouncer >/dev/null 2>&1 && [ ! -x /usr/sbin/pgbouncer ]; then
  $SUDO apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pgbouncer
fi

# HAProxy balances the scaled-out run's replicas (also in /usr/sbin).
if ! command -v haproxy >/dev/null 2>&1 && [ ! -x /usr/sbin/haproxy ]; then
  $SUDO apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy
fi

docker-compose --version
chromium --version
PATH="$PATH:/usr/sbin" pgbouncer --version | sed -n 1p
PATH="$PATH:/usr/sbin" haproxy -v | sed -n 1p
