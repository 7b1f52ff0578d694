-- wrk: prints one JSON line when the run ends, which run.sh collects:
-- requests, duration, p50/p99 latency (microseconds), non-2xx/3xx answers
-- and socket errors. Other scripts load it with dofile.
done = function(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    '{"requests":%d,"duration_us":%d,"non_2xx":%d,"socket_errors":%d,"p50_us":%d,"p99_us":%d,"bytes":%d}\n',
    summary.requests, summary.duration, errors.status,
    errors.connect + errors.read + errors.write + errors.timeout,
    latency:percentile(50), latency:percentile(99), summary.bytes))
end
