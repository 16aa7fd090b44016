#!/usr/bin/env bash
# npm run test:money: the money invariants over 2,000 random histories (issue 38; docs/invoices.md "Money
# invariants"), CI's own phase after npm test (the ordinary suites run 50). PBT_RUNS, PBT_SEED (a number, or
# "random") and PBT_PATH pass through; extra arguments go to vitest.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
export PBT_RUNS="${PBT_RUNS:-2000}"
# Two halves on two workers (money-invariants.test.ts and -shard2.test.ts), seeds PBT_SEED and PBT_SEED + 1.
export PBT_SHARDS="${PBT_SHARDS:-2}"
exec vitest run --project api apps/server/src/modules/invoice/money-invariants "$@"
