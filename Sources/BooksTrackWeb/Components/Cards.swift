import Plot

/// A bento module: a card with a heading (SPEC F11: 16 px padding, 12 px radius, 12 px gaps).
struct Card: Component {
    let title: String
    var headingLevel = 2
    var span: Span = .half
    var id: String?
    /// A small control beside the heading ("Share").
    var action: Component?
    let content: Component

    enum Span: String {
        case half, full
    }

    init(
        _ title: String, headingLevel: Int = 2, span: Span = .half, id: String? = nil, action: Component? = nil,
        @ComponentBuilder content: () -> Component
    ) {
        self.title = title
        self.headingLevel = headingLevel
        self.span = span
        self.id = id
        self.action = action
        self.content = content()
    }

    var body: Component {
        let headingID = (id ?? Self.slug(title)) + "-title"
        return Tag.with(
            "section", [.cls("card card-\(span.rawValue)"), .id(id ?? Self.slug(title)), .aria("labelledby", headingID)]
        ) {
            if let action {
                Tag("div", .cls("card-head")) {
                    Tag("h\(headingLevel)", .id(headingID), .cls("card-title"), text: title)
                    action
                }
            } else {
                Tag("h\(headingLevel)", .id(headingID), .cls("card-title"), text: title)
            }
            content
        }
    }

    static func slug(_ text: String) -> String {
        String(text.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }
}

/// What to do when there is nothing to show yet: a sentence and the next step.
struct EmptyState: Component {
    let title: String
    let message: String
    var actions: [(label: String, href: String)] = []
    /// A figure shown above the title (the empty insights page's "0.0 / 10").
    var figure: Component?

    var body: Component {
        Tag("div", .cls("empty-state")) {
            if let figure { figure }
            Tag("p", .cls("empty-title"), text: title)
            Tag("p", text: message)
            if !actions.isEmpty {
                Tag("p", .cls("actions")) {
                    for (index, action) in actions.enumerated() {
                        Tag("a", .cls(index == 0 ? "button" : "button secondary"), .href(action.href), text: action.label)
                    }
                }
            }
        }
    }
}

/// A short fact in a row of pills under a book's title ("350 pages", "1998").
struct QuickFactPill: Component {
    let label: String
    var kind: String = "fact"

    var body: Component { Tag("li", .cls("pill pill-\(kind)"), text: label) }
}

/// A coloured badge for an identity fact ("Own voices", "Translated from Japanese"). The text
/// carries the meaning; the colour only repeats it.
struct IdentityBadge: Component {
    enum Tone: String {
        case ownVoices = "own-voices"
        case cultural, language, missing
    }

    let text: String
    let tone: Tone

    var body: Component { Tag("span", .cls("badge badge-\(tone.rawValue)"), text: text) }
}

/// A label and its value in the DNA block.
struct MetadataRow: Component {
    let label: String
    let value: Component

    init(_ label: String, _ value: String?) {
        self.label = label
        self.value = value.map { Txt($0) as Component } ?? Tag("span", .cls("missing"), text: "Not known")
    }

    init(_ label: String, @ComponentBuilder value: () -> Component) {
        self.label = label
        self.value = value()
    }

    var body: Component {
        Tag("div", .cls("metadata-row")) {
            Tag("dt", text: label)
            Tag("dd") { value }
        }
    }
}

/// A link styled as a button.
struct ButtonLink: Component {
    let label: String
    let href: String
    var secondary = false

    var body: Component { Tag("a", .cls(secondary ? "button secondary" : "button"), .href(href), text: label) }
}

/// A table that may scroll sideways on a phone: a named region a keyboard can focus, so it can be
/// scrolled without a pointer too (WCAG 2.1.1).
struct ScrollingTable: Component {
    let label: String
    let content: Component

    init(_ label: String, @ComponentBuilder content: () -> Component) {
        self.label = label
        self.content = content()
    }

    var body: Component {
        // "Table: …", so that it never shares its name with the card around it.
        Tag("div", .cls("table-scroll"), Attr("tabindex", "0"), Attr("role", "region"), .aria("label", "Table: " + label)) {
            content
        }
    }
}

/// Collects the cards of a bento grid, with `if` and `for` like any builder.
@resultBuilder
enum BentoBuilder {
    static func buildExpression(_ card: Card) -> [Card] { [card] }
    static func buildBlock(_ parts: [Card]...) -> [Card] { parts.flatMap { $0 } }
    static func buildOptional(_ part: [Card]?) -> [Card] { part ?? [] }
    static func buildEither(first part: [Card]) -> [Card] { part }
    static func buildEither(second part: [Card]) -> [Card] { part }
    static func buildArray(_ parts: [[Card]]) -> [Card] { parts.flatMap { $0 } }
}

/// The bento grid (SPEC F11): two columns on wide screens, where rows always fill — a half-width
/// card that would stand alone beside a hole (the last card, or one before a full-width card)
/// takes the whole row instead. Which cards appear depends on the reader's data, so this is
/// decided here rather than by each page.
struct Bento: Component {
    var cls = "bento"
    let cards: [Card]

    init(cls: String = "bento", @BentoBuilder cards: () -> [Card]) {
        self.cls = cls
        self.cards = Self.filled(cards())
    }

    /// The cards with every lone half-width card widened.
    static func filled(_ cards: [Card]) -> [Card] {
        var cards = cards
        var startsRow = true
        for index in cards.indices {
            guard cards[index].span == .half else {
                startsRow = true
                continue
            }
            if startsRow {
                let next = cards.indices.contains(index + 1) ? cards[index + 1] : nil
                if next?.span != .half {
                    cards[index].span = .full
                    continue
                }
            }
            startsRow.toggle()
        }
        return cards
    }

    var body: Component {
        Tag("div", .cls(cls)) {
            for card in cards { card }
        }
    }
}

/// One line saying what a figure means, one tap away (SPEC §4 "One headline": the score, the
/// radar's overall and data known are three ideas, named apart, each explained).
struct Explained: Component {
    /// "the diversity score": the summary reads "What is the diversity score?".
    let term: String
    let line: String

    init(term: String, _ line: String) {
        self.term = term
        self.line = line
    }

    var body: Component {
        Tag("details", .cls("term")) {
            Tag("summary", text: "What is \(term)?")
            Tag("p", text: line)
        }
    }
}

/// The one-line explanations of the three ideas (docs/metrics.md says each in full).
enum InsightTerms {
    static let score =
        "How varied these books are, from 0 to 10: regions, genders and original languages spread out, and marginalized voices read — counted only from what is known."
    static let representation =
        "How much of your reading comes from voices often left out, axis by axis (regions you count as underrepresented, women and non-binary authors, translations, own voices…); the overall is the mean of the axes known for enough of the books."
    static let dataKnown =
        "How much of the diversity facts (authors’ regions and genders, original languages…) is filled in for these books. The score and representation use only what is known, so filling in changes them."
}
