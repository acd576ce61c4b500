import BooksTrackCore
import BooksTrackTestSupport
import Foundation
import Testing

@Suite("A book's rules hold for a typed draft as for the form's text")
struct BookDraftTests {
    let today = TestClock.today

    @Test("A typed draft breaking the rules gets the words the form's text gets")
    func typedRulesMatchTheForm() throws {
        // Given the same mistakes as typed values and as a form's text
        var typed = BookDraft(title: "  ", pageCount: 100, finishedOn: today.adding(days: 2), currentPage: 300)
        typed.authors = (1...21).map { "Author \($0)" }
        let text = [
            "title": "  ", "pages": "100", "current_page": "300", "finished": today.adding(days: 2).description,
            "authors": (1...21).map { "Author \($0)" }.joined(separator: ", "),
        ]
        // When both are checked
        guard case .failure(let problems) = typed.checked(today: today),
            case .failure(let formErrors) = BookDraft.parse(text, today: today)
        else {
            Issue.record("a book breaking the rules was accepted")
            return
        }
        // Then each field has the same problem, by its own name
        #expect(Set(problems.messages.keys) == Set<BookDraft.Field>([.title, .currentPage, .finishedOn, .authors]))
        for (field, message) in problems.messages { #expect(formErrors[field.formName] == message, "\(field)") }
    }

    @Test("Checking tidies text and names as the form does, and leaves empty text out")
    func tidies() throws {
        let draft = BookDraft(
            title: "  Kindred \n", authors: ["  Octavia   E. Butler ", " "], publisher: "  ", status: .read,
            shelves: [" classics  ", ""], notes: "  kept\n  inside  ")
        let checked = try draft.checked(today: today).get()
        #expect(checked.title == "Kindred" && checked.authors == ["Octavia E. Butler"])
        #expect(checked.publisher == nil && checked.shelves == ["classics"] && checked.notes == "kept\n  inside")
        #expect(
            try BookDraft.parse(["title": "  Kindred \n", "authors": "  Octavia   E. Butler "], today: today).get().title
                == "Kindred")
    }

    @Test("What the door could not read keeps its problem; a number out of range is the rule's")
    func unreadComesFirst() {
        let draft = BookDraft(title: "Kindred", pageCount: 0)
        guard case .failure(let problems) = draft.checked(today: today, unread: [.rating: BookDraft.ratingProblem]) else {
            Issue.record("accepted")
            return
        }
        #expect(problems.messages[.rating] == BookDraft.ratingProblem)
        #expect(problems.messages[.pageCount] == BookDraft.numberProblem(.pageCount, today: today))
    }

    @Test("An edit keeps what it leaves as stored, untidied and unrefused, and checks what it changes")
    func editKeepsStoredValues() throws {
        // Given a stored book no form would take: untidy text, an ISBN failing its check digit,
        // a day added in the future, a current page past the last
        let stored = BookDraft(
            title: "Kindred ", isbn: .asStored(isbn10: nil, isbn13: "9780807083056"), pageCount: 264,
            publisher: " Beacon  Press", addedOn: today.adding(days: 30), currentPage: 300)
        // When only the rating changes, the rest comes back exactly as stored
        var rated = stored
        rated.rating = Rating(quarters: 16)
        let checked = try rated.checked(today: today, stored: stored).get()
        #expect(checked.title == "Kindred " && checked.publisher == " Beacon  Press" && checked.isbn == stored.isbn)
        #expect(checked.addedOn == stored.addedOn && checked.currentPage == 300 && checked.rating == Rating(quarters: 16))
        // …but a changed page count is still checked against the stored current page
        var shorter = stored
        shorter.pageCount = 200
        guard case .failure(let problems) = shorter.checked(today: today, stored: stored) else {
            Issue.record("a current page past the new last page was accepted")
            return
        }
        #expect(problems.messages == [.currentPage: "The current page cannot be after the last page (200)."])
        // …and a new book is checked whole
        #expect((try? stored.checked(today: today).get()) == nil)
    }

    @Test("A partial update takes only the fields it names")
    func takesNamedFields() {
        var current = BookDraft(title: "Kindred", rating: Rating(quarters: 16), owned: true)
        let sent = BookDraft(title: "ignored", owned: false)
        current.take(.owned, from: sent)
        #expect(current.title == "Kindred" && current.rating == Rating(quarters: 16) && !current.owned)
    }
}
