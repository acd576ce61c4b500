import Foundation
import Testing

@testable import BooksTrackCore

@Suite("Identity badges: only where stated, with a source; shared only about an author, with an address")
struct IdentityBadgeTests {
    let work = Work.ID.random()
    let author = Author.ID.random()

    func parse(_ fields: [String: String]) -> Result<IdentityBadgeDraft, FieldErrors> {
        IdentityBadgeDraft.parse(fields, work: work, authors: [author])
    }

    @Test("The four badges, by value or by name")
    func kinds() {
        #expect(IdentityBadgeKind(lenient: "Own voices") == .ownVoices)
        #expect(IdentityBadgeKind(lenient: "own-voices") == .ownVoices)
        #expect(IdentityBadgeKind(lenient: "NEURODIVERGENT") == .neurodivergent)
        #expect(IdentityBadgeKind(lenient: "lgbt") == nil, "nothing is guessed from a near word")
    }

    @Test("A badge about the book by default; about an author only when they are one of its authors")
    func subjects() throws {
        let base = ["badge": "cultural", "stated_by": "author", "source": "Interview, The Guardian, 2019"]
        #expect(try parse(base).get().subject == .work(work))
        #expect(try parse(base.merging(["about": "author:\(author.string)"]) { $1 }).get().subject == .author(author))
        guard case .failure(let errors) = parse(base.merging(["about": "author:\(Author.ID.random().string)"]) { $1 }) else {
            Issue.record("another author was accepted")
            return
        }
        #expect(errors["about"] == "Choose this book or one of its authors.")
    }

    @Test("Who states it is required — there is no 'I think so' — and so is where")
    func statedAndSourced() {
        guard case .failure(let errors) = parse(["badge": "queer", "stated_by": "reader", "source": " "]) else {
            Issue.record("a badge without a statement was accepted")
            return
        }
        #expect(errors["stated_by"]?.contains("Never guess") == true)
        #expect(errors["source"] != nil)
    }

    @Test("Shared only about an author, and only with a public source's web address")
    func sharing() throws {
        let author = ["badge": "queer", "about": "author:\(self.author.string)", "stated_by": "public-source", "share": "on"]
        #expect(try parse(author.merging(["source": "https://example.org/about"]) { $1 }).get().shared)
        for source in ["Wikipedia", "ftp://example.org/a", "https://localhost/x", "javascript:alert(1)"] {
            guard case .failure(let errors) = parse(author.merging(["source": source]) { $1 }) else {
                Issue.record("\(source) was accepted as a public address")
                continue
            }
            #expect(errors["share"]?.contains("address") == true, "\(source)")
        }
        let book = ["badge": "own-voices", "stated_by": "author", "source": "https://example.org/a", "share": "on"]
        guard case .failure(let errors) = parse(book) else {
            Issue.record("a book's badge was shared")
            return
        }
        #expect(errors["share"]?.contains("about an author") == true)
        #expect(try parse(book.merging(["share": ""]) { $1 }).get().shared == false)
    }

    @Test("A typed badge is checked by the form's rules, with the form's words")
    func typedInput() throws {
        let input = IdentityBadgeDraft.Input(
            kind: .queer, about: .author(Author.ID.random()), statedBy: nil, source: "  ", share: true)
        guard case .failure(let problems) = IdentityBadgeDraft.check(input, work: work, authors: [author]),
            case .failure(let formErrors) = parse([
                "badge": "queer", "about": "author:\(Author.ID.random().string)", "share": "on",
            ])
        else {
            Issue.record("a badge breaking the rules was accepted")
            return
        }
        #expect(Set(problems.messages.keys) == Set<IdentityBadgeDraft.Field>([.about, .statedBy, .source, .share]))
        #expect(problems.byFormName == formErrors)
        #expect(problems.byName["statedBy"] == formErrors["stated_by"])
        let sound = IdentityBadgeDraft.Input(
            kind: .cultural, about: .author(author), statedBy: .publicSource, source: " https://example.org/a ", share: true)
        let draft = try IdentityBadgeDraft.check(sound, work: work, authors: [author]).get()
        #expect(draft.source == "https://example.org/a" && draft.shared && draft.subject == .author(author))
    }
}
