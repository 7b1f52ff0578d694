-- wrk: the mixed run. Reads the applications page of the big job (sort
-- ats-desc, offsets spread over the first 100 pages) and, for
-- $WRITE_PERCENT of requests, writes to one of the applications listed in
-- $APPLICATIONS_FILE: a stage move, a tag change or a comment, in turn.
-- $WRITE_PERCENT=0 gives the pure-read run it is compared with.
dofile("loadtests/report.lua")

local applications = {}
for line in io.lines(os.getenv("APPLICATIONS_FILE")) do
  applications[#applications + 1] = line
end
local stages = {}
for stage in string.gmatch(os.getenv("STAGES"), "[^,]+") do
  stages[#stages + 1] = stage
end
local key = os.getenv("API_KEY")
local job = os.getenv("JOB_ID")
local write_percent = tonumber(os.getenv("WRITE_PERCENT"))
local headers = { ["X-API-Key"] = key, ["Content-Type"] = "application/json" }
local sent = 0

request = function()
  sent = sent + 1
  if (sent % 100) < write_percent then
    local application = applications[(sent % #applications) + 1]
    local kind = sent % 3
    if kind == 0 then
      local stage = stages[(sent % #stages) + 1]
      return wrk.format("PATCH", "/api/v1/applications/" .. application .. "/stage", headers,
        '{"stage":"' .. stage .. '"}')
    elseif kind == 1 then
      return wrk.format("PATCH", "/api/v1/applications/" .. application .. "/tags", headers,
        '{"add":["load-' .. (sent % 7) .. '"],"remove":["load-' .. ((sent + 3) % 7) .. '"]}')
    else
      return wrk.format("POST", "/api/v1/applications/" .. application .. "/comments", headers,
        '{"text":"load test comment ' .. sent .. '"}')
    end
  end
  local offset = (sent % 100) * 20
  return wrk.format("GET", "/api/v1/jobs/" .. job .. "/applications?sort=ats-desc&limit=20&offset=" .. offset, headers)
end
