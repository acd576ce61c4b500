import BooksTrackCore
import BooksTrackImport
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Hummingbird
import PropertyBased
import Testing

@testable import BooksTrackApp
@testable import BooksTrackWeb

/// Arbitrary numbers through every numeric field of the API and of a backup (issue 43): each is
/// refused with a 4xx or stored within its bound, and every page that sums the library still
/// answers afterwards. A trap would stop the test process, so "still answers" is the property.
@Suite("Every number that enters is bounded where it enters", .timeLimit(.minutes(5)))
struct NumberBoundsPropertyTests {
    /// Mostly ordinary numbers near the bounds, with the extremes mixed in.
    static let numbers = Gen.oneOf(
        Gen.int(), Gen.int(in: -2...100_002), Gen.int(in: 1_400...1_500), Gen.always(Int.max), Gen.always(Int.min))

    /// The pages that add up a whole library; each must answer 200.
    static let summingPages = [
        "/", "/library", "/insights", "/reading", "/goals", "/widget", "/insights.csv?period=all",
    ]
    static let summingAPI = [
        "/api/v1/insights/diversity", "/api/v1/insights/reading", "/api/v1/achievements", "/api/v1/me/streak",
        "/api/v1/goals", "/api/v1/entries",
    ]

    static func expectAnswered(_ page: Page, _ what: String) {
        #expect(page.status.code < 500, "\(what): \(page.status.code) \(page.body.prefix(300))")
    }

    @Test("Numbers of every size through the entry, session, progress and goal API: a 4xx or a bounded value")
    func apiNumbers() async throws {
        try await WebHarness.run { app in
            let (user, api) = try await app.apiReader("dana")
            let entry = try await HardeningTests.book(api, pages: 300)
            let unpaged = try await HardeningTests.book(api)
            await propertyCheck(count: 40, input: Self.numbers) { n in
                for field in ["pageCount", "currentPage", "rating", "firstPublishedYear"] {
                    let answer = try await api.request(
                        .post, "/api/v1/entries", json: ["title": "Book \(n)", "authors": ["Someone"], field: n])
                    Self.expectAnswered(answer, "entries \(field)=\(n)")
                }
                for book in [entry, unpaged] {
                    for (path, json) in [
                        ("/api/v1/entries/\(book)/progress", ["page": n] as [String: Any]),
                        ("/api/v1/entries/\(book)/progress", ["percent": n]),
                        (
                            "/api/v1/entries/\(book)/sessions/logged",
                            ["startedAt": "2026-03-01T10:00:00Z", "minutes": n, "startPage": 0, "endPage": 10]
                        ),
                        (
                            "/api/v1/entries/\(book)/sessions/logged",
                            ["startedAt": "2026-03-01T10:00:00Z", "minutes": 30, "startPage": n, "endPage": n]
                        ),
                    ] {
                        Self.expectAnswered(try await api.request(.post, path, json: json), "\(path) \(json)")
                    }
                }
                for (kind, extra) in [("books", [:]), ("pages", [:]), ("minutes", [:]), ("decadesExplored", ["since": n])] {
                    var json: [String: Any] = ["title": "Goal", "kind": kind, "target": n, "cadence": "year"]
                    json.merge(extra) { $1 }
                    Self.expectAnswered(try await api.request(.post, "/api/v1/goals", json: json), "goal \(kind) \(n)")
                }
            }
            // Whatever was stored is within its bound, and every figure over it answers.
            let reader = app.store.reader(user.id)
            for item in try await reader.browse.list(LibraryQuery(), primaryLanguage: nil).items {
                let detail = try #require(try await reader.browse.detail(of: item.entryID))
                #expect(detail.entry.state.currentPage.map(Limits.pages.contains) ?? true)
                #expect(detail.edition?.details.pageCount.map(Limits.pages.contains) ?? true)
                for session in try await reader.sessions.list(of: item.entryID, pageSize: 1_000).sessions {
                    #expect(Limits.pages.contains(session.startPage))
                    #expect(session.endPage.map(Limits.pages.contains) ?? true)
                    #expect(session.minutes.map { $0 <= Limits.sessionMinutes.upperBound } ?? true)
                }
            }
            for path in Self.summingAPI { Self.expectAnswered(try await api.request(.get, path), path) }
        }
    }

    @Test("A backup with numbers of every size imports what is in bounds, leaves out the rest, and every page answers")
    func backupNumbers() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            await propertyCheck(count: 15, input: Self.numbers) { n in
                let text = Fixtures.backupWithNumbers.replacing(/([:\[,]\s*)-?\d+(?:\.\d+)?(?=[,}\]])/) {
                    "\($0.1)\(n)"
                }
                let batch: ImportBatch
                do { batch = try LibraryFileReader.read(bytes: Array(text.utf8), today: WebHarness.today) } catch {
                    return  // refused whole, with a message: nothing stored
                }
                _ = try await app.store.reader(user.id).imports.import(
                    batch, fileName: "b.json", dryRun: false, now: TestClock.now)
                for path in Self.summingPages { Self.expectAnswered(try await browser.get(path), "\(path) after \(n)") }
            }
        }
    }
}
