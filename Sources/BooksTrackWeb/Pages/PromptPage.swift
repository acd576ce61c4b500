import BooksTrackApp
import BooksTrackCore
import Plot

/// Progressive profiling (SPEC F4): one question with pills and Skip, the success state, and
/// "nothing left to ask". Each is a fragment (for the dialog the "+" controls open) and a full
/// page (the same links without JavaScript).
enum PromptPage {
    /// Where the prompt was opened from: the library radar (Skip goes to the next book) or a book.
    enum Origin: String {
        case library, book
    }

    struct Context {
        var csrfToken: String
        var returnTo: String
        var origin: Origin
        /// The axis the reader pressed "+" on, kept so Skip and "Next question" stay on it.
        var axis: RadarAxis?
        /// Keeps element ids unique when a page has a question of its own and the dialog another.
        var ids: IDs = .dialog

        enum IDs: String {
            case dialog = "prompt"
            case inline
        }

        func id(_ name: String) -> String { "\(ids.rawValue)-\(name)" }
    }

    static func page(_ page: PageContext, title: String, fragment: Component) -> String {
        Layout.document(title: title, page: page) {
            Tag("nav", .cls("breadcrumbs"), .aria("label", "Breadcrumb")) {
                Tag("a", .href("/insights"), text: "Insights")
            }
            Tag("h1", text: "Fill in missing data")
            Tag("div", .cls("prompt-page")) { fragment }
        }
    }

    /// The question.
    static func question(_ prompt: ProfilingPrompt, context: Context, error: String? = nil, note: String? = nil) -> Component {
        Tag("section", .cls("prompt"), .aria("labelledby", context.id("question"))) {
            Tag("p", .cls("prompt-kicker"), text: "Quick question · “\(prompt.bookTitle)”")
            Tag(
                "h2", .id(context.id("question")), Attr("tabindex", "-1"), Attr("data-prompt-heading", "true"),
                text: prompt.question)
            if let hint = prompt.hint { Tag("p", .cls("hint"), text: hint) }
            if let error {
                Tag("p", .cls("field-error"), .id(context.id("error")), Attr("role", "alert"), text: error)
            }
            PostForm(action: "/prompt", csrfToken: context.csrfToken, cls: "prompt-form") {
                hidden("entry", prompt.entryID.string)
                hidden("fact", prompt.fact.rawValue)
                if let author = prompt.authorID { hidden("author", author.string) }
                hidden("return", context.returnTo)
                hidden("origin", context.origin.rawValue)
                if let axis = context.axis { hidden("axis", axis.rawValue) }
                hidden("ids", context.ids.rawValue)
                answers(prompt, context: context)
                if prompt.style != .verify {
                    Tag("div", .cls("field prompt-note")) {
                        Tag("label", Attr("for", context.id("note")), text: "Add details (optional)")
                        Tag.void(
                            "input", .id(context.id("note")), .name("note"), .type("text"), .value(note ?? ""),
                            Attr("maxlength", String(Curation.noteLimit)), Attr("autocomplete", "off"),
                            .aria("describedby", context.id("note-hint")))
                        Tag(
                            "p", .cls("hint"), .id(context.id("note-hint")),
                            text: "Kept with your answer in your contributions; only you see it.")
                    }
                }
                if let name = prompt.authorName, prompt.authorBooks > 1 {
                    Tag(
                        "p", .cls("apply-all"),
                        text:
                            "Applies to \(InsightFormat.allOf(prompt.authorBooks)) of your books by \(name): +\(Curation.points(books: prompt.authorBooks)) curator points."
                    )
                }
                Tag("p", .cls("prompt-actions")) {
                    Tag(
                        "button", .type("submit"), .cls("secondary"), Attr("formaction", "/prompt/skip"),
                        Attr("formnovalidate", "true"), text: "Skip")
                    Tag("a", .cls("button secondary"), .href(context.returnTo), Attr("data-close", "true"), text: "Close")
                }
            }
            Tag(
                "p", .cls("prompt-footnote"),
                text: prompt.fact == .genre
                    ? "Genre is not diversity data: it updates your copy of the book’s details, genre goals and the library’s genre filter; other readers never see it."
                    : prompt.authorID == nil
                        ? "This updates your diversity stats and your copy of the book’s details; other readers never see what you type."
                        : "This updates your diversity stats. Facts about authors are shared with every reader here, with you as their source."
            )
        }
    }

    private static func answers(_ prompt: ProfilingPrompt, context: Context) -> Component {
        Tag("fieldset", .cls("prompt-answers")) {
            Tag("legend", .cls("visually-hidden"), text: "Your answer")
            switch prompt.style {
            case .verify:
                let value = prompt.choices.first?.value ?? ""
                Tag("div", .cls("pill-choices")) {
                    Tag("button", .type("submit"), .name("value"), .value(value), .cls("pill-choice yes"), text: "Yes ✓")
                    Tag(
                        "a", .cls("pill-choice no"),
                        .href(
                            URLQuery.url(
                                "/prompt",
                                [
                                    ("book", prompt.entryID.string), ("fact", prompt.fact.rawValue),
                                    ("return", context.returnTo), ("origin", context.origin.rawValue),
                                    ("ids", context.ids.rawValue),
                                ])), Attr("data-prompt", "true"), text: "No ✗")
                }
            case .year:
                Tag("div", .cls("year-answer")) {
                    Tag("label", Attr("for", context.id("year")), text: "Year first published")
                    Tag.void(
                        "input", .id(context.id("year")), .name("value"), .type("number"), Attr("inputmode", "numeric"),
                        // No `max`: the answer is checked against the reader's next year, as the book form is.
                        Attr("min", "-5000"), .aria("describedby", context.id("error")))
                    Tag("button", .type("submit"), text: "Save")
                }
            case .pills:
                Tag("div", .cls("pill-choices")) {
                    for choice in prompt.choices {
                        Tag(
                            "button", .type("submit"), .name("value"), .value(choice.value), .cls("pill-choice"),
                            text: choice.label)
                    }
                }
                if prompt.offersAllLanguages {
                    Tag("div", .cls("other-language")) {
                        Tag("label", Attr("for", context.id("language")), text: "Another language")
                        Tag("select", .id(context.id("language")), .name("value_other")) {
                            Tag("option", .value(""), text: "Choose…")
                            for language in LanguageCode.all {
                                Tag("option", .value(language.code), text: language.englishName)
                            }
                        }
                        Tag("button", .type("submit"), .name("value"), .value(""), .cls("secondary"), text: "Save language")
                    }
                }
            }
        }
    }

