#!/usr/bin/env bash
# The read-path load test, in one command. Builds the release binary, seeds
# a data set (1 workspace, 200 jobs: one big job and 199 of 1,000
# applications), starts the server on it (loopback, fsync always, the seed
# key's rate limit lifted) and nginx (1 worker, access log off) serving the
# same response bodies as static files, then drives each read scenario with
# wrk against both, one after the other, never at once: a warm-up, then a
# timed run. One scenario asks for a page again with its ETag, so both
# answer 304 Not Modified. Then it walks the big job page by page, and compares a 95/5
# read/write mix with the same reads alone. Results go to
# loadtests/results/<stamp>.json (and latest.json); the table is printed.
#
# Loopback only, bounded in time (every wrk run has its duration, the whole
# script an hour, or $LOADTEST_TIME_LIMIT_SECONDS), and it stops what it
# started, by PID.
#
# Usage: loadtests/run.sh [--million] [--seconds N] [--warmup N] [--connections N] [--workers N] [--mix-rounds N]
#   --million      the big job holds 1,000,000 applications (1,199,000 in all)
#                  instead of 100,000 (299,000 in all)
#   --seconds N    timed run per target and scenario (default 10)
#   --warmup N     warm-up before each timed run (default 2)
#   --connections  wrk connections (default 32)
#   --workers N    the server's HTTP workers (default: the server's own default)
#   --mix-rounds N pairs of the mix's halves, alternated (default 3); the
#                  summary reports the medians and every round
set -euo pipefail
cd "$(dirname "$0")/.."

# The whole run's bound: seeding, two targets per scenario, walk and mix.
if [ -z "${LOADTEST_TIME_LIMITED:-}" ]; then
  LOADTEST_TIME_LIMITED=1 exec timeout --foreground "${LOADTEST_TIME_LIMIT_SECONDS:-3600}" "$0" "$@"
fi

big_job_applications=100000
small_job_applications=1000
jobs=200
seconds=10
warmup_seconds=2
connections=32
mix_rounds=3
workers_flag=()
while [ $# -gt 0 ]; do
  case "$1" in
    --million) big_job_applications=1000000 ;;
    --seconds) seconds=$2; shift ;;
    --warmup) warmup_seconds=$2; shift ;;
    --connections) connections=$2; shift ;;
    --workers) workers_flag=(--workers "$2"); shift ;;
    --mix-rounds) mix_rounds=$2; shift ;;
    *) echo "unknown argument $1 (see the usage at the top of $0)" >&2; exit 2 ;;
  esac
  shift
done

port=${LOADTEST_PORT:-18410}
nginx_port=${LOADTEST_NGINX_PORT:-18411}
base="http://127.0.0.1:${port}"
for tool in wrk nginx curl python3; do
  if ! command -v "$tool" >/dev/null; then
    echo "installing wrk and nginx from Debian's packages" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk nginx-light curl >/dev/null
    break
  fi
done
cargo build --release -q
binary=target/release/shortlist

work=$(mktemp -d /tmp/shortlist-loadtest.XXXXXX)
chmod 755 "$work"
server="" nginx_pid=""
stop_all() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
  [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap stop_all EXIT

echo "== seeding: 1 job of $big_job_applications and $((jobs - 1)) of $small_job_applications applications"
"$binary" seed --data-dir "$work/data" --jobs "$jobs" --applications-per-job "$small_job_applications" \
  --big-job-applications "$big_job_applications" --seed 9 | tee "$work/seed.out"
key=$(grep -o 'svc_live_[A-Za-z0-9]*' "$work/seed.out" | head -1)
# The seed leaves a snapshot and a resume pack of up to gigabytes in the page
# cache, not yet on disk; writing them back would take the cores and the disk
# from the first scenarios. The server is measured once they are written.
echo "== writing the seeded files back to disk (sync)"
sync
# Then the machine settles before the server starts. Measured with a million
# applications on the 2-core session machine: the first scenario run right
# after the seed had p99 of 9.5-32 ms in each of four runs (the same scenario
# run again next: 0.7-1.2 ms), and 0.99-1.31 ms in each of three runs after
# 30 s of waiting, whether the wait came before the server started (one run)
# or after (two). During the wait
# both cores stand idle, the server's included; what the kernel finishes in
# that time after a seed that wrote 5 GB and freed its memory was not found.
settle_seconds=${SETTLE_SECONDS:-30}
echo "== letting the machine settle after the seed (${settle_seconds} s)"
sleep "$settle_seconds"

# The access log is off, as it is for nginx; metrics are on (their cost: metrics_cost.sh).
SHORTLIST_LOG=${LOADTEST_SERVER_LOG:-info,shortlist::access=off} \
  "$binary" serve --no-demo --data-dir "$work/data" --bind "127.0.0.1:${port}" --fsync always "${workers_flag[@]}" \
  >"$work/server.out" 2>"$work/server.err" &
server=$!
for _ in $(seq 1 600); do
  curl -sf "$base/readyz" | grep -q true && break
  kill -0 "$server" 2>/dev/null || { cat "$work/server.err" >&2; exit 1; }
  sleep 0.1
done

get() { curl -sf "$base$1" -H "X-API-Key: $key"; }
# The big job and one small job, by their application counts.
pick_job() { # largest|smallest
  { get "/api/v1/jobs?limit=100&offset=0"; echo; get "/api/v1/jobs?limit=100&offset=100"; echo; } |
    python3 -c 'import json,sys
jobs = [job for line in sys.stdin if line.strip() for job in json.loads(line)["data"]["items"]]
jobs.sort(key=lambda job: job["applicationCount"])
print((jobs[-1] if sys.argv[1] == "largest" else jobs[0])["id"])' "$1"
}
big_job=$(pick_job largest)
small_job=$(pick_job smallest)
first_page=$(get "/api/v1/jobs/$big_job/applications?sort=ats-desc&limit=100")
application=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["applications"][0]["id"])' <<<"$first_page")
python3 -c 'import json,sys; [print(a["id"]) for a in json.load(sys.stdin)["data"]["applications"]]' \
  <<<"$first_page" >"$work/applications"
