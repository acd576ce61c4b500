import BooksTrackCore
import BooksTrackImport
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Hummingbird
import Testing

@testable import BooksTrackApp
@testable import BooksTrackWeb

@Suite("Insights: page, API, cache and settings", .timeLimit(.minutes(5)))
struct InsightsWebTests {
    /// Adds a book through the store and records its author's facts as the reader.
    @discardableResult
    static func book(
        _ title: String, by author: String, facts: [(AuthorFactKind, String?)], language: String?, finished: String?,
        status: String = "read", for user: User, in app: WebHarness
    ) async throws -> (LibraryEntry.ID, Author.ID) {
        var fields = ["title": title, "authors": author, "status": status]
        if let language { fields["language"] = language }
        if let finished { fields["finished"] = finished }
        let draft = try BookDraft.parse(fields, today: WebHarness.today).get()
        let reader = app.store.reader(user.id)
        guard case .added(let entryID) = try await reader.books.add(draft, today: WebHarness.today, now: TestClock.now),
            let authorID = try await reader.browse.detail(of: entryID)?.authors.first?.id
        else { throw HarnessError.unexpected("the book was not added") }
        // An hour before the clock, so that a later answer in a test is later.
        if !facts.isEmpty {
            try await reader.books.recordFacts(facts, about: authorID, now: TestClock.now.addingTimeInterval(-3600))
        }
        return (entryID, authorID)
    }

    /// The seed's example: three books read this year.
    static func seedLibrary(for user: User, in app: WebHarness) async throws -> Author.ID {
        try await app.store.users.update(settings: ReaderSettings(timeZone: "UTC"), for: user.id, now: TestClock.now)
        let (_, kenyan) = try await book(
            "Book A", by: "Wanjiru Kenya", facts: [(.country, "KE"), (.gender, "female")], language: "Swahili",
            finished: "2026-02-01", for: user, in: app)
        try await book(
            "Book B", by: "Kenji Japan", facts: [(.country, "JP"), (.gender, "male")], language: "Japanese",
            finished: "2026-02-02", for: user, in: app)
        try await book(
            "Book C", by: "Emma England", facts: [(.country, "GB"), (.gender, "female")], language: "English",
            finished: "2026-02-03", for: user, in: app)
        return kenyan
    }

    static func diversity(_ page: Page) throws -> [String: Any] {
        try page.json()["diversity"] as? [String: Any] ?? [:]
    }

    static func score(_ page: Page) throws -> Double {
        let score = try diversity(page)["score"] as? [String: Any] ?? [:]
        return ["region", "gender", "language", "marginalized"].map { score[$0] as? Double ?? 0 }.reduce(0, +)
    }

    static func regionCount(_ page: Page, _ region: String) throws -> Double? {
        let regions = try diversity(page)["regions"] as? [[String: Any]] ?? []
        let match = regions.first { $0["region"] as? String == region }
        return (match?["figure"] as? [String: Any])?["count"] as? Double
    }

    @Test("The publication-era chart counts books by era, each bar opening the library filtered by it")
    func eraChart() async throws {
        try await WebHarness.run { app in
            let (_, browser) = try await app.signedInReader("dana")
            try await browser.get("/books/new")
            for (title, year) in [
                ("Kindred", "1979"), ("Dawn", "1987"), ("Parable of the Sower", "1993"), ("Middlemarch", "1871"),
            ] {
                let added = try await browser.post(
                    "/books", ["title": title, "authors": "Octavia E. Butler", "status": "read", "year": year])
                #expect(added.status == .seeOther)
            }
            let page = try await browser.get("/insights")
            #expect(page.body.contains(#"id="eras""#))
            #expect(page.text.contains("Publication eras"))
            #expect(
                page.body.contains(#"href="/library?era=from1951To2000&amp;read=all""#)
                    || page.body.contains("era=from1951To2000"))
            #expect(page.text.contains("1951–2000: 3 books"))
            #expect(page.text.contains("Before 1900: 1 book"))
            // Four books: counts, never shares of so few.
            #expect(!page.text.contains("1951–2000: 3 books · 75%"))
            #expect(page.text.contains("Too few books yet for a share: 4 of the 5 it takes, so no shares are shown."))
            let library = try await browser.get("/library?era=from1951To2000")
            #expect(library.text.contains("Kindred") && !library.text.contains("Middlemarch"))
        }
    }

