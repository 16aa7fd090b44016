#!/usr/bin/env bash
# Time of `npm start` on a fresh clone (install + build + first start until /readyz answers) and of a
# warm restart, and recovery after kill -9. Run from the repository: bash bench/start-time.sh
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/portal-start-XXXX); chmod 755 "$work"
port=${BENCH_PORT:-8097}; pgport=${BENCH_PG_PORT:-54397}
git clone -q "$repo" "$work/portal"
[ -d "$repo/../shared" ] && ln -s "$repo/../shared" "$work/shared"
cd "$work/portal"
wait_ready() { for _ in $(seq 1 1800); do curl -fs "http://localhost:$port/readyz" >/dev/null 2>&1 && return 0; sleep 0.2; done; return 1; }
start() { PORT=$port PG_PORT=$pgport npm start >"$work/log.$1" 2>&1 & echo $!; }
t0=$(date +%s.%N); pid=$(start cold); wait_ready; t1=$(date +%s.%N)
echo "fresh clone npm start (install + build + first start): $(echo "$t1 - $t0" | bc) s"
kill -TERM "$pid"; wait "$pid" 2>/dev/null || true; sleep 1
t0=$(date +%s.%N); pid=$(start warm); wait_ready; t1=$(date +%s.%N)
echo "warm restart: $(echo "$t1 - $t0" | bc) s"
# kill -9 the server (its PostgreSQL stays behind), then start again: it must come up with the data.
srv=$(pgrep -f "apps/server/src/main.ts" -n); kill -9 "$srv"; sleep 1
t0=$(date +%s.%N); pid=$(start kill9); wait_ready; t1=$(date +%s.%N)
echo "start after kill -9: $(echo "$t1 - $t0" | bc) s"
kill -TERM "$pid"; wait "$pid" 2>/dev/null || true; sleep 1
rm -rf "$work"
