/// The rules every book follows, whichever door it came through: the web form reads its text
/// into a draft, the JSON API decodes its typed values into one, and both ask these.
extension BookDraft {
    /// The draft tidied and checked: a title, at most 20 authors of at most 200 characters each,
    /// text within its length, numbers within their ranges, no day after tomorrow, the current
    /// page not after the last. `unread` holds what the door could not read into the draft (text
    /// that is not a date, a rating of 9 stars); such a field keeps that problem. Every problem is
    /// reported against its field, in words a person can act on; nothing is guessed.
    ///
    /// An edit passes the book's current draft as `stored`: a field the edit leaves as it was is
    /// written back byte for byte (not tidied), and a problem the stored book already had there (a
    /// day added in the future by a backup) is not the edit's to answer for. Changing a rating
    /// never loses, tidies or refuses what an import stored.
    public func checked(today: LocalDate, unread: [Field: String] = [:], stored: BookDraft? = nil) -> Result<
        Checked, Problems
    > {
        var draft = tidied()
        var untouched: [Field] = []
        if let stored {
            untouched = Field.allCases.filter { unread[$0] == nil && holds($0, as: stored) }
            for field in untouched { draft.take(field, from: stored) }
        }
        var messages = draft.problems(today: today)
        if let stored {
            let storedMessages = stored.problems(today: today)
            for field in untouched where messages[field] == storedMessages[field] { messages[field] = nil }
        }
        messages.merge(unread) { _, unread in unread }
        return messages.isEmpty ? .success(Checked(draft)) : .failure(Problems(messages: messages))
    }

    /// A draft that went through the book's rules (``checked(today:unread:stored:)``, the only
    /// way to make one): what the library and the store take, so no door — a form, the API, a
    /// command — can hand them a draft that skipped the check. (What an edit leaves as stored is
    /// not checked again: `stored` must be the book's current draft.) Its fields read as the draft's.
    @dynamicMemberLookup
    public struct Checked: Sendable, Equatable {
        public let draft: BookDraft

        fileprivate init(_ draft: BookDraft) { self.draft = draft }

        public subscript<Value>(dynamicMember field: KeyPath<BookDraft, Value>) -> Value { draft[keyPath: field] }
    }

    /// Whether `field` holds the same value as in `other`.
    func holds(_ field: Field, as other: BookDraft) -> Bool {
        var copy = self
        copy.take(field, from: other)
        return copy == self
    }

    /// Whitespace tidied (kept inside a review or notes), names cleaned, empty text left out.
    func tidied() -> BookDraft {
        func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
        var draft = self
        draft.title = TextNormalization.collapseWhitespace(title)
        draft.authors = Self.cleanNames(authors)
        draft.translators = Self.cleanNames(translators)
        draft.shelves = shelves.map(TextNormalization.collapseWhitespace).filter { !$0.isEmpty }
        draft.publisher = publisher.map(TextNormalization.collapseWhitespace).flatMap(nonEmpty)
        draft.review = review.map(TextNormalization.trim).flatMap(nonEmpty)
        draft.notes = notes.map(TextNormalization.trim).flatMap(nonEmpty)
        return draft
    }

    /// What breaks a rule in a tidied draft, by field.
    func problems(today: LocalDate) -> [Field: String] {
        var problems: [Field: String] = [:]
        if title.isEmpty { problems[.title] = "Every book needs a title." }
        let texts: [(Field, String?, Int)] = [
            (.title, title, 500), (.publisher, publisher, 500), (.review, review, 20_000), (.notes, notes, 20_000),
        ]
        for case let (field, text?, limit) in texts where text.count > limit {
            problems[field] = Self.tooLong(limit)
        }
        if authors.count > 20 { problems[.authors] = "A book can have at most 20 authors here." }
        if authors.contains(where: { $0.count > 200 }) {
            problems[.authors] = "An author's name can be at most 200 characters."
        }
        let numbers: [(Field, Int?)] = [
            (.pageCount, pageCount), (.firstPublishedYear, firstPublishedYear), (.currentPage, currentPage),
        ]
        for case let (field, value?) in numbers where !Self.range(of: field, today: today).contains(value) {
            problems[field] = Self.numberProblem(field, today: today)
        }
        if let currentPage, let pageCount, problems[.pageCount] == nil, problems[.currentPage] == nil,
            currentPage > pageCount
        {
            problems[.currentPage] = "The current page cannot be after the last page (\(pageCount))."
        }
        for case let (field, day?) in [(Field.addedOn, addedOn), (.finishedOn, finishedOn)] where day > today.adding(days: 1) {
            problems[field] = "This date is in the future."
        }
        return problems
    }

    /// The whole numbers a numeric field takes.
    static func range(of field: Field, today: LocalDate) -> ClosedRange<Int> {
        switch field {
        case .pageCount: 1...100_000
        case .firstPublishedYear: -5000...(today.year + 1)
        default: 0...100_000
        }
    }

    /// The problem with a numeric field (``Field/pageCount``, ``Field/firstPublishedYear``,
    /// ``Field/currentPage``) whose value is not a whole number in its range.
    public static func numberProblem(_ field: Field, today: LocalDate) -> String {
        let range = range(of: field, today: today)
        let what =
            switch field {
            case .pageCount: "a page count"
            case .firstPublishedYear: "a year"
            default: "a page"
            }
        return "Enter \(what) between \(range.lowerBound) and \(range.upperBound)."
    }

    /// The problem with a rating that is not one.
    public static let ratingProblem = "A rating goes from 0 to 5 in quarter stars (3.75, 4, 4.25…)."

    static func tooLong(_ limit: Int) -> String { "Keep this under \(limit) characters." }
}
