#!/usr/bin/env bash
# `npm test`: the type-check of every file (tests included) and the build
# the services' tests run from, side by side on the two cores, then every
# Jest project against that build. Arguments go to Jest.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run -s typecheck &
typecheck=$!
trap 'kill "$typecheck" 2>/dev/null || true' EXIT
npm run -s build
wait "$typecheck"
trap - EXIT
TEST_SERVICES_FROM_BUILD=1 exec npx jest "$@"
