#!/usr/bin/env python3
"""Turns one run.sh run (a directory of wrk JSON lines and notes) into
loadtests/results/<stamp>.json and a Markdown table on standard output,
with the targets of issue 9 checked: every read scenario at least 0.75 of
nginx on the same bytes with p99 at most 2 ms, and the mixed run at least
0.90 of the pure-read run.

Usage: summarise.py RUN_DIRECTORY RESULTS_DIRECTORY"""
import json
import os
import platform
import sys
import time

RATIO_TARGET = 0.75
P99_TARGET_MS = 2.0
MIXED_TARGET = 0.90

run, results = sys.argv[1], sys.argv[2]


def read_json(name):
    with open(os.path.join(run, name)) as handle:
        return json.loads(handle.read().strip().splitlines()[-1])


def rate(measured):
    return measured["requests"] / (measured["duration_us"] / 1e6)


def machine():
    model = "unknown"
    with open("/proc/cpuinfo") as handle:
        for line in handle:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    with open("/proc/meminfo") as handle:
        memory_kb = int(handle.readline().split()[1])
    return {"cpu": model, "cores": os.cpu_count(), "memory_gib": round(memory_kb / 1024 / 1024, 1),
            "kernel": platform.release()}


scenarios = []
for name in open(os.path.join(run, "scenarios")).read().split():
    shortlist, nginx = read_json(f"{name}.shortlist.json"), read_json(f"{name}.nginx.json")
    entry = {
        "name": name,
        "path": open(os.path.join(run, f"{name}.path")).read().strip(),
        "bytes": os.path.getsize(os.path.join(run, "static", f"{name}.json")),
        "shortlist": {"requests_per_second": round(rate(shortlist)), "p50_ms": shortlist["p50_us"] / 1000,
                      "p99_ms": shortlist["p99_us"] / 1000, "non_2xx": shortlist["non_2xx"],
                      "socket_errors": shortlist["socket_errors"]},
        "nginx": {"requests_per_second": round(rate(nginx)), "p50_ms": nginx["p50_us"] / 1000,
                  "p99_ms": nginx["p99_us"] / 1000, "non_2xx": nginx["non_2xx"]},
    }
    entry["ratio"] = round(rate(shortlist) / rate(nginx), 3)
    entry["not_modified"] = os.path.exists(os.path.join(run, f"{name}.etag"))
    entry["meets_targets"] = (entry["ratio"] >= RATIO_TARGET and entry["shortlist"]["p99_ms"] <= P99_TARGET_MS
                              and shortlist["non_2xx"] == 0)
    scenarios.append(entry)

def mix_rounds():
    """The mix's (pure read, with writes) pairs in the order they ran; a run
    before the halves alternated has one pair without a round number."""
    if os.path.exists(os.path.join(run, "mixed-read.json")):
        return [(read_json("mixed-read.json"), read_json("mixed-write.json"))]
    rounds, number = [], 1
    while os.path.exists(os.path.join(run, f"mixed-read-{number}.json")):
        rounds.append((read_json(f"mixed-read-{number}.json"), read_json(f"mixed-write-{number}.json")))
        number += 1
    return rounds


def median(values):
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


pairs = mix_rounds()
mixed = {
    "rounds": [{"pure_read": {"requests_per_second": round(rate(read)), "p99_ms": read["p99_us"] / 1000,
                              "non_2xx": read["non_2xx"]},
                "with_5_percent_writes": {"requests_per_second": round(rate(write)),
                                          "p99_ms": write["p99_us"] / 1000, "non_2xx": write["non_2xx"]},
                "ratio": round(rate(write) / rate(read), 3)} for read, write in pairs],
}
mixed["pure_read"] = {"requests_per_second": round(median([rate(read) for read, _ in pairs])),
                      "p99_ms": median([read["p99_us"] for read, _ in pairs]) / 1000,
                      "non_2xx": sum(read["non_2xx"] for read, _ in pairs)}
mixed["with_5_percent_writes"] = {"requests_per_second": round(median([rate(write) for _, write in pairs])),
                                  "p99_ms": median([write["p99_us"] for _, write in pairs]) / 1000,
                                  "non_2xx": sum(write["non_2xx"] for _, write in pairs)}
if os.path.exists(os.path.join(run, "mixed-snapshots.json")):
    snapshots = read_json("mixed-snapshots.json")
    mixed["snapshots_during_reads"] = snapshots["snapshots_during_reads"]
    mixed["snapshots_during_writes"] = snapshots["snapshots_during_writes"]
