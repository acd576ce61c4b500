import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Hummingbird
import Testing

@testable import BooksTrackWeb

@Suite("Radar, prompts and curation in the web app and the API", .timeLimit(.minutes(5)))
struct RadarAndPromptTests {
    static func book(_ title: String, by author: String, status: String = "read", for user: User, in app: WebHarness)
        async throws -> (LibraryEntry.ID, Author.ID)
    {
        try await InsightsWebTests.book(
            title, by: author, facts: [], language: nil, finished: nil, status: status, for: user, in: app)
    }

    @Test("Home, insights and book pages show the radar with ghost axes, a + for each and the completion")
    func radarEverywhere() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let (entry, _) = try await Self.book("Kindred", by: "Octavia E. Butler", for: user, in: app)
            let home = try await browser.get("/")
            #expect(home.body.contains("id=\"library-radar\""))
            #expect(home.text.contains("No data yet"))
            #expect(home.text.contains("Data known: 0%"))
            // Seven ghosts, each with its "+" to the next book missing it.
            #expect(home.body.components(separatedBy: "class=\"radar-plus").count - 1 == 7)
            #expect(home.body.contains("href=\"/prompt?axis=cultural&amp;return=%2F\""))
            #expect(home.body.contains("aria-label=\"Representation radar. No data yet. Cultural origin: no data"))
            let insights = try await browser.get("/insights")
            #expect(insights.body.contains("id=\"insights-radar\""))
            let page = try await browser.get("/books/\(entry.string)")
            #expect(page.body.contains("id=\"book-radar\""))
            #expect(page.body.contains("class=\"completion-ring\""))
            #expect(page.body.contains("aria-label=\"Book data 0% complete, 7 missing: show what\""))
            #expect(
                page.body.contains("href=\"/prompt?book=\(entry.string)&amp;axis=gender&amp;return=%2Fbooks%2F\(entry.string)\""))
            // The next question about this book is on its page.
            #expect(page.text.contains("What is Octavia E. Butler’s cultural background?"))
        }
    }

    /// Twenty read books whose authors' country and gender and whose first publication are
    /// known: four axes with enough data (cultural, gender, marginalized, era).
    static func wellKnownLibrary(for user: User, in app: WebHarness) async throws {
        let countries = ["KE", "JP", "GB", "BR", "IN"]
        for index in 0..<20 {
            let draft = try BookDraft.parse(
                ["title": "Book \(index)", "authors": "Author \(index)", "status": "read", "year": "\(1850 + index * 9)"],
                today: WebHarness.today
            ).get()
            let reader = app.store.reader(user.id)
            guard case .added(let entryID) = try await reader.books.add(draft, today: WebHarness.today, now: TestClock.now),
                let author = try await reader.browse.detail(of: entryID)?.authors.first?.id
            else { throw HarnessError.unexpected("the book was not added") }
            try await reader.books.recordFacts(
                [(.country, countries[index % 5]), (.gender, index % 3 == 0 ? "male" : "female")], about: author,
                now: TestClock.now.addingTimeInterval(-3600))
        }
    }

    @Test("An axis known for 1 book of 21 stays out of the overall, on the page and in the API, and both say so")
    func thinAxisStaysOut() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("noor")
            try await Self.wellKnownLibrary(for: user, in: app)
            let before = try await browser.get("/insights?scope=library")
            let overall = try #require(
                before.text.firstMatch(of: /(\d+)% (Highly diverse|Diverse|Moderate|Limited|Not diverse)/)?.output.0)
            #expect(!before.text.contains("too little data to count yet"))
            // One book's original language becomes known: the language axis has data for 1 of 21.
            try await InsightsWebTests.book(
                "Kokoro", by: "Natsume Sōseki", facts: [], language: "Japanese", finished: nil, for: user, in: app)
            let after = try await browser.get("/insights?scope=library")
            #expect(after.text.contains(String(overall)), "the overall moved when a thin axis got data")
            #expect(after.text.contains("Overall from 4 axes; Language has too little data to count yet."))

            let api = try await app.apiReader("noor-api")
            try await Self.wellKnownLibrary(for: api.0, in: app)
            try await InsightsWebTests.book(
                "Kokoro", by: "Natsume Sōseki", facts: [], language: "Japanese", finished: nil, for: api.0, in: app)
            let radar = try await api.1.request(.get, "/api/v1/radar?scope=library").json()
            let axes = radar["axes"] as? [[String: Any]] ?? []
            let counted = axes.filter { $0["counted"] as? Bool == true }.compactMap { $0["axis"] as? String }
            #expect(counted == ["cultural", "gender", "marginalized", "era"])
            #expect(radar["basis"] as? String == "Overall from 4 axes; Language has too little data to count yet.")
            #expect(radar["overall"] is Double)
        }
    }

    @Test("Without JavaScript: + opens a question page, a pill saves it, the success page shows completion and points")
    func noScriptFlow() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let (entry, author) = try await Self.book("Kindred", by: "Octavia E. Butler", for: user, in: app)
            try await Self.book("Parable of the Sower", by: "Octavia E. Butler", status: "toRead", for: user, in: app)
            let question = try await browser.get("/prompt?axis=gender&return=/")
            #expect(question.status == .ok)
            #expect(question.text.contains("What is Octavia E. Butler’s gender?"))
            #expect(question.text.contains("Applies to both of your books by Octavia E. Butler: +10 curator points."))
            #expect(
                question.body.contains(
                    "<button type=\"submit\" name=\"value\" value=\"female\" class=\"pill-choice\">Female</button>"))
            let saved = try await browser.post(
                "/prompt",
                [
                    "entry": entry.string, "fact": "gender", "author": author.string, "value": "female", "return": "/",
                    "origin": "library", "axis": "gender", "note": "From her biography",
                ])
            #expect(saved.status == .ok)
            #expect(saved.text.contains("Gender saved!"))
            #expect(
                saved.text.contains("Octavia E. Butler’s gender: Female — applied to both of your books by Octavia E. Butler."))
            // Gender: 1 of 7 dimensions (marginalized voices needs her region too: complete cases).
            #expect(saved.text.contains("Data known: 0% → 14%"))
            #expect(saved.text.contains("This book: 0% → 14% of its facts known"))
            #expect(saved.text.contains("+10 curator points (10 in all)"))
            #expect(saved.body.contains("data-saved=\"true\""))
            #expect(saved.body.contains(#"<a class="button secondary" href="/#radar">See the updated radar</a>"#))
            let home = try await browser.get("/")
            #expect(home.body.contains(#"id="library-radar-svg" aria-describedby="library-radar-hint""#))
            #expect(home.body.contains(#"<p id="library-radar-hint" class="visually-hidden">Select an axis"#))
            #expect(home.text.contains("Data known: 14%"))
            #expect(home.text.contains("10 curator points"))
            let contributions = try await browser.get("/contributions")
            #expect(contributions.text.contains("10 points"))
            #expect(contributions.text.contains("Author’s gender Octavia E. Butler · “Kindred” Female — From her biography +10"))
            // The fragment the dialog loads is the same question without the page around it.
            let fragment = try await browser.get("/prompt?axis=cultural&return=/&partial=1")
            #expect(fragment.body.hasPrefix("<section class=\"prompt\""))
            #expect(!fragment.body.contains("<html"))
        }
    }

    @Test("Skip saves nothing and moves on; a skipped book is not asked again; a bad answer is refused and kept")
    func skipAndRefuse() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let (first, _) = try await Self.book("Beloved", by: "Toni Morrison", for: user, in: app)
            let (second, _) = try await Self.book("Kindred", by: "Octavia E. Butler", status: "toRead", for: user, in: app)
            let reader = app.store.reader(user.id)
            let before = try await reader.library.whole()
            func unchanged() async throws -> Bool {
                let now = try await reader.library.whole()
                return now.entries == before.entries && now.works == before.works && now.authors == before.authors
                    && now.editions == before.editions && now.contributions.isEmpty
            }
            _ = try await browser.get("/")
            let skipped = try await browser.post(
                "/prompt/skip", ["entry": first.string, "fact": "region", "axis": "cultural", "origin": "library", "return": "/"])
            #expect(skipped.status == .ok)
            #expect(skipped.text.contains("What is Octavia E. Butler’s cultural background?"))
            #expect(try await unchanged())
            let next = try await browser.get("/prompt?axis=cultural")
            #expect(next.body.contains("name=\"entry\" value=\"\(second.string)\""))
            let refused = try await browser.post(
                "/prompt",
                ["entry": second.string, "fact": "firstPublished", "value": "next year", "note": "kept", "return": "/"])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("Enter the year as a number"))
            #expect(refused.body.contains("value=\"kept\""))
            #expect(try await unchanged())
            let outsider = try await browser.post("/prompt", ["entry": second.string, "fact": "region", "value": "atlantis"])
            #expect(outsider.status == .unprocessableContent)
            #expect(outsider.text.contains("“atlantis” is not one of the 11 regions."))
            // A return address elsewhere is not followed.
            let away = try await browser.get("/prompt?axis=era&return=https://evil.example")
            #expect(away.body.contains("href=\"/\" data-close=\"true\"") || away.body.contains("href=\"/\" class="))
            #expect(!away.body.contains("evil.example"))
        }
    }

    @Test("The API: radar, completion, a book's radar, the next question, answering, skipping and curation")
    func api() async throws {
        try await WebHarness.run { app in
            let (user, api) = try await app.apiReader("dana")
            let (entry, author) = try await Self.book("Beloved", by: "Toni Morrison", for: user, in: app)
            try await Self.book("Sula", by: "Toni Morrison", for: user, in: app)
            let radar = try await api.request(.get, "/api/v1/radar")
            #expect(radar.status == .ok)
            let axes = try radar.json()["axes"] as? [[String: Any]] ?? []
            #expect(axes.count == 7 && axes.allSatisfy { $0["ghost"] as? Bool == true && $0["value"] == nil })
            let etag = try #require(radar.headers[.eTag])
            #expect(try await api.request(.get, "/api/v1/radar", headers: [.ifNoneMatch: etag]).status == .notModified)
            let next = try await api.request(.get, "/api/v1/prompts/next?axis=gender")
            let prompt = try #require(try next.json()["prompt"] as? [String: Any])
            #expect(prompt["fact"] as? String == "gender")
            #expect(prompt["authorBooks"] as? Int == 2)
            let answer = try await api.request(
                .post, "/api/v1/entries/\(entry.string)/answers",
                json: ["fact": "gender", "author": author.string, "value": "female"])
            #expect(answer.status == .ok)
            let result = try answer.json()
            #expect(result["points"] as? Int == 10)
            #expect(result["saved"] as? Bool == true)
            #expect((result["completionAfter"] as? Double ?? 0) > (result["completionBefore"] as? Double ?? 1))
            #expect(try await api.request(.get, "/api/v1/radar", headers: [.ifNoneMatch: etag]).status == .ok)
            let book = try await api.request(.get, "/api/v1/entries/\(entry.string)/radar")
            let bookAxes = try book.json()["radar"] as? [String: Any]
            #expect(
                (bookAxes?["axes"] as? [[String: Any]])?.first { $0["axis"] as? String == "gender" }?["value"] as? Double == 1)
            let bad = try await api.request(
                .post, "/api/v1/entries/\(entry.string)/answers", json: ["fact": "era", "value": "x"])
            #expect(bad.status == .unprocessableContent)
            let wrong = try await api.request(
                .post, "/api/v1/entries/\(entry.string)/answers", json: ["fact": "firstPublished", "value": "soon"])
            #expect(wrong.status == .unprocessableContent)
            #expect(
                try wrong.json()["errors"] as? [String: String] == [
                    "value": "Enter the year as a number, like 1958 (or −800 for 800 BCE)."
                ])
            let far = try await api.request(
                .post, "/api/v1/entries/\(entry.string)/answers", json: ["fact": "firstPublished", "value": "99999"])
            #expect(far.status == .unprocessableContent)
            #expect(
                try far.json()["errors"] as? [String: String] == [
                    "value": "Enter a year from −5000 (5000 BCE) to 2027; “99999” is outside them."
                ])
            #expect(
                try await api.request(.post, "/api/v1/entries/\(entry.string)/skips", json: ["fact": "ownVoices"]).status
                    == .noContent)
            let curation = try await api.request(.get, "/api/v1/me/curation").json()
            #expect((curation["curator"] as? [String: Any])?["points"] as? Int == 10)
            #expect((curation["contributions"] as? [[String: Any]])?.first?["value"] as? String == "female")
            let completion = try await api.request(.get, "/api/v1/completion?scope=library").json()
            #expect((completion["dimensions"] as? [[String: Any]])?.count == 7)
        }
    }

    @Test("One headline: home and insights answer over the same books, say so in words, and name the three ideas apart")
    func oneHeadline() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            _ = try await InsightsWebTests.seedLibrary(for: user, in: app)
            // A book on the to-read list, with its facts known: the whole library has four books, the
            // books read three. Home once counted the four and insights the three (issue 44 item 2).
            try await InsightsWebTests.book(
                "Book D", by: "Ana Brazil", facts: [(.country, "BR"), (.gender, "female")], language: "Portuguese",
                finished: nil, status: "to-read", for: user, in: app)
            let home = try await browser.get("/")
            let insights = try await browser.get("/insights")
            #expect(home.text.contains("Representation Books you have read, all time"))
            #expect(home.text.contains("axes have data for the 3 books you have read."))
            #expect(insights.text.contains("Books you have read, all time: 3 books"))
            #expect(insights.text.contains("axes have data for these 3 books."))
            // The score, representation and data known: named apart, each explained one tap away.
            for question in ["What is the diversity score?", "What is representation?", "What is data known?"] {
                #expect(insights.text.contains(question), "\(question)")
            }
            #expect(home.text.contains("Data known: ") && !home.text.contains("Diversity data"))
            // A partly known axis says how much is known, never a "+34%" that reads like a rise.
            #expect(!insights.body.contains(#"class="radar-badge"#) || insights.body.contains("% known</a>"))
            #expect(insights.body.range(of: #">\+\d+%<"#, options: .regularExpression) == nil)
            let year = try await browser.get("/insights?period=2025&scope=library")
            #expect(
                year.text.contains("Books added to your library in 2025") || year.text.contains("Nothing added in this period"))
        }
    }
}
