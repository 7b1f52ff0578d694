#!/usr/bin/env python3
"""Walks every page of a job's applications (sort ats-desc) on one
keep-alive connection and prints one JSON line: pages, items, distinct IDs,
the total the first page announced, and the seconds the walk took.

Usage: walk.py HOST PORT KEY JOB_ID LIMIT"""
import http.client
import json
import sys
import time

host, port, key, job, limit = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], int(sys.argv[5])
connection = http.client.HTTPConnection(host, port, timeout=10)
seen, pages, items, total, offset = set(), 0, 0, None, 0
started = time.monotonic()
while total is None or offset < total:
    connection.request("GET", f"/api/v1/jobs/{job}/applications?sort=ats-desc&limit={limit}&offset={offset}",
                       headers={"X-API-Key": key})
    response = connection.getresponse()
    body = response.read()
    if response.status != 200:
        sys.exit(f"page at offset {offset}: HTTP {response.status}: {body[:200]!r}")
    data = json.loads(body)["data"]
    total = data["pagination"]["total"] if total is None else total
    batch = data["applications"]
    pages, items, offset = pages + 1, items + len(batch), offset + limit
    seen.update(application["id"] for application in batch)
    if not batch:
        break
seconds = time.monotonic() - started
print(json.dumps({"pages": pages, "items": items, "distinct": len(seen), "total": total,
                  "seconds": round(seconds, 3), "pages_per_second": round(pages / seconds, 1)}))
