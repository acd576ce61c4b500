import Foundation

/// A badge as a form or the API sends it, checked (``check(_:work:authors:)``): what the store
/// records.
public struct IdentityBadgeDraft: Hashable, Sendable {
    public var kind: IdentityBadgeKind
    public var subject: BadgeSubject
    public var statedBy: BadgeStatement
    public var source: String
    public var shared: Bool

    public static let sourceLimit = 500

    public init(kind: IdentityBadgeKind, subject: BadgeSubject, statedBy: BadgeStatement, source: String, shared: Bool) {
        self.kind = kind
        self.subject = subject
        self.statedBy = statedBy
        self.source = source
        self.shared = shared
    }

    /// A badge's parts by name: the JSON API's names, and the form's (``formName``).
    public enum Field: String, CaseIterable, Sendable {
        case badge, about, statedBy, source, share

        /// The name of the web form's field.
        public var formName: String { self == .statedBy ? "stated_by" : rawValue }
    }

    /// What is wrong with a badge as sent, by field.
    public struct Problems: Error, Hashable, Sendable {
        public var messages: [Field: String]

        public init(messages: [Field: String]) { self.messages = messages }

        /// The problems by the web form's field names.
        public var byFormName: FieldErrors {
            FieldErrors(Dictionary(uniqueKeysWithValues: messages.map { ($0.key.formName, $0.value) }))
        }

        /// The problems by the JSON API's field names.
        public var byName: FieldErrors {
            FieldErrors(Dictionary(uniqueKeysWithValues: messages.map { ($0.key.rawValue, $0.value) }))
        }
    }

    /// A badge as a form or the API sends it, typed but not yet checked: any part may be missing.
    /// The form reads its text into one (``init(form:)``), the API decodes its JSON into one;
    /// ``IdentityBadgeDraft/check(_:work:authors:)`` checks it the same way for both.
    public struct Input: Hashable, Sendable {
        /// What the badge is said to be about.
        public enum About: Hashable, Sendable {
            case book
            case author(Author.ID)
            /// Neither the book nor anyone's id: refused like another book's author.
            case unknown
        }

        public var kind: IdentityBadgeKind?
        public var about: About
        public var statedBy: BadgeStatement?
        /// Where it is stated, as sent (``IdentityBadgeDraft/check(_:work:authors:)`` trims it).
        public var source: String
        public var share: Bool

        public init(
            kind: IdentityBadgeKind?, about: About = .book, statedBy: BadgeStatement?, source: String, share: Bool = false
        ) {
            self.kind = kind
            self.about = about
            self.statedBy = statedBy
            self.source = source
            self.share = share
        }

        /// Reads a form: `badge` (by value or name), `about` (`book`, empty, or `author:<id>`),
        /// `stated_by`, `source` and `share` (a checkbox).
        public init(form fields: [String: String]) {
            let text = { (name: String) in TextNormalization.trim(fields[name] ?? "") }
            let about: About =
                switch text("about") {
                case "book", "": .book
                case let about: Author.ID(about.replacingOccurrences(of: "author:", with: "")).map(About.author) ?? .unknown
                }
            self.init(
                kind: IdentityBadgeKind(lenient: text("badge")), about: about,
                statedBy: BadgeStatement(rawValue: text("stated_by")), source: text("source"),
                share: ["on", "yes", "true", "1"].contains(text("share").lowercased()))
        }
    }

    /// Reads and checks a form (``Input/init(form:)``, ``check(_:work:authors:)``); problems are
    /// named by the form's fields.
    public static func parse(
        _ fields: [String: String], work: Work.ID, authors: [Author.ID]
    ) -> Result<IdentityBadgeDraft, FieldErrors> {
        check(Input(form: fields), work: work, authors: authors).mapError(\.byFormName)
    }

    /// The rules of a badge, whichever door it came through: a badge, about the book (`work`) or
    /// one of its `authors`, who states it and where (trimmed, at most ``sourceLimit``
    /// characters); shared only about an author with a public source's address. Every problem is
    /// named by its field.
    public static func check(
        _ sent: Input, work: Work.ID, authors: [Author.ID]
    ) -> Result<IdentityBadgeDraft, Problems> {
        var problems: [Field: String] = [:]
        if sent.kind == nil { problems[.badge] = "Choose a badge: own voices, cultural, queer or neurodivergent." }
        var subject: BadgeSubject?
        switch sent.about {
        case .book: subject = .work(work)
        case .author(let id) where authors.contains(id): subject = .author(id)
        case .author, .unknown: problems[.about] = "Choose this book or one of its authors."
        }
        if sent.statedBy == nil {
            problems[.statedBy] =
                "Badges are recorded only where the author or a public source states it: choose which. Never guess."
        }
        let source = TextNormalization.trim(sent.source)
        if source.isEmpty {
            problems[.source] = "Say where it is stated: an address, or the interview, book or page."
        } else if !acceptsSource(source) {
            problems[.source] = "Keep where it is stated under \(sourceLimit) characters."
        }
        if sent.share {
            if case .work = subject {
                problems[.share] = "Only a badge about an author can be shown to other readers: a book’s badges are yours."
            } else if !mayShare(source: source, aboutAuthor: true) {
                problems[.share] = "Only a badge with a public source’s address (https://…) can be shown to other readers."
            }
        }
        guard problems.isEmpty, let kind = sent.kind, let subject, let statedBy = sent.statedBy else {
            return .failure(Problems(messages: problems))
        }
        return .success(
            IdentityBadgeDraft(kind: kind, subject: subject, statedBy: statedBy, source: source, shared: sent.share))
    }

    /// Whether a (trimmed) source can be recorded: not empty, at most ``sourceLimit`` characters.
    public static func acceptsSource(_ source: String) -> Bool {
        !source.isEmpty && source.unicodeScalars.count <= sourceLimit
    }

    /// Whether a badge may be shown to other readers: about an author, with a web address as its
    /// source. Every way in (form, API, backup) asks this one rule.
    public static func mayShare(source: String, aboutAuthor: Bool) -> Bool {
        aboutAuthor && acceptsSource(source) && webAddress(source) != nil
    }

    /// `text` as a web address, when it is one with a host.
    static func webAddress(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = url.host, host.contains(".")
        else { return nil }
        return url
    }
}
