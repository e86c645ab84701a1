#!/usr/bin/env bash
# Installs the command-line tools the test suite shells out to
# (test/deployment/compose-config.spec.ts runs `docker-compose config`;
# browser tests drive `chromium`).
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

docker-compose --version
chromium --version