name_prefix=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["applications"][0]["candidateName"].split()[0])' <<<"$first_page")
stages=$(get "/api/v1/jobs/$big_job" | python3 -c 'import json,sys; print(",".join(s["id"] for s in json.load(sys.stdin)["data"]["stages"]))')
second_stage=$(cut -d, -f2 <<<"$stages")
metric() { curl -sf "$base/metrics" | awk -v name="$1" '$1 == name {print $2}'; }
snapshots_written() { local count; count=$(metric shortlist_snapshot_duration_seconds_count); echo "${count:-0}"; }
snapshots_running() { local running; running=$(metric shortlist_snapshots_in_progress); running=${running:-0}; echo "${running%.*}"; }
# The comments scenario reads a thread of five.
for number in 1 2 3 4 5; do
  curl -sf -X POST "$base/api/v1/applications/$application/comments" -H "X-API-Key: $key" \
    -H 'Content-Type: application/json' -d "{\"text\":\"Load test note $number: strong Rust, ask about Kafka.\"}" >/dev/null
done
snapshots_before_setup_snapshot=$(snapshots_written)

mkdir -p "$work/run/static"
scenario() { # name path
  echo "$2" >"$work/run/$1.path"
  get "$2" >"$work/run/static/$1.json"
  echo "$1" >>"$work/run/scenarios"
}
etag_of() { # url [header]: the ETag a GET of url answers with
  curl -sf -D - -o /dev/null "$1" ${2:+-H "$2"} | tr -d '\r' | awk 'tolower($1) == "etag:" {print $2}'
}
# A page asked for again with the ETag it was served with: a 304 each time
# (nginx: the ETag it gives the same bytes as a static file).
not_modified_scenario() { # name path
  scenario "$1" "$2"
  etag_of "$base$2" "X-API-Key: $key" >"$work/run/$1.etag"
}
apps="/api/v1/jobs/$big_job/applications"
scenario jobs_list "/api/v1/jobs"
scenario applications_ats_desc "$apps?sort=ats-desc&limit=20"
scenario applications_ats_desc_offset_5000 "$apps?sort=ats-desc&limit=20&offset=5000"
scenario applications_ats_score_min_70 "$apps?sort=ats-desc&atsScoreMin=70&limit=20"
scenario applications_stage "$apps?stage=$second_stage&sort=ats-desc&limit=20"
scenario applications_name_search "$apps?name=$name_prefix&limit=20"
scenario application_detail "/api/v1/applications/$application"
scenario application_resume "/api/v1/applications/$application/resume"
scenario application_ats "/api/v1/applications/$application/ats"
scenario application_comments "/api/v1/applications/$application/comments"
scenario small_job_applications_ats_desc "/api/v1/jobs/$small_job/applications?sort=ats-desc&limit=20"
not_modified_scenario applications_ats_desc_not_modified "$apps?sort=ats-desc&limit=20"

cat >"$work/nginx.conf" <<EOF
worker_processes 1;
daemon off;
pid $work/nginx.pid;
error_log $work/nginx.error.log;
events { worker_connections 1024; }
http {
  access_log off;
  default_type application/json;
  client_body_temp_path $work/nginx-body;
  proxy_temp_path $work/nginx-proxy;
  fastcgi_temp_path $work/nginx-fastcgi;
  uwsgi_temp_path $work/nginx-uwsgi;
  scgi_temp_path $work/nginx-scgi;
  server {
    listen 127.0.0.1:$nginx_port;
    root $work/run/static;
  }
}
EOF
chmod -R a+rX "$work/run"
nginx -c "$work/nginx.conf" -p "$work" &
nginx_pid=$!
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$nginx_port/jobs_list.json" >/dev/null && break; sleep 0.05; done

