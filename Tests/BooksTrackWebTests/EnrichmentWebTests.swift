import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Hummingbird
import Testing

@testable import BooksTrackApp
@testable import BooksTrackWeb

@Suite("Author facts found automatically, in the pages and the API", .timeLimit(.minutes(5)))
struct EnrichmentWebTests {
    @Test("Namesakes are asked about on the home page and the questions page; yes records that person's facts once")
    func questions() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            try await browser.get("/books/new")
            try await browser.post("/books", ["title": "Beer Companion", "authors": "Michael Jackson", "status": "read"])
            let author = try #require(try await app.store.enrichment.authors(for: user.id).first)
            let provenance = Provenance(source: .wikidata, recordedAt: TestClock.now, detail: "Q167877")
            let writer = AuthorCandidate(
                authorID: author.id, source: .wikidata, reference: "Q167877", label: "Michael Jackson",
                description: "English writer and journalist, born 1942",
                facts: [
                    AuthorFactAssertion(kind: .gender, value: "male", provenance: provenance),
                    AuthorFactAssertion(kind: .country, value: "GB", provenance: provenance),
                ])
            let singer = AuthorCandidate(
                authorID: author.id, source: .wikidata, reference: "Q2831", label: "Michael Jackson",
                description: "American singer and dancer, born 1958", facts: [])
            try await app.store.enrichment.propose([writer, singer], now: TestClock.now)

            let home = try await browser.get("/")
            #expect(home.text.contains("1 author’s name belongs to several people"))
            #expect(!home.text.contains("Automatic look-ups are off"), "said after an import, not on every visit")
            let page = try await browser.get("/prompts/authors")
            #expect(page.text.contains("Is this Michael Jackson, English writer and journalist, born 1942?"))
            #expect(page.body.contains("https://www.wikidata.org/wiki/Q167877"))

            let yes = try await browser.post("/prompts/authors/\(writer.id.string)", ["answer": "yes"])
            #expect(yes.status == .seeOther)
            let after = try await browser.follow(yes)
            #expect(after.text.contains("that person’s facts are recorded"))
            #expect(after.text.contains("No questions waiting"))
            let recorded = try #require(try await app.store.catalogue.author(id: author.id))
            #expect(recorded.gender?.value == .male && recorded.gender?.provenance.source == .wikidata)
            #expect(recorded.wikidataID?.value == "Q167877" && recorded.wikidataID?.provenance.source == .user)
            let statements = try await app.store.catalogue.factHistory(of: author.id).count
            // A double submit changes nothing.
            try await browser.get("/prompts/authors")
            #expect(try await browser.post("/prompts/authors/\(writer.id.string)", ["answer": "yes"]).status == .seeOther)
            #expect(try await app.store.catalogue.factHistory(of: author.id).count == statements)
            #expect(try await browser.post("/prompts/authors/\(writer.id.string)", ["answer": "maybe"]).status == .badRequest)

            // Where each fact came from, linked, on the author page and the book page.
            let entry = try #require(
                try await app.store.reader(user.id).browse.list(LibraryQuery(), primaryLanguage: nil).items.first)
            let facts = try await browser.get("/books/\(entry.entryID.string)/authors/\(author.id.string)")
            #expect(facts.body.contains("href=\"https://www.wikidata.org/wiki/Q167877\""))
            #expect(try await browser.get("/books/\(entry.entryID.string)").text.contains("(from Wikidata)"))
        }
    }

    @Test("The API says how far look-ups have got, lists the questions and takes an answer; bad answers are 422")
    func api() async throws {
        try await WebHarness.run { app in
            let (user, api) = try await app.apiReader("erin")
            _ = try await api.request(.post, "/api/v1/entries", json: ["title": "Beloved", "authors": ["Toni Morrison"]])
            let status = try await api.request(.get, "/api/v1/enrichment").json()
            #expect(status["authors"] as? Int == 1)
            #expect(status["enabled"] as? Bool == false)
            #expect((status["message"] as? String)?.hasPrefix("Automatic look-ups are off") == true)
            let started = try await api.request(.post, "/api/v1/enrichment")
            #expect(started.status == .accepted)

            let author = try #require(try await app.store.enrichment.authors(for: user.id).first)
            let facts = try await api.request(.get, "/api/v1/authors/\(author.id.string)").json()
            let history = try #require(facts["history"] as? [[String: Any]])
            let bundled = try #require(history.first { $0["kind"] as? String == "gender" })
            #expect(bundled["source"] as? String == "bundled")
            #expect(bundled["link"] as? String == "/about/attribution#post45-major-literary-prizes")

            let question = AuthorCandidate(
                authorID: author.id, source: .bundled, reference: "Toni Morrison (elsewhere)", label: "Toni Morrison",
                description: "United States, female", facts: [])
            try await app.store.enrichment.propose([question], now: TestClock.now)
            let list = try await api.request(.get, "/api/v1/author-questions").json()
            #expect(
                (list["items"] as? [[String: Any]])?.first?["question"] as? String
                    == "Is this Toni Morrison, United States, female?")
            let wrong = try await api.request(
                .post, "/api/v1/author-questions/\(question.id.string)", json: ["answer": "perhaps"])
            #expect(wrong.status == .unprocessableContent)
            let no = try await api.request(.post, "/api/v1/author-questions/\(question.id.string)", json: ["answer": "no"])
            #expect(try no.json()["changed"] as? Bool == true)
            let again = try await api.request(.post, "/api/v1/author-questions/\(question.id.string)", json: ["answer": "no"])
            #expect(try again.json()["changed"] as? Bool == false)
        }
    }

    @Test("The attribution page credits every dataset of the bundled table, signed in or not")
    func attribution() async throws {
        try await WebHarness.run { app in
            let page = try await app.browser().get("/about/attribution")
            #expect(page.status == .ok)
            for dataset in AuthorTableSource.datasets { #expect(page.text.contains(dataset.title)) }
            #expect(page.text.contains("CC BY 4.0") && page.text.contains("Post45 Data Collective"))
        }
    }
}
