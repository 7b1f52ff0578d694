#!/usr/bin/env bash
# Instructions per request of the mixed run, counted by callgrind: what a
# write costs in the mix, the reads it makes costlier included, repeatably
# (wrk's figures for the mix move by ±0.1 of its ratio on this machine).
# Seeds one job of 5,000 applications, starts the binary under callgrind
# (one worker, fsync always, no metrics, loopback) with counting off, reads
# every page of the first 100 once, then counts ROUNDS requests in
# mixed.lua's order (ats-desc pages of 20 at offsets 0-1980; WRITE_PERCENT
# of them a stage move, a tag change or a comment on the first 100
# applications, in turn). Stops what it started, by PID; bounded in time.
#
# Usage: loadtests/instructions_mix.sh BINARY WRITE_PERCENT ROUNDS
#   e.g. run with 0 and with 5, for each binary: the difference is the
#   writes' cost. KEEP=FILE keeps the profile for callgrind_annotate.
set -euo pipefail
binary=$1 pct=$2 rounds=$3
command -v valgrind >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind >/dev/null; }
work=$(mktemp -d /tmp/shortlist-instructions-mix.XXXXXX)
server=""
stop_all() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap stop_all EXIT
"$binary" seed --data-dir "$work/data" --jobs 1 --applications-per-job 5000 --seed 9 >"$work/seed.out" 2>&1
key=$(grep -o 'svc_live_[A-Za-z0-9]*' "$work/seed.out" | head -1)
port=${PORT:-18472}
SHORTLIST_LOG=warn timeout 900 valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$work/cg.out" \
  "$binary" serve --no-demo --data-dir "$work/data" --bind "127.0.0.1:$port" --workers 1 --no-metrics --fsync always >/dev/null 2>"$work/err" &
server=$!
for _ in $(seq 1 1200); do curl -sf "http://127.0.0.1:$port/readyz" 2>/dev/null | grep -q true && break; sleep 0.25; done
python3 - "$port" "$key" "$rounds" "$pct" "$(pgrep -P "$server")" <<'PYTHON'
import http.client, sys, json, subprocess
port, key, count, pct, pid = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
c = http.client.HTTPConnection("127.0.0.1", port)
def req(method, path, body=None):
    h = {"X-API-Key": key}
    if body is not None: h["Content-Type"] = "application/json"
    c.request(method, path, body=body, headers=h); r = c.getresponse(); data = r.read()
    assert r.status < 300, (path, r.status, data[:200]); return data
job = json.loads(req("GET", "/api/v1/jobs?limit=1"))["data"]["items"][0]["id"]
apps = [a["id"] for a in json.loads(req("GET", f"/api/v1/jobs/{job}/applications?sort=ats-desc&limit=100"))["data"]["applications"]]
stages = [s["id"] for s in json.loads(req("GET", f"/api/v1/jobs/{job}"))["data"]["stages"]]
for o in range(100): req("GET", f"/api/v1/jobs/{job}/applications?sort=ats-desc&limit=20&offset={o*20}")
subprocess.run(["callgrind_control", "-i", "on", pid], check=True, capture_output=True)
for sent in range(1, count + 1):
    if sent % 100 < pct:
        a = apps[sent % len(apps)]; kind = sent % 3
        if kind == 0: req("PATCH", f"/api/v1/applications/{a}/stage", '{"stage":"%s"}' % stages[sent % len(stages)])
        elif kind == 1: req("PATCH", f"/api/v1/applications/{a}/tags", '{"add":["load-%d"],"remove":["load-%d"]}' % (sent % 7, (sent + 3) % 7))
        else: req("POST", f"/api/v1/applications/{a}/comments", '{"text":"load test comment %d"}' % sent)
    else:
        req("GET", f"/api/v1/jobs/{job}/applications?sort=ats-desc&limit=20&offset={(sent % 100) * 20}")
subprocess.run(["callgrind_control", "-i", "off", pid], check=True, capture_output=True)
PYTHON
kill -INT "$server"; wait "$server" || true; server=""
[ -n "${KEEP:-}" ] && cp "$work/cg.out" "$KEEP"
total=$(awk '/^(summary|totals):/ {s += $2} END {print s}' "$work/cg.out")
echo "mix $pct%: $(( total / rounds )) instructions per request ($rounds; $binary)"