drive() { # url output [etag]
  local conditional=()
  [ -n "${3:-}" ] && conditional=(-H "If-None-Match: $3")
  wrk -t1 -c"$connections" -d"${warmup_seconds}s" -H "X-API-Key: $key" "${conditional[@]}" "$1" >/dev/null
  wrk -t1 -c"$connections" -d"${seconds}s" -H "X-API-Key: $key" "${conditional[@]}" -s loadtests/report.lua "$1" |
    tail -1 >"$2"
}
for name in $(cat "$work/run/scenarios"); do
  echo "== $name"
  shortlist_etag="" nginx_etag=""
  if [ -f "$work/run/$name.etag" ]; then
    shortlist_etag=$(cat "$work/run/$name.etag")
    nginx_etag=$(etag_of "http://127.0.0.1:$nginx_port/$name.json")
    echo "$shortlist_etag $nginx_etag" >"$work/run/$name.etags"
  fi
  drive "$base$(cat "$work/run/$name.path")" "$work/run/$name.shortlist.json" "$shortlist_etag"
  drive "http://127.0.0.1:$nginx_port/$name.json" "$work/run/$name.nginx.json" "$nginx_etag"
done

echo "== walking the big job at limit=100"
python3 loadtests/walk.py 127.0.0.1 "$port" "$key" "$big_job" 100 >"$work/run/walk.json"

echo "== mixed: the same reads alone, then with 5% durable writes"
mix() { # write_percent output
  APPLICATIONS_FILE="$work/applications" STAGES="$stages" API_KEY="$key" JOB_ID="$big_job" WRITE_PERCENT=$1 \
    wrk -t1 -c"$connections" -d"${warmup_seconds}s" -s loadtests/mixed.lua "$base" >/dev/null
  APPLICATIONS_FILE="$work/applications" STAGES="$stages" API_KEY="$key" JOB_ID="$big_job" WRITE_PERCENT=$1 \
    wrk -t1 -c"$connections" -d"${seconds}s" -s loadtests/mixed.lua "$base" | tail -1 >"$2"
}
# Snapshots during each half of the mix: one takes a share of a core for
# seconds (a snapshot of a million applications, about 10 s), and in the
# pure-read half it lowers the figure the writes are compared with. The five
# comments above make one due a snapshot interval (five minutes) after them,
# which would otherwise land wherever the scenarios have got to; so the mix
# waits for it (bounded), and the summary says how many overlapped each half.
setup_snapshot_wait_seconds=${SETUP_SNAPSHOT_WAIT_SECONDS:-420}
deadline=$((SECONDS + setup_snapshot_wait_seconds))
if [ "$(snapshots_written)" -le "$snapshots_before_setup_snapshot" ] || [ "$(snapshots_running)" -gt 0 ]; then
  echo "   waiting for the snapshot the setup's comments made due (at most ${setup_snapshot_wait_seconds} s)"
fi
while { [ "$(snapshots_written)" -le "$snapshots_before_setup_snapshot" ] || [ "$(snapshots_running)" -gt 0 ]; } &&
  [ "$SECONDS" -lt "$deadline" ]; do
  sleep 1
done
# Each snapshot that overlapped a half either finished during it or was
# still running at its end (one running at its start is one of the two).
overlapping() { # written_before
  echo $(( $(snapshots_written) - $1 + $(snapshots_running) ))
}
# The halves alternate for $mix_rounds rounds and the summary takes medians:
# on this shared 2-core machine one pair's ratio moved from 0.57 to 0.84
# for one binary between sittings minutes apart, more than any change.
during_reads=0 during_writes=0
for round in $(seq 1 "$mix_rounds"); do
  echo "   round $round of $mix_rounds"
  written_before=$(snapshots_written)
  mix 0 "$work/run/mixed-read-$round.json"
  during_reads=$((during_reads + $(overlapping "$written_before")))
  written_before=$(snapshots_written)
  mix 5 "$work/run/mixed-write-$round.json"
  during_writes=$((during_writes + $(overlapping "$written_before")))
done
echo "{\"snapshots_during_reads\":$during_reads,\"snapshots_during_writes\":$during_writes}" >"$work/run/mixed-snapshots.json"

total=$(( big_job_applications + (jobs - 1) * small_job_applications ))
rss_anon=$(awk '/^RssAnon/ {print $2}' "/proc/$server/status")
rss_file=$(awk '/^RssFile/ {print $2}' "/proc/$server/status")
echo "{\"rss_anon_kib\":$rss_anon,\"rss_file_kib\":$rss_file,\"bytes_per_application_anon\":$((rss_anon * 1024 / total)),\"bytes_per_application_file\":$((rss_file * 1024 / total))}" >"$work/run/memory.json"
echo "{\"applications_total\":$total,\"big_job_applications\":$big_job_applications,\"small_job_applications\":$small_job_applications,\"jobs\":$jobs}" >"$work/run/dataset.json"
echo "{\"connections\":$connections,\"mix_rounds\":$mix_rounds,\"seconds\":$seconds,\"warmup_seconds\":$warmup_seconds,\"generator\":\"wrk -t1\",\"settle_seconds\":$settle_seconds,\"server_workers\":\"${workers_flag[1]:-default (one per core but one)}\"}" >"$work/run/settings.json"
echo
python3 loadtests/summarise.py "$work/run" loadtests/results | tee loadtests/results/latest.md
