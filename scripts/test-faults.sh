#!/usr/bin/env bash
# npm run test:faults: the fault tests (apps/server/fault), a CI phase of its own: connection kills, postmaster
# kill -9, failover to a streaming replica and point-in-time recovery on PostgreSQL 15, rolling restarts.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
start=$(date +%s)
vitest run -c vitest.faults.config.ts "$@"
echo "== fault tests took $(( $(date +%s) - start )) s"
