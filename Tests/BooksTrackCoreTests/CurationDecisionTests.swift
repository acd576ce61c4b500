import BooksTrackCore
import BooksTrackTestSupport
import Foundation
import Testing

@Suite("Curation decisions: what an answer changes and what it earns")
struct CurationDecisionTests {
    let reader = User.ID.random()
    let work = Work.ID.random()
    let author = Author.ID.random()

    @Test("An author fact changes nothing when a person's statement of that value already stands")
    func authorFactChanges() {
        let change = FactChange.author(author, .gender, "female")
        #expect(change.changesAuthorFact(history: []))
        let automatic = AuthorFactAssertion(
            kind: .gender, value: "female", provenance: Provenance(source: .wikidata, recordedAt: TestClock.now))
        // Wikidata said so, but a reader confirming it is still news: the person's word now stands.
        #expect(change.changesAuthorFact(history: [automatic]))
        let person = AuthorFactAssertion(
            kind: .gender, value: "female", provenance: Provenance(source: .user, userID: .random(), recordedAt: TestClock.now))
        #expect(!change.changesAuthorFact(history: [automatic, person]))
        let other = AuthorFactAssertion(
            kind: .gender, value: "male", provenance: Provenance(source: .user, userID: .random(), recordedAt: TestClock.now + 1))
        #expect(change.changesAuthorFact(history: [person, other]))
    }

    @Test("Work facts apply only when they change the work; a tag is added once")
    func workFacts() throws {
        let kindred = Work(title: "Kindred", authorIDs: [author], firstPublishedYear: 1979, accessibilityTags: ["audiobook"])
        #expect(FactChange.firstPublished(1979).applied(to: kindred) == nil)
        #expect(FactChange.firstPublished(1980).applied(to: kindred)?.firstPublishedYear == 1980)
        #expect(FactChange.accessibility("audiobook").applied(to: kindred) == nil)
        #expect(FactChange.accessibility("braille").applied(to: kindred)?.accessibilityTags == ["audiobook", "braille"])
        #expect(FactChange.ownVoices(.yes).applied(to: kindred)?.ownVoices == .yes)
        let french = try #require(LanguageCode(lenient: "fr"))
        #expect(FactChange.readingLanguage(french).applied(to: kindred) == nil)
        #expect(FactChange.readingLanguage(french).applied(to: EditionDetails())?.language == french)
    }

    @Test("An answer earns 5 points, 5 more per further book of the author, and the Curator badge at the fifth")
    func award() {
        let change = FactChange.author(author, .region, "africa")
        let nothing = Curation.award(
            change, changed: false, books: 3, userID: reader, workID: work, note: "x", contributions: 4, unlocked: [],
            now: TestClock.now)
        #expect(nothing.contribution == nil && nothing.unlocks.isEmpty)
        let fourth = Curation.award(
            change, changed: true, books: 3, userID: reader, workID: work, note: "  Nigerian-born  ", contributions: 3,
            unlocked: [], now: TestClock.now)
        #expect(fourth.contribution?.points == 15)
        #expect(fourth.contribution?.note == "Nigerian-born")
        #expect(fourth.contribution?.value == "africa" && fourth.contribution?.fact == "region")
        #expect(fourth.unlocks.isEmpty)
        let fifth = Curation.award(
            change, changed: true, books: 1, userID: reader, workID: work, note: "   ", contributions: 4, unlocked: [],
            now: TestClock.now)
        #expect(fifth.contribution?.note == nil)
        #expect(fifth.unlocks.map(\.achievement) == [Curation.achievement])
        let again = Curation.award(
            change, changed: true, books: 1, userID: reader, workID: work, note: nil, contributions: 9,
            unlocked: [Curation.achievement], now: TestClock.now)
        #expect(again.unlocks.isEmpty)
    }
}
