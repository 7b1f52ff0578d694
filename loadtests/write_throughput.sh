#!/usr/bin/env bash
# Durable write throughput over HTTP: the same bounded load (64 connections,
# comments on the demo's 50 applications) against the server with
# --fsync always and with --fsync never, on loopback only. Prints both
# figures and their ratio. Usage: loadtests/write_throughput.sh [seconds]
set -euo pipefail
cd "$(dirname "$0")/.."
duration_seconds="${1:-15}"
connections=64
port=18300
base="http://127.0.0.1:${port}"
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; }
cargo build --release -q
binary=target/release/shortlist
work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT

run_mode() {
  local mode=$1 data="$work/$1"
  "$binary" serve --fsync "$mode" --data-dir "$data" --bind "127.0.0.1:${port}" --jwt-secret loadtest-secret >"$work/$mode.out" 2>"$work/$mode.err" &
  server=$!
  # Ready means recovered; the demo workspace is created just after, so wait for its key to answer.
  for _ in $(seq 1 200); do
    curl -sf "$base/api/v1/jobs" -H 'X-API-Key: svc_live_DemoKeyForLocalTrials0000000000' | grep -q '"total":2' && break
    sleep 0.1
  done
  local token key
  token=$("$binary" token --org demo --sub demo-owner --role owner --jwt-secret loadtest-secret)
  key=$(curl -s -X POST "$base/api/orgs/demo/api-keys" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    -d '{"name":"load","rateLimitPerMinute":10000000}' | grep -o 'svc_live_[A-Za-z0-9]*' | head -1)
  for job in $(curl -s "$base/api/v1/jobs" -H "X-API-Key: $key" | grep -o 'job_[A-Za-z0-9]*' | sort -u); do
    curl -s "$base/api/v1/jobs/$job/applications?limit=100" -H "X-API-Key: $key" | grep -o 'app_[A-Za-z0-9]*'
  done | sort -u >"$work/applications"
  echo "== fsync $mode: $(wc -l <"$work/applications") applications, $connections connections, ${duration_seconds}s"
  APPLICATIONS_FILE="$work/applications" API_KEY="$key" \
    wrk -t2 -c"$connections" -d"${duration_seconds}s" --latency -s loadtests/writes.lua "$base" | tee "$work/$mode.wrk"
  kill -TERM "$server"; wait "$server" || true
}

run_mode always
run_mode never
always=$(awk '/Requests\/sec/ {print $2}' "$work/always.wrk")
never=$(awk '/Requests\/sec/ {print $2}' "$work/never.wrk")
echo "durable (always): ${always} writes/s; never: ${never} writes/s; ratio $(awk -v a="$always" -v n="$never" 'BEGIN {printf "%.2f", a / n}')"
