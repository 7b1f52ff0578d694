#!/usr/bin/env bash
# What metrics and the access log cost on the read path, measured side by
# side in one run: the applications page of a job of 100,000 (sort
# ats-desc, limit 20), against three servers on copies of one seeded data
# directory: metrics on, metrics off (--no-metrics), and metrics on with the
# access log written to a file. The access log is off in the first two, as
# in run.sh. Rounds alternate between the servers, so drift on the machine
# falls on all of them alike; the medians and their ratios are printed.
#
# Loopback only; every wrk run has its duration, the whole script 15
# minutes; it stops what it started, by PID.
#
# Usage: loadtests/metrics_cost.sh [--rounds N] [--seconds N]
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${LOADTEST_TIME_LIMITED:-}" ]; then
  LOADTEST_TIME_LIMITED=1 exec timeout --foreground "${LOADTEST_TIME_LIMIT_SECONDS:-900}" "$0" "$@"
fi

rounds=5
seconds=5
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=$2; shift ;;
    --seconds) seconds=$2; shift ;;
    *) echo "unknown argument $1 (see the usage at the top of $0)" >&2; exit 2 ;;
  esac
  shift
done
command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk curl >/dev/null; }
cargo build --release -q
binary=target/release/shortlist

work=$(mktemp -d /tmp/shortlist-metrics-cost.XXXXXX)
pids=()
stop_all() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap stop_all EXIT

echo "== seeding one job of 100,000 applications"
"$binary" seed --data-dir "$work/data" --jobs 1 --applications-per-job 100000 --seed 9 >"$work/seed.out"
key=$(grep -o 'svc_live_[A-Za-z0-9]*' "$work/seed.out" | head -1)

variants=(metrics-on metrics-off access-log-on)
declare -A port
start() {
  local name=$1 number=$2; shift 2
  cp -r "$work/data" "$work/data-$name"
  port[$name]=$((18420 + number))
  SHORTLIST_LOG=$LOG "$binary" serve --no-demo --data-dir "$work/data-$name" --bind "127.0.0.1:${port[$name]}" "$@" \
    >/dev/null 2>"$work/$name.log" &
  pids+=($!)
  for _ in $(seq 1 600); do curl -sf "http://127.0.0.1:${port[$name]}/readyz" | grep -q true && return; sleep 0.1; done
  echo "$name did not become ready" >&2; exit 1
}
LOG=info,shortlist::access=off start metrics-on 0
LOG=info,shortlist::access=off start metrics-off 1 --no-metrics
LOG=info start access-log-on 2
job=$(curl -sf "http://127.0.0.1:${port[metrics-on]}/api/v1/jobs?limit=1" -H "X-API-Key: $key" | grep -o '"id":"job_[A-Za-z0-9]*' | head -1 | cut -d'"' -f4)
path="/api/v1/jobs/$job/applications?sort=ats-desc&limit=20"

declare -A results
for round in $(seq 1 "$rounds"); do
  for name in "${variants[@]}"; do
    url="http://127.0.0.1:${port[$name]}$path"
    wrk -t1 -c32 -d2s -H "X-API-Key: $key" "$url" >/dev/null
    if [ "$round" = 1 ] && [ "$name" = metrics-on ]; then
      # A scrape in the middle of a timed run: every series must be there under load.
      (sleep 2; curl -sf "http://127.0.0.1:${port[$name]}/metrics" >"$work/scrape.txt") &
    fi
    rate=$(wrk -t1 -c32 -d"${seconds}s" -H "X-API-Key: $key" "$url" | awk '/Requests\/sec/ {print $2}')
    results[$name]="${results[$name]:-} $rate"
    echo "round $round $name: $rate req/s"
  done
done
median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
on=$(echo "${results[metrics-on]}" | median)
off=$(echo "${results[metrics-off]}" | median)
logged=$(echo "${results[access-log-on]}" | median)
echo "== medians of $rounds rounds of ${seconds}s, wrk -t1 -c32, GET $path"
printf 'metrics off            %10.0f req/s\n' "$off"
printf 'metrics on             %10.0f req/s  (%.3f of off)\n' "$on" "$(echo "$on / $off" | bc -l)"
printf 'metrics + access log   %10.0f req/s  (%.3f of off)\n' "$logged" "$(echo "$logged / $off" | bc -l)"
echo "access log lines written: $(grep -c 'shortlist::access' "$work/access-log-on.log" || true)"
missing=0
for metric in $(grep -o '^| `shortlist_[a-z_]*`' README.md | tr -d '|` '); do
  grep -q "^$metric" "$work/scrape.txt" || { echo "missing from /metrics under load: $metric" >&2; missing=1; }
done
echo "series in a scrape taken under load: $(grep -c '^shortlist_' "$work/scrape.txt") lines, every metric of README's table present: $([ $missing = 0 ] && echo yes || echo no)"
exit "$missing"
