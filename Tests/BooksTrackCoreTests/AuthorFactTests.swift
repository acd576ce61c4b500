import BooksTrackCore
import Foundation
import Testing

@Suite("Author facts and their provenance")
struct AuthorFactTests {
    let day = TimeInterval(86_400)

    func assertion(_ value: String?, _ source: FactSource, daysAgo: Double) -> AuthorFactAssertion {
        assertion(.gender, value, source, daysAgo: daysAgo)
    }

    func assertion(_ kind: AuthorFactKind, _ value: String?, _ source: FactSource, daysAgo: Double) -> AuthorFactAssertion {
        AuthorFactAssertion(
            kind: kind, value: value,
            provenance: Provenance(source: source, recordedAt: Date(timeIntervalSince1970: 1_000_000_000 - daysAgo * day)))
    }

    @Test("A fact a person entered wins over a later automatic one")
    func personWins() {
        let winner = AuthorFactAssertion.winner(among: [
            assertion("female", .user, daysAgo: 10), assertion("male", .wikidata, daysAgo: 1),
        ])
        #expect(winner?.value == "female")
    }

    @Test("Among people, the latest answer stands")
    func latestPersonWins() {
        let winner = AuthorFactAssertion.winner(among: [
            assertion("female", .user, daysAgo: 10), assertion("nonBinary", .user, daysAgo: 2),
            assertion("male", .wikidata, daysAgo: 1),
        ])
        #expect(winner?.value == "nonBinary")
    }

    @Test("With no person's answer, the latest automatic one stands")
    func latestAutomatic() {
        let winner = AuthorFactAssertion.winner(among: [
            assertion("male", .openLibrary, daysAgo: 10), assertion("female", .wikidata, daysAgo: 2),
        ])
        #expect(winner?.value == "female")
    }

    @Test("A person can clear a fact, and the cleared fact stays cleared")
    func clearing() {
        var author = Author(name: "Elena Ferrante")
        author.apply(assertions: [assertion("female", .wikidata, daysAgo: 5), assertion(nil, .user, daysAgo: 1)])
        #expect(author.gender == nil)
    }

    @Test("A chosen region wins over the country's region; otherwise the country decides")
    func region() {
        var author = Author(name: "Louise Erdrich")
        author.apply(assertions: [assertion(.country, "US", .wikidata, daysAgo: 3)])
        #expect(author.region == .northAmerica)
        author.apply(assertions: [
            assertion(.country, "US", .wikidata, daysAgo: 3), assertion(.region, "indigenous", .user, daysAgo: 1),
        ])
        #expect(author.region == .indigenous)
        #expect(author.chosenRegion?.provenance.source == .user)
    }

    @Test("Fact values are checked and put in canonical form")
    func canonicalValues() {
        #expect(AuthorFactKind.gender.canonical("Female") == "female")
        #expect(AuthorFactKind.country.canonical("Nigeria") == "NG")
        #expect(AuthorFactKind.region.canonical("Middle East") == "middleEast")
        #expect(AuthorFactKind.birthYear.canonical("-470") == "-470")
        #expect(AuthorFactKind.wikidataID.canonical("https://www.wikidata.org/wiki/Q155845") == "Q155845")
        #expect(AuthorFactKind.gender.canonical("unknown") == nil)
        #expect(AuthorFactKind.birthYear.canonical("1e4") == nil)
    }

    @Test("Current facts convert back to the assertions they came from")
    func roundTrip() {
        var author = Author(name: "Chinua Achebe")
        let facts = [
            assertion(.gender, "male", .wikidata, daysAgo: 1), assertion(.country, "NG", .wikidata, daysAgo: 1),
            assertion(.wikidataID, "Q155845", .wikidata, daysAgo: 1),
        ]
        author.apply(assertions: facts)
        #expect(Set(author.currentAssertions) == Set(facts))
    }
}

@Suite("Reading sessions")
struct ReadingSessionTests {
    let start = Date(timeIntervalSince1970: 1_773_576_000)

    func session(minutes: Double, from: Int, to: Int?) -> ReadingSession {
        ReadingSession(
            userID: .random(), entryID: .random(), startedAt: start,
            endedAt: to == nil ? nil : start.addingTimeInterval(minutes * 60), startPage: from, endPage: to)
    }

    @Test("Minutes, pages and pace come from the start and end")
    func derived() {
        let s = session(minutes: 30, from: 10, to: 40)
        #expect(s.minutes == 30)
        #expect(s.pagesRead == 30)
        #expect(s.pace == 60)
    }

    @Test("Pages never go negative and a zero-minute session has no pace")
    func edges() {
        #expect(session(minutes: 10, from: 50, to: 40).pagesRead == 0)
        #expect(session(minutes: 0, from: 10, to: 20).pace == nil)
        #expect(session(minutes: 0, from: 10, to: nil).minutes == nil)
    }
}
