/// Reading a book from text as a person typed it: the web form's door, and the JSON API's for the
/// values JSON has no type for (an ISBN, a language, a day).
extension BookDraft {
    /// The fields a form sends, by name.
    public static let fieldNames = Field.allCases.map(\.formName)

    /// Reads and checks form fields (by ``Field/formName``); problems are reported by form field name.
    public static func parse(_ fields: [String: String], today: LocalDate) -> Result<Checked, FieldErrors> {
        var input: [Field: String] = [:]
        for field in Field.allCases { input[field] = fields[field.formName] }
        return parse(input, today: today).mapError(\.byFormName)
    }

    /// Reads an edit form over the book's current draft (`stored`). A field whose text is still
    /// what the form showed (``formValues``) keeps its stored value as it is, an ISBN that fails
    /// its check digit or a name with a comma included; the rest is read as a new book's form is.
    public static func parse(_ fields: [String: String], editing stored: BookDraft, today: LocalDate) -> Result<
        Checked, FieldErrors
    > {
        let shown = stored.formValues
        var draft = stored
        var unread: [Field: String] = [:]
        for field in Field.allCases {
            let text = fields[field.formName] ?? ""
            if text != shown[field.formName] ?? "" { unread[field] = draft.read(text, as: field, today: today) }
        }
        return draft.checked(today: today, unread: unread, stored: stored).mapError(\.byFormName)
    }

    /// The draft as a form shows it, by form field name: lists joined with commas, the ISBN as
    /// stored (``ISBNEntry/text``).
    public var formValues: [String: String] {
        let texts: [Field: String?] = [
            .title: title, .authors: authors.joined(separator: ", "), .translators: translators.joined(separator: ", "),
            .isbn: isbn.text, .pageCount: pageCount.map(String.init), .firstPublishedYear: firstPublishedYear.map(String.init),
            .originalLanguage: originalLanguage?.code, .editionLanguage: editionLanguage?.code, .format: format?.rawValue,
            .publisher: publisher, .ownVoices: ownVoices?.rawValue, .status: status.rawValue, .rating: rating?.description,
            .owned: owned ? "on" : "", .addedOn: addedOn?.description, .finishedOn: finishedOn?.description,
            .currentPage: currentPage.map(String.init), .shelves: shelves.joined(separator: ", "), .review: review,
            .notes: notes,
        ]
        return Dictionary(uniqueKeysWithValues: texts.compactMap { field, text in text.map { (field.formName, $0) } })
    }

    /// Reads a book's fields from text, then checks the draft (``checked(today:unread:stored:)``).
    public static func parse(_ fields: [Field: String], today: LocalDate) -> Result<Checked, Problems> {
        var draft = BookDraft()
        var unread: [Field: String] = [:]
        for (field, text) in fields { unread[field] = draft.read(text, as: field, today: today) }
        return draft.checked(today: today, unread: unread)
    }

    /// Reads what a person typed for one field into the draft; answers the problem when the text
    /// is not such a value (the field is then left empty). Lists are split at commas, numbers
    /// may have commas and spaces between digits, a day is YYYY-MM-DD, a language its English name
    /// or ISO code. Free text is kept as typed: ``checked(today:unread:stored:)`` tidies and limits it.
    public mutating func read(_ text: String, as field: Field, today: LocalDate) -> String? {
        switch field {
        case .title: title = text
        case .publisher: publisher = text
        case .review: review = text
        case .notes: notes = text
        case .owned: owned = ["on", "true", "yes", "1"].contains(text.lowercased())
        case .authors, .translators, .shelves: return readList(text, as: field)
        default:
            let value = TextNormalization.collapseWhitespace(text)
            guard value.count <= 500 else {
                take(field, from: BookDraft())
                return Self.tooLong(500)
            }
            return readValue(value, as: field, today: today)
        }
        return nil
    }

    /// Names split at commas (a suffix kept with its name), shelves at commas or new lines.
    private mutating func readList(_ text: String, as field: Field) -> String? {
        let value = TextNormalization.collapseWhitespace(text)
        guard value.count <= 2000 else {
            take(field, from: BookDraft())
            return Self.tooLong(2000)
        }
        switch field {
        case .authors: authors = PersonName.splitList(value)
        case .translators: translators = PersonName.splitList(value)
        default: shelves = FieldList.split(value)
        }
        return nil
    }

    /// A value of a kind: empty text leaves the field empty (a status, to read).
    private mutating func readValue(_ value: String, as field: Field, today: LocalDate) -> String? {
        guard !value.isEmpty, !(field == .ownVoices && value == "unknown") else {
            take(field, from: BookDraft())
            return nil
        }
        let read: Bool
        switch field {
        case .isbn:
            isbn = .set(ISBN(value))
            read = isbn.newISBN != nil
        case .originalLanguage, .editionLanguage:
            let language = LanguageCode(lenient: value)
            if field == .originalLanguage { originalLanguage = language } else { editionLanguage = language }
            read = language != nil
        case .format:
            format = BookFormat(rawValue: value)
            read = format != nil
        case .ownVoices:
            ownVoices = YesNo(lenient: value)
            read = ownVoices != nil
        case .rating:
            rating = Rating(value)
            read = rating != nil
        case .addedOn, .finishedOn:
            let day = LocalDate(value)
            if field == .addedOn { addedOn = day } else { finishedOn = day }
            read = day != nil
        case .status:
            let status = ReadingStatus(rawValue: value) ?? ReadingStatus(lenient: value)
            self.status = status ?? .toRead
            read = status != nil
        default: return readNumber(value, as: field, today: today)
        }
        return read ? nil : Self.unreadable(value, as: field)
    }

    /// A whole number; its range is a rule (``checked(today:unread:stored:)``).
    private mutating func readNumber(_ value: String, as field: Field, today: LocalDate) -> String? {
        let number = Int(value.filter { $0 != "," && $0 != " " })
        switch field {
        case .pageCount: pageCount = number
        case .firstPublishedYear: firstPublishedYear = number
        default: currentPage = number
        }
        return number == nil ? Self.numberProblem(field, today: today) : nil
    }

    /// The problem with text that is not a value of the field's kind.
    private static func unreadable(_ value: String, as field: Field) -> String {
        switch field {
        case .isbn: "“\(value)” is not a valid ISBN-10 or ISBN-13 (check the digits)."
        case .originalLanguage, .editionLanguage:
            "“\(value)” is not a language BooksTrack knows; use its English name or ISO code."
        case .format: "Choose a format from the list."
        case .ownVoices: "Choose yes, no or unknown."
        case .rating: ratingProblem
        case .status: "Choose a status from the list."
        default: "Enter a real date as YYYY-MM-DD."
        }
    }
}