# The median of the rounds' ratios: each compares halves that ran minutes
# apart at most, side by side.
mixed["ratio"] = round(median([rate(write) / rate(read) for read, write in pairs]), 3)
mixed["meets_target"] = mixed["ratio"] >= MIXED_TARGET and mixed["with_5_percent_writes"]["non_2xx"] == 0

result = {
    "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    "machine": machine(),
    "dataset": read_json("dataset.json"),
    "settings": read_json("settings.json"),
    "scenarios": scenarios,
    "walk": read_json("walk.json"),
    "mixed": mixed,
    "memory": read_json("memory.json"),
}
os.makedirs(results, exist_ok=True)
stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
for path in (os.path.join(results, f"{stamp}.json"), os.path.join(results, "latest.json")):
    with open(path, "w") as handle:
        json.dump(result, handle, indent=2)
        handle.write("\n")

m = result["machine"]
print(f"Machine: {m['cpu']}, {m['cores']} cores, {m['memory_gib']} GiB, Linux {m['kernel']}; {result['date']}.")
d = result["dataset"]
print(f"Data: {d['applications_total']} applications; big job {d['big_job_applications']}, "
      f"small job {d['small_job_applications']}. wrk -t1 -c{result['settings']['connections']}, "
      f"{result['settings']['warmup_seconds']} s warm-up, {result['settings']['seconds']} s per target.\n")
print("| scenario | bytes | shortlist req/s | p50 | p99 | non-2xx | nginx req/s | nginx p99 | ratio | targets |")
print("|---|---|---|---|---|---|---|---|---|---|")
for s in scenarios:
    sl, ng = s["shortlist"], s["nginx"]
    print(f"| {s['name']} | {s['bytes']:,} | {sl['requests_per_second']:,} | {sl['p50_ms']:.2f} ms | "
          f"{sl['p99_ms']:.2f} ms | {sl['non_2xx']} | {ng['requests_per_second']:,} | {ng['p99_ms']:.2f} ms | "
          f"{s['ratio']:.2f} | {'met' if s['meets_targets'] else 'MISSED'} |")
for s in (s for s in scenarios if s["not_modified"]):
    full = next((other for other in scenarios if other["path"] == s["path"] and not other["not_modified"]), None)
    if full:
        print(f"\n{s['name']} answers 304 to `If-None-Match`: {s['shortlist']['requests_per_second']:,} req/s "
              f"(p50 {s['shortlist']['p50_ms']:.2f} ms) against {full['shortlist']['requests_per_second']:,} req/s "
              f"(p50 {full['shortlist']['p50_ms']:.2f} ms) for the 200 it replaces in the same run: "
              f"{s['shortlist']['requests_per_second'] / full['shortlist']['requests_per_second']:.2f}x.")
w = result["walk"]
print(f"\nWalk of the big job at limit=100: {w['pages']} pages, {w['items']} items ({w['distinct']} distinct of "
      f"{w['total']}) in {w['seconds']} s ({w['pages_per_second']} pages/s, one connection).")
rounds = "" if len(pairs) == 1 else (
    f"medians of {len(pairs)} alternated rounds (ratios "
    + ", ".join(f"{r['ratio']:.2f}" for r in mixed["rounds"]) + "): ")
print(f"Mixed run, {rounds}pure reads {mixed['pure_read']['requests_per_second']:,} req/s (p99 {mixed['pure_read']['p99_ms']:.2f} ms); "
      f"with 5% durable writes {mixed['with_5_percent_writes']['requests_per_second']:,} req/s "
      f"(p99 {mixed['with_5_percent_writes']['p99_ms']:.2f} ms, non-2xx {mixed['with_5_percent_writes']['non_2xx']}): "
      f"{mixed['ratio']:.2f} of pure reads ({'met' if mixed['meets_target'] else 'MISSED'})"
      + (f"; workspace snapshots during the pure reads: {mixed['snapshots_during_reads']}, "
         f"during the writes: {mixed['snapshots_during_writes']}"
         if "snapshots_during_writes" in mixed else "") + ".")
mem = result["memory"]
print(f"Server memory: RssAnon {mem['rss_anon_kib'] // 1024} MiB, RssFile {mem['rss_file_kib'] // 1024} MiB: "
      f"{mem['bytes_per_application_anon']} + {mem['bytes_per_application_file']} bytes per application.")
