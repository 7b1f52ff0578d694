#!/usr/bin/env bash
# Where the mixed run's CPU goes, thread by thread: the mix of run.sh
# (mixed.lua) with 0% and then 5% durable writes, against a server on a copy
# of a seeded data directory, with each server thread's CPU time (from
# /proc/<pid>/task/*/stat) and context switches over each timed run, per
# request. For README's "Where a write's cost goes".
#
# Usage: loadtests/mix_threads.sh BINARY DATA_DIR API_KEY
#   e.g. after `shortlist seed --data-dir /tmp/seeded --jobs 200 \
#        --applications-per-job 1000 --big-job-applications 100000`
# Loopback only; each wrk run has its duration; it stops what it started.
set -euo pipefail
binary=$1 seeded=$2 key=$3
port=${PORT:-18497}
base="http://127.0.0.1:$port"
seconds=${SECONDS_PER_RUN:-8}
cd "$(dirname "$0")/.."
work=$(mktemp -d /tmp/shortlist-mix-threads.XXXXXX)
server=""
stop() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap stop EXIT
cp -r "$seeded" "$work/data"
sync
SHORTLIST_LOG=info,shortlist::access=off "$binary" serve --no-demo --data-dir "$work/data" \
  --bind "127.0.0.1:$port" --fsync always >/dev/null 2>"$work/server.err" &
server=$!
for _ in $(seq 1 1200); do
  curl -sf "$base/readyz" | grep -q true && break
  kill -0 "$server" 2>/dev/null || { cat "$work/server.err" >&2; exit 1; }
  sleep 0.05
done
get() { curl -sf "$base$1" -H "X-API-Key: $key"; }
big_job=$({ get "/api/v1/jobs?limit=100&offset=0"; echo; get "/api/v1/jobs?limit=100&offset=100"; echo; } |
  python3 -c 'import json,sys
jobs = [job for line in sys.stdin if line.strip() for job in json.loads(line)["data"]["items"]]
print(max(jobs, key=lambda job: job["applicationCount"])["id"])')
get "/api/v1/jobs/$big_job/applications?sort=ats-desc&limit=100" |
  python3 -c 'import json,sys; [print(a["id"]) for a in json.load(sys.stdin)["data"]["applications"]]' >"$work/applications"
stages=$(get "/api/v1/jobs/$big_job" | python3 -c 'import json,sys; print(",".join(s["id"] for s in json.load(sys.stdin)["data"]["stages"]))')
threads() { # name cpu_ticks switches, summed over the threads of one name
  for task in /proc/"$server"/task/*; do
    echo "$(tr ' |:' ___ <"$task/comm") $(awk '{print $14 + $15}' "$task/stat") \
      $(awk '/^voluntary/ {v = $2} /^nonvoluntary/ {n = $2} END {print v + n}' "$task/status")"
  done | awk '{cpu[$1] += $2; switches[$1] += $3} END {for (name in cpu) print name, cpu[name], switches[name]}' | sort
}
ticks_per_second=$(getconf CLK_TCK)
for write_percent in 0 5; do
  export APPLICATIONS_FILE="$work/applications" STAGES="$stages" API_KEY="$key" JOB_ID="$big_job" WRITE_PERCENT=$write_percent
  wrk -t1 -c32 -d2s -s loadtests/mixed.lua "$base" >/dev/null
  before=$(threads)
  result=$(wrk -t1 -c32 -d"${seconds}s" -s loadtests/mixed.lua "$base" | tail -1)
  after=$(threads)
  requests=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["requests"])' <<<"$result")
  echo "mix with ${write_percent}% writes: $((requests / seconds)) req/s"
  join <(echo "$before") <(echo "$after") | awk -v requests="$requests" -v hz="$ticks_per_second" \
    '$4 - $2 > 0 {ms = ($4 - $2) * 1000 / hz; printf "   %-28s %7d ms of CPU  %6.2f us per request  %7d switches\n", $1, ms, ms * 1000 / requests, $5 - $3}'
done
