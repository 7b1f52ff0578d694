#!/usr/bin/env bash
# The jobs list in a freshly started server's first runs, with the CPU each
# server thread used in each run: for the first scenario's p99 (README, "Read-path
# load test"). Serves DATA_DIR in place: the server's shutdown may write a
# snapshot into it.
#
# Usage: loadtests/first_runs.sh BINARY DATA_DIR API_KEY [RUNS]
#   e.g. after `shortlist seed --data-dir /tmp/million --jobs 200 \
#        --applications-per-job 1000 --big-job-applications 1000000`
set -euo pipefail
binary=$1 data_dir=$2 key=$3 runs=${4:-3}
port=${PORT:-18498}
base="http://127.0.0.1:$port"
SHORTLIST_LOG=info,shortlist::access=off "$binary" serve --no-demo --data-dir "$data_dir" \
  --bind "127.0.0.1:$port" --fsync always >/dev/null 2>"$data_dir/first_runs.err" &
server=$!
stop() { kill "$server" 2>/dev/null || true; while kill -0 "$server" 2>/dev/null; do sleep 0.5; done; }
trap stop EXIT
ready=0
for _ in $(seq 1 1200); do
  if curl -sf "$base/readyz" | grep -q true; then ready=1; break; fi
  kill -0 "$server" 2>/dev/null || break
  sleep 0.05
done
[ "$ready" = 1 ] || { echo "the server did not become ready; see $data_dir/first_runs.err" >&2; exit 1; }
threads() { # tid_name cpu_ticks voluntary involuntary
  for task in /proc/"$server"/task/*; do
    echo "$(basename "$task")_$(tr ' |:' ___ <"$task/comm") $(awk '{print $14 + $15}' "$task/stat") \
      $(awk '/^voluntary/ {v = $2} /^nonvoluntary/ {n = $2} END {print v, n}' "$task/status")"
  done | sort
}
for run in $(seq 1 "$runs"); do
  before=$(threads)
  wrk -t1 -c32 -d2s -H "X-API-Key: $key" "$base/api/v1/jobs" >/dev/null
  result=$(wrk -t1 -c32 -d10s -H "X-API-Key: $key" -s "$(dirname "$0")/report.lua" "$base/api/v1/jobs" | tail -1)
  echo "run $run: $(python3 -c 'import json,sys; d = json.load(sys.stdin); print(d["requests"] // 10, "req/s, p50", d["p50_us"], "us, p99", d["p99_us"], "us")' <<<"$result")"
  join <(echo "$before") <(threads) |
    awk '$5 - $2 > 0 {printf "   thread %s: %d ticks of CPU, %d voluntary and %d involuntary switches\n", $1, $5 - $2, $6 - $3, $7 - $4}'
done