    /// The success state: what was saved, completion before → after, points, a celebration.
    static func success(_ success: ProfilingService.Answered, context: Context) -> Component {
        let outcome = success.outcome
        return Tag(
            "section", .cls("prompt prompt-success"), .aria("labelledby", context.id("question")), Attr("data-saved", "true")
        ) {
            Tag("div", .cls("celebrate"), .aria("hidden", "true")) {
                for index in 0..<12 { Tag("span", .cls("confetti c\(index)")) { EmptyComponent() } }
                Tag("span", .cls("check"), text: "✓")
            }
            Tag(
                "h2", .id(context.id("question")), Attr("tabindex", "-1"), Attr("data-prompt-heading", "true"),
                text: success.prompt.fact.savedTitle)
            Tag("p") {
                Txt(subject(success.prompt) + ": ")
                Tag("strong", text: success.change.displayValue)
                if outcome.books > 1, let name = success.prompt.authorName {
                    Txt(" — applied to \(InsightFormat.allOf(outcome.books)) of your books by \(name).")
                }
            }
            // The change that happened: the book's ring, and the library's figure (with a decimal
            // when the whole number does not move, so a real change never reads as none).
            Tag("p", .cls("completion-change")) {
                Txt("This book: \(InsightFormat.percentChange(success.bookBefore, success.bookAfter)) of its facts known")
            }
            Tag("p", .cls("completion-change")) {
                Txt("Data known: \(InsightFormat.percentChange(success.before, success.after))")
            }
            Tag("p", .cls("points-earned")) {
                if outcome.points > 0 {
                    Txt("+\(outcome.points) curator points (\(InsightFormat.grouped(success.standing.points)) in all)")
                } else {
                    Txt("That was already your answer, so nothing changed and no points were added.")
                }
            }
            if outcome.unlockedCurator {
                Tag("p", .cls("badge-unlocked"), text: "New badge: Curator — 5 facts contributed. Thank you!")
            } else if let next = success.standing.nextLevel, let remaining = success.standing.toNextLevel {
                Tag(
                    "p", .cls("muted"),
                    text: "\(remaining) more \(remaining == 1 ? "answer" : "answers") to reach \(next.name).")
            }
            Tag("p", .cls("prompt-actions")) {
                Tag(
                    "a", .cls("button"), .href(nextURL(context, entry: success.prompt.entryID)), Attr("data-prompt", "true"),
                    text: "Next question")
                Tag("a", .cls("button secondary"), .href(context.returnTo), Attr("data-close", "true"), text: "Done")
                // Every page a prompt returns to shows its radar in the card `#radar`.
                Tag(
                    "a", .cls("button secondary"),
                    .href(String(context.returnTo.prefix { $0 != "#" }) + "#radar"), text: "See the updated radar")
            }
        }
    }

    /// Nothing to ask: everything is known, or what is missing was skipped recently.
    static func nothingToAsk(axis: RadarAxis?, context: Context) -> Component {
        Tag("section", .cls("prompt prompt-empty"), .aria("labelledby", context.id("question"))) {
            Tag(
                "h2", .id(context.id("question")), Attr("tabindex", "-1"), Attr("data-prompt-heading", "true"),
                text: "Nothing left to ask")
            Tag(
                "p",
                text: axis.map {
                    "Every book here has its \($0.displayName.lowercased()) data, or you skipped the question in the last \(ProfilingPrompts.skipDays) days."
                }
                    ?? "Everything BooksTrack asks about is known here, or you skipped it in the last \(ProfilingPrompts.skipDays) days."
            )
            Tag("p", .cls("prompt-actions")) {
                Tag("a", .cls("button"), .href(context.returnTo), Attr("data-close", "true"), text: "Done")
            }
        }
    }

    static func nextURL(_ context: Context, entry: LibraryEntry.ID) -> String {
        var parameters: [(String, String)] = []
        // From a book: the book's next missing fact. From the library: the next book missing the axis.
        if context.origin == .book { parameters.append(("book", entry.string)) }
        if context.origin == .library, let axis = context.axis { parameters.append(("axis", axis.rawValue)) }
        parameters.append(("return", context.returnTo))
        parameters.append(("origin", context.origin.rawValue))
        parameters.append(("ids", context.ids.rawValue))
        return URLQuery.url("/prompt", parameters)
    }

    private static func subject(_ prompt: ProfilingPrompt) -> String {
        switch prompt.fact {
        case .region: "\(prompt.authorName ?? "The author")’s cultural background"
        case .gender: "\(prompt.authorName ?? "The author")’s gender"
        default: "\(prompt.fact.displayName) of “\(prompt.bookTitle)”"
        }
    }

    private static func hidden(_ name: String, _ value: String) -> Component {
        Tag.void("input", .type("hidden"), .name(name), .value(value))
    }
}
