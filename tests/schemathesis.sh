#!/usr/bin/env bash
# Schema fuzzing: builds the release binary, starts it on its demo data on a
# free loopback port, and runs schemathesis (from PyPI, into a virtual
# environment this script makes) against the document the server serves:
# every operation, with the demo key and an owner JWT, negative cases
# included, and stateful sequences. It fails on any 5xx, any response that
# does not match the document or is not in the envelope, and any request
# that hangs (5 s each). Bounded: the fuzzing takes at most
# $SCHEMATHESIS_TIME_LIMIT_SECONDS (600), after the build and the install.
# Loopback only; it stops the server it started, by PID.
#
# Usage: tests/schemathesis.sh [--examples N] [--seed N]
#   --examples N   test cases per operation and phase (default 100)
#   --seed N       the generator's seed (default 2026, so that CI is repeatable)
set -euo pipefail
cd "$(dirname "$0")/.."

# What the fuzzing needs is made before the bound starts: on a fresh clone
# the release build alone can take most of ten minutes on two cores.
if [ -z "${SCHEMATHESIS_TIME_LIMITED:-}" ]; then
  for tool in curl python3; do
    command -v "$tool" >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq curl python3 >/dev/null; }
  done
  venv=target/schemathesis-venv
  if [ ! -x "$venv/bin/st" ]; then
    echo "== installing schemathesis into $venv"
    python3 -m venv "$venv" || {
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
      python3 -m venv "$venv"
    }
    "$venv/bin/pip" install -q 'schemathesis==4.32.5'
  fi
  cargo build --release -q
  SCHEMATHESIS_TIME_LIMITED=1 exec timeout --foreground "${SCHEMATHESIS_TIME_LIMIT_SECONDS:-600}" "$0" "$@"
fi
venv=target/schemathesis-venv

examples=100
seed=2026
while [ $# -gt 0 ]; do
  case "$1" in
    --examples) examples=$2; shift ;;
    --seed) seed=$2; shift ;;
    *) echo "unknown argument $1 (see the usage at the top of $0)" >&2; exit 2 ;;
  esac
  shift
done

binary=target/release/shortlist

work=$(mktemp -d /tmp/shortlist-schemathesis.XXXXXX)
server=""
stop_all() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap stop_all EXIT

# The demo key's and the careers page's rate limits are lifted: the fuzzing
# sends thousands of requests from one address.
SHORTLIST_LOG=warn "$binary" serve --data-dir "$work/data" --bind 127.0.0.1:0 \
  --rate-limit-per-minute 10000000 --apply-rate-per-address-per-minute 0 --apply-rate-per-job-per-minute 0 \
  >"$work/server.out" 2>"$work/server.err" &
server=$!
for _ in $(seq 1 300); do
  grep -q "is ready" "$work/server.out" 2>/dev/null && break
  kill -0 "$server" 2>/dev/null || { cat "$work/server.err" >&2; exit 1; }
  sleep 0.1
done
base=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/server.out" | head -1)
export SHORTLIST_API_KEY=$(grep -o 'svc_live_[A-Za-z0-9]*' "$work/server.out" | head -1)
export SHORTLIST_JWT=$("$binary" token --org demo --sub demo-owner --role owner --data-dir "$work/data")
# The oldest active job: the demo's paid one, so that reruns can be charged.
export SHORTLIST_JOB_ID=$(curl -sf "$base/api/v1/jobs?limit=100" -H "X-API-Key: $SHORTLIST_API_KEY" \
  | python3 -c 'import json,sys; jobs=json.load(sys.stdin)["data"]["items"]; print([j["id"] for j in jobs if j["status"]=="active"][-1])')
export SHORTLIST_APPLICATION_ID=$(curl -sf "$base/api/v1/jobs/$SHORTLIST_JOB_ID/applications?limit=1" -H "X-API-Key: $SHORTLIST_API_KEY" \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["applications"][0]["id"])')

echo "== schemathesis against $base/api/v1/openapi.json, $examples examples per operation and phase, seed $seed"
cd "$work"   # its .hypothesis and report directories stay out of the repository
status=0
"$OLDPWD/$venv/bin/st" --config-file "$OLDPWD/tests/schemathesis.toml" run "$base/api/v1/openapi.json" \
  --checks all --max-examples "$examples" --workers 1 --request-timeout 5 --max-failures 100 \
  --seed "$seed" --generation-database none --report junit,vcr --report-dir "$work/report" --no-color \
  || status=$?
requests=$(grep -c '^- id:' "$work"/report/*.yaml 2>/dev/null || echo 0)
echo "== $requests requests sent; schemathesis exit status $status"
grep -i 'panicked' "$work/server.err" >&2 || true
exit "$status"
