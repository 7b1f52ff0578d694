#!/usr/bin/env bash
# Instructions per request, counted by valgrind's callgrind: repeatable for
# the same binary and data whatever else the machine is doing, so it tells
# apart changes of a few percent that wrk's round-to-round spread (about
# ±10% on a shared 2-core machine) hides. Seeds a small data set (200 jobs
# of 50 applications), starts the binary under callgrind on it (one worker,
# no metrics, loopback), sends ROUNDS requests of ROUTE over one keep-alive
# connection, and once more with none; the difference over ROUNDS is what
# one request costs. Stops the server it started, by PID; bounded in time.
#
# Usage: loadtests/instructions.sh BINARY ROUTE [ROUNDS]
#   ROUTE: jobs (GET /api/v1/jobs), page (a job's applications, ats-desc,
#          limit 20), detail (an application) or comments (its comments)
#   INSTRUCTIONS_HARNESS_SETTINGS=1 runs the server as run.sh does (log
#   level info with the access log off, metrics on) instead of with
#   warnings only and no metrics. Use 2000 rounds or more: timers that fire
#   by the clock add a few million instructions to either run.
# Two binaries side by side: run it once with each.
set -euo pipefail
binary=$1 route=$2 rounds=${3:-300}
command -v valgrind >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind >/dev/null; }
work=$(mktemp -d /tmp/shortlist-instructions.XXXXXX)
server=""
stop_all() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap stop_all EXIT
"$binary" seed --data-dir "$work/data" --jobs 200 --applications-per-job 50 --seed 9 >"$work/seed.out" 2>&1
key=$(grep -o 'svc_live_[A-Za-z0-9]*' "$work/seed.out" | head -1)
port=${INSTRUCTIONS_PORT:-18470}
if [ "${INSTRUCTIONS_HARNESS_SETTINGS:-0}" = 1 ]; then
  server_log="info,shortlist::access=off" metrics_flag=""
else
  server_log=warn metrics_flag=--no-metrics
fi
for count in 0 "$rounds"; do
  SHORTLIST_LOG=$server_log timeout 600 valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.$count" \
    "$binary" serve --no-demo --data-dir "$work/data" --bind "127.0.0.1:$port" --workers 1 $metrics_flag \
    >"$work/serve.out" 2>"$work/serve.err" &
  server=$!
  for _ in $(seq 1 1200); do curl -sf "http://127.0.0.1:$port/readyz" 2>/dev/null | grep -q true && break; sleep 0.25; done
  get() { curl -sf "http://127.0.0.1:$port$1" -H "X-API-Key: $key"; }
  job=$(get "/api/v1/jobs?limit=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["items"][0]["id"])')
  case $route in
    jobs) path="/api/v1/jobs" ;;
    page) path="/api/v1/jobs/$job/applications?sort=ats-desc&limit=20" ;;
    detail) path="/api/v1/applications/$(get "/api/v1/jobs/$job/applications?limit=1" |
      python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["applications"][0]["id"])')" ;;
    comments) path="/api/v1/applications/$(get "/api/v1/jobs/$job/applications?limit=1" |
      python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["applications"][0]["id"])')/comments" ;;
    *) echo "unknown route $route (jobs, page, detail or comments)" >&2; exit 2 ;;
  esac
  python3 - "$port" "$key" "$count" "$path" <<'PYTHON'
import http.client, sys
port, key, count, path = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4]
connection = http.client.HTTPConnection("127.0.0.1", port)
for _ in range(count):
    connection.request("GET", path, headers={"X-API-Key": key})
    response = connection.getresponse()
    response.read()
    assert response.status == 200, (path, response.status)
PYTHON
  kill -INT "$server"; wait "$server" || true; server=""
done
# INSTRUCTIONS_KEEP=PREFIX keeps both profiles (PREFIX.0 and PREFIX.ROUNDS),
# for callgrind_annotate: what one request costs, function by function, is
# their difference.
if [ -n "${INSTRUCTIONS_KEEP:-}" ]; then
  cp "$work/callgrind.0" "$INSTRUCTIONS_KEEP.0"
  cp "$work/callgrind.$rounds" "$INSTRUCTIONS_KEEP.$rounds"
fi
idle=$(awk '/^(summary|totals):/ {print $2; exit}' "$work/callgrind.0")
loaded=$(awk '/^(summary|totals):/ {print $2; exit}' "$work/callgrind.$rounds")
echo "$route: $(( (loaded - idle) / rounds )) instructions per request ($rounds requests; $binary)"
