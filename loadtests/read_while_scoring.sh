#!/usr/bin/env bash
# Does scoring starve the HTTP workers? Read p99 of the applications page
# (GET /api/v1/jobs/:jobId/applications?sort=ats-desc&limit=20), in one run:
#   1. on its own;
#   2. while 10,000 applications without a resume are submitted (the cost of
#      the uploads alone: requests, durable writes);
#   3. while 10,000 applications with a 6 KB text resume are submitted and
#      each is parsed and scored on the pool.
# Reads run for a few seconds from the start of the uploads, the time the
# uploads and scoring take here. Loopback only, bounded in time, and it
# stops the server it started. Usage:
#   loadtests/read_while_scoring.sh [applications] [read seconds]
set -euo pipefail
cd "$(dirname "$0")/.."
applications_total="${1:-10000}"
read_seconds="${2:-3}"
port=18310
base="http://127.0.0.1:${port}"
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; }
cargo build --release -q
binary=target/release/shortlist
work=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT

"$binary" serve --data-dir "$work/data" --bind "127.0.0.1:${port}" --jwt-secret loadtest-secret \
  --apply-rate-per-address-per-minute 0 --apply-rate-per-job-per-minute 0 ${POOL_SIZE:+--pool-size "$POOL_SIZE"} >"$work/server.out" 2>"$work/server.err" &
server=$!
for _ in $(seq 1 200); do
  curl -sf "$base/api/v1/jobs" -H 'X-API-Key: svc_live_DemoKeyForLocalTrials0000000000' | grep -q '"total":2' && break
  sleep 0.1
done
token=$("$binary" token --org demo --sub demo-owner --role owner --jwt-secret loadtest-secret)
auth=(-H "Authorization: Bearer $token" -H 'Content-Type: application/json')
key=$(curl -s -X POST "$base/api/orgs/demo/api-keys" "${auth[@]}" -d '{"name":"load","rateLimitPerMinute":10000000}' |
  grep -o 'svc_live_[A-Za-z0-9]*' | head -1)
read_job=$(curl -s "$base/api/v1/jobs" -H "X-API-Key: $key" | grep -o 'job_[A-Za-z0-9]*' | head -1)
team=$(curl -s "$base/api/v1/jobs" -H "X-API-Key: $key" | grep -o 'team_[A-Za-z0-9]*' | head -1)
create_job() {
  curl -s -X POST "$base/api/orgs/demo/jobs" "${auth[@]}" -d "{
    \"teamId\": \"$team\", \"title\": \"$1\", \"status\": \"active\", \"tier\": \"paid\",
    \"fitScores\": $((applications_total + 10)), \"description\": \"Backend services in Rust on PostgreSQL and Kubernetes.\",
    \"stages\": [{\"name\": \"Applied\"}, {\"name\": \"Screen\"}],
    \"criteria\": {\"mustHaves\": [\"Rust\", \"PostgreSQL\", \"Kubernetes\"], \"niceToHaves\": [\"Kafka\", \"Go\", \"Terraform\"], \"minYearsExperience\": 5}
  }" | grep -o 'job_[A-Za-z0-9]*' | head -1
}
read_url="$base/api/v1/jobs/$read_job/applications?sort=ats-desc&limit=20"

read_load() {
  wrk -t1 -c32 -d"${read_seconds}s" --latency -H "X-API-Key: $key" "$read_url"
}
count() {
  curl -s "$base/api/v1/jobs/$1/applications?limit=1$2" -H "X-API-Key: $key" | grep -o '"total":[0-9]*' | head -1 | cut -d: -f2
}

# Submits the applications to a new job while reads run; `$1` names the
# phase, `$2` is the resume file (empty: no resume), `$3` the count filter
# that says an application is done (scored, or merely submitted).
phase() {
  local name=$1 resume_file=$2 done_filter=$3 job started
  job=$(create_job "Load intake $name")
  [ -n "$job" ] || { echo "could not create a job" >&2; exit 1; }
  echo "== reads while ${applications_total} applications are submitted: $name"
  started=$(date +%s.%N)
  JOB_ID="$job" APPLICATIONS_TOTAL="$applications_total" THREADS=1 RESUME_FILE="$resume_file" \
    wrk -t1 -c16 -d120s -s loadtests/apply.lua "$base" >"$work/$name.apply" &
  local uploader=$!
  (
    while [ "$(count "$job" "")" -lt "$applications_total" ]; do sleep 0.05; done
    date +%s.%N >"$work/$name.submitted_at"
    kill -INT "$uploader" 2>/dev/null || true
    while [ "$(count "$job" "$done_filter")" -lt "$applications_total" ]; do sleep 0.05; done
    date +%s.%N >"$work/$name.done_at"
  ) &
  local watcher=$!
  read_load | tee "$work/$name.wrk"
  wait "$watcher"
  wait "$uploader" || true
  since() { awk -v s="$started" -v f="$(cat "$1")" 'BEGIN {printf "%.1f", f - s}'; }
  echo "$name: all submitted in $(since "$work/$name.submitted_at") s, all done $(since "$work/$name.done_at") s after the first" |
    tee "$work/$name.summary"
}

echo "== reads alone: ${read_seconds}s, 32 connections"
read_load | tee "$work/alone.wrk"
phase without-resumes "" ""
phase with-resumes tests/fixtures/resumes/r01-backend-engineer.txt "&atsScoreMin=0"

p99() { awk '$1 == "99%" {print $2}' "$1"; }
rate() { awk '/Requests\/sec/ {print $2}' "$1"; }
grep -h "all submitted" "$work"/*.summary 2>/dev/null || true
echo "reads alone:                              $(rate "$work/alone.wrk") req/s, p99 $(p99 "$work/alone.wrk")"
echo "reads during uploads without resumes:     $(rate "$work/without-resumes.wrk") req/s, p99 $(p99 "$work/without-resumes.wrk")"
echo "reads during uploads parsed and scored:   $(rate "$work/with-resumes.wrk") req/s, p99 $(p99 "$work/with-resumes.wrk")"
