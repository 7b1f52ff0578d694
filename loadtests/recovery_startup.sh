#!/usr/bin/env bash
# Restart time as an operator sees it: from starting the release binary on a
# data directory of 1,000,000 applications (10 workspace snapshots of
# 100,000, with real parsed resumes) plus 100,000 log records, to the first
# 200 from /readyz. The data set is the recovery bench's, built once under
# target/recovery-data (about 2.6 GB; `rm -rf` it to rebuild). Each run
# starts from a fresh copy of the log and hard links to the snapshots
# (snapshots are immutable, so the links cannot change the data set), and
# ends with SIGKILL so that no final snapshot is written. Loopback only.
# Usage: loadtests/recovery_startup.sh [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
port=18310
data_set=target/recovery-data
cargo build --release -q
if [ ! -f "$data_set/complete" ]; then
  RECOVERY_BENCH_QUICK=1 RECOVERY_BENCH_RUNS=1 RECOVERY_BENCH_DIR="$PWD/$data_set" cargo bench --bench recovery
fi
binary=target/release/shortlist
work=$(mktemp -d)
server=
trap 'if [ -n "$server" ]; then kill -KILL "$server" 2>/dev/null || true; fi; rm -rf "$work"' EXIT

results=()
for run in $(seq 1 "$runs"); do
  data="$work/data-$run"
  mkdir -p "$data"
  cp -r "$data_set/wal" "$data/wal"
  cp -al "$data_set/workspaces" "$data/workspaces"
  started=$(date +%s%N)
  "$binary" serve --no-demo --data-dir "$data" --bind "127.0.0.1:${port}" --jwt-secret recovery-secret \
    >"$work/out-$run" 2>"$work/err-$run" &
  server=$!
  until curl -sf -o /dev/null "http://127.0.0.1:${port}/readyz"; do
    kill -0 "$server" 2>/dev/null || { cat "$work/err-$run"; exit 1; }
    sleep 0.01
  done
  ready=$(date +%s%N)
  kill -KILL "$server"; wait "$server" 2>/dev/null || true; server=
  milliseconds=$(( (ready - started) / 1000000 ))
  recovered=$(grep -ho 'elapsed_milliseconds=[0-9]*' "$work/out-$run" "$work/err-$run" | head -1 || true)
  echo "run $run: ready after ${milliseconds} ms (${recovered:-recovery line not found})"
  results+=("$milliseconds")
  rm -rf "$data"
done
median=$(printf '%s\n' "${results[@]}" | sort -n | awk '{ all[NR] = $1 } END { print all[int((NR + 1) / 2)] }')
echo "start to ready, 1,000,000 applications + 100,000 log records: median ${median} ms of ${runs} runs"