    @Test("Download CSV: the page's figures as a file, the same from the page and the API, only the reader's own")
    func csvExport() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            _ = try await Self.seedLibrary(for: user, in: app)
            let page = try await browser.get("/insights?period=this-year")
            #expect(page.body.contains(#"href="/insights.csv?period=this-year""#))

            let file = try await browser.get("/insights.csv?period=this-year")
            #expect(file.status == .ok)
            #expect(file.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(file.headers[.contentDisposition] == #"attachment; filename="bookstrack-insights-this-year.csv""#)
            let lines = file.body.components(separatedBy: "\r\n")
            #expect(lines.first == "section,item,value,percent,authors,known,total,note")
            #expect(lines.contains("about,period,This year (2026),,,,,"))
            #expect(lines.contains("about,books,3,,,,,books in these insights"))
            // Three books from three regions: counts and how much is known, but no shares of so few
            // books (SPEC §4: five books at least), as on the page.
            #expect(lines.contains("regions,Africa,1,,1,,,too little known; underrepresented for you"))
            #expect(lines.contains("regions,coverage,,100.0,,3,3,known of all"))
            #expect(lines.contains("gender,Female,2,,2,,,too little known"))
            #expect(lines.contains("languages,Swahili,1,33.3,,,,"))
            #expect(lines.contains("reading,books finished,3,,,,,"))

            let token = try await AccountTools.issueToken(named: "t", for: user, store: app.store, now: TestClock.now)
            let api = try await APIClient(client: app.client, token: token).request(
                .get, "/api/v1/insights/diversity.csv?period=this-year")
            #expect(api.status == .ok)
            #expect(api.body == file.body)

            // A period that cannot be understood is said, never a file of other figures.
            let wrong = try await browser.get("/insights.csv?period=someday")
            #expect(wrong.status == .badRequest)
            #expect(wrong.text.contains("period"))

