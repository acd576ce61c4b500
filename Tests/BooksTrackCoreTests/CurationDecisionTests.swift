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

    @Test("A genre answer is one of the pills, however it is spelled, added once; it is not part of a book's completion")
    func genre() throws {
        #expect(
            try FactChange.parse(.genre, authorID: nil, value: " sci-fi ", today: LocalDate("2026-06-30")!)
                == .genre("Science fiction"))
        #expect(
            try FactChange.parse(.genre, authorID: nil, value: "MYSTERY AND CRIME", today: LocalDate("2026-06-30")!)
                == .genre("Mystery & crime"))
        #expect(
            try FactChange.parse(.genre, authorID: nil, value: "young-adult", today: LocalDate("2026-06-30")!)
                == .genre("Young adult & children"))
        #expect(throws: PromptInputError.self) {
            try FactChange.parse(.genre, authorID: nil, value: "Cookbooks", today: LocalDate("2026-06-30")!)
        }
        let kindred = Work(title: "Kindred", authorIDs: [author], genres: ["science fiction"])
        // A genre the work has in another case is the same genre.
        #expect(FactChange.genre("Science fiction").applied(to: kindred) == nil)
        #expect(FactChange.genre("Fantasy").applied(to: kindred)?.genres == ["science fiction", "Fantasy"])
        let entry = LibraryEntry(
            userID: reader, workID: kindred.id, state: EntryState(status: .read), createdAt: TestClock.now,
            updatedAt: TestClock.now)
        let facts = BookFacts(entry: entry, work: kindred, edition: nil, authors: [], primaryLanguage: nil)
        #expect(facts.isKnown(.genre))
        #expect(!facts.missing.contains(.genre))
        #expect(facts.missing.count == 7)  // every diversity fact: genre is known but not one of them
        let untitled = BookFacts(
            entry: entry, work: Work(title: "Untitled", authorIDs: []), edition: nil, authors: [], primaryLanguage: nil)
        #expect(untitled.completion == facts.completion)
        // The question offers every pill and comes after the diversity facts.
        let context = ProfilingPrompts.Context(booksByAuthor: [:], languages: [])
        let prompt = try #require(ProfilingPrompts.question(.genre, about: untitled, context: context))
        #expect(prompt.choices.map(\.value) == GenreChoice.labels)
        #expect(BookFact.allCases.last == .genre && !BookFact.diversity.contains(.genre))
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
