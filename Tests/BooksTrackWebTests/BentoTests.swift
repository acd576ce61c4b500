import Plot
import Testing

@testable import BooksTrackWeb

@Suite("The bento grid fills its rows", .timeLimit(.minutes(5)))
struct BentoTests {
    static func spans(_ spans: [Card.Span]) -> [Card.Span] {
        Bento.filled(spans.enumerated().map { Card("Card \($0.offset)", span: $0.element) { EmptyComponent() } }).map(\.span)
    }

    @Test("A half-width card alone in its row — last, or before a full-width card — takes the row")
    func loneHalvesWiden() {
        #expect(Self.spans([.half, .half]) == [.half, .half])
        #expect(Self.spans([.half]) == [.full])
        #expect(Self.spans([.half, .half, .half]) == [.half, .half, .full])
        #expect(Self.spans([.full, .half, .full, .half, .half]) == [.full, .full, .full, .half, .half])
        #expect(Self.spans([.half, .half, .half, .full, .half]) == [.half, .half, .full, .full, .full])
        #expect(Self.spans([.half, .full, .half, .half]) == [.full, .full, .half, .half])
    }

    @Test("Insights: the score and gender cards share a row, languages and publication eras another, badges and next")
    func insightsRows() async throws {
        try await WebHarness.run { app in
            let (_, browser) = try await app.signedInReader("dana")
            try await browser.get("/books/new")
            #expect(try await browser.post("/demo").status == .seeOther)
            let page = try await browser.get("/insights")
            let order = [
                "id=\"hero\"", "id=\"score\"", "id=\"gender\"", "id=\"radar\"", "id=\"regions\"", "id=\"languages\"",
                "id=\"eras\"", "id=\"badges\"", "id=\"next\"",
            ]
            let positions = try order.map { try #require(page.body.range(of: $0)).lowerBound }
            #expect(positions == positions.sorted())
            #expect(page.body.contains(#"<section class="card card-half" id="score""#))
            #expect(page.body.contains(#"<section class="card card-half" id="gender""#))
            #expect(page.body.contains(#"<section class="card card-half" id="languages""#))
            #expect(page.body.contains(#"<section class="card card-half" id="eras""#))
            // The identity badges and what to read next share the last row.
            #expect(page.body.contains(#"<section class="card card-half" id="badges""#))
            #expect(page.body.contains(#"<section class="card card-half" id="next""#))
        }
    }
}