            // Another reader's download holds their own (empty) library only.
            let (_, erin) = try await app.signedInReader("erin")
            let theirs = try await erin.get("/insights.csv")
            #expect(theirs.status == .ok)
            #expect(theirs.body.contains("about,library books,0,"))
            #expect(!theirs.body.contains("Africa,1"))
            let none = try await erin.get("/insights")
            #expect(!none.body.contains("Download CSV"))
        }
    }

    @Test("Books finished without sessions: the Reading card says no sessions were timed and gives no pace")
    func noTimedReading() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            _ = try await Self.seedLibrary(for: user, in: app)
            let page = try await browser.get("/insights?period=this-year")
            #expect(page.body.contains(#"<dd class="stat-missing">No sessions timed</dd>"#))
            #expect(page.body.contains(#"<dd class="stat-missing">Needs 10 min of timed sessions</dd>"#))
            #expect(!page.text.contains("Reading time (timed sessions) 0 min"), "a zero is not drawn as a reading time")
            #expect(!page.text.contains("pages/hour"))
        }
    }

    @Test("The gender donut says how many authors it counts and for how many the gender is known; one language is singular")
    func donutSaysWhatIsKnown() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("lina")
            try await RadarAndPromptTests.wellKnownLibrary(for: user, in: app)
            try await Self.book(
                "Kokoro", by: "Natsume Sōseki", facts: [], language: "Japanese", finished: nil, for: user, in: app)
            let page = try await browser.get("/insights?scope=library")
            #expect(page.body.contains("class=\"muted gender-known\">21 authors · gender known for 20</li>"))
            #expect(page.body.contains("Author gender, 21 authors, gender known for 20:"))
            #expect(page.text.contains("Languages 1 original language"))
            #expect(!page.text.contains("1 original languages"))
        }
    }

    @Test("The page and the API agree on the seed's example, and a bar links to the books it counts")
    func seedExample() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            _ = try await Self.seedLibrary(for: user, in: app)
            let token = try await AccountTools.issueToken(named: "t", for: user, store: app.store, now: TestClock.now)
            let api = APIClient(client: app.client, token: token)
            let answer = try await api.request(.get, "/api/v1/insights/diversity?period=this-year")
            #expect(answer.status == .ok)
            #expect(abs(try Self.score(answer) - 6.106403) < 1e-5)
            #expect(try Self.diversity(answer)["regionsRepresented"] as? Int == 3)
            #expect(try Self.regionCount(answer, "africa") == 1)

            let page = try await browser.get("/insights?period=this-year")
            #expect(page.status == .ok)
            #expect(page.text.contains("6.1 / 10"))
            #expect(!page.text.contains("provisional"))
            #expect(page.text.contains("3 of 11"))
            // Three books are too few for a headline share (SPEC §4): counts, no percentages.
            #expect(page.text.contains("Women authors -- Too few books yet for a share: 3 of the 5 it takes"))
            #expect(!page.text.contains("Women authors 67%") && !page.text.contains("Marginalized voices 67% of"))
            #expect(page.body.contains("aria-label=\"Africa: 1 book, underrepresented region\""))
            #expect(page.body.contains("aria-label=\"Oceania: 0 books\""))
            #expect(!page.body.contains("donut"))
            let link = "/library?region=africa&amp;read=2026-01-01..2026-12-31"
            #expect(page.body.contains("href=\"\(link)\""))
            let list = try await browser.get(link.replacingOccurrences(of: "&amp;", with: "&"))
            #expect(list.text.contains("Book A") && !list.text.contains("Book B") && !list.text.contains("Book C"))
            #expect(list.text.contains("Read in 2026"))
            // Applying another filter from the list's form keeps the chart's window.
            #expect(list.body.contains("<input type=\"hidden\" name=\"read\" value=\"2026-01-01..2026-12-31\"/>"))
            // Every chart can be read as a table.
            #expect(page.body.components(separatedBy: "<summary>Show as a table</summary>").count - 1 == 2)

            // Two more books make five: the shares speak.
            for name in ["Anna Austria", "Bert Belgium"] {
                try await Self.book(
                    "By \(name)", by: name, facts: [(.country, name.hasPrefix("A") ? "AT" : "BE"), (.gender, "male")],
                    language: "German", finished: "2026-02-04", for: user, in: app)
            }
            let five = try await browser.get("/insights?period=this-year")
            #expect(five.text.contains("Women authors 40%"))
            #expect(five.body.contains("aria-label=\"Africa: 1 book · 20%, underrepresented region\""))
            #expect(five.body.components(separatedBy: "<summary>Show as a table</summary>").count - 1 == 3)
        }
    }

    @Test("Gender and region together: counts of complete cases, shares only from five books, each pair opens its books")
    func intersections() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            _ = try await Self.seedLibrary(for: user, in: app)
            try await Self.book(
                "Nobody's Region", by: "Gita Gender", facts: [(.gender, "female")], language: nil, finished: "2026-02-05",
                for: user, in: app)
            let page = try await browser.get("/insights?period=this-year")
            let card = try #require(page.body.range(of: "id=\"intersections\"")).lowerBound
            let table = String(
                page.body[card..<(try #require(page.body.range(of: "</table>", range: card..<page.body.endIndex)).upperBound)])
            // Four books, three complete cases: counts, no share.
            #expect(page.text.contains("Too few books yet for a share: 4 of the 5 it takes, so only counts are shown."))
            #expect(page.text.contains("Known for 75% of books"))
            let pair = "/library?region=africa&amp;gender=female&amp;read=2026-01-01..2026-12-31"
            #expect(table.contains("<a href=\"\(pair)\">1</a>"))
            #expect(!table.contains("·"))
            // The gender and region cards lead to it.
            #expect(page.body.components(separatedBy: "href=\"#intersections\"").count - 1 == 2)
            let list = try await browser.get(pair.replacingOccurrences(of: "&amp;", with: "&"))
            #expect(list.text.contains("Book A") && !list.text.contains("Book C") && !list.text.contains("Nobody"))

            try await Self.book(
                "Fifth", by: "Anna Austria", facts: [(.country, "AT"), (.gender, "male")], language: "German",
                finished: "2026-02-06", for: user, in: app)
            let five = try await browser.get("/insights?period=this-year")
            let shares = String(five.body[try #require(five.body.range(of: "id=\"intersections\"")).lowerBound...])
            // Four complete cases: Europe's women are Emma England alone, a quarter of them.
            #expect(shares.contains(">1 · 25%</a>"))
            #expect(!five.text.contains("so only counts are shown"))

            let (_, api) = try await app.apiReader("erin")
            #expect(try await api.request(.get, "/api/v1/insights/diversity").status == .ok)
            let token = try await AccountTools.issueToken(named: "t", for: user, store: app.store, now: TestClock.now)
            let mine = APIClient(client: app.client, token: token)
            let figures = try await mine.request(.get, "/api/v1/insights/diversity?period=this-year").json()
            let diversity = try #require(figures["diversity"] as? [String: Any])
            let pairs = try #require(diversity["intersections"] as? [[String: Any]])
            #expect(pairs.count == 44)
            let africanWomen = try #require(
                pairs.first { $0["region"] as? String == "africa" && $0["gender"] as? String == "female" })
            #expect(africanWomen["count"] as? Double == 1 && africanWomen["share"] as? Double == 0.25)
            let csv = try await browser.get("/insights.csv?period=this-year")
            #expect(csv.text.contains("gender x region,Female · Africa,1,25.0,1,,,"))
            #expect(csv.text.contains("gender x region,coverage,,80.0,,4,5,known of all"))
        }
    }

    @Test("Changing an author's region shows on the next load; the ETag changes with it")
    func invalidation() async throws {
        try await WebHarness.run { app in
            let (user, api) = try await app.apiReader("dana")
            let kenyan = try await Self.seedLibrary(for: user, in: app)
            let first = try await api.request(.get, "/api/v1/insights/diversity")
            let etag = try #require(first.headers[.eTag])
            var headers = HTTPFields()
            headers[.authorization] = "Bearer \(api.token)"
            headers[.ifNoneMatch] = etag
            let unchanged = try await app.client.executeRequest(
                uri: "/api/v1/insights/diversity", method: .get, headers: headers, body: nil)
            #expect(unchanged.status == .notModified)

            let patched = try await api.request(.patch, "/api/v1/authors/\(kenyan.string)/facts", json: ["country": "IN"])
            #expect(patched.status == .ok)
            let second = try await api.request(.get, "/api/v1/insights/diversity")
            #expect(second.headers[.eTag] != etag)
            #expect(try Self.regionCount(second, "africa") == 0)
            #expect(try Self.regionCount(second, "asia") == 2)
            let again = try await app.client.executeRequest(
                uri: "/api/v1/insights/diversity", method: .get, headers: headers, body: nil)
            #expect(again.status == .ok)
        }
    }

    @Test("Another reader's books never change this reader's figures")
    func isolation() async throws {
        try await WebHarness.run { app in
            let (dana, api) = try await app.apiReader("dana")
            _ = try await Self.seedLibrary(for: dana, in: app)
            let before = try await api.request(.get, "/api/v1/insights/diversity?period=this-year")
            let (other, otherAPI) = try await app.apiReader("omar")
            _ = try await app.importFixture(Fixtures.goodreadsFiles[0], for: other)
            try await Self.book(
                "Omar's book", by: "Someone Else", facts: [(.country, "BR"), (.gender, "male")], language: "Portuguese",
                finished: "2026-02-05", for: other, in: app)
            let after = try await api.request(.get, "/api/v1/insights/diversity?period=this-year")
            #expect(try Self.diversity(after)["books"] as? Int == 3)
            #expect(try Self.score(after) == (try Self.score(before)))
            #expect(try Self.regionCount(after, "southAmerica") == 0)
            let theirs = try await otherAPI.request(.get, "/api/v1/insights/diversity?period=this-year")
            #expect(try Self.regionCount(theirs, "southAmerica") == 1)
        }
    }

    @Test("Two servers on one database never serve each other's stale figures")
    func severalServers() async throws {
        try await WebHarness.defaultDatabase.withStore { store in
            let user = try await store.users.create(name: "dana", now: TestClock.now)
            try await store.users.update(settings: ReaderSettings(timeZone: "UTC"), for: user.id, now: TestClock.now)
            let draft = try BookDraft.parse(["title": "One", "authors": "Ama Ghana", "status": "read"], today: WebHarness.today)
                .get()
            guard
                case .added(let entryID) = try await store.reader(user.id).books.add(
                    draft, today: WebHarness.today, now: TestClock.now),
                let author = try await store.reader(user.id).browse.detail(of: entryID)?.authors.first
            else { throw HarnessError.unexpected("not added") }
            let first = InsightsService(store: store, libraries: KeptLibraries(store: store))
            let second = InsightsService(store: store, libraries: KeptLibraries(store: store))
            let current = try await store.users.user(id: user.id)!
            #expect(
                try await first.report(for: current, InsightRequest(), now: TestClock.now).report.diversity.regionsRepresented
                    == 0)
            #expect(
                try await second.report(for: current, InsightRequest(), now: TestClock.now).report.diversity.regionsRepresented
                    == 0)
            // A write through "the second server" (or any other): both see it on their next answer.
            try await store.reader(user.id).books.recordFacts([(.country, "GH")], about: author.id, now: TestClock.now)
            #expect(
                try await first.report(for: current, InsightRequest(), now: TestClock.now).report.diversity.regionsRepresented
                    == 1)
            let shared = try await second.report(for: current, InsightRequest(), now: TestClock.now)
            #expect(shared.report.diversity.figure(for: .africa)?.figure.count == 1)
            // The second answer came from the shared table, computed at the same versions.
            let versions = try await store.reader(user.id).insightCache.versions()
            #expect(shared.versions == versions)
        }
    }

    @Test("Empty states: no books, nothing in the period, no author data")
    func emptyStates() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let empty = try await browser.get("/insights")
            #expect(empty.text.contains("No books yet"))
            #expect(empty.text.contains("0.0 / 10") && empty.text.contains("add books to see your diversity"))
            let main = try #require(empty.body.range(of: "<main")).upperBound
            let add = try #require(empty.body.range(of: "href=\"/books/new\"", range: main..<empty.body.endIndex))
            let importing = try #require(empty.body.range(of: "href=\"/import\"", range: main..<empty.body.endIndex))
            #expect(add.lowerBound < importing.lowerBound, "Add first, then Import")
            try await Self.book("Unknown", by: "Anon Ymous", facts: [], language: nil, finished: "2025-06-01", for: user, in: app)
            let period = try await browser.get("/insights?period=last-30-days")
            #expect(period.text.contains("Nothing read in this period"))
            #expect(period.body.contains("href=\"/insights\""))
            // All time with nothing finished offers the whole library, not "all time" again.
            let (_, eli) = try await app.signedInReader("eli")
            try await eli.get("/books/new")
            #expect(
                try await eli.post("/books", ["title": "Someday", "authors": "A. Writer", "status": "toRead"]).status == .seeOther
            )
            let nothingRead = try await eli.get("/insights")
            #expect(
                nothingRead.text.contains("Nothing read in this period") && nothingRead.text.contains("Show the whole library"))
            #expect(!nothingRead.text.contains("Show all time"))
            let noData = try await browser.get("/insights")
            #expect(noData.text.contains("None of these books has its authors’ region or gender yet"))
            #expect(noData.text.contains("Regions -- no regions known yet"))  // hero placeholder
            // The hero's figures lead to their charts on the page.
            for chart in ["#regions", "#gender", "#score", "#languages"] {
                #expect(noData.body.contains("<dt><a href=\"\(chart)\""), "\(chart)")
            }
            #expect(noData.body.contains("href=\"/library?missing=any\""))
        }
    }

    @Test("Bad periods, scopes and units get a clear message")
    func badInput() async throws {
        try await WebHarness.run { app in
            let (_, browser) = try await app.signedInReader("dana")
            let page = try await browser.get("/insights?period=forever")
            #expect(page.status == .badRequest)
            #expect(page.text.contains("“forever” is not a period"))
            let token = try await AccountTools.issueToken(
                named: "t", for: try #require(try await app.store.users.user(named: "dana")), store: app.store, now: TestClock.now
            )
            let api = APIClient(client: app.client, token: token)
            let custom = try await api.request(.get, "/api/v1/insights/diversity?period=custom&from=2026-05-01&to=2026-01-01")
            // Real dates in the wrong order break a rule (422); a period that is no period is a 400.
            #expect(custom.status == .unprocessableContent)
            #expect((try custom.json()["detail"] as? String)?.contains("after its end") == true)
            let unit = try await api.request(.get, "/api/v1/insights/diversity?unit=pages")
            #expect(unit.status == .badRequest)
        }
    }

    @Test("ETags are valid entity-tags and differ between readers: one reader's tag never answers 304 to another")
    func etagsPerReader() async throws {
        try await WebHarness.run { app in
            let (_, alice) = try await app.apiReader("alice")
            let (_, bob) = try await app.apiReader("bob")
            // Two empty libraries: the same versions, the same request, the same day.
            for path in ["/api/v1/insights/diversity", "/api/v1/radar", "/api/v1/completion"] {
                let mine = try await alice.request(.get, path)
                let theirs = try await bob.request(.get, path)
                let tag = try #require(mine.headers[.eTag])
                #expect(tag.wholeMatch(of: /"[!#-~]+"/) != nil, "\(path): \(tag) is not a valid entity-tag")
                #expect(theirs.headers[.eTag] != tag, "\(path)")
                #expect(try await bob.request(.get, path, headers: [.ifNoneMatch: tag]).status == .ok, "\(path)")
                #expect(try await alice.request(.get, path, headers: [.ifNoneMatch: tag]).status == .notModified, "\(path)")
                #expect(
                    try await alice.request(.get, path, headers: [.ifNoneMatch: "W/" + tag]).status == .notModified, "\(path)")
            }
        }
    }

    @Test("Settings: underrepresented regions change the figures; a bad time zone changes nothing")
    func settings() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            _ = try await Self.seedLibrary(for: user, in: app)
            try await browser.get("/account")
            let bad = try await browser.post(
                "/account/settings", ["time_zone": "Mars/Olympus", "primary_language": "en", "region_europe": "on"])
            #expect(bad.status == .unprocessableContent)
            #expect(bad.text.contains("“Mars/Olympus” is not a time zone"))
            #expect(
                try await app.store.users.user(id: user.id)?.settings.underrepresentedRegions
                    == CulturalRegion.defaultUnderrepresented)
            try await browser.get("/account")
            let saved = try await browser.post(
                "/account/settings", ["time_zone": "Africa/Lagos", "primary_language": "en", "region_asia": "on"])
            #expect(saved.status == .seeOther)
            let settings = try #require(try await app.store.users.user(id: user.id)?.settings)
            #expect(settings.underrepresentedRegions == [.asia] && settings.timeZone == "Africa/Lagos")
            // Kenji (Japan, male) is now a marginalized voice for this reader, Wanjiru and Emma still
            // are (women); two men from Europe are not. Five books: the shares speak.
            for name in ["Anna Austria", "Bert Belgium"] {
                try await Self.book(
                    "By \(name)", by: name, facts: [(.country, name.hasPrefix("A") ? "AT" : "BE"), (.gender, "male")],
                    language: "German", finished: "2026-02-04", for: user, in: app)
            }
            let page = try await browser.get("/insights?period=this-year")
            #expect(page.body.contains("aria-label=\"Asia: 1 book · 20%, underrepresented region\""))
            #expect(page.text.contains("Marginalized voices 60%"))

            let token = try await AccountTools.issueToken(named: "t", for: user, store: app.store, now: TestClock.now)
            let api = APIClient(client: app.client, token: token)
            let put = try await api.request(.put, "/api/v1/me/settings", json: ["underrepresentedRegions": ["atlantis"]])
            #expect(put.status == .unprocessableContent)
            let ok = try await api.request(.put, "/api/v1/me/settings", json: ["underrepresentedRegions": ["africa", "oceania"]])
            #expect(ok.status == .ok)
            #expect(try ok.json()["underrepresentedRegions"] as? [String] == ["africa", "oceania"])
            #expect(try ok.json()["timeZone"] as? String == "Africa/Lagos")
            // Null clears a text setting; a field left out keeps its value.
            let cleared = try await api.request(.put, "/api/v1/me/settings", json: ["timeZone": NSNull()]).json()
            #expect(cleared["timeZone"] == nil || cleared["timeZone"] is NSNull)
            #expect(cleared["primaryLanguage"] as? String == "en")
        }
    }

    @Test("Chart colours: the blue–orange palette is saved, drawn on every page and in the API, and kept by a backup")
    func palette() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            _ = try await Self.seedLibrary(for: user, in: app)
            let account = try await browser.get("/account")
            #expect(account.body.contains("name=\"palette\" value=\"standard\" checked"))
            #expect(account.text.contains("Blue and orange — Blue to orange for the score"))
            #expect(!(try await browser.get("/insights")).body.contains("data-palette"))

            let saved = try await browser.post(
                "/account/settings",
                ["time_zone": "Africa/Lagos", "primary_language": "en", "region_asia": "on", "palette": "blueOrange"])
            #expect(saved.status == .seeOther)
            #expect(try await app.store.users.user(id: user.id)?.settings.palette == .blueOrange)
            for path in ["/insights", "/library", "/account", "/widget"] {
                #expect(try await browser.get(path).body.contains("<html lang=\"en\" data-palette=\"blueOrange\">"), "\(path)")
            }
            #expect(try await browser.get("/account").body.contains("name=\"palette\" value=\"blueOrange\" checked"))
            // The stylesheet redraws the score, the radar and the gender chart under it.
            let css = try await browser.get("/assets/app.css").text
            #expect(css.contains(":root[data-palette=\"blueOrange\"] {") && css.contains("--seg-female: #b35900;"))

            // A palette nobody knows changes nothing, and says which ones there are.
            let bad = try await browser.post(
                "/account/settings", ["time_zone": "Africa/Lagos", "primary_language": "en", "palette": "sepia"])
            #expect(bad.status == .unprocessableContent)
            #expect(bad.text.contains("“sepia” is not a palette. Use standard or blueOrange."))
            #expect(try await app.store.users.user(id: user.id)?.settings.palette == .blueOrange)

            let token = try await AccountTools.issueToken(named: "t", for: user, store: app.store, now: TestClock.now)
            let api = APIClient(client: app.client, token: token)
            #expect(try await api.request(.get, "/api/v1/me").json()["palette"] as? String == "blueOrange")
            #expect(
                try await api.request(.put, "/api/v1/me/settings", json: ["palette": "purple"]).status == .unprocessableContent)
            // The API takes the names it documents: "" and "Africa" are the form's, not its.
            for json in [["palette": ""], ["underrepresentedRegions": [""]], ["underrepresentedRegions": ["Africa"]]]
                as [[String: Any]]
            {
                let refused = try await api.request(.put, "/api/v1/me/settings", json: json)
                #expect(refused.status == .unprocessableContent, "\(json)")
            }
            #expect(try await api.request(.get, "/api/v1/me").json()["palette"] as? String == "blueOrange")
            // The backup carries it (BackupContractTests restores it).
            #expect(
                BackupWriter.document(for: try await app.store.reader(user.id).library.whole()).reader.palette == "blueOrange")
            // Null goes back to the standard colours.
            let standard = try await api.request(.put, "/api/v1/me/settings", json: ["palette": NSNull()])
            #expect(try standard.json()["palette"] as? String == "standard", "\(standard.status) \(standard.text)")
            #expect(!(try await browser.get("/insights")).body.contains("data-palette"))
        }
    }

    /// Every region's figure in the API answer is the one the page's chart announces.
    static func expectPageMatchesAPI(_ page: Page, _ answer: Page) throws {
        let diversity = try Self.diversity(answer)
        let score = try #require((diversity["score"] as? [String: Any])?["total"] as? Double)
        #expect(page.text.contains("\(InsightFormat.oneDecimal(score)) / 10"))
        for region in diversity["regions"] as? [[String: Any]] ?? [] {
            let figure = region["figure"] as? [String: Any] ?? [:]
            let name = try #require(CulturalRegion(rawValue: region["region"] as? String ?? "")).displayName
            let count = InsightFormat.count(figure["count"] as? Double ?? -1, .books)
            #expect(page.body.contains("aria-label=\"\(name): \(count)"), "\(name): \(count)")
        }
    }

    @Test("On the demo library and on an imported export with facts set by hand, page and API agree")
    func demoAndFixtureAgree() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let token = try await AccountTools.issueToken(named: "t", for: user, store: app.store, now: TestClock.now)
            let api = APIClient(client: app.client, token: token)
            try await browser.get("/")
            #expect(try await browser.post("/demo").status == .seeOther)
            let demo = try await api.request(.get, "/api/v1/insights/diversity")
            #expect(try Self.diversity(demo)["regionsRepresented"] as? Int == 11)
            try Self.expectPageMatchesAPI(try await browser.get("/insights"), demo)

            let (other, otherBrowser) = try await app.signedInReader("omar")
            _ = try await app.importFixture(Fixtures.goodreadsFiles[2], for: other)
            let reader = app.store.reader(other.id)
            let items = try await reader.browse.list(LibraryQuery(status: .read), primaryLanguage: nil).items
            let facts: [[(AuthorFactKind, String?)]] = [
                [(.country, "NG"), (.gender, "female")], [(.country, "JP"), (.gender, "male")],
            ]
            for (item, set) in zip(items.prefix(2), facts) {
                let author = try #require(try await reader.browse.detail(of: item.entryID)?.authors.first)
                try await reader.books.recordFacts(set, about: author.id, now: TestClock.now)
            }
            let otherToken = try await AccountTools.issueToken(named: "t", for: other, store: app.store, now: TestClock.now)
            let answer = try await APIClient(client: app.client, token: otherToken).request(.get, "/api/v1/insights/diversity")
            let represented = try Self.diversity(answer)["regionsRepresented"] as? Int ?? 0
            // Africa and Asia from the facts set here; authors the demo shares with this export bring theirs.
            #expect(represented >= 2)
            #expect(try Self.regionCount(answer, "africa") ?? 0 >= 1)
            try Self.expectPageMatchesAPI(try await otherBrowser.get("/insights"), answer)
        }
    }
}
