-- The mixed load of Benchmarks/README.md, for wrk: 80% reads (the library page, a book's
-- page, the insights page, the radar and the completion answers), 20% writes (adding a book,
-- changing a book's status, rating a book, changing the facts of the author every reader has —
-- the write that reaches every reader at once), each request as one of the benchmark's readers.
-- Reads `readers.lua` (written by run.py): a table of {token, cookie, author, entries = {ids}}.

local readers = dofile(os.getenv("BOOKSTRACK_LOAD_READERS"))
-- BOOKSTRACK_LOAD_ONLY=<kind> sends only one kind of request (run.py --only): its range of picks.
local kinds = {library = {1, 16}, book = {17, 32}, insights = {33, 48}, radar = {49, 64}, completion = {65, 80},
               add = {81, 87}, status = {88, 94}, rating = {95, 97}, fact = {98, 100}}
local only = kinds[os.getenv("BOOKSTRACK_LOAD_ONLY") or ""]
local threads = {}
local counter = 0

function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  -- Seeded from the system, so several wrk processes started together add different books.
  local urandom = io.open("/dev/urandom", "rb")
  local a, b, c = urandom:read(3):byte(1, 3)
  urandom:close()
  math.randomseed(((a * 256 + b) * 256 + c) * 16 + id)
  statuses = {}
  fivexx = 0
  writes = 0
end

local status_names = {"read", "reading", "toRead", "onHold"}
local countries = {"US", "NG", "GB", "JM"}

local function html(path, reader)
  return wrk.format("GET", path, {["Cookie"] = "bt_session=" .. reader.cookie})
end

local function api(method, path, reader, body)
  local headers = {["Authorization"] = "Bearer " .. reader.token}
  if body then headers["Content-Type"] = "application/json" end
  return wrk.format(method, path, headers, body)
end

function request()
  local reader = readers[math.random(#readers)]
  local entry = reader.entries[math.random(#reader.entries)]
  local pick = only and math.random(only[1], only[2]) or math.random(100)
  if pick <= 16 then
    return html("/library?page=" .. math.random(3), reader)
  elseif pick <= 32 then
    return html("/books/" .. entry, reader)
  elseif pick <= 48 then
    return html("/insights", reader)
  elseif pick <= 64 then
    return api("GET", "/api/v1/radar", reader)
  elseif pick <= 80 then
    return api("GET", "/api/v1/completion", reader)
  end
  writes = writes + 1
  if pick <= 87 then
    counter = counter + 1
    local title = string.format("Load test book %d-%d-%d", id, counter, math.random(1000000000))
    return api("POST", "/api/v1/entries", reader,
      string.format('{"title": "%s", "authors": ["Octavia E. Butler"], "status": "toRead"}', title))
  elseif pick <= 94 then
    return api("POST", "/api/v1/entries/" .. entry .. "/status", reader,
      string.format('{"status": "%s"}', status_names[math.random(#status_names)]))
  elseif pick <= 97 then
    return api("PATCH", "/api/v1/entries/" .. entry, reader, string.format('{"rating": %d}', math.random(5)))
  else
    return api("PATCH", "/api/v1/authors/" .. reader.author .. "/facts", reader,
      string.format('{"country": "%s"}', countries[math.random(#countries)]))
  end
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  if status >= 500 then fivexx = fivexx + 1 end
end

function done(summary, latency, requests)
  local total5xx, byStatus = 0, {}
  for _, thread in ipairs(threads) do
    total5xx = total5xx + thread:get("fivexx")
    for code, count in pairs(thread:get("statuses")) do byStatus[code] = (byStatus[code] or 0) + count end
  end
  local seconds = summary.duration / 1e6
  io.write(string.format("RESULT requests=%d seconds=%.2f rps=%.1f p50_ms=%.1f p90_ms=%.1f p99_ms=%.1f max_ms=%.1f 5xx=%d socket_errors=%d\n",
    summary.requests, seconds, summary.requests / seconds,
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
    latency.max / 1000, total5xx,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
  local codes = {}
  for code, count in pairs(byStatus) do table.insert(codes, code .. "=" .. count) end
  table.sort(codes)
  io.write("STATUSES " .. table.concat(codes, " ") .. "\n")
end
