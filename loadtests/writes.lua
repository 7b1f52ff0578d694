-- wrk script: POST a comment (one durable write each) to the applications
-- listed in $APPLICATIONS_FILE, round robin, with the key in $API_KEY.
local applications = {}
for line in io.lines(os.getenv("APPLICATIONS_FILE")) do
  applications[#applications + 1] = line
end
local key = os.getenv("API_KEY")
local sent = 0

request = function()
  sent = sent + 1
  local application = applications[(sent % #applications) + 1]
  local body = '{"text":"load test comment ' .. sent .. '"}'
  return wrk.format("POST", "/api/v1/applications/" .. application .. "/comments",
    { ["X-API-Key"] = key, ["Content-Type"] = "application/json" }, body)
end
