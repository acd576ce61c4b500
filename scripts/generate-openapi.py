"""Writes Sources/BooksTrackWeb/Assets/openapi.json, the OpenAPI 3.1 document of the JSON API.

Change this script together with the route, then run it:  python3 scripts/generate-openapi.py
Tests/BooksTrackWebTests/OpenAPITests.swift keeps the document true: it must list exactly the
router's API routes, and every operation is called with its example and its answer checked
against the schema documented here.
"""
import json
import pathlib
import re
BANDS = ["highlyDiverse", "diverse", "moderate", "limited", "notDiverse"]
AXES = ["cultural", "gender", "language", "marginalized", "translation", "ownVoices", "era", "accessibility"]
FACTS = ["region", "gender", "originalLanguage", "readingLanguage", "firstPublished", "ownVoices", "accessibility", "genre"]
S = lambda name: {"$ref": f"#/components/schemas/{name}"}
def ok(desc, schema=None, ctype="application/json"):
    r = {"description": desc}
    if schema is not None: r["content"] = {ctype: {"schema": schema}}
    return r
def problem(desc): return {"description": desc, "content": {"application/problem+json": {"schema": S("Problem")}}}
E401 = problem("Not signed in, or the token is not valid.")
E404 = problem("Not found — or not yours: another reader's ids answer the same.")
E422 = problem("The body has problems; `errors` lists them by field.")
E400 = problem("The request could not be understood.")
E403 = problem("Not allowed (a browser session without its X-CSRF-Token header, or an owner-only action).")
E409 = problem("Conflicts with the current state.")
E413 = problem("The body is larger than this operation accepts.")
E429 = problem("Too many wrong passwords for this reader or from this address: wait 15 minutes (see Retry-After).")
def body(schema, example, required=True, ctype="application/json"):
    return {"required": required, "content": {ctype: {"schema": schema, "example": example}}}
idp = lambda name, desc: {"name": name, "in": "path", "required": True, "description": desc, "schema": {"type": "string", "format": "uuid"}}
def q(name, desc, schema):
    # A parameter sent without a value is refused (400), so every string needs a character.
    if schema.get("type") == "string" and "enum" not in schema and "format" not in schema and "pattern" not in schema:
        schema = dict(schema, minLength=1)
    return {"name": name, "in": "query", "required": False, "description": desc, "schema": schema}
statuses = ["wishlist", "toRead", "reading", "read", "onHold", "dnf"]
# The codes the API accepts for `country`: those of the bundled country table.
COUNTRIES = re.findall(r'alpha2: "([A-Z]{2})"', (pathlib.Path(__file__).parent.parent / "Sources/BooksTrackCore/Taxonomy/CountryTable.swift").read_text())
regions = ["africa", "asia", "europe", "northAmerica", "southAmerica", "oceania", "middleEast", "caribbean", "centralAsia", "indigenous", "international"]
PALETTES = ["standard", "blueOrange"]
nullable = lambda t: {"type": [t, "null"]}
INSIGHT_PARAMS = [
  q("period", "`all` (default), `this-year`, `last-30-days`, a year such as `2024`, or `custom` with `from` and `to`.", {"type": "string", "pattern": "^(all|this-year|last-30-days|custom|[1-9][0-9]{3})$"}),
  q("from", "First day of a custom period (YYYY-MM-DD).", {"type": "string", "format": "date"}),
  q("to", "Last day of a custom period (YYYY-MM-DD).", {"type": "string", "format": "date"}),
  q("scope", "`read` (default): books finished in the period; `library`: books added in it.", {"type": "string", "enum": ["read", "library"]}),
  q("unit", "`books` (default; co-authors share a book) or `authors` (each distinct author once).", {"type": "string", "enum": ["books", "authors"]})]
# Text fields take a string or a number ("1979" or 1979); numeric fields a number or its text.
TEXT = {"type": ["string", "number", "null"]}
NUMBER_TEXT = {"type": ["integer", "string", "null"]}
BOOK_INPUT = {"type": "object", "additionalProperties": False, "description": "Every field is optional in a PATCH; `null` clears one. Rules the schema cannot say (an ISBN's check digit, a known language, a rating in quarter stars, a day not in the future) are 422s naming the field.", "properties": {
  "title": {"type": ["string", "number"]}, "authors": {"type": ["array", "null"], "items": {"type": "string"}}, "translators": {"type": ["array", "null"], "items": {"type": "string"}},
  "isbn": TEXT, "pageCount": NUMBER_TEXT, "firstPublishedYear": NUMBER_TEXT, "originalLanguage": TEXT,
  "editionLanguage": TEXT, "format": TEXT, "publisher": TEXT, "ownVoices": {"type": ["string", "null"], "enum": ["yes", "no", None]},
  "status": {"type": "string", "enum": statuses}, "rating": {"type": ["number", "string", "null"]}, "owned": {"type": ["boolean", "null"], "description": "null is false."},
  "addedOn": TEXT, "finishedOn": TEXT, "currentPage": NUMBER_TEXT, "shelves": {"type": ["array", "null"], "items": {"type": "string"}},
  "review": TEXT, "notes": TEXT}}
