import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Testing

@testable import BooksTrackApp

@Suite(
    "Goals in the browser: templates, the form, progress from the library, milestones, the celebration", .timeLimit(.minutes(5)))
struct GoalWebTests {
    @Test("A goal counts books as they are finished: 25% raises a notification, 100% completes it with its story")
    func milestones() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            // TestClock.now is Sunday 15 March, 12:00 UTC: already Monday the 16th in Auckland.
            try await app.store.users.update(
                settings: ReaderSettings(timeZone: "Pacific/Auckland"), for: user.id, now: TestClock.now)
            #expect(try await browser.get("/goals").text.contains("No goals yet"))
            try await browser.get("/goals/new")
            let refused = try await browser.post("/goals", ["kind": "books", "target": "0"])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("The target is a whole number from 1 to 1000 books."))
            let created = try await browser.post("/goals", ["kind": "books", "target": "4", "title": "Four this year"])
            let path = try #require(created.location)
            #expect(try await browser.follow(created).text.contains("0 / 4 books (0%)"))

            func finish(_ title: String) async throws {
                try await browser.get("/books/new")
                let added = try await browser.post(
                    "/books",
                    [
                        "title": title, "authors": "Octavia E. Butler", "status": "read", "finished": "2026-03-10",
                        "pages": "250",
                    ])
                #expect(added.status == .seeOther, "\(title)")
            }
            try await finish("Kindred")
            let home = try await browser.get("/")
            #expect(home.text.contains("25% of “Four this year”"))
            #expect(home.text.contains("1 / 4 books (25%)"))
            for title in ["Dawn", "Wild Seed", "Fledgling"] { try await finish(title) }
            let page = try await browser.get(path)
            #expect(page.text.contains("4 / 4 books (100%)"))
            #expect(page.text.contains("Completed: 4 books · 1,000 pages · authors’ countries not known"))
            #expect(page.body.contains(#"class="celebration""#))
            #expect(page.text.contains("25% — 2026-03-16"), "milestones are dated in the reader's time zone")
            let goal = try #require(try await app.store.reader(user.id).goals.all().first)
            #expect(goal.goal.status == .completed)
            #expect(goal.milestones.map(\.percent).sorted() == [25, 50, 75, 100])
            let notices = try await app.store.reader(user.id).notifications.recent(unreadOnly: true).map(\.title)
            #expect(notices.contains("Goal complete: Four this year"))
            #expect(notices.filter { $0.contains("% of “Four this year”") }.count == 3)
        }
    }

    @Test("Read women: 50% is a share of the books whose gender is known, and one book does not complete it")
    func shareGoal() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            try await browser.get("/goals/new")
            let created = try await browser.post("/goals", ["template": "read-women"])
            let path = try #require(created.location)
            _ = try await InsightsWebTests.book(
                "Kindred", by: "Octavia E. Butler", facts: [(.gender, "female")], language: nil, finished: "2026-03-01",
                for: user, in: app)
            _ = try await InsightsWebTests.book(
                "Unknown", by: "A. Nonymous", facts: [], language: nil, finished: "2026-03-02", for: user, in: app)
            await app.app.notifications.settle(user, now: TestClock.now)
            let page = try await browser.get(path)
            #expect(page.text.contains("100% of 1 book with a known gender (target 50%); 1 without"), "\(page.text)")
            #expect(page.text.contains("On track."))
            #expect(!page.body.contains(#"class="celebration""#))
            let goal = try #require(try await app.store.reader(user.id).goals.all().first)
            #expect(goal.goal.status == .active && goal.milestones.isEmpty)
            let notices = try await app.store.reader(user.id).notifications.recent(unreadOnly: true).map(\.title)
            #expect(!notices.contains { $0.hasPrefix("Goal complete") || $0.contains("% of “Read women") })
        }
    }

    @Test("A book from every decade since 1850: the template, the decades still to find, a book filling one, the API")
    func decades() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let form = try await browser.get("/goals/new")
            #expect(form.text.contains("A book from every decade since 1850"))
            let created = try await browser.post("/goals", ["template": "every-decade"])
            let path = try #require(created.location)
            let empty = try await browser.follow(created)
            // WebHarness's today is in 2026: the 1850s to the 2020s.
            #expect(empty.text.contains("0 / 18 decades (0%)"))
            #expect(empty.text.contains("0 of 18 decades have a book."))
            #expect(empty.text.contains("Still to find") && empty.text.contains("1850s") && empty.text.contains("2020s"))
            try await browser.get("/books/new")
            for (title, year) in [("Bleak House", "1853"), ("Hard Times", "1854"), ("Beloved", "1987")] {
                let added = try await browser.post(
                    "/books",
                    ["title": title, "authors": "Someone Else", "status": "read", "finished": "2026-03-10", "year": year])
                #expect(added.status == .seeOther, "\(title)")
            }
            let page = try await browser.get(path)
            #expect(page.text.contains("2 / 18 decades (11%)"))
            #expect(page.text.contains("✓ 1850s") && page.text.contains("✓ 1980s"))
            #expect(page.text.contains("Bleak House") && page.text.contains("Hard Times"))
            let goal = try #require(try await app.store.reader(user.id).goals.all().first?.goal)
            #expect(goal.criteria.sinceYear == 1850 && goal.kind == .decadesExplored)
            // A form that forgets the first decade says so.
            let refused = try await browser.post("/goals", ["kind": "decadesExplored"])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("Say from which decade on a book counts"))
            let token = try await AccountTools.issueToken(named: "t", for: user, store: app.store, now: TestClock.now)
            let api = APIClient(client: app.client, token: token)
            let made = try await api.request(.post, "/api/v1/goals", json: ["kind": "decadesExplored", "since": 1900])
            #expect(made.status == .created)
            let json = try made.json()
            #expect((json["criteria"] as? [String: Any])?["since"] as? Int == 1900)
            #expect(json["target"] as? Int == 13 && json["title"] as? String == "A book from every decade since 1900")
        }
    }

    @Test("New goal suggests goals from the reader's own year, each with its reason and a Recommended label; Add makes it")
    func suggestions() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            #expect(!(try await browser.get("/goals/new")).text.contains("Suggested from your reading"))
            try await browser.get("/books/new")
            for title in ["One", "Two", "Three", "Four", "Five"] {
                let added = try await browser.post(
                    "/books", ["title": title, "authors": "Octavia E. Butler", "status": "read", "finished": "2026-03-10"])
                #expect(added.status == .seeOther)
            }
            let form = try await browser.get("/goals/new")
            #expect(form.text.contains("Suggested from your reading"))
            #expect(form.text.contains("6 books in 2026"))
            #expect(form.text.contains("You finished 5 books in the last 12 months"))
            #expect(form.text.contains("Recommended 6 is challenging but achievable"))
            let made = try await browser.post(
                "/goals", ["kind": "books", "target": "6", "cadence": "year", "title": "6 books in 2026"])
            #expect(made.status == .seeOther)
            #expect(try await app.store.reader(user.id).goals.all().map(\.goal.title) == ["6 books in 2026"])
            // Once there is one, it is no longer suggested.
            #expect(!(try await browser.get("/goals/new")).text.contains("6 books in 2026"))
        }
    }

    @Test(
        "Editing a target keeps the milestones reached and measures the rest against the new one; the later of two edits is told")
    func editsAndConflicts() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            try await browser.get("/goals/new")
            let created = try await browser.post("/goals", ["kind": "books", "target": "4", "title": "Four"])
            let path = try #require(created.location)
            try await browser.get("/books/new")
            for title in ["Kindred", "Dawn"] {
                _ = try await browser.post(
                    "/books", ["title": title, "authors": "Octavia E. Butler", "status": "read", "finished": "2026-03-10"])
            }
            let reader = app.store.reader(user.id)
            func marks() async throws -> [Int] { try await reader.goals.all().first?.milestones.map(\.percent).sorted() ?? [] }
            #expect(try await marks() == [25, 50])

            // Two tabs open the edit form; the first saves a higher target.
            let first = try await browser.get(path + "/edit")
            let version = try #require(first.body.firstMatch(of: /name="version" value="([^"]+)"/)?.1).replacingOccurrences(
                of: "&quot;", with: "\"")
            var fields = ["kind": "books", "target": "8", "title": "Four", "cadence": "year", "version": version]
            #expect(try await browser.post(path, fields).status == .seeOther)
            let raised = try await browser.get(path)
            #expect(raised.text.contains("2 / 8 books (25%)"))
            // The milestones reached stay, with their days; nothing new is crossed.
            #expect(try await marks() == [25, 50])
            // The second tab saves from the old version: told, and shown the goal as it is now.
            fields["target"] = "3"
            let late = try await browser.post(path, fields)
            #expect(late.status == .conflict)
            #expect(late.text.contains("This goal was changed somewhere else after you opened it"))
            #expect(late.body.contains(#"value="8""#))
            #expect(try await reader.goals.all().first?.goal.target == 8)
            // Saved again from the form it was shown: a target of 2 is reached, the rest recorded.
            let again = try #require(late.body.firstMatch(of: /name="version" value="([^"]+)"/)?.1).replacingOccurrences(
                of: "&quot;", with: "\"")
            fields["target"] = "2"
            fields["version"] = again
            #expect(try await browser.post(path, fields).status == .seeOther)
            #expect(try await marks() == [25, 50, 75, 100])
            #expect(try await reader.goals.all().first?.goal.status == .completed)

            // The API: an ETag on the goal, If-Match on a change; a stale one is a 412 with the goal now.
            let token = try await AccountTools.issueToken(named: "t", for: user, store: app.store, now: TestClock.now)
            let api = APIClient(client: app.client, token: token)
            let id = String(path.dropFirst("/goals/".count))
            let shown = try await api.request(.get, "/api/v1/goals/\(id)")
            let etag = try #require(shown.headers[.eTag])
            #expect(
                try await api.request(.patch, "/api/v1/goals/\(id)", headers: [.ifMatch: etag], json: ["title": "Two"]).status
                    == .ok)
            let stale = try await api.request(.patch, "/api/v1/goals/\(id)", headers: [.ifMatch: etag], json: ["title": "Lost"])
            #expect(stale.status == .preconditionFailed)
            #expect((try stale.json()["goal"] as? [String: Any])?["title"] as? String == "Two")
            #expect(stale.headers[.eTag] != etag)
            // A token name over the limit as sent is refused even when trimming would bring it
            // under (the schema counts what is sent).
            let long = " 𝫋" + String(repeating: "*", count: 99)
            #expect(try await api.request(.post, "/api/v1/tokens", json: ["name": long]).status == .unprocessableContent)
            #expect(try await api.request(.post, "/api/v1/tokens", json: ["name": String(long.dropFirst())]).status == .created)
            let garbled = try await api.request(
                .patch, "/api/v1/goals/\(id)", headers: [.ifMatch: "yesterday"], json: ["title": "X"])
            #expect(garbled.status == .badRequest)
            // Without If-Match the later write wins, as before.
            #expect(try await api.request(.patch, "/api/v1/goals/\(id)", json: ["title": "Mine"]).status == .ok)
        }
    }

    @Test("A finished goal stays among the cards for a year, then moves to Past goals")
    func pastGoals() async throws {
        try await WebHarness.run { app in
            let (_, browser) = try await app.signedInReader("dana")
            try await browser.get("/goals/new")
            for (title, start, end) in [("Long ago", "2024-01-01", "2024-12-31"), ("Last year", "2025-06-01", "2025-12-31")] {
                let made = try await browser.post(
                    "/goals",
                    ["kind": "books", "target": "5", "title": title, "cadence": "custom", "starts_on": start, "ends_on": end])
                #expect(made.status == .seeOther, "\(title)")
            }
            let page = try await browser.get("/goals")
            let past = try #require(page.body.range(of: "id=\"past-goals\""))
            #expect(page.body[past.lowerBound...].contains("Long ago"))
            #expect(!page.body[past.lowerBound...].contains("Last year"))
            #expect(page.body[..<past.lowerBound].contains("Last year"))
            #expect(page.text.contains("Past goals"))
            #expect(page.text.contains("Long ago — Ended · 0 / 5 books (0%) · 2024-01-01 to 2024-12-31"))
        }
    }

    @Test("Reading insights show the goals running, each with where the reader's pace leads")
    func readingInsightsGoals() async throws {
        try await WebHarness.run { app in
            let (_, browser) = try await app.signedInReader("dana")
            let none = try await browser.get("/insights/reading")
            #expect(none.text.contains("No goal is running. Set a goal"))
            try await browser.get("/goals/new")
            _ = try await browser.post("/goals", ["kind": "books", "target": "30", "title": "Thirty"])
            try await browser.get("/books/new")
            for title in ["Kindred", "Dawn"] {
                _ = try await browser.post(
                    "/books", ["title": title, "authors": "Octavia E. Butler", "status": "read", "finished": "2026-02-01"])
            }
            let page = try await browser.get("/insights/reading")
            let card = String(page.body[try #require(page.body.range(of: "id=\"reading-goals\"")).lowerBound...])
            #expect(card.contains("Thirty") && card.contains("2 / 30 books (6%)"))
            // Two books in the 74 days to 15 March: 28 to go reach 9 of 30 by the end of the year.
            #expect(card.contains("28 books to go; at your pace you reach 9 of 30 by 31 December."))
        }
    }

    @Test("A goal leads somewhere: the books that might count if a fact were known, the regions reached, the library's strip")
    func goalLeadsSomewhere() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            try await browser.get("/goals/new")
            let created = try await browser.post(
                "/goals",
                ["kind": "diversity", "target": "10", "title": "Around the world", "region.africa": "on", "region.asia": "on"])
            let goalPath = try #require(created.location)
            _ = try await InsightsWebTests.book(
                "Half of a Yellow Sun", by: "Chimamanda Ngozi Adichie", facts: [(.country, "NG")], language: "English",
                finished: "2026-02-01", for: user, in: app)
            for title in ["Unplaced One", "Unplaced Two"] {
                _ = try await InsightsWebTests.book(
                    title, by: "Nobody Known \(title)", facts: [], language: nil, finished: "2026-03-01", for: user, in: app)
            }
            _ = try await InsightsWebTests.book(
                "Placed", by: "Known French", facts: [(.country, "FR")], language: nil, finished: "2026-03-02", for: user,
                in: app)
            let page = try await browser.get(goalPath)
            #expect(page.text.contains("1 / 10 books (10%)"))
            #expect(page.text.contains("2 books you finished in this period might count if you fill in their authors’ regions."))
            #expect(page.body.contains(#"href="/library?read=2026-01-01..2026-12-31&amp;missing=region""#))
            #expect(page.text.contains("Reached so far: Africa.") && page.text.contains("Still to find: Asia."))
            // The link lists exactly the two books.
            let listed = try await browser.get("/library?read=2026-01-01..2026-12-31&missing=region")
            #expect(listed.text.contains("Unplaced One") && listed.text.contains("Unplaced Two"))
            #expect(!listed.text.contains("Half of a Yellow Sun") && !listed.text.contains("Known French"))
            // The goals page says it too, and the library shows the running goal above the list.
            #expect(try await browser.get("/goals").text.contains("2 books you finished in this period might count"))
            let library = try await browser.get("/library")
            #expect(library.body.contains(#"class="goal-chip" href="\#(goalPath)""#))
            #expect(library.text.contains("Around the world"))
            // Filtered, the list is about the books only.
            #expect(!(try await browser.get("/library?status=read").body.contains("goal-chip")))
            // The API says the same.
            let token = try await AccountTools.issueToken(named: "t", for: user, store: app.store, now: TestClock.now)
            let api = APIClient(client: app.client, token: token)
            let id = try #require(goalPath.split(separator: "/").last)
            let progress = try #require(try await api.request(.get, "/api/v1/goals/\(id)").json()["progress"] as? [String: Any])
            #expect(progress["mightCount"] as? Int == 2 && progress["missingFacts"] as? [String] == ["region"])
            #expect(progress["regions"] as? [String] == ["africa"])
        }
    }

    @Test("A book marked read says at once which goal it counts toward and where the goal stands")
    func finishedBookSaysSo() async throws {
        try await WebHarness.run { app in
            let (_, browser) = try await app.signedInReader("dana")
            try await browser.get("/goals/new")
            let created = try await browser.post("/goals", ["kind": "books", "target": "30", "title": "Thirty this year"])
            let goalPath = try #require(created.location)
            try await browser.get("/books/new")
            let added = try await browser.post(
                "/books", ["title": "Kindred", "authors": "Octavia E. Butler", "status": "reading"])
            let bookPath = try #require(added.location)
            // Being read, it counts toward nothing yet.
            #expect(!(try await browser.follow(added).text.contains("Goal progress")))
            let finished = try await browser.post("\(bookPath)/status", ["status": "read"])
            #expect(finished.location == bookPath)
            let page = try await browser.follow(finished)
            #expect(page.text.contains("Goal progress: 1 / 30 books (3%) — Thirty this year"))
            #expect(page.body.contains(#"href="\#(goalPath)""#))
        }
    }

    @Test("The diversity goal by named choices: ticked regions and genders, languages by name, errors in words")
    func namedChoices() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let form = try await browser.get("/goals/new")
            // Regions by name, the reader's regions to discover marked; no codes to type.
            #expect(form.text.contains("Middle East"))
            #expect(form.body.contains(#"name="region.middleEast""#))
            #expect(form.text.contains("Middle East ★ (one you set out to discover)"))
            #expect(!form.text.contains("Comma-separated"))
            #expect(form.text.contains("Non-binary") && form.text.contains("Other"))
            let created = try await browser.post(
                "/goals",
                [
                    "kind": "diversity", "target": "5", "cadence": "year", "region.middleEast": "on", "region.africa": "on",
                    "gender.nonBinary": "on", "languages": "Arabic, Swahili",
                ])
            #expect(created.status == .seeOther)
            let goal = try #require(try await app.store.reader(user.id).goals.all().first?.goal)
            #expect(Set(goal.criteria.regions) == [.africa, .middleEast])
            #expect(goal.criteria.genders == [.nonBinary])
            #expect(goal.criteria.languages.map(\.code) == ["ar", "sw"])
            let edit = try await browser.get("/goals/\(goal.id.string)/edit")
            #expect(edit.body.contains(#"name="region.middleEast" value="on" checked"#))
            #expect(edit.body.contains(#"name="region.europe" value="on"/>"#))
            #expect(edit.body.contains(#"value="Arabic, Swahili""#))
            // Errors speak the form's words, and what was ticked stays ticked.
            let refused = try await browser.post(
                "/goals",
                ["kind": "diversity", "target": "500", "cadence": "year", "region.caribbean": "on", "languages": "Elvish"])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("Target: The target is a whole number"))
            #expect(refused.text.contains("Original languages: “Elvish” is not a language"))
            #expect(!refused.body.contains(">target: ") && !refused.body.contains(">languages: "))
            #expect(refused.body.contains(#"name="region.caribbean" value="on" checked"#))
        }
    }

    @Test("The API takes the names the app shows as well as its codes")
    func apiNames() async throws {
        try await WebHarness.run { app in
            let (_, api) = try await app.apiReader("dana")
            let made = try await api.request(
                .post, "/api/v1/goals",
                json: ["kind": "diversity", "target": 3, "regions": ["Middle East", "africa"], "genders": ["Non-binary"]])
            #expect(made.status == .created)
            let criteria = try #require(try made.json()["criteria"] as? [String: Any])
            #expect(criteria["regions"] as? [String] == ["middleEast", "africa"])
            #expect(criteria["genders"] as? [String] == ["nonBinary"])
            let refused = try await api.request(
                .post, "/api/v1/goals", json: ["kind": "diversity", "target": 3, "regions": ["Atlantis"]])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.body.contains("Middle East"))
            // Every problem in one answer: a region that does not exist and a target out of range;
            // a list item may hold several names, as the form's field does.
            let both = try await api.request(
                .post, "/api/v1/goals",
                json: ["kind": "share", "target": 500, "regions": ["Atlantis"], "genders": ["Female, Non-binary"]])
            #expect(both.status == .unprocessableContent)
            let errors = try #require(try both.json()["errors"] as? [String: String])
            #expect(Set(errors.keys) == ["regions", "target"], "\(errors)")
            let listed = try await api.request(
                .post, "/api/v1/goals", json: ["kind": "share", "target": 50, "genders": ["Female, Non-binary", ""]])
            #expect(
                try listed.json()["criteria"].flatMap { ($0 as? [String: Any])?["genders"] as? [String] } == [
                    "female", "nonBinary",
                ])
            let template = try await api.request(.post, "/api/v1/goals", json: ["template": "no-such"])
            #expect(template.status == .unprocessableContent && template.body.contains("There is no such template"))
        }
    }

    @Test("A template makes its goal; pausing and deleting work from the goal's page")
    func templates() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let page = try await browser.get("/goals/new")
            #expect(page.text.contains("Read women: 50%"))
            let created = try await browser.post("/goals", ["template": "read-women"])
            let path = try #require(created.location)
            let goal = try #require(try await app.store.reader(user.id).goals.all().first?.goal)
            #expect(goal.kind == .share && goal.target == 50 && goal.criteria.genders == [.female])
            let form = try await browser.get("\(path)/edit")
            #expect(form.body.contains(#"value="read-women""#) == false, "no templates when editing")
            #expect(form.body.contains(#"name="gender.female" value="on" checked"#))
            let refused = try await browser.post("\(path)", ["kind": "share", "target": "500", "genders": "female"])
            #expect(refused.status == .unprocessableContent && refused.text.contains("from 1 to 100"))
            let saved = try await browser.post(
                "\(path)", ["title": "Women: 60%", "kind": "share", "target": "60", "genders": "female"])
            #expect(saved.location == path)
            let changed = try #require(try await app.store.reader(user.id).goals.goal(goal.id)?.goal)
            #expect(changed.title == "Women: 60%" && changed.target == 60 && changed.startsOn == goal.startsOn)
            let paused = try await browser.post("\(path)/status", ["status": "paused"])
            #expect(paused.location == path)
            #expect(try await app.store.reader(user.id).goals.goal(goal.id)?.goal.status == .paused)
            try await browser.get("\(path)/delete")
            #expect(try await browser.post("\(path)/delete").location == "/goals")
            #expect(try await app.store.reader(user.id).goals.all().isEmpty)
            #expect(try await browser.post("/goals", ["template": "nonsense"]).status == .badRequest)
        }
    }
}
