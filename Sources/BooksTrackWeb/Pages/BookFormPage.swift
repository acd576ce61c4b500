import BooksTrackApp
import BooksTrackCore
import Plot

/// Adding and editing a book; deleting one after confirmation.
enum BookFormPage {
    static let labels: [String: String] = [
        "title": "Title", "authors": "Authors", "translators": "Translators", "isbn": "ISBN", "pages": "Pages",
        "year": "First published (year)", "language": "Original language", "edition_language": "Language of your edition",
        "format": "Format", "publisher": "Publisher", "own_voices": "Own voices", "status": "Status", "rating": "Rating",
        "owned": "I own a copy", "added": "Added on", "finished": "Finished on", "current_page": "Current page",
        "shelves": "Shelves", "review": "Review", "notes": "Private notes",
    ]

    /// What the add or edit form shows: the entry being edited (none when adding), its title, the values and problems.
    struct Model {
        var entryID: LibraryEntry.ID?
        var title: String?
        var values: [String: String]
        var errors: FieldErrors = FieldErrors()
    }

    /// The form, empty (adding), filled from a book (editing) or from a rejected post.
    static func render(page: PageContext, model: Model) -> String {
        let (entryID, title, values, errors) = (model.entryID, model.title, model.values, model.errors)
        let editing = entryID != nil
        let heading = editing ? "Edit “\(title ?? "")”" : "Add a book"
        return Layout.document(title: editing ? "Edit \(title ?? "book")" : "Add a book", page: page) {
            Tag("h1", text: heading)
            if !errors.isEmpty { ErrorSummary(errors: errors, order: BookDraft.fieldNames, labels: labels) }
            PostForm(action: entryID.map { "/books/\($0.string)" } ?? "/books", csrfToken: page.csrfToken, cls: "book-form") {
                bookFields(values, errors)
                editionFields(values, errors)
                readingFields(values, errors, editing: editing)
                Tag("div", .cls("actions")) {
                    Tag("button", .type("submit"), text: editing ? "Save changes" : "Add to my library")
                    ButtonLink(label: "Cancel", href: entryID.map { "/books/\($0.string)" } ?? "/library", secondary: true)
                }
                if editing {
                    Tag(
                        "p", .cls("hint"),
                        text:
                            "Everything here is yours: other readers of this book never see what you type. Only facts about authors (gender, country…) are shared, from the author’s page, with you as their source."
                    )
                }
            }
        }
    }

    /// "The book": title, authors, translators, first publication, original language and own voices.
    private static func bookFields(_ values: [String: String], _ errors: FieldErrors) -> Component {
        Tag("fieldset") {
            Tag("legend", text: "The book")
            field("title", values, errors, required: true)
            field("authors", values, errors, hint: "Separate several authors with commas.")
            field("translators", values, errors, hint: "Separate several translators with commas.")
            Tag("div", .cls("field-grid")) {
                field("year", values, errors, type: "number", attributes: [Attr("inputmode", "numeric")])
                Field(
                    name: "language", label: labels["language"]!,
                    control: .select(options: Choices.languages(any: "Not known"), selected: values["language"]),
                    error: errors["language"])
                Field(
                    name: "own_voices", label: labels["own_voices"]!,
                    control: .select(
                        options: Choices.yesNo(any: "Not known", yes: "Yes", no: "No"), selected: values["own_voices"]),
                    hint: "The author shares the identity of the people the book is about.", error: errors["own_voices"])
            }
        }
    }

    /// "Your edition": ISBN, pages, format, the edition's language and its publisher.
    private static func editionFields(_ values: [String: String], _ errors: FieldErrors) -> Component {
        Tag("fieldset") {
            Tag("legend", text: "Your edition")
            Tag("div", .cls("field-grid")) {
                field("isbn", values, errors, hint: "ISBN-10 or ISBN-13.")
                field(
                    "pages", values, errors, type: "number",
                    attributes: [Attr("min", "1"), Attr("max", "100000"), Attr("inputmode", "numeric")])
                Field(
                    name: "format", label: labels["format"]!,
                    control: .select(options: Choices.formats(any: "Not known"), selected: values["format"]),
                    error: errors["format"])
                Field(
                    name: "edition_language", label: labels["edition_language"]!,
                    control: .select(options: Choices.languages(any: "Not known"), selected: values["edition_language"]),
                    error: errors["edition_language"])
                field("publisher", values, errors)
            }
        }
    }

    /// "Your reading": status, rating, progress, dates, whether the reader owns it, shelves, review
    /// and notes. The finish date is asked only when adding a book.
    private static func readingFields(_ values: [String: String], _ errors: FieldErrors, editing: Bool) -> Component {
        Tag("fieldset") {
            Tag("legend", text: "Your reading")
            Tag("div", .cls("field-grid")) {
                Field(
                    name: "status", label: labels["status"]!,
                    control: .select(
                        options: Choices.statuses(), selected: values["status"] ?? ReadingStatus.toRead.rawValue),
                    error: errors["status"])
                field(
                    "rating", values, errors, type: "number", hint: "0 to 5, in quarter stars.",
                    attributes: [Attr("min", "0"), Attr("max", "5"), Attr("step", "0.25")])
                field(
                    "current_page", values, errors, type: "number",
                    attributes: [Attr("min", "0"), Attr("max", "100000"), Attr("inputmode", "numeric")])
                field("added", values, errors, type: "date")
                if !editing {
                    field(
                        "finished", values, errors, type: "date", hint: "For a book you have read; today when left empty."
                    )
                }
            }
            Field(
                name: "owned", label: labels["owned"]!,
                control: .checkbox(checked: ["on", "true", "yes", "1"].contains(values["owned"] ?? "")))
            field("shelves", values, errors, hint: "Separate shelves with commas.")
            Field(
                name: "review", label: labels["review"]!, control: .textArea(value: values["review"], rows: 5),
                error: errors["review"])
            Field(
                name: "notes", label: labels["notes"]!, control: .textArea(value: values["notes"], rows: 4),
                hint: "Only you see these.", error: errors["notes"])
        }
    }

    private static func field(
        _ name: String, _ values: [String: String], _ errors: FieldErrors, type: String = "text",
        hint: String? = nil, attributes: [Attr] = [], required: Bool = false
    ) -> Field {
        Field(
            name: name, label: labels[name] ?? name, control: .text(type: type, value: values[name], attributes: attributes),
            hint: hint,
            error: errors[name], required: required)
    }

    /// The form's values for an existing book: its current draft as the form's text.
    static func values(of detail: EntryDetail) -> [String: String] { EntryFields.draft(detail).formValues }

    static func confirmDelete(page: PageContext, detail: EntryDetail) -> String {
        Layout.document(title: "Delete \(detail.work.title)", page: page) {
            Tag("div", .cls("narrow")) {
                Tag("h1", text: "Delete “\(detail.work.title)”?")
                Tag(
                    "p",
                    text:
                        "This removes the book from your library, with its reading history, sessions, review and notes. Your statistics and goals will no longer count it. This cannot be undone."
                )
                PostForm(action: "/books/\(detail.entry.id.string)/delete", csrfToken: page.csrfToken, cls: "actions") {
                    Tag("button", .type("submit"), .cls("danger"), text: "Delete the book")
                    ButtonLink(label: "Keep it", href: "/books/\(detail.entry.id.string)", secondary: true)
                }
            }
        }
    }
}