PAGE = q("page", "Page number, from 1.", {"type": "integer", "minimum": 1, "maximum": 100000})
doc = {
 "openapi": "3.1.0",
 "info": {"title": "BooksTrack API", "version": "1.0.0",
   "description": "Everything the BooksTrack web app does, as JSON. Sign in with a personal API token (`Authorization: Bearer TOKEN`; create one on the account page or with `bookstrack user token NAME`). Requests from a signed-in browser session work too and must send the session's `X-CSRF-Token` header when they change something. Every error is an RFC 9457 problem document. Another reader's ids always answer 404."},
 "servers": [{"url": "/"}],
 "security": [{"bearerAuth": []}, {"cookieAuth": []}],
 "tags": [{"name": "account"}, {"name": "library"}, {"name": "imports"}, {"name": "sessions"}, {"name": "goals"}, {"name": "insights"}, {"name": "curation"}, {"name": "notifications"}, {"name": "enrichment"}],
 "paths": {
  "/api/v1/radar": {
    "get": {"operationId": "getRadar", "tags": ["curation"], "summary": "The library's representation radar",
      "description": "Seven axes, each 0–1: cultural origin, gender, language, marginalized voices, translation, own voices, era. An axis with no data at all is a ghost (`ghost: true`, no `value`); `coverage` is the share of the books whose value is known. `overall` is the mean × 100 of the axes with enough data (`counted`: known for at least 25% of the books and at least 5 of them) with its band; `basis` names the axes left out. The same period and scope parameters as the insights, and an ETag. Counted in books whatever `unit` says.",
      "parameters": INSIGHT_PARAMS,
      "responses": {"200": ok("The radar.", S("Radar")), "304": {"description": "Not modified since the ETag sent."}, "400": E400, "401": E401}}},
  "/api/v1/completion": {
    "get": {"operationId": "getCompletion", "tags": ["curation"], "summary": "Diversity data completion: overall and per dimension",
      "description": "Per dimension: books whose value is known ÷ books in scope. Overall: the mean of the seven. Same parameters as the radar.",
      "parameters": INSIGHT_PARAMS,
      "responses": {"200": ok("The completion.", S("Completion")), "304": {"description": "Not modified since the ETag sent."}, "400": E400, "401": E401}}},
  "/api/v1/entries/{entryId}/radar": {
    "get": {"operationId": "getBookRadar", "tags": ["curation"], "summary": "One book's radar, its facts and what is missing",
      "parameters": [idp("entryId", "The library entry's id.")],
      "responses": {"200": ok("The book's radar.", S("BookRadar")), "401": E401, "404": E404}}},
  "/api/v1/prompts/next": {
    "get": {"operationId": "getNextPrompt", "tags": ["curation"], "summary": "The next question for the library: the first book missing an axis",
      "description": "Read books first, then books being read, then the rest, newest first. Questions skipped in the last 30 days are left out. `prompt` is absent when there is nothing to ask.",
      "parameters": [q("axis", "A radar axis; without it, any missing fact.", {"type": "string", "enum": AXES})],
      "responses": {"200": ok("The question, if any.", S("NextPrompt")), "401": E401, "422": E422}}},
  "/api/v1/entries/{entryId}/prompt": {
    "get": {"operationId": "getBookPrompt", "tags": ["curation"], "summary": "A question about one book",
      "description": "With `fact`, that question (even when the fact is known: an answer replaces it). Otherwise the axis's (or the book's) first missing fact not skipped in the last 30 days, then a yes/no check of an automatic author fact.",
      "parameters": [idp("entryId", "The library entry's id."), q("axis", "A radar axis.", {"type": "string", "enum": AXES}), q("fact", "A fact.", {"type": "string", "enum": FACTS})],
      "responses": {"200": ok("The question, if any.", S("NextPrompt")), "401": E401, "404": E404, "422": E422}}},
  "/api/v1/entries/{entryId}/answers": {
    "post": {"operationId": "answerPrompt", "tags": ["curation"], "summary": "Answer a question about a book",
      "description": "Author facts (`region`, `gender`) are recorded for the author — every reader sees them, with you as the source, and a reader's answer always wins over an automatic one — so they fill in all your books by that author. Points: +5 per fact, +5 per further book of yours it fills in; none when the answer was already yours. The Curator badge comes at 5 contributions.",
      "parameters": [idp("entryId", "The library entry's id.")],
      "requestBody": body(S("AnswerInput"), {"fact": "originalLanguage", "value": "en", "note": "Checked the first edition."}),
      "responses": {"200": ok("Saved, with the completion before and after and the points.", S("AnswerResult")), "401": E401, "404": E404, "422": E422}}},
  "/api/v1/entries/{entryId}/skips": {
    "post": {"operationId": "skipPrompt", "tags": ["curation"], "summary": "Skip a question about a book for 30 days",
      "parameters": [idp("entryId", "The library entry's id.")],
      "requestBody": body(S("SkipInput"), {"fact": "ownVoices"}),
      "responses": {"204": {"description": "Skipped; nothing else changes."}, "401": E401, "404": E404, "422": E422}}},
  "/api/v1/entries/{entryId}/badges": {
    "get": {"operationId": "listBadges", "tags": ["curation"], "summary": "A book's identity badges",
      "description": "Your own badges on the book and its authors, and those other readers shared about its authors (one per badge and subject, yours first).",
      "parameters": [idp("entryId", "The library entry's id.")],
      "responses": {"200": ok("The badges, oldest first.", {"type": "array", "items": S("Badge")}), "401": E401, "404": E404}},
    "post": {"operationId": "recordBadge", "tags": ["curation"], "summary": "Record an identity badge on a book or one of its authors",
      "description": "Only where the author or a public source states it: `statedBy` and `source` are required. A badge is yours alone; `share` shows an author's badge to the instance's other readers of that author, and needs a public source's address (https://…). Recording the same badge again replaces who states it and where. An own-voices badge on the book also answers its own-voices question (yes) while that is unanswered.",
      "parameters": [idp("entryId", "The library entry's id.")],
      "requestBody": body(S("BadgeInput"), {"badge": "cultural", "about": "book", "statedBy": "author", "source": "Interview in The Paris Review, 1994"}),
      "responses": {"201": ok("Recorded.", S("Badge")), "401": E401, "404": E404, "422": E422}}},
  "/api/v1/entries/{entryId}/badges/{badgeId}": {
    "delete": {"operationId": "removeBadge", "tags": ["curation"], "summary": "Remove one of your badges from a book",
      "parameters": [idp("entryId", "The library entry's id."), idp("badgeId", "The badge's id.")],
      "responses": {"204": {"description": "Removed."}, "401": E401, "404": E404}}},
  "/api/v1/me/curation": {
    "get": {"operationId": "getCuration", "tags": ["curation"], "summary": "Curator points, level and every contribution, newest first",
      "responses": {"200": ok("The reader's curation.", S("Curation")), "401": E401}}},
  "/api/v1/me": {
    "get": {"operationId": "getMe", "tags": ["account"], "summary": "The signed-in reader", "responses": {"200": ok("The reader.", S("Me")), "401": E401}},
    "delete": {"operationId": "deleteMe", "tags": ["account"], "summary": "Delete the account and everything private to it",
      "description": "Facts contributed about authors stay, without the reader's name. The owner can leave only when no other reader remains.",
      "requestBody": body(S("AccountDeletion"), {"password": "correct horse battery"}),
      "responses": {"204": {"description": "Deleted."}, "401": E401, "409": E409, "422": E422, "429": E429}}},
  "/api/v1/me/settings": {
    "put": {"operationId": "updateSettings", "tags": ["account"], "summary": "Change the settings that shape the reader's figures",
      "description": "Fields left out keep their value; null clears the language or time zone, and sets the standard palette. `underrepresentedRegions` replaces the whole set (it may be empty).",
      "requestBody": body(S("SettingsInput"), {"primaryLanguage": "en", "timeZone": "Africa/Lagos", "underrepresentedRegions": ["africa", "indigenous", "middleEast"], "palette": "blueOrange"}),
      "responses": {"200": ok("The reader, with the new settings.", S("Me")), "401": E401, "422": E422}}},
  "/api/v1/insights/diversity": {
    "get": {"operationId": "getDiversityInsights", "tags": ["insights"], "summary": "Every figure of the insights page",
      "description": "Region, gender, language and marginalized-voice breakdowns with their coverage, the 0–10 diversity score and its parts, reading stats, the same for the previous period of equal length (`previous`, absent for all time), and what to read next. Answers carry an ETag; send it back in `If-None-Match` to get 304 while nothing the figures depend on has changed. See docs/metrics.md for every definition.",
      "parameters": INSIGHT_PARAMS,
      "responses": {"200": ok("The figures.", S("InsightsReport")), "304": {"description": "Not modified since the ETag sent."}, "400": E400, "401": E401}}},
  "/api/v1/insights/diversity.csv": {
    "get": {"operationId": "getDiversityInsightsCSV", "tags": ["insights"], "summary": "The same figures as CSV, one row per figure",
      "description": "Columns `section, item, value, percent, authors, known, total, note`. Sections: `about` (period, scope, unit), `score`, `regions`, `gender`, `languages`, `countries` (the note is the ISO code), `marginalized` (each breakdown ends with a `coverage` row: known of total), `radar` and `reading`. A share the minimum-data rule withholds is empty, with the note `too little known`. The page's \"Download CSV\" and `bookstrack insights --csv` give the same file.",
      "parameters": INSIGHT_PARAMS,
      "responses": {"200": {"description": "The CSV, as an attachment.", "content": {"text/csv": {"schema": {"type": "string"}, "example": "section,item,value,percent,authors,known,total,note\r\nabout,period,All time,,,,,\r\nregions,Africa,1,33.3,1,,,\r\nregions,coverage,,100.0,,3,3,known of all\r\n"}}}, "400": E400, "401": E401}}},
  "/api/v1/insights/reading": {
    "get": {"operationId": "getReadingInsights", "tags": ["insights"], "summary": "The reading insights: hero, four cards and the timeline",
      "description": "For this week (from Monday), month or year up to today, or all time, each compared with the one before (`previous`, absent for all time): books, pages, minutes, cultures (distinct cultural regions of the authors read), genres, ratings and the longest run of reading days. `rings` is the hero's dual ring (outer: the yearly book goal, or this year's books against last year's; inner: regions of 11). `timeline` holds the last 6 or 12 months — for all time every month from the first book finished, or every year once that is more than 36 months (`timelineBy`) — each with its books finished, pages and minutes read, and the representation score of those books (absent where too little is known). See docs/metrics.md.",
      "parameters": [
        q("period", "`week`, `month`, `year` (default) or `all`.", {"type": "string", "enum": ["week", "month", "year", "all"]}),
        q("months", "Months in the timeline of a week, month or year: 6 or 12 (default). All time starts at the first book finished.", {"type": "string", "enum": ["6", "12"]}),
        q("metric", "What the velocity card measures: `books` (default), `pages` or `time`.", {"type": "string", "enum": ["books", "pages", "time"]})],
      "responses": {"200": ok("The figures.", S("ReadingInsights")), "400": E400, "401": E401}}},
  "/api/v1/insights/year/{year}": {
    "get": {"operationId": "getYearInBooks", "tags": ["insights"], "summary": "The year in books: one year's reading and the story it tells",
      "description": "The books finished in the year (`books`, in the order finished: the insights' Read scope for the year, a book once however often it was finished in it), the first and last, the longest and shortest (of the books with a page count), the authors read more than once (`mostRead`, at most five), books, pages and minutes per month with the busiest, the authors' countries and regions with those no book finished before the year had (`newCountries`, `newRegions`), the shares of books by women and by marginalized voices with what they are of (`count` of `known` of `total`, co-authors sharing a book; `share` absent when too little is known to state one), original languages, books read in translation, the goals whose period meets the year and how they ended, the longest streak, and the same totals for the year before (`previous`, absent when nothing was read in it). A running year is counted up to today (`complete` false). 404 for a year with no finished book and no reading session, naming the years with reading. See docs/metrics.md.",
      "parameters": [{"name": "year", "in": "path", "required": True, "description": "The year, 1 to 9999, in digits.", "schema": {"type": "string", "pattern": "^[0-9]{1,4}$"}}],
      "responses": {"200": ok("The year.", S("YearInBooks")), "401": E401, "404": E404}}},
  "/api/v1/insights/compare": {
    "get": {"operationId": "getComparison", "tags": ["insights"], "summary": "Your reading figures beside the average of the readers here who take part",
      "description": "Only readers who take part (`PUT /api/v1/me/compare`) see it, and `rows` stays empty until at least `minimumParticipants` (10) take part; then each row gives your figure of the period and the participants' rounded average (you included), never any one reader's figures — the reading figures and the diversity of the books finished (score, women, marginalized voices, languages; a diversity average only over at least `minimumParticipants` readers with it known). Each participant's period is counted in their own time zone.",
      "parameters": [q("period", "`week`, `month`, `year` (default) or `all`.", {"type": "string", "enum": ["week", "month", "year", "all"]})],
      "responses": {"200": ok("The comparison.", S("Comparison")), "400": E400, "401": E401}}},
  "/api/v1/me/compare": {
    "put": {"operationId": "setComparison", "tags": ["insights"], "summary": "Take part in the comparison, or leave it",
      "requestBody": body(S("ComparisonInput"), {"optIn": True}),
      "responses": {"200": ok("Saved; the comparison of this year.", S("Comparison")), "401": E401, "422": E422}}},
  "/api/v1/me/notification-settings": {
    "get": {"operationId": "getNotificationSettings", "tags": ["account"], "summary": "Which kinds of notification you get",
      "description": "Achievements and goal milestones are on until turned off; the two reminders (`streakReminder` in your evening, `weeklyCheckIn` on Sunday evening, in your time zone) are off until turned on. A kind turned off is not recorded, so it reaches neither the notification centre nor your webhook.",
      "responses": {"200": ok("The settings.", S("NotificationSettings")), "400": E400, "401": E401}},
    "put": {"operationId": "setNotificationSettings", "tags": ["account"], "summary": "Turn kinds of notification on or off; kinds not sent keep theirs",
      "requestBody": body(S("NotificationSettingsInput"), {"streakReminder": True, "weeklyCheckIn": True}),
      "responses": {"200": ok("Saved.", S("NotificationSettings")), "401": E401, "422": E422}}},
  "/api/v1/me/webhook": {
    "get": {"operationId": "getWebhook", "tags": ["account"], "summary": "Your webhook and how its last delivery went",
      "description": "Every notification recorded after the webhook was set is posted to it as JSON. `url` is null when there is none.",
      "responses": {"200": ok("The webhook.", S("WebhookState")), "400": E400, "401": E401}},
    "put": {"operationId": "setWebhook", "tags": ["account"], "summary": "Set your webhook (https; null or empty removes it)",
      "description": "An address on this machine or a private network is refused unless the owner allows it (`/api/v1/instance`).",
      "requestBody": body(S("WebhookInput"), {"url": "https://example.org/bookstrack-hook"}),
      "responses": {"200": ok("Saved.", S("WebhookState")), "401": E401, "422": E422}}},
  "/api/v1/me/webhook/test": {
    "post": {"operationId": "testWebhook", "tags": ["account"], "summary": "Send a test notification to your webhook",
      "responses": {"202": {"description": "Recorded; it is posted to the webhook like any notification."}, "400": E400, "401": E401, "409": E409}}},
  "/api/v1/instance": {
    "get": {"operationId": "getInstance", "tags": ["account"], "summary": "The owner's switches for this BooksTrack",
      "description": "Whether anyone may create an account here, and whether webhooks may reach this machine and private networks; `canChange` says whether you are the owner.",
      "responses": {"200": ok("The switches.", S("InstanceState")), "400": E400, "401": E401}},
    "patch": {"operationId": "setInstance", "tags": ["account"], "summary": "Change the owner's switches (owner only); a switch left out stays",
      "requestBody": body(S("InstanceInput"), {"openRegistration": False}),
      "responses": {"200": ok("Saved.", S("InstanceState")), "401": E401, "403": E403, "422": E422}}},
  "/api/v1/achievements": {
    "get": {"operationId": "listAchievements", "tags": ["insights"], "summary": "Every achievement: unlocked ones with their date, locked ones with their progress",
      "description": "An achievement is unlocked once, dated when a write first earned it, and announced once in the notifications; it is never taken back.",
      "responses": {"200": ok("The achievements.", S("AchievementList")), "400": E400, "401": E401}}},
  "/api/v1/me/password": {
    "put": {"operationId": "changePassword", "tags": ["account"], "summary": "Change the password (signs out other sessions; with revokeTokens, ends every other API token)",
      "requestBody": body(S("PasswordChange"), {"currentPassword": "correct horse battery", "newPassword": "an even longer passphrase"}),
      "responses": {"204": {"description": "Changed."}, "401": E401, "422": E422, "429": E429}}},
  "/api/v1/tokens": {
    "get": {"operationId": "listTokens", "tags": ["account"], "summary": "The reader's API tokens (without their secrets)",
      "responses": {"200": ok("Tokens, newest first.", {"type": "array", "items": S("Token")}), "401": E401}},
    "post": {"operationId": "createToken", "tags": ["account"], "summary": "Create an API token; the secret is in this answer only",
      "requestBody": body(S("TokenInput"), {"name": "backup script"}),
      "responses": {"201": ok("The token, with `token` set.", S("Token")), "401": E401, "422": E422}}},
  "/api/v1/tokens/{tokenId}": {
    "delete": {"operationId": "revokeToken", "tags": ["account"], "summary": "Revoke a token", "parameters": [idp("tokenId", "The token's id.")],
      "responses": {"204": {"description": "Revoked."}, "401": E401, "404": E404}}},
  "/api/v1/shares": {
    "get": {"operationId": "listShares", "tags": ["insights"], "summary": "The reader's share links (without their addresses)",
      "responses": {"200": ok("Share links, newest first.", {"type": "array", "items": S("ShareLink")}), "401": E401}},
    "post": {"operationId": "createShare", "tags": ["insights"], "summary": "Share one insights card as a read-only snapshot; the address is in this answer only",
      "description": "The card is drawn as the reader sees it now, for the period, scope and unit given (the insights parameters), and frozen: the link at `url` shows that snapshot to anyone who has it, with no way into the library, until it is revoked. Only a hash of the address is kept. A reader keeps at most 100 links (409 beyond).",
      "requestBody": body(S("ShareInput"), {"card": "radar", "period": "all", "scope": "read", "unit": "books"}),
      "responses": {"201": ok("The link, with `url` set.", S("ShareLink")), "401": E401, "409": E409, "422": E422}}},
  "/api/v1/shares/{shareId}": {
    "delete": {"operationId": "revokeShare", "tags": ["insights"], "summary": "Revoke a share link: its address then answers 404", "parameters": [idp("shareId", "The share link's id.")],
      "responses": {"204": {"description": "Revoked."}, "401": E401, "404": E404}}},
  "/api/v1/notifications": {
    "get": {"operationId": "listNotifications", "tags": ["notifications"], "summary": "The reader's latest 50 notifications, newest first, and the unread count",
      "description": "What the reader's writes earned: achievements now (the Curator badge); goal milestones and streaks with their features. Each is recorded once.",
      "responses": {"200": ok("The notifications.", S("NotificationList")), "401": E401}}},
  "/api/v1/notifications/read": {
    "post": {"operationId": "markAllNotificationsRead", "tags": ["notifications"], "summary": "Mark every unread notification read (an import can bring many at once)",
      "responses": {"200": ok("How many were unread.", {"type": "object", "required": ["marked"], "properties": {"marked": {"type": "integer", "minimum": 0}}}), "401": E401}}},
  "/api/v1/notifications/{notificationId}/read": {
    "post": {"operationId": "markNotificationRead", "tags": ["notifications"], "summary": "Mark a notification read (again changes nothing: the first date stays)",
      "parameters": [idp("notificationId", "The notification's id.")],
      "responses": {"204": {"description": "Marked read."}, "401": E401, "404": E404}}},
  "/api/v1/enrichment": {
    "get": {"operationId": "getEnrichment", "tags": ["enrichment"], "summary": "How far the automatic look-ups of your authors have got",
      "description": "Author facts arrive by themselves: BooksTrack's bundled author table at once after each import, then Wikidata (authors) and Open Library (books) in the background. `message` is what the home page says (progress, or a calm word when look-ups are off or the services cannot be reached).",
      "responses": {"200": ok("The look-ups' state.", S("EnrichmentStatus")), "401": E401}},
    "post": {"operationId": "startEnrichment", "tags": ["enrichment"], "summary": "Look your authors up again (new ones, and those whose look-up failed)",
      "responses": {"202": ok("Queued; the state now.", S("EnrichmentStatus")), "401": E401}}},
  "/api/v1/author-questions": {
    "get": {"operationId": "listAuthorQuestions", "tags": ["enrichment"], "summary": "“Is this …?” questions about authors whose name belongs to several people",
      "description": "A name is never guessed: when several people could have written your books, each is asked about here (and on the prompts page).",
      "responses": {"200": ok("The questions, oldest first.", S("AuthorQuestionList")), "401": E401}}},
  "/api/v1/author-questions/{questionId}": {
    "post": {"operationId": "answerAuthorQuestion", "tags": ["enrichment"], "summary": "Answer “Is this …?”: yes records that person's facts, no closes the question",
      "parameters": [idp("questionId", "The question's id.")],
      "requestBody": body({"type": "object", "required": ["answer"], "properties": {"answer": {"type": "string", "enum": ["yes", "no"]}}}, {"answer": "yes"}),
      "responses": {"200": ok("Whether the answer changed anything (false for a question already answered).", {"type": "object", "required": ["changed"], "properties": {"changed": {"type": "boolean"}}}), "401": E401, "404": E404, "422": E422}}},
  "/api/v1/invitations": {
    "post": {"operationId": "createInvitation", "tags": ["account"], "summary": "Create a one-time invitation link (owner only)",
      "responses": {"201": ok("The link, valid for 7 days.", S("Invitation")), "401": E401, "403": E403}}},
  "/api/v1/shelves": {
    "get": {"operationId": "listShelves", "tags": ["library"], "summary": "The reader's shelves with book counts",
      "responses": {"200": ok("Shelves, most used first.", {"type": "array", "items": S("Shelf")}), "401": E401}}},
  "/api/v1/entries": {
    "get": {"operationId": "listEntries", "tags": ["library"], "summary": "The library, searched, filtered, sorted and paginated",
      "description": "The same parameters as the library page's address (`/library?region=africa&status=read`). 50 books a page.",
      "parameters": [
        q("q", "Search in titles and author names.", {"type": "string"}),
        q("status", "Reading status.", {"type": "string", "enum": statuses}),
        q("shelf", "A shelf name.", {"type": "string"}),
        q("genre", "A genre of the work, without regard to case (`Science fiction`).", {"type": "string"}),
        q("region", "A cultural region of any author.", {"type": "string", "enum": regions}),
        q("country", "The country of any author, as an ISO 3166-1 alpha-2 code (`NG`) of the bundled country table: the world map's links.", {"type": "string", "enum": COUNTRIES}),
        q("gender", "The gender of any author.", {"type": "string", "enum": ["female", "male", "nonBinary", "other"]}),
        q("language", "Original language (ISO 639 code or English name).", {"type": "string"}),
        q("era", "Publication era.", {"type": "string", "enum": ["before1900", "from1900To1950", "from1951To2000", "from2001To2020", "from2021"]}),
        q("translated", "Read in translation.", {"type": "string", "enum": ["yes", "no"]}),
        q("ownvoices", "Own voices.", {"type": "string", "enum": ["yes", "no"]}),
        q("badge", "An identity badge on the book or one of its authors.", {"type": "string", "enum": ["own-voices", "cultural", "queer", "neurodivergent"]}),
        q("missing", "Books missing a kind of data.", {"type": "string", "enum": ["any", "region", "gender", "language", "year", "genre", "title"]}),
        q("sort", "Sort key.", {"type": "string", "enum": ["added", "title", "author", "finished", "rating", "year"]}),
        q("order", "Sort direction (each key has a natural default).", {"type": "string", "enum": ["asc", "desc"]}),
        q("read", "Read in a window of days (`2026-01-01..2026-12-31`), or `any`: read at some time.", {"type": "string", "pattern": "^(any|[0-9]{4}-[0-9]{2}-[0-9]{2}\\.\\.[0-9]{4}-[0-9]{2}-[0-9]{2})$"}),
        q("added", "Added in a window of days (`2026-01-01..2026-12-31`).", {"type": "string", "pattern": "^(any|[0-9]{4}-[0-9]{2}-[0-9]{2}\\.\\.[0-9]{4}-[0-9]{2}-[0-9]{2})$"}),
        q("tbr", "`yes`: only books to read or on the wishlist.", {"type": "string", "enum": ["yes", "no"]}),
        PAGE],
      "responses": {"200": ok("A page of books.", S("EntryPage")), "400": E400, "401": E401}},
    "post": {"operationId": "createEntry", "tags": ["library"], "summary": "Add a book",
      "description": "The book is matched with the catalogue like an imported row. When it is already in the library the answer is 200 with that entry.",
      "requestBody": body(S("BookCreate"), {"title": "Kindred", "authors": ["Octavia E. Butler"], "status": "read", "rating": 4.5, "firstPublishedYear": 1979, "originalLanguage": "en", "shelves": ["favourites"], "finishedOn": "2026-01-10"}),
      "responses": {"201": ok("Added.", S("Entry")), "200": ok("Already in the library.", S("Entry")), "401": E401, "422": E422}}},
  "/api/v1/entries/{entryId}": {
    "parameters": [idp("entryId", "The library entry's id.")],
    "get": {"operationId": "getEntry", "tags": ["library"], "summary": "One book with its people, edition and readings",
      "responses": {"200": ok("The book.", S("Entry")), "401": E401, "404": E404}},
    "patch": {"operationId": "updateEntry", "tags": ["library"], "summary": "Change a book; fields not sent stay, null clears",
      "requestBody": body(S("BookInput"), {"rating": 5, "notes": "Read it with the book club."}),
      "responses": {"200": ok("The changed book.", S("Entry")), "401": E401, "404": E404, "422": E422}},
    "delete": {"operationId": "deleteEntry", "tags": ["library"], "summary": "Remove a book with its readings and sessions",
      "responses": {"204": {"description": "Removed."}, "401": E401, "404": E404}}},
  "/api/v1/entries/{entryId}/status": {
    "post": {"operationId": "changeStatus", "tags": ["library"], "summary": "Move a book to another status",
      "description": "Finishing records today's date; starting again after finishing keeps the earlier reading as history.",
      "parameters": [idp("entryId", "The library entry's id.")],
      "requestBody": body(S("StatusChange"), {"status": "reading"}),
      "responses": {"200": ok("The book.", S("Entry")), "401": E401, "404": E404, "422": E422}}},
  "/api/v1/entries/{entryId}/sessions": {
    "parameters": [idp("entryId", "The library entry's id.")],
    "post": {"operationId": "startSession", "tags": ["sessions"], "summary": "Start a reading session on a book",
      "description": "Starts from `startPage`, or the book's current page. One session runs at a time per reader: when one is running (anywhere) the answer is 409 naming it.",
      "requestBody": body(S("SessionStart"), {"startPage": 10}, required=False),
      "responses": {"201": ok("The running session.", S("Session")), "401": E401, "404": E404, "409": E409, "422": E422}},
    "get": {"operationId": "listSessions", "tags": ["sessions"], "summary": "A book's sessions, newest first, 20 to a page",
      "parameters": [PAGE],
      "responses": {"200": ok("A page of sessions.", S("SessionPage")), "401": E401, "404": E404}}},
  "/api/v1/entries/{entryId}/sessions/logged": {
    "post": {"operationId": "logSession", "tags": ["sessions"], "summary": "Record a session afterwards",
      "description": "From 1 to 1440 minutes, ending no later than now; the end page is not past the edition's last page. The book's current page moves forward to the end page.",
      "parameters": [idp("entryId", "The library entry's id.")],
      "requestBody": body(S("SessionLog"), {"startedAt": "2026-03-14T20:00:00Z", "minutes": 30, "startPage": 10, "endPage": 40}),
      "responses": {"201": ok("The session.", S("Session")), "401": E401, "404": E404, "422": E422}}},
  "/api/v1/entries/{entryId}/progress": {
    "post": {"operationId": "recordProgress", "tags": ["sessions"], "summary": "\"I'm on page N\" (or N% through) without a session",
      "parameters": [idp("entryId", "The library entry's id.")],
      "requestBody": body(S("ProgressInput"), {"page": 12}),
      "responses": {"204": {"description": "Saved; the book's current page is N."}, "401": E401, "404": E404, "422": E422}}},
  "/api/v1/sessions/active": {
    "get": {"operationId": "getActiveSession", "tags": ["sessions"], "summary": "The reader's running session",
      "responses": {"200": ok("The running session.", S("Session")), "401": E401, "404": problem("No session is running.")}}},
  "/api/v1/sessions/{sessionId}/finish": {
    "post": {"operationId": "finishSession", "tags": ["sessions"], "summary": "Stop the running session",
      "description": "`endPage` is not past the edition's last page, and not before the start page unless `correction` is true. A session running for more than 12 hours needs `endedAt` (422 otherwise). Finishing a finished session answers it unchanged.",
      "parameters": [idp("sessionId", "The session's id.")],
      "requestBody": body(S("SessionFinish"), {"endPage": 20}),
      "responses": {"200": ok("The finished session.", S("Session")), "401": E401, "404": E404, "422": E422}}},
  "/api/v1/sessions/{sessionId}": {
    "parameters": [idp("sessionId", "The session's id.")],
    "patch": {"operationId": "updateSession", "tags": ["sessions"], "summary": "Change a finished session; fields not sent stay",
      "requestBody": body(S("SessionChange"), {"minutes": 45}),
      "responses": {"200": ok("The session.", S("Session")), "401": E401, "404": E404, "409": E409, "422": E422}},
    "delete": {"operationId": "deleteSession", "tags": ["sessions"], "summary": "Delete a session (a running one too)",
      "responses": {"204": {"description": "Deleted."}, "401": E401, "404": E404}}},
  "/api/v1/me/streak": {
    "get": {"operationId": "getStreak", "tags": ["sessions"], "summary": "The reading streak in the reader's time zone",
      "description": "A reading day has a session, a progress update or a finished book. `current` ends today, or yesterday when today has none yet.",
      "responses": {"200": ok("The streak.", S("Streak")), "401": E401}}},
  "/api/v1/goals": {
    "get": {"operationId": "listGoals", "tags": ["goals"], "summary": "The reader's goals with their progress, derived from the library",
      "responses": {"200": ok("The goals, oldest first.", {"type": "array", "items": S("Goal")}), "401": E401}},
    "post": {"operationId": "createGoal", "tags": ["goals"], "summary": "Set a goal, from a template or your own",
      "description": "Ranges (SPEC F6): books 1–1000, pages 1–1,000,000, minutes 1–525,600, streak days 1–366, diversity 1–50 over 3–12 months, share 1–100 (%). Diversity, share and category goals need criteria. Templates: 52-books, read-women, around-the-world, read-the-world, tbr-stack-buster, every-decade. A countries goal (`countriesExplored`) counts the distinct countries of the authors of the books finished, 1–250. A decades goal (`decadesExplored`) needs `since`; its target, left out, is every decade from there.",
      "requestBody": body(S("GoalInput"), {"template": "52-books"}),
      "responses": {"201": ok("The goal.", S("Goal")), "401": E401, "422": E422}}},
  "/api/v1/goals/{goalId}": {
    "parameters": [idp("goalId", "The goal's id.")],
    "get": {"operationId": "getGoal", "tags": ["goals"], "summary": "A goal with its progress, pace and milestones",
      "description": "The answer's ETag is the goal's version: send it back in `If-Match` with a change.",
      "responses": {"200": {**ok("The goal.", S("Goal")), "headers": {"ETag": {"description": "The goal's version.", "schema": {"type": "string"}}}}, "401": E401, "404": E404}},
    "patch": {"operationId": "updateGoal", "tags": ["goals"], "summary": "Change a goal, or pause, resume or abandon it",
      "description": "With an `If-Match` header (the ETag of the goal as last read, or `*`; anything else is a 400) the change is made only if nobody changed the goal since — another device's edit made in between answers 412 with the goal as it is now (`goal`), so nothing is lost without a word. Without it, the later write wins. Milestones already reached keep their days; the rest are measured against the new target.",
      "requestBody": body(S("GoalInput"), {"status": "paused"}),
      "responses": {"200": ok("The goal.", S("Goal")), "401": E401, "404": E404,
        "412": {"description": "The goal changed since the ETag sent: the problem carries it as it is now.", "content": {"application/problem+json": {"schema": {"allOf": [S("Problem"), {"type": "object", "required": ["goal"], "properties": {"goal": S("Goal")}}]}}}},
        "422": E422}},
    "delete": {"operationId": "deleteGoal", "tags": ["goals"], "summary": "Delete a goal and its milestones",
      "responses": {"204": {"description": "Deleted."}, "401": E401, "404": E404}}},
  "/api/v1/authors/{authorId}": {
    "get": {"operationId": "getAuthor", "tags": ["library"], "summary": "An author of one of the reader's books, with every fact's provenance",
      "parameters": [idp("authorId", "The author's id.")],
      "responses": {"200": ok("The author.", S("AuthorDetail")), "401": E401, "404": E404}}},
  "/api/v1/authors/{authorId}/facts": {
    "patch": {"operationId": "updateAuthorFacts", "tags": ["library"], "summary": "Record facts about an author (shared with every reader, with you as the source)",
      "parameters": [idp("authorId", "The author's id.")],
      "requestBody": body(S("FactsInput"), {"gender": "female", "country": "US"}),
      "responses": {"200": ok("The author.", S("AuthorDetail")), "401": E401, "404": E404, "422": E422}}},
  "/api/v1/imports": {
    "get": {"operationId": "listImports", "tags": ["imports"], "summary": "Past imports, newest first", "parameters": [PAGE],
      "responses": {"200": ok("A page of imports.", S("ImportRunPage")), "401": E401}},
    "post": {"operationId": "createImport", "tags": ["imports"], "summary": "Import an export file (Goodreads, StoryGraph, LibraryThing, KOReader's statistics or a backup)",
      "description": "Send the file itself as the body. The format is recognised from the content: KOReader's `statistics.sqlite3` (an SQLite database) becomes its books and their reading sessions (docs/import.md). With `dryRun=true` nothing is written and the answer is the preview.",
      "parameters": [q("dryRun", "Only report what would happen.", {"type": "boolean"}), q("fileName", "The file's name, for the history.", {"type": "string"}),
        q("shelves", "What some of the file's shelves mean, overriding the defaults (docs/import.md): a comma-separated list of `NAME=owned`, `NAME=genre`, `NAME=genre:Label` or `NAME=shelf`.", {"type": "string", "maxLength": 4000, "pattern": "^[^,=]*[^,=\\s][^,=]*=(owned|genre|shelf|genre:[^,]*[^,\\s][^,]*)(,[^,=]*[^,=\\s][^,=]*=(owned|genre|shelf|genre:[^,]*[^,\\s][^,]*))*$"})],
      "requestBody": {"required": True, "content": {
          "text/csv": {"schema": {"type": "string"}, "example": "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies\n1,Half of a Yellow Sun,Chimamanda Ngozi Adichie,\"Adichie, Chimamanda Ngozi\",,,,5,4.3,Knopf,Paperback,433,2006,2006,2025/03/01,2025/01/05,,,read,,,,1,0\n"},
          "application/json": {"schema": {"type": "object"}},
          "application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}},
      "responses": {"201": ok("Imported; the report lists every row.", S("ImportReport")), "200": ok("The dry run's report.", S("ImportReport")), "400": E400, "401": E401, "413": E413}}},
  "/api/v1/imports/{importId}": {
    "get": {"operationId": "getImport", "tags": ["imports"], "summary": "One past import with every row's outcome",
      "parameters": [idp("importId", "The import's id.")],
      "responses": {"200": ok("The report.", S("ImportReport")), "401": E401, "404": E404}}},
  "/api/v1/export": {
    "get": {"operationId": "exportLibrary", "tags": ["imports"], "summary": "Download the library",
      "parameters": [q("format", "`json` (a complete BooksTrack backup) or `goodreads` (CSV).", {"type": "string", "enum": ["json", "goodreads"], "default": "json"})],
      "responses": {"200": {"description": "The file, as an attachment.", "content": {"application/json": {"schema": {"type": "object"}}, "text/csv": {"schema": {"type": "string"}}}}, "400": E400, "401": E401}}},
 },
 "components": {
  "securitySchemes": {
    "bearerAuth": {"type": "http", "scheme": "bearer", "description": "A personal API token."},
    "cookieAuth": {"type": "apiKey", "in": "cookie", "name": "bt_session", "description": "A browser session; changes also need the X-CSRF-Token header."}},
  "schemas": {
    "Problem": {"type": "object", "required": ["type", "title", "status", "detail"], "properties": {
      "type": {"type": "string"}, "title": {"type": "string"}, "status": {"type": "integer"}, "detail": {"type": "string"},
      "instance": {"type": "string"}, "errors": {"type": "object", "additionalProperties": {"type": "string"}},
      "requestId": {"type": "string", "description": "The request's id, as the server's log names it (hb.request.id)."}}},
    "Me": {"type": "object", "required": ["id", "name", "displayName", "role"], "properties": {
      "id": {"type": "string"}, "name": {"type": "string"}, "displayName": {"type": "string"}, "role": {"type": "string", "enum": ["owner", "reader"]},
      "primaryLanguage": nullable("string"), "timeZone": nullable("string"),
      "underrepresentedRegions": {"type": "array", "items": {"type": "string", "enum": regions}},
      "palette": {"type": "string", "enum": PALETTES, "description": "The colours charts are drawn in: `standard`, or `blueOrange` (no red–green pairs)."}}},
    "EntrySummary": {"type": "object", "required": ["id", "workId", "title", "authors", "status", "owned", "shelves"], "properties": {
      "id": {"type": "string"}, "workId": {"type": "string"}, "title": {"type": "string"}, "authors": {"type": "array", "items": {"type": "string"}},
      "status": {"type": "string", "enum": statuses}, "rating": nullable("number"), "owned": {"type": "boolean"}, "addedOn": nullable("string"),
      "finishedOn": nullable("string"), "firstPublishedYear": nullable("integer"), "format": nullable("string"), "shelves": {"type": "array", "items": {"type": "string"}}}},
    "EntryPage": {"type": "object", "required": ["items", "page", "pageSize", "total", "pageCount"], "properties": {
      "items": {"type": "array", "items": S("EntrySummary")}, "page": {"type": "integer"}, "pageSize": {"type": "integer"}, "total": {"type": "integer"}, "pageCount": {"type": "integer"}}},
    "Person": {"type": "object", "required": ["id", "name", "role"], "properties": {
      "id": {"type": "string"}, "name": {"type": "string"}, "role": {"type": "string"}, "gender": nullable("string"), "country": nullable("string"),
      "region": nullable("string"), "marginalized": nullable("string"), "birthYear": nullable("integer"), "deathYear": nullable("integer")}},
    "Reading": {"type": "object", "required": ["outcome", "origin"], "properties": {
      "startedOn": nullable("string"), "finishedOn": nullable("string"), "outcome": {"type": "string", "enum": ["finished", "abandoned", "inProgress"]}, "origin": {"type": "string"}}},
    "Edition": {"type": "object", "properties": {
      "isbn13": nullable("string"), "isbn10": nullable("string"), "publisher": nullable("string"), "pageCount": nullable("integer"),
      "format": nullable("string"), "language": nullable("string")}},
    "Entry": {"type": "object", "required": ["id", "workId", "title", "authors", "contributors", "status", "owned", "shelves", "timesRead", "readings"], "properties": {
      "id": {"type": "string"}, "workId": {"type": "string"}, "title": {"type": "string"},
      "authors": {"type": "array", "items": S("Person")}, "contributors": {"type": "array", "items": S("Person")},
      "originalLanguage": nullable("string"), "firstPublishedYear": nullable("integer"), "ownVoices": nullable("string"),
      "edition": {"oneOf": [S("Edition"), {"type": "null"}]}, "status": {"type": "string", "enum": statuses}, "rating": nullable("number"),
      "owned": {"type": "boolean"}, "addedOn": nullable("string"), "currentPage": nullable("integer"), "shelves": {"type": "array", "items": {"type": "string"}},
      "review": nullable("string"), "notes": nullable("string"), "timesRead": {"type": "integer"}, "readings": {"type": "array", "items": S("Reading")}}},
    "BookInput": BOOK_INPUT,
    "BookCreate": dict(BOOK_INPUT, required=["title"], description="A book to add: `title` is required; the rest is optional."),
    "StatusChange": {"type": "object", "required": ["status"], "properties": {"status": {"type": "string", "enum": statuses}}},
    "Fact": {"type": "object", "required": ["kind", "source", "recordedAt", "current"], "properties": {
      "kind": {"type": "string"}, "value": nullable("string"), "source": {"type": "string", "enum": ["user", "import", "wikidata", "openLibrary", "bundled"]},
      "detail": {"type": ["string", "null"], "description": "Where exactly: the Wikidata item (`Q42`), the Open Library record (`/authors/OL34184A`), or the bundled author table's dataset."},
      "link": {"type": ["string", "null"], "description": "Where the fact can be checked."},
      "recordedAt": {"type": "string", "format": "date-time"}, "current": {"type": "boolean"}}},
    "AuthorDetail": {"type": "object", "required": ["author", "history"], "properties": {"author": S("Person"), "history": {"type": "array", "items": S("Fact")}}},
    "FactsInput": {"type": "object", "additionalProperties": False, "description": "Only the facts sent change; null clears one.", "properties": {
      "gender": nullable("string"), "country": nullable("string"), "region": nullable("string"), "marginalized": nullable("string"),
      "birthYear": {"type": ["integer", "string", "null"]}, "deathYear": {"type": ["integer", "string", "null"]}, "wikidataID": nullable("string")}},
    "Token": {"type": "object", "required": ["id", "name", "createdAt"], "properties": {
      "id": {"type": "string"}, "name": {"type": "string"}, "createdAt": {"type": "string", "format": "date-time"},
      "lastUsedAt": {"type": ["string", "null"], "format": "date-time"}, "token": {"type": "string", "description": "Only when just created."}}},
    "TokenInput": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string", "maxLength": 100}}},
    "ShareInput": {"type": "object", "required": ["card"], "properties": {
      "card": {"type": "string", "enum": ["hero", "score", "radar", "gender", "regions", "languages", "eras", "reading", "year"], "description": "Which insights card; `year` is the year in books of `year`."},
      "year": {"type": ["integer", "null"], "minimum": 1, "maximum": 9999, "description": "With card `year`: the year in books to share. Null or absent with another card."},
      "period": {"type": ["string", "null"], "pattern": "^(all|this-year|last-30-days|custom|[1-9][0-9]{3})$", "description": "As on the insights page; null or absent: all time."},
      "from": {"type": ["string", "null"], "format": "date"}, "to": {"type": ["string", "null"], "format": "date"},
      "scope": {"type": ["string", "null"], "enum": ["read", "library", None]}, "unit": {"type": ["string", "null"], "enum": ["books", "authors", None]}}},
    "BadgeInput": {"type": "object", "additionalProperties": False, "required": ["badge", "statedBy", "source"], "properties": {
      "badge": {"type": "string", "enum": ["own-voices", "cultural", "queer", "neurodivergent"]},
      "about": {"type": "string", "description": "`book` (the default) or the id of one of the book's authors."},
      "statedBy": {"type": "string", "enum": ["author", "public-source"], "description": "Who states it; there is no third choice: never guess."},
      "source": {"type": "string", "minLength": 1, "maxLength": 500, "description": "Where it is stated: an address, or the interview, book or page."},
      "share": {"type": "boolean", "description": "Show an author's badge to other readers here (needs an https address as `source`)."}}},
    "Badge": {"type": "object", "required": ["id", "badge", "label", "about", "statedBy", "source", "shared", "mine", "recordedAt"], "properties": {
      "id": {"type": "string", "format": "uuid"}, "badge": {"type": "string", "enum": ["own-voices", "cultural", "queer", "neurodivergent"]},
      "label": {"type": "string"}, "about": {"type": "string", "description": "`book`, or the author's id."},
      "statedBy": {"type": "string", "enum": ["author", "public-source"]}, "source": {"type": "string"},
      "shared": {"type": "boolean"}, "mine": {"type": "boolean", "description": "Recorded by you (only your own can be removed)."},
      "recordedAt": {"type": "string", "format": "date-time"}}},
    "ShareLink": {"type": "object", "required": ["id", "card", "title", "covers", "createdAt"], "properties": {
      "id": {"type": "string", "format": "uuid"}, "card": {"type": "string"}, "title": {"type": "string"},
      "covers": {"type": "string", "description": "The period and books the snapshot covers."},
      "createdAt": {"type": "string", "format": "date-time"}, "url": {"type": "string", "description": "The address; only in the answer that made the link."}}},
    "Invitation": {"type": "object", "required": ["url", "expiresAt"], "properties": {"url": {"type": "string"}, "expiresAt": {"type": "string", "format": "date-time"}}},
    "Session": {"type": "object", "required": ["id", "entryID", "startedAt", "startPage", "loggedAfterwards", "running"], "properties": {
      "id": {"type": "string", "format": "uuid"}, "entryID": {"type": "string", "format": "uuid"},
      "startedAt": {"type": "string", "format": "date-time"}, "endedAt": {"type": "string", "format": "date-time"},
      "startPage": {"type": "integer"}, "endPage": {"type": "integer"}, "minutes": {"type": "integer"}, "pagesRead": {"type": "integer"},
      "pace": {"type": "number", "description": "Pages per hour."}, "loggedAfterwards": {"type": "boolean"}, "running": {"type": "boolean"}}},
    "SessionPage": {"type": "object", "required": ["items", "page", "pageSize", "total", "pageCount"], "properties": {
      "items": {"type": "array", "items": S("Session")}, "page": {"type": "integer"}, "pageSize": {"type": "integer"},
      "total": {"type": "integer"}, "pageCount": {"type": "integer"}}},
    "SessionStart": {"type": "object", "additionalProperties": False, "properties": {"startPage": {"type": ["integer", "null"], "minimum": 0, "maximum": 100000}}},
    "SessionFinish": {"type": "object", "additionalProperties": False, "required": ["endPage"], "properties": {
      "endPage": {"type": "integer", "minimum": 0, "maximum": 100000}, "endedAt": {"type": ["string", "null"], "format": "date-time"},
      "correction": {"type": ["boolean", "null"]}}},
    "SessionLog": {"type": "object", "additionalProperties": False, "required": ["startedAt", "minutes", "startPage", "endPage"], "properties": {
      "startedAt": {"type": "string", "format": "date-time"}, "minutes": {"type": "integer", "minimum": 1, "maximum": 1440},
      "startPage": {"type": "integer", "minimum": 0, "maximum": 100000}, "endPage": {"type": "integer", "minimum": 0, "maximum": 100000}}},
    "SessionChange": {"type": "object", "additionalProperties": False, "properties": {
      "startedAt": {"type": ["string", "null"], "format": "date-time"}, "minutes": {"type": ["integer", "null"], "minimum": 1, "maximum": 1440},
      "startPage": {"type": ["integer", "null"], "minimum": 0, "maximum": 100000}, "endPage": {"type": ["integer", "null"], "minimum": 0, "maximum": 100000}}},
    "ProgressInput": {"type": "object", "additionalProperties": False, "description": "`page`, or `percent` (0–100) — one of them. A percentage on a book with a page count becomes that page.",
      "properties": {"page": {"type": ["integer", "null"], "minimum": 0, "maximum": 100000}, "percent": {"type": ["integer", "null"], "minimum": 0, "maximum": 100}}},
    "Streak": {"type": "object", "required": ["current", "longest", "readToday"], "properties": {
      "current": {"type": "integer"}, "longest": {"type": "integer"}, "readToday": {"type": "boolean"}}},
    "Goal": {"type": "object", "required": ["id", "title", "kind", "target", "cadence", "recurring", "startsOn", "endsOn", "status", "criteria", "createdAt", "progress", "milestones"], "properties": {
      "id": {"type": "string", "format": "uuid"}, "title": {"type": "string"}, "kind": {"type": "string", "enum": ["books", "pages", "minutes", "streakDays", "diversity", "share", "category", "authorsExplored", "genresExplored", "regionsExplored", "countriesExplored", "decadesExplored"]},
      "target": {"type": "integer"}, "cadence": {"type": "string", "enum": ["year", "month", "week", "custom"]}, "recurring": {"type": "boolean"},
      "startsOn": {"type": "string", "format": "date"}, "endsOn": {"type": "string", "format": "date"},
      "status": {"type": "string", "enum": ["active", "paused", "completed", "abandoned"]},
      "criteria": {"type": "object", "required": ["regions", "genders", "languages", "marginalized", "translated", "owned"], "properties": {
        "regions": {"type": "array", "items": {"type": "string"}}, "genders": {"type": "array", "items": {"type": "string"}},
        "languages": {"type": "array", "items": {"type": "string"}}, "marginalized": {"type": "boolean"}, "translated": {"type": "boolean"},
        "owned": {"type": "boolean"}, "genre": {"type": "string"}, "shelf": {"type": "string"},
        "since": {"type": "integer", "description": "A decades goal's first decade (a year ending in 0)."},
        "minimumBooks": {"type": "integer", "description": "A share goal's fewest books with the fact known for it to complete (default 10)."}}},
      "createdAt": {"type": "string", "format": "date-time"}, "completedAt": {"type": "string", "format": "date-time"},
      "story": {"type": "string", "description": "A completed goal's final figures: \"30 books · 9,450 pages · 12 countries\"."},
      "progress": {"type": "object", "required": ["current", "target", "percent", "pace", "paceText", "finishedInPeriod", "known", "books", "regions", "mightCount", "missingFacts"], "properties": {
        "current": {"type": "number", "description": "For a share goal, the percentage of the books whose fact is known that match."}, "target": {"type": "integer"}, "percent": {"type": "integer"},
        "pace": {"type": "string", "enum": ["done", "ended", "notStarted", "ahead", "onTrack", "behind", "needsBooks", "outOfReach", "streakRunning", "streakBroken", "streakOutOfReach"], "description": "A share goal is done only when its period ends at the target over its minimum of books; below the target it needs books (neededBooks), or is out of reach for the period. A streak goal under its target has a run still alive (streakRun, 0 when broken) or no longer fits in the period."},
        "paceText": {"type": "string", "description": "The pace in words, in the goal's own unit: \"1,680 pages to go in 2 days — about 840 a day.\", \"Streak broken. Start a new one today!\""},
        "left": {"type": "number", "description": "With behind: what is left to the target, in the goal's unit."}, "daysLeft": {"type": "integer", "description": "With behind: the days left in the period, today included."},
        "neededPerWeek": {"type": "number", "description": "With behind: left per week of daysLeft."}, "streakRun": {"type": "integer", "description": "A streak goal under its target: the run of reading days still alive (ending today, or yesterday while today is unread)."}, "neededBooks": {"type": "integer", "description": "A share goal below its target: the next books, all matching, that bring it there."},
        "finishedInPeriod": {"type": "integer"}, "known": {"type": "integer", "description": "A share goal: the period's finished books whose fact is known (the whole the share is of); otherwise every finished book."},
        "books": {"type": "array", "items": {"type": "string"}}, "warning": {"type": "string"},
        "regions": {"type": "array", "items": {"type": "string", "enum": regions}, "description": "The regions the books that count reach, among those the goal asks for; for a regions goal, every finished book's."},
        "mightCount": {"type": "integer", "description": "The period's finished books that do not count only because a fact the goal asks about is not known: filled in, they might count."},
        "missingFacts": {"type": "array", "items": {"type": "string", "enum": ["region", "gender", "marginalized", "language", "translated", "genre"]}, "description": "The facts whose absence keeps those books out."}}},
      "milestones": {"type": "array", "items": {"type": "object", "required": ["mark", "reachedAt"], "properties": {
        "mark": {"type": "integer", "description": "25, 50, 75 or 100 (%); for a streak goal, days; for a share goal, books counted (5, 10, 25, 50, 100)."}, "reachedAt": {"type": "string", "format": "date-time"}}}}}},
    "GoalInput": {"type": "object", "additionalProperties": False, "properties": {
      "template": {"type": ["string", "null"], "enum": ["52-books", "read-women", "around-the-world", "read-the-world", "tbr-stack-buster", "every-decade", None]},
      "title": {"type": ["string", "null"]}, "kind": {"type": ["string", "null"], "enum": ["books", "pages", "minutes", "streakDays", "diversity", "share", "category", "authorsExplored", "genresExplored", "regionsExplored", "countriesExplored", "decadesExplored"] + [None]},
      "target": {"type": ["integer", "null"]}, "cadence": {"type": ["string", "null"], "enum": ["year", "month", "week", "custom", None]},
      "startsOn": {"type": ["string", "null"], "format": "date"}, "endsOn": {"type": ["string", "null"], "format": "date"},
      "recurring": {"type": ["boolean", "null"]}, "regions": {"type": ["array", "null"], "items": {"type": "string"}, "description": "Regions by the name the app shows (\"Middle East\") or their code (`middleEast`): Africa, Asia, Europe, North America, South America, Oceania, Middle East, Caribbean, Central Asia, Indigenous, International."},
      "genders": {"type": ["array", "null"], "items": {"type": "string"}, "description": "`female`, `male`, `nonBinary` (also \"Non-binary\") or `other`."}, "languages": {"type": ["array", "null"], "items": {"type": "string"}, "description": "Original languages by English name (\"Japanese\") or ISO 639 code (`ja`)."},
      "marginalized": {"type": ["boolean", "null"]}, "translated": {"type": ["boolean", "null"]}, "owned": {"type": ["boolean", "null"]},
      "genre": {"type": ["string", "null"]}, "shelf": {"type": ["string", "null"]},
      "since": {"type": ["integer", "null"], "description": "A decades goal's first decade: a year from 1000 to this decade's (rounded down to its decade)."},
      "minimumBooks": {"type": ["integer", "null"], "minimum": 1, "maximum": 1000, "description": "A share goal's fewest books with the fact known for it to complete (default 10)."},
      "status": {"type": ["string", "null"], "enum": ["active", "paused", "abandoned", None]}}},
    "WebhookState": {"type": "object", "properties": {
      "url": nullable("string"), "lastDeliveredAt": {"type": ["string", "null"], "format": "date-time"},
      "lastError": nullable("string"), "lastErrorAt": {"type": ["string", "null"], "format": "date-time"}}},
    "WebhookInput": {"type": "object", "additionalProperties": False, "properties": {"url": {"type": ["string", "null"], "maxLength": 2000}}},
    "InstanceState": {"type": "object", "required": ["openRegistration", "webhooksMayReachPrivateNetworks", "canChange"], "properties": {
      "openRegistration": {"type": "boolean"}, "webhooksMayReachPrivateNetworks": {"type": "boolean"}, "canChange": {"type": "boolean"}}},
    "InstanceInput": {"type": "object", "additionalProperties": False, "properties": {
      "openRegistration": {"type": ["boolean", "null"]}, "webhooksMayReachPrivateNetworks": {"type": ["boolean", "null"]}}},
    "Shelf": {"type": "object", "required": ["name", "count"], "properties": {"name": {"type": "string"}, "count": {"type": "integer"}}},
    "ImportRun": {"type": "object", "required": ["id", "format", "startedAt", "rows", "imported", "updated", "unchanged", "skipped", "fileWarnings"], "properties": {
      "id": {"type": "string"}, "format": {"type": "string"}, "fileName": nullable("string"), "startedAt": {"type": "string", "format": "date-time"},
      "rows": {"type": "integer"}, "imported": {"type": "integer"}, "updated": {"type": "integer"}, "unchanged": {"type": "integer"}, "skipped": {"type": "integer"},
      "fileWarnings": {"type": "array", "items": {"type": "string"}}}},
    "ImportRunPage": {"type": "object", "required": ["items", "page", "pageSize", "total", "pageCount"], "properties": {
      "items": {"type": "array", "items": S("ImportRun")}, "page": {"type": "integer"}, "pageSize": {"type": "integer"}, "total": {"type": "integer"}, "pageCount": {"type": "integer"}}},
    "Outcome": {"type": "object", "required": ["row", "outcome", "title", "authors", "changes", "warnings"], "properties": {
      "row": {"type": "integer"}, "line": nullable("integer"), "outcome": {"type": "string", "enum": ["imported", "updated", "unchanged", "skipped"]},
      "title": {"type": "string"}, "authors": {"type": "array", "items": {"type": "string"}}, "status": nullable("string"), "entryId": nullable("string"),
      "reason": nullable("string"), "changes": {"type": "array", "items": {"type": "string"}}, "warnings": {"type": "array", "items": {"type": "string"}}}},
    "ImportReport": {"type": "object", "required": ["dryRun", "format", "rows", "imported", "updated", "unchanged", "skipped", "byStatus", "fileWarnings", "outcomes"], "properties": {
      "id": nullable("string"), "file": nullable("string"), "dryRun": {"type": "boolean"}, "format": {"type": "string"}, "rows": {"type": "integer"}, "imported": {"type": "integer"},
      "updated": {"type": "integer"}, "unchanged": {"type": "integer"}, "skipped": {"type": "integer"},
      "byStatus": {"type": "object", "additionalProperties": {"type": "integer"}}, "fileWarnings": {"type": "array", "items": {"type": "string"}},
      "shelves": {"type": ["array", "null"], "description": "The file's shelves, most books first, and what each was read as (absent for a backup).", "items": S("ImportShelf")},
      "sessionsInFile": {"type": "integer", "minimum": 1, "description": "Reading sessions the file carries for its rows not skipped (KOReader's statistics, a backup); one the library already has (same book, same start) is not added again. Absent when the file has none."},
      "outcomes": {"type": "array", "items": S("Outcome")}}},
    "ImportShelf": {"type": "object", "required": ["name", "books", "readAs"], "properties": {
      "name": {"type": "string"}, "books": {"type": "integer"},
      "readAs": {"type": "string", "enum": ["owned", "genre", "shelf"], "description": "`owned`: the books on it are owned; `genre`: they are of `genre`; `shelf`: only a shelf."},
      "genre": nullable("string")}},
    "PasswordChange": {"type": "object", "required": ["currentPassword", "newPassword"], "properties": {"currentPassword": {"type": "string"},
      "newPassword": {"type": "string", "minLength": 10, "description": "At least 10 characters and at most 72 bytes (what bcrypt reads)."},
      "revokeTokens": {"type": ["boolean", "null"], "description": "Revoke every other API token too (the one making this call stays)."}}},
    "SettingsInput": {"type": "object", "additionalProperties": False, "properties": {
      "primaryLanguage": nullable("string"), "timeZone": nullable("string"), "underrepresentedRegions": {"type": "array", "items": {"type": "string", "enum": regions}},
      "palette": {"type": ["string", "null"], "enum": PALETTES + [None], "description": "`standard` (also null) or `blueOrange`."}}},
    "PeriodInfo": {"type": "object", "required": ["parameter", "label"], "properties": {
      "parameter": {"type": "string"}, "label": {"type": "string"}, "from": {"type": "string", "format": "date"}, "to": {"type": "string", "format": "date"}}},
    "Figure": {"type": "object", "required": ["count", "authors"], "properties": {
      "count": {"type": "number", "description": "Books (fractional: co-authors share a book) or authors, per `unit`."},
      "share": {"type": "number", "description": "count ÷ the known total; absent when nothing is known."}, "authors": {"type": "integer"}}},
    "Coverage": {"type": "object", "required": ["known", "total", "fraction"], "properties": {
      "known": {"type": "number"}, "total": {"type": "number"}, "fraction": {"type": "number"}}},
    "DiversityScore": {"type": "object", "required": ["total", "region", "gender", "language", "marginalized", "coverage", "isEmpty"], "properties": {
      "total": {"type": "number"}, "region": {"type": "number"}, "gender": {"type": "number"}, "language": {"type": "number"},
      "marginalized": {"type": "number"}, "coverage": {"type": "number"}, "isEmpty": {"type": "boolean"}}},
    "DiversityFigures": {"type": "object", "required": ["unit", "books", "authors", "regions", "regionCoverage", "regionsRepresented", "genders", "genderCoverage", "authorsWithGender", "genderEntropy", "languages", "languageCoverage", "marginalized", "marginalizedCoverage", "score", "eras", "eraCoverage", "intersections", "intersectionCoverage", "countries", "countryCoverage"], "properties": {
      "unit": {"type": "string", "enum": ["books", "authors"]}, "books": {"type": "integer"}, "authors": {"type": "integer"},
      "regions": {"type": "array", "items": {"type": "object", "required": ["region", "figure", "underrepresented"], "properties": {
        "region": {"type": "string", "enum": regions}, "figure": S("Figure"), "underrepresented": {"type": "boolean"}}}},
      "regionCoverage": S("Coverage"), "regionsRepresented": {"type": "integer"},
      "genders": {"type": "array", "items": {"type": "object", "required": ["gender", "figure"], "properties": {
        "gender": {"type": "string", "enum": ["female", "male", "nonBinary", "other"]}, "figure": S("Figure")}}},
      "genderCoverage": S("Coverage"), "authorsWithGender": {"type": "integer"}, "genderEntropy": {"type": "number"},
      "languages": {"type": "array", "items": {"type": "object", "required": ["language", "books", "share"], "properties": {
        "language": {"type": "string"}, "books": {"type": "integer"}, "share": {"type": "number"}}}},
      "languageCoverage": S("Coverage"), "marginalized": S("Figure"), "marginalizedCoverage": S("Coverage"), "score": S("DiversityScore"),
      "eras": {"type": "array", "description": "The five publication eras (SPEC §3), oldest first, each with the books first published in it (in books whatever the unit) and its share of the books whose year is known.",
        "items": {"type": "object", "required": ["era", "books"], "properties": {
          "era": {"type": "string", "enum": ["before1900", "from1900To1950", "from1951To2000", "from2001To2020", "from2021"]},
          "books": {"type": "integer"}, "share": {"type": "number"}}}},
      "eraCoverage": S("Coverage"),
      "countries": {"type": "array", "description": "The authors' countries, most books first: a book counts whole for every country among its authors.", "items": {"type": "object", "required": ["country", "name", "books", "authors"], "properties": {
        "country": {"type": "string", "pattern": "^[A-Z]{2}$", "description": "ISO 3166-1 alpha-2."}, "name": {"type": "string"},
        "region": {"type": "string", "enum": regions, "description": "Absent for a country with no region (Antarctica)."},
        "books": {"type": "integer", "minimum": 1}, "authors": {"type": "integer", "minimum": 1}}}},
      "countryCoverage": dict(S("Coverage"), description="In books: those with at least one author whose country is known."),
      "intersections": {"type": "array", "description": "Every author gender × cultural region pair (regions in chart order, then genders), zeros included, counted over complete cases only: an author whose gender and region are both known. `share` is the pair's part of those complete cases (absent when there are none); `authors` the distinct authors in the pair.",
        "items": {"type": "object", "required": ["gender", "region", "count", "authors"], "properties": {
          "gender": {"type": "string", "enum": ["female", "male", "nonBinary", "other"]}, "region": {"type": "string", "enum": regions},
          "count": {"type": "number"}, "share": {"type": "number"}, "authors": {"type": "integer"}}}},
      "intersectionCoverage": S("Coverage")}},
    "ReadingStats": {"type": "object", "required": ["days", "booksFinished", "pagesRead", "booksWithoutPageCount", "pagesPerDay", "booksPerMonth", "readingMinutes", "sessions"], "properties": {
      "from": {"type": "string", "format": "date"}, "to": {"type": "string", "format": "date"}, "days": {"type": "integer"},
      "booksFinished": {"type": "integer"}, "pagesRead": {"type": "integer"}, "booksWithoutPageCount": {"type": "integer"},
      "pagesPerDay": {"type": "number"}, "booksPerMonth": {"type": "number"}, "readingMinutes": {"type": "integer"},
      "pagesPerHour": {"type": "number", "description": "Pages of timed sessions over their hours; absent under 10 minutes of sessions."}, "sessions": {"type": "integer"}}},
    "Suggestion": {"type": "object", "required": ["gap", "books", "message"], "properties": {
      "gap": {"type": "object", "required": ["kind", "value"], "properties": {"kind": {"type": "string", "enum": ["region", "gender", "language"]}, "value": {"type": "string"}}},
      "books": {"type": "integer"}, "message": {"type": "string"}}},
    "InsightsReport": {"type": "object", "required": ["period", "scope", "unit", "today", "libraryBooks", "diversity", "radar", "reading", "suggestions", "underrepresentedRegions", "activeYears"], "properties": {
      "period": S("PeriodInfo"), "scope": {"type": "string", "enum": ["read", "library"]}, "unit": {"type": "string", "enum": ["books", "authors"]},
      "today": {"type": "string", "format": "date"}, "libraryBooks": {"type": "integer"}, "diversity": S("DiversityFigures"), "reading": S("ReadingStats"),
      "radar": {"type": "object", "description": "The representation radar of the same books (as computed; `/api/v1/radar` gives a friendlier shape).",
        "required": ["axes", "completion", "books"], "properties": {
        "axes": {"type": "array", "items": {"type": "object", "required": ["axis", "coverage"], "properties": {
          "axis": {"type": "string", "enum": AXES}, "value": {"type": "number"}, "coverage": {"type": "number"}}}},
        "counted": {"type": "array", "items": {"type": "string", "enum": AXES}, "description": "The axes `overall` is the mean of (enough data)."},
        "overall": {"type": "number"}, "band": {"type": "string", "enum": BANDS}, "completion": {"type": "number"}, "books": {"type": "integer"}}},
      "previous": {"type": "object", "required": ["period", "diversity", "reading"], "properties": {
        "period": S("PeriodInfo"), "diversity": S("DiversityFigures"), "reading": S("ReadingStats")}},
      "suggestions": {"type": "array", "items": S("Suggestion")},
      "underrepresentedRegions": {"type": "array", "items": {"type": "string", "enum": regions}},
      "activeYears": {"type": "array", "items": {"type": "integer"}},
      "newCountries": {"type": "array", "items": {"type": "string", "pattern": "^[A-Z]{2}$"}, "description": "Countries of the period's books that no book finished before `newCountriesSince` had (for all time, since 1 January of this year); absent for the Library scope."},
      "newCountriesSince": {"type": "string", "format": "date"}}},
    "Notification": {"type": "object", "required": ["id", "kind", "title", "body", "createdAt"], "properties": {
      "id": {"type": "string", "format": "uuid"}, "kind": {"type": "string", "description": "`achievement`, `goal`, or `test` (a webhook test)."},
      "title": {"type": "string"}, "body": {"type": "string"}, "link": {"type": "string", "description": "The page of the web app it is about."},
      "createdAt": {"type": "string", "format": "date-time"}, "readAt": {"type": "string", "format": "date-time", "description": "Absent while unread."}}},
    "EnrichmentStatus": {"type": "object", "required": ["authors", "done", "retrying", "ambiguous", "unreachable", "running", "enabled", "questions"], "properties": {
      "authors": {"type": "integer"}, "done": {"type": "integer"}, "retrying": {"type": "integer"}, "ambiguous": {"type": "integer"},
      "unreachable": {"type": "integer"}, "running": {"type": "boolean"}, "enabled": {"type": "boolean"},
      "message": {"type": ["string", "null"]}, "questions": {"type": "integer"}}},
    "AuthorQuestion": {"type": "object", "required": ["id", "authorId", "authorName", "question", "label", "source", "books"], "properties": {
      "id": {"type": "string"}, "authorId": {"type": "string"}, "authorName": {"type": "string"}, "question": {"type": "string"},
      "label": {"type": "string"}, "description": {"type": ["string", "null"]}, "source": {"type": "string", "enum": ["wikidata", "bundled"]},
      "link": {"type": ["string", "null"]}, "bookTitle": {"type": ["string", "null"]}, "books": {"type": "integer"}}},
    "AuthorQuestionList": {"type": "object", "required": ["items"], "properties": {"items": {"type": "array", "items": S("AuthorQuestion")}}},
    "YearBook": {"type": "object", "required": ["entryID", "title", "authors", "finishedOn"], "properties": {
      "entryID": {"type": "string", "format": "uuid"}, "title": {"type": "string"}, "authors": {"type": "array", "items": {"type": "string"}},
      "pages": {"type": "integer", "description": "The edition's page count; absent when not known."},
      "finishedOn": {"type": "string", "format": "date", "description": "Its first finish in the year."},
      "rating": {"type": "number", "minimum": 0, "maximum": 5, "description": "Stars; absent when not rated."}}},
    "YearShare": {"type": "object", "required": ["count", "known", "total"], "properties": {
      "count": {"type": "number", "minimum": 0, "description": "Books with the trait (a book by two authors counts half to each)."},
      "known": {"type": "number", "minimum": 0, "description": "Books whose fact is known."}, "total": {"type": "integer", "minimum": 0},
      "share": {"type": "number", "minimum": 0, "maximum": 1, "description": "count ÷ known; absent when too little is known to state one (SPEC §4)."}}},
    "YearTotals": {"type": "object", "required": ["books", "pages", "minutes", "authors", "countries", "regions", "languages", "longestStreak"], "properties": {
      "books": {"type": "integer", "minimum": 0}, "pages": {"type": "integer", "minimum": 0}, "minutes": {"type": "integer", "minimum": 0},
      "authors": {"type": "integer", "minimum": 0}, "countries": {"type": "integer", "minimum": 0}, "regions": {"type": "integer", "minimum": 0, "maximum": 11},
      "languages": {"type": "integer", "minimum": 0}, "longestStreak": {"type": "integer", "minimum": 0},
      "women": {"type": "number", "minimum": 0, "maximum": 1, "description": "The share of books by women; absent when too little is known."}}},
    "YearMonth": {"type": "object", "required": ["month", "label", "books", "pages", "minutes"], "properties": {
      "month": {"type": "integer", "minimum": 1, "maximum": 12}, "label": {"type": "string"},
      "books": {"type": "integer", "minimum": 0}, "pages": {"type": "integer", "minimum": 0}, "minutes": {"type": "integer", "minimum": 0}}},
    "YearInBooks": {"type": "object", "required": ["year", "complete", "totals", "books", "mostRead", "months", "readBefore", "countries", "newCountries", "regions", "newRegions", "women", "marginalized", "languages", "translated", "goals", "years"], "properties": {
      "year": {"type": "integer"}, "complete": {"type": "boolean", "description": "Whether the year is over."},
      "readBefore": {"type": "boolean", "description": "Whether any book was read before the year (finished before it, or marked read without a date); without one, no country or region is new."},
      "totals": S("YearTotals"), "previous": S("YearTotals"),
      "books": {"type": "array", "items": S("YearBook")},
      "first": S("YearBook"), "last": S("YearBook"), "longest": S("YearBook"), "shortest": S("YearBook"),
      "mostRead": {"type": "array", "items": {"type": "object", "required": ["name", "books"], "properties": {"name": {"type": "string"}, "books": {"type": "integer", "minimum": 2}}}},
      "months": {"type": "array", "items": S("YearMonth"), "minItems": 12, "maxItems": 12}, "busiestMonth": S("YearMonth"),
      "countries": {"type": "array", "items": {"type": "string", "pattern": "^[A-Z]{2}$"}}, "newCountries": {"type": "array", "items": {"type": "string", "pattern": "^[A-Z]{2}$"}},
      "regions": {"type": "array", "items": {"type": "string", "enum": regions}}, "newRegions": {"type": "array", "items": {"type": "string", "enum": regions}},
      "women": S("YearShare"), "marginalized": S("YearShare"), "translated": S("YearShare"),
      "languages": {"type": "array", "items": {"type": "object", "required": ["language", "name", "books"], "properties": {"language": {"type": "string"}, "name": {"type": "string"}, "books": {"type": "integer", "minimum": 1}}}},
      "goals": {"type": "array", "items": {"type": "object", "required": ["id", "title", "outcome", "progress", "fraction"], "properties": {
        "id": {"type": "string", "format": "uuid"}, "title": {"type": "string"},
        "outcome": {"type": "string", "enum": ["completed", "missed", "running", "paused", "abandoned"]},
        "progress": {"type": "string", "description": "\"24 / 30 books\", \"62% (target 50%)\"."}, "fraction": {"type": "number", "minimum": 0, "maximum": 1}}}},
      "years": {"type": "array", "items": {"type": "integer"}, "description": "Every year with reading, newest first."}}},
    "ReadingFigures": {"type": "object", "required": ["books", "pages", "minutes", "cultures", "genres", "ratedBooks", "longestStreak"], "properties": {
      "books": {"type": "integer", "minimum": 0}, "pages": {"type": "integer", "minimum": 0}, "minutes": {"type": "integer", "minimum": 0, "description": "Minutes of timed sessions."},
      "pagesPerHour": {"type": "number", "minimum": 0, "description": "Pages of timed sessions over their hours; absent under 10 minutes of sessions."},
      "cultures": {"type": "integer", "minimum": 0, "maximum": 11}, "genres": {"type": "integer", "minimum": 0},
      "ratedBooks": {"type": "integer", "minimum": 0}, "averageRating": {"type": "number", "minimum": 0, "maximum": 5, "description": "Absent without rated books."},
      "longestStreak": {"type": "integer", "minimum": 0}}},
    "ReadingInsights": {"type": "object", "required": ["span", "metric", "current", "currentStreak", "headline", "rings", "cards", "timeline", "timelineBy"], "properties": {
      "timelineBy": {"type": "string", "enum": ["month", "year"], "description": "What one point of `timeline` is: a month, or for all time past 36 months a year."},
      "span": {"type": "string", "enum": ["week", "month", "year", "all"]},
      "metric": {"type": "string", "enum": ["books", "pages", "time"], "description": "What the velocity card's figure, trend and comparison measure."},
      "from": {"type": "string", "format": "date"}, "to": {"type": "string", "format": "date"},
      "current": S("ReadingFigures"), "previous": S("ReadingFigures"),
      "currentStreak": {"type": "integer", "minimum": 0}, "headline": {"type": "string"},
      "rings": {"type": "object", "required": ["outer", "outerLabel", "inner", "innerLabel"], "properties": {
        "outer": {"type": "number", "minimum": 0, "maximum": 1}, "outerLabel": {"type": "string"},
        "inner": {"type": "number", "minimum": 0, "maximum": 1}, "innerLabel": {"type": "string"}}},
      "cards": {"type": "array", "items": {"type": "object", "required": ["id", "title", "figure", "sentence"], "properties": {
        "id": {"type": "string", "enum": ["velocity", "culture", "streak", "genres"]}, "title": {"type": "string"},
        "figure": {"type": "string"}, "sentence": {"type": "string"}, "trend": {"type": "string", "enum": ["up", "down", "same"]}}}},
      "timeline": {"type": "array", "items": {"type": "object", "required": ["month", "label", "books", "pages", "minutes"], "properties": {
        "month": {"type": "string", "pattern": "^-?[0-9]{4}(-[0-9]{2})?$", "description": "`2026-03`, or the year (`2019`) when `timelineBy` is `year`."}, "label": {"type": "string"}, "books": {"type": "integer", "minimum": 0},
        "pages": {"type": "integer", "minimum": 0, "description": "Pages read: sessions, and finished books without sessions."}, "minutes": {"type": "integer", "minimum": 0},
        "diversity": {"type": "number", "minimum": 0, "maximum": 100, "description": "Absent where too little is known for a score."}}}}}},
    "Achievement": {"type": "object", "required": ["id", "name", "rule", "rarity", "unlocked", "progress", "progressText", "requirements"], "properties": {
      "id": {"type": "string"}, "name": {"type": "string"}, "rule": {"type": "string"},
      "rarity": {"type": "string", "enum": ["common", "uncommon", "rare", "epic", "legendary"]},
      "unlocked": {"type": "boolean"}, "unlockedAt": {"type": "string", "format": "date-time", "description": "Absent while locked."},
      "progress": {"type": "number", "minimum": 0, "maximum": 1}, "progressText": {"type": "string", "description": "“7 / 10 books”."},
      "requirements": {"type": "array", "items": {"type": "object", "required": ["measure", "current", "target"], "properties": {
        "measure": {"type": "string", "enum": ["books", "regions", "languages", "ratedBooks", "averageRating", "streakDays", "contributions"]},
        "current": {"type": "number"}, "target": {"type": "number"}}}}}},
    "ComparisonInput": {"type": "object", "required": ["optIn"], "additionalProperties": False, "properties": {"optIn": {"type": "boolean"}}},
    "Comparison": {"type": "object", "required": ["period", "optedIn", "participants", "minimumParticipants", "rows"], "properties": {
      "period": {"type": "string", "enum": ["week", "month", "year", "all"]}, "optedIn": {"type": "boolean"},
      "participants": {"type": "integer", "minimum": 0}, "minimumParticipants": {"type": "integer", "minimum": 1},
      "rows": {"type": "array", "items": {"type": "object", "required": ["measure", "label", "youText", "averageText"], "properties": {
        "measure": {"type": "string", "enum": ["books", "pages", "minutes", "cultures", "longestStreak", "genres", "score", "women", "marginalized", "languages"], "description": "The reading figures, then the diversity of the books finished: the 0–10 score, the shares (0–1) of books by women and by marginalized voices, and distinct original languages."},
        "label": {"type": "string"},
        "you": {"type": "number", "minimum": 0, "description": "Absent when too little is known of your books to tell (a share below the minimum data, a provisional score)."},
        "average": {"type": "number", "minimum": 0, "description": "Absent when fewer than minimumParticipants readers have the figure known."},
        "youText": {"type": "string"}, "averageText": {"type": "string"}}}}}},
    "NotificationSettings": {"type": "object", "required": ["achievement", "goal", "streakReminder", "weeklyCheckIn"], "properties": {
      "achievement": {"type": "boolean"}, "goal": {"type": "boolean"}, "streakReminder": {"type": "boolean"}, "weeklyCheckIn": {"type": "boolean"}}},
    "NotificationSettingsInput": {"type": "object", "additionalProperties": False, "properties": {
      "achievement": {"type": "boolean"}, "goal": {"type": "boolean"}, "streakReminder": {"type": "boolean"}, "weeklyCheckIn": {"type": "boolean"}}},
    "AchievementList": {"type": "object", "required": ["items"], "properties": {"items": {"type": "array", "items": S("Achievement")}}},
    "NotificationList": {"type": "object", "required": ["items", "unread"], "properties": {
      "items": {"type": "array", "items": S("Notification")}, "unread": {"type": "integer", "minimum": 0}}},
    "AccountDeletion": {"type": "object", "required": ["password"], "properties": {"password": {"type": "string"}}},
    "RadarAxis": {"type": "object", "required": ["axis", "label", "coverage", "ghost", "partial", "counted"], "properties": {
      "axis": {"type": "string", "enum": AXES}, "label": {"type": "string"}, "value": {"type": "number", "description": "0–1; absent on a ghost axis."},
      "coverage": {"type": "number"}, "ghost": {"type": "boolean"}, "partial": {"type": "boolean"},
      "counted": {"type": "boolean", "description": "Whether the axis counts in `overall`: known for at least 25% of the books and at least 5 of them (a book's axis: known)."}}},
    "Radar": {"type": "object", "required": ["completion", "books", "summary", "axes"], "properties": {
      "overall": {"type": "number", "description": "0–100: the mean of the counted axes (`counted: true`); absent with fewer than 3 of them (a book: 3 of its 5 axes known)."}, "band": {"type": "string", "enum": BANDS},
      "bandLabel": {"type": "string"}, "completion": {"type": "number"}, "books": {"type": "integer"},
      "summary": {"type": "string", "description": "The text alternative: \"Overall 73%, Diverse. Cultural origin 95%…\""},
      "basis": {"type": "string", "description": "Which axes the overall leaves out, when some with data do: \"Overall from 4 axes; Language and Translation have too little data to count yet.\""},
      "axes": {"type": "array", "items": S("RadarAxis")}}},
    "Completion": {"type": "object", "required": ["completion", "books", "dimensions"], "properties": {
      "completion": {"type": "number"}, "books": {"type": "integer"},
      "dimensions": {"type": "array", "items": {"type": "object", "required": ["axis", "label", "coverage"], "properties": {
        "axis": {"type": "string", "enum": AXES}, "label": {"type": "string"}, "coverage": {"type": "number"}}}}}},
    "BookRadar": {"type": "object", "required": ["entryId", "radar", "completion", "facts", "missing"], "properties": {
      "entryId": {"type": "string"}, "radar": S("Radar"), "completion": {"type": "number", "description": "Known diversity facts ÷ all of them (every fact but genre): the cover’s ring. `missing` lists every fact not known, genre included."},
      "facts": {"type": "array", "items": {"type": "object", "required": ["fact", "label", "known"], "properties": {
        "fact": {"type": "string", "enum": FACTS}, "label": {"type": "string"}, "known": {"type": "boolean"}, "value": {"type": "string"}}}},
      "missing": {"type": "array", "items": {"type": "string", "enum": FACTS}}}},
    "Prompt": {"type": "object", "required": ["fact", "style", "entryId", "workId", "bookTitle", "authorBooks", "question", "choices", "offersAllLanguages"], "properties": {
      "fact": {"type": "string", "enum": FACTS}, "style": {"type": "string", "enum": ["pills", "verify", "year"]},
      "entryId": {"type": "string"}, "workId": {"type": "string"}, "bookTitle": {"type": "string"},
      "authorId": {"type": "string"}, "authorName": {"type": "string"}, "authorBooks": {"type": "integer", "description": "The reader's books by this author: an answer fills in all of them."},
      "question": {"type": "string"}, "hint": {"type": "string"},
      "choices": {"type": "array", "items": {"type": "object", "required": ["value", "label"], "properties": {"value": {"type": "string"}, "label": {"type": "string"}}}},
      "offersAllLanguages": {"type": "boolean", "description": "Any ISO 639 code is accepted besides the choices."},
      "verifiedSource": {"type": "string", "enum": ["wikidata", "openLibrary"], "description": "For `verify`: where the value being checked came from."}}},
    "NextPrompt": {"type": "object", "properties": {"prompt": S("Prompt")}},
    "AnswerInput": {"type": "object", "required": ["fact", "value"], "additionalProperties": False, "properties": {
      "fact": {"type": "string", "enum": FACTS}, "author": {"type": "string", "description": "The author the prompt named, for region and gender."},
      "value": {"type": "string"}, "note": {"type": ["string", "null"], "maxLength": 500, "description": "Optional free text, kept private in your contributions."}}},
    "SkipInput": {"type": "object", "required": ["fact"], "properties": {"fact": {"type": "string", "enum": FACTS}}},
    "Curator": {"type": "object", "required": ["contributions", "points"], "properties": {
      "contributions": {"type": "integer"}, "points": {"type": "integer"}, "level": {"type": "string"}, "nextLevel": {"type": "string"}, "toNextLevel": {"type": "integer"}}},
    "AnswerResult": {"type": "object", "required": ["saved", "fact", "value", "displayValue", "points", "books", "completionBefore", "completionAfter", "bookCompletionBefore", "bookCompletionAfter", "unlockedCurator", "curator"], "properties": {
      "saved": {"type": "boolean", "description": "False when the answer was already yours (nothing changed, no points)."},
      "fact": {"type": "string", "enum": FACTS}, "value": {"type": "string"}, "displayValue": {"type": "string"}, "points": {"type": "integer"},
      "books": {"type": "integer"}, "completionBefore": {"type": "number", "description": "The library's data completion (0–1) before the answer."},
      "completionAfter": {"type": "number"}, "bookCompletionBefore": {"type": "number", "description": "The book's completion ring (known ÷ 7 facts) before the answer."},
      "bookCompletionAfter": {"type": "number"}, "unlockedCurator": {"type": "boolean"},
      "curator": S("Curator")}},
    "Curation": {"type": "object", "required": ["curator", "contributions"], "properties": {
      "curator": S("Curator"),
      "contributions": {"type": "array", "items": {"type": "object", "required": ["id", "fact", "points", "recordedAt"], "properties": {
        "id": {"type": "string"}, "fact": {"type": "string"}, "value": {"type": "string"}, "note": {"type": "string"}, "points": {"type": "integer"},
        "recordedAt": {"type": "string", "format": "date-time"}, "authorId": {"type": "string"}, "authorName": {"type": "string"},
        "workId": {"type": "string"}, "workTitle": {"type": "string"}}}}}}}}
}
# Every operation can answer 400: a body that is not JSON, a parameter it does not take, a NUL
# character, a value outside the documented forms.
for item in doc["paths"].values():
    for method, operation in item.items():
        if isinstance(operation, dict) and "responses" in operation:
            operation["responses"].setdefault("400", E400)
            if "parameters" in operation or "requestBody" in operation or "parameters" in item:
                operation["responses"].setdefault("422", problem("A value the schema allows breaks a rule it cannot say; `errors` names the field when there is one."))
OUTPUT = pathlib.Path(__file__).resolve().parent.parent / "Sources/BooksTrackWeb/Assets/openapi.json"
OUTPUT.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
print(f"wrote {OUTPUT}")
