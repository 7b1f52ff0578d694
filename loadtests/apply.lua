-- wrk script: POST applications with a text resume to the public apply
-- endpoint of $JOB_ID, each with its own email (a second application from
-- one email is 409), until $APPLICATIONS_TOTAL have been sent across all
-- threads. The resume is $RESUME_FILE, sent as `resumeText`; with
-- RESUME_FILE empty the applications carry no resume (nothing to parse).
local job = os.getenv("JOB_ID")
local total = tonumber(os.getenv("APPLICATIONS_TOTAL"))
local threads_count = tonumber(os.getenv("THREADS"))
local resume_field = ""
local resume_file = os.getenv("RESUME_FILE") or ""
if resume_file ~= "" then
  local handle = io.open(resume_file, "rb")
  local resume = handle:read("*a")
  handle:close()
  local escaped = resume:gsub('\\', '\\\\'):gsub('"', '\\"'):gsub('\r', '\\r'):gsub('\n', '\\n'):gsub('\t', '\\t')
  resume_field = ',"resumeText":"' .. escaped .. '"'
end

-- `thread_number` is a global that setup() sets in each thread's own state
-- (a local here would hide it), so emails differ across threads.
local counter = 0
function setup(thread)
  thread:set("thread_number", counter)
  counter = counter + 1
end

local sent = 0
request = function()
  sent = sent + 1
  if sent > total / threads_count then
    wrk.thread:stop()
  end
  local email = "load-" .. (thread_number or 0) .. "-" .. sent .. "@example.com"
  local body = '{"candidateName":"Load Candidate ' .. sent .. '","email":"' .. email .. '"' .. resume_field .. '}'
  return wrk.format("POST", "/api/jobs/" .. job .. "/applications", { ["Content-Type"] = "application/json" }, body)
end
