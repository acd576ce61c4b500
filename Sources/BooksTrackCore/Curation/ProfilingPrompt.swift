import Foundation

/// One question of progressive profiling (SPEC F4): a fact of one book, asked with
/// multiple-choice pills, a yes/no verification of an automatic fact, or a year.
public struct ProfilingPrompt: Codable, Hashable, Sendable {
    public enum Style: String, Codable, Hashable, Sendable {
        /// Pills, one of which is the answer.
        case pills
        /// "Wikidata says … Is that right?" — yes keeps it as the reader's answer; no asks again with pills.
        case verify
        /// A year typed in.
        case year
    }

    public struct Choice: Codable, Hashable, Sendable {
        public var value: String
        public var label: String
    }

    public var fact: BookFact
    public var style: Style
    public var entryID: LibraryEntry.ID
    public var workID: Work.ID
    public var bookTitle: String
    /// The author asked about, for author facts.
    public var authorID: Author.ID?
    public var authorName: String?
    /// How many of the reader's books are by this author ("Applies to all 4 of your books").
    public var authorBooks: Int
    public var question: String
    /// A line under the question, when one helps.
    public var hint: String?
    /// The pills (for ``Style/verify``, the value being checked).
    public var choices: [Choice]
    /// For languages: every language can be chosen besides the pills.
    public var offersAllLanguages: Bool
    /// For ``Style/verify``: where the automatic value came from.
    public var verifiedSource: FactSource?
}

/// A question a reader skipped, not asked again for that book for ``ProfilingPrompts/skipDays``.
public struct PromptSkip: Hashable, Sendable, Codable {
    public var workID: Work.ID
    public var fact: BookFact
    public var skippedAt: Date

    public init(workID: Work.ID, fact: BookFact, skippedAt: Date) {
        self.workID = workID
        self.fact = fact
        self.skippedAt = skippedAt
    }
}

/// Choosing the next question to ask.
public enum ProfilingPrompts {
    public static let skipDays = 30

    /// What a question needs besides the book: how many of the reader's books each author
    /// wrote, and the languages to offer as pills.
    public struct Context: Sendable {
        public var booksByAuthor: [Author.ID: Int]
        public var languages: [LanguageCode]

        public init(booksByAuthor: [Author.ID: Int], languages: [LanguageCode]) {
            self.booksByAuthor = booksByAuthor
            self.languages = languages
        }

        /// The context from the whole library.
        public init(_ library: ReaderLibrary) {
            var counts: [Author.ID: Int] = [:]
            var languageCounts: [LanguageCode: Int] = [:]
            for entry in library.entries {
                guard let work = library.works[entry.workID] else { continue }
                for id in Set(work.authorIDs) { counts[id, default: 0] += 1 }
                if let language = work.originalLanguage { languageCounts[language, default: 0] += 1 }
            }
            booksByAuthor = counts
            languages = ProfilingPrompts.likelyLanguages(
                primary: library.user.settings.primaryLanguage,
                byFrequency: languageCounts.sorted { ($1.value, $0.key.code) < ($0.value, $1.key.code) }.map(\.key))
        }
    }

    /// The next question for an axis of the library radar: the first book missing it, read books
    /// first, then books being read, then the rest, newest first. `nil` when none is missing
    /// (or every such question was skipped in the last 30 days).
    public static func next(
        for axis: RadarAxis?, library: ReaderLibrary, skips: [PromptSkip], now: Date
    ) -> ProfilingPrompt? {
        let skipped = recentlySkipped(skips, now: now)
        let context = Context(library)
        let ordered = library.entries.sorted { lhs, rhs in
            let l = (rank(lhs.state), lhs.state.addedOn?.dayNumber ?? Int.min, lhs.id.string)
            let r = (rank(rhs.state), rhs.state.addedOn?.dayNumber ?? Int.min, rhs.id.string)
            if l.0 != r.0 { return l.0 < r.0 }
            if l.1 != r.1 { return l.1 > r.1 }
            return l.2 < r.2
        }
        // A question about an author skipped for one of their books is not asked through their
        // other books either: it is the same question.
        var skippedAuthors = Set<AuthorKey>()
        for key in skipped where key.fact.authorFactKind != nil {
            for id in library.works[key.workID]?.authorIDs ?? [] {
                skippedAuthors.insert(AuthorKey(authorID: id, fact: key.fact))
            }
        }
        // What fills the most books first (issue 44 item 9): an author's region or gender answers
        // for every book of theirs, so the author with the most books missing it comes before
        // any one book's facts.
        if let (entry, fact, author) = widestAuthorQuestion(
            facts: axis?.facts ?? BookFact.diversity, ordered: ordered, library: library, context: context,
            skipped: skipped, skippedAuthors: skippedAuthors),
            let book = library.facts(of: entry)
        {
            return question(fact, about: book, context: context, author: author)
        }
        // Every book's diversity facts first; genre (not diversity data) only once none is missing.
        for facts in axis.map({ [$0.facts] }) ?? [BookFact.diversity, [.genre]] {
            for entry in ordered {
                guard let book = library.facts(of: entry) else { continue }
                for fact in facts where !book.isKnown(fact) && !skipped.contains(SkipKey(workID: book.workID, fact: fact)) {
                    guard let prompt = question(fact, about: book, context: context) else { continue }
                    if let author = prompt.authorID, skippedAuthors.contains(AuthorKey(authorID: author, fact: fact)) {
                        continue
                    }
                    return prompt
                }
            }
        }
        return nil
    }

    /// The question for one book: the given fact (or the first missing fact of the axis, or of
    /// all), else a verification of an automatic author fact. Skipped questions are left out
    /// unless the reader asked for this very fact.
    public static func forBook(
        _ book: BookFacts, axis: RadarAxis? = nil, fact requested: BookFact? = nil, context: Context,
        skips: [PromptSkip], now: Date
    ) -> ProfilingPrompt? {
        if let requested {
            return question(requested, about: book, context: context)
        }
        let skipped = recentlySkipped(skips, now: now)
        let candidates = axis?.facts ?? BookFact.diversity
        for fact in candidates where !book.isKnown(fact) && !skipped.contains(SkipKey(workID: book.workID, fact: fact)) {
            if let prompt = question(fact, about: book, context: context) { return prompt }
        }
        for fact in candidates where fact.authorFactKind != nil && !skipped.contains(SkipKey(workID: book.workID, fact: fact)) {
            if let prompt = verification(fact, about: book, booksByAuthor: context.booksByAuthor) { return prompt }
        }
        // Genre is not diversity data: asked after the diversity facts and their checks.
        if axis == nil, !book.isKnown(.genre), !skipped.contains(SkipKey(workID: book.workID, fact: .genre)) {
            return question(.genre, about: book, context: context)
        }
        return nil
    }

    /// The author fact (region or gender) missing for the author with the most of the reader's
    /// books, when that is more than one book; in the order of `ordered` among equals.
    private static func widestAuthorQuestion(
        facts: [BookFact], ordered: [LibraryEntry], library: ReaderLibrary, context: Context, skipped: Set<SkipKey>,
        skippedAuthors: Set<AuthorKey>
    ) -> (LibraryEntry, BookFact, Author.ID)? {
        let authorFacts = facts.filter { $0 == .region || $0 == .gender }
        guard !authorFacts.isEmpty else { return nil }
        var best: (books: Int, entry: LibraryEntry, fact: BookFact, author: Author.ID)?
        var seen = Set<AuthorKey>()
        for entry in ordered {
            guard let work = library.works[entry.workID] else { continue }
            for authorID in work.authorIDs {
                let books = context.booksByAuthor[authorID] ?? 1
                guard books > (best?.books ?? 1), let author = library.authors[authorID] else { continue }
                for fact in authorFacts where fact == .region ? author.region == nil : author.gender == nil {
                    let key = AuthorKey(authorID: authorID, fact: fact)
                    guard seen.insert(key).inserted, !skippedAuthors.contains(key),
                        !skipped.contains(SkipKey(workID: work.id, fact: fact))
                    else { continue }
                    best = (books, entry, fact, authorID)
                    break
                }
            }
        }
        return best.map { ($0.entry, $0.fact, $0.author) }
    }

    /// The question for a fact of a book, whether or not it is known (an answer replaces it);
    /// about `author` when given (a region or gender), else the first author without the fact.
    public static func question(
        _ fact: BookFact, about book: BookFacts, context: Context, author preferred: Author.ID? = nil
    ) -> ProfilingPrompt? {
        let counts = context.booksByAuthor
        var prompt = ProfilingPrompt(
            fact: fact, style: .pills, entryID: book.entryID, workID: book.workID, bookTitle: book.title, authorID: nil,
            authorName: nil, authorBooks: 0, question: "", hint: nil, choices: [], offersAllLanguages: false,
            verifiedSource: nil)
        let title = "“\(book.title)”"
        switch fact {
        case .region, .gender:
            // The first author without the fact, else the primary author (to change an answer).
            let missing = book.authors.first { fact == .region ? $0.region == nil : $0.gender == nil }
            guard let author = book.authors.first(where: { $0.id == preferred }) ?? missing ?? book.authors.first else {
                return nil
            }
            prompt.authorID = author.id
            prompt.authorName = author.name
            prompt.authorBooks = counts[author.id] ?? 1
            if fact == .region {
                prompt.question = "What is \(author.name)’s cultural background?"
                prompt.hint = "Choose International for a writer who belongs to several regions."
                prompt.choices = CulturalRegion.allCases.sorted().map { .init(value: $0.rawValue, label: $0.displayName) }
            } else {
                prompt.question = "What is \(author.name)’s gender?"
                prompt.hint = "Answer only if you know: BooksTrack never guesses gender from a name."
                prompt.choices = Gender.allCases.map { .init(value: $0.rawValue, label: $0.displayName) }
            }
        case .originalLanguage, .readingLanguage:
            prompt.question =
                fact == .originalLanguage
                ? "What language was \(title) first written in?" : "Which language did you read \(title) in?"
            prompt.choices = languageChoices(fact, about: book, context: context)
            if fact == .originalLanguage, book.hasTranslator, let read = book.readingLanguage {
                prompt.hint = "It has a translator, so it was not first written in \(read.englishName)."
            }
            prompt.offersAllLanguages = true
        case .firstPublished:
            prompt.style = .year
            prompt.question = "In which year was \(title) first published?"
            prompt.hint = "The first edition’s year, in any language. Use a minus sign for years BCE."
        case .ownVoices:
            let who = book.authors.first?.name ?? "its author"
            prompt.question = "Is \(title) an own-voices book?"
            prompt.hint = "Own voices: \(who) shares the identity or experience of the main characters."
            prompt.choices = [.init(value: YesNo.yes.rawValue, label: "Yes"), .init(value: YesNo.no.rawValue, label: "No")]
        case .accessibility:
            prompt.question = "Which accessible format is \(title) available in?"
            prompt.hint = "Pick the one you know of; answer again to add another."
            prompt.choices = AccessibilityTag.choices.map { .init(value: $0.tag, label: $0.label) }
        case .genre:
            prompt.question = "What genre is \(title)?"
            prompt.hint = "Pick the nearest one; answer again to add another."
            prompt.choices = GenreChoice.labels.map { .init(value: $0, label: $0) }
        }
        return prompt
    }

    /// The language pills of a language question. For the original language, the likely answer
    /// first — the main language of the authors' countries — and never the language the book was
    /// read in when it names a translator (issue 44 item 9: a Japanese novel with a translator
    /// was offered "English" first).
    static func languageChoices(_ fact: BookFact, about book: BookFacts, context: Context) -> [ProfilingPrompt.Choice] {
        var languages = context.languages
        if fact == .originalLanguage {
            let likely = book.authors.compactMap { $0.country?.value.mainLanguage }
            languages = likely + languages.filter { !likely.contains($0) }
            if book.hasTranslator, let read = book.readingLanguage { languages.removeAll { $0 == read } }
            var seen = Set<LanguageCode>()
            languages = languages.filter { seen.insert($0).inserted }
        }
        return languages.prefix(8).map { .init(value: $0.code, label: $0.englishName) }
    }

    /// "Wikidata says Chinua Achebe’s gender is male. Is that right?" for an author fact that
    /// came from an automatic source and no person has confirmed.
    static func verification(_ fact: BookFact, about book: BookFacts, booksByAuthor: [Author.ID: Int]) -> ProfilingPrompt? {
        for author in book.authors {
            let provenance: Provenance?
            let value: String?
            let label: String?
            switch fact {
            case .gender:
                provenance = author.gender?.provenance
                value = author.gender?.value.rawValue
                label = author.gender?.value.displayName.lowercased()
            case .region:
                provenance = author.chosenRegion?.provenance ?? author.country?.provenance
                value = author.region?.rawValue
                label = author.region?.displayName
            default: return nil
            }
            guard let provenance, let value, let label, !provenance.source.isEnteredByPerson else { continue }
            let what = fact == .gender ? "gender" : "cultural background"
            return ProfilingPrompt(
                fact: fact, style: .verify, entryID: book.entryID, workID: book.workID, bookTitle: book.title,
                authorID: author.id, authorName: author.name, authorBooks: booksByAuthor[author.id] ?? 1,
                question: "\(provenance.source.displayName) says \(author.name)’s \(what) is \(label). Is that right?",
                hint: "Your answer is kept as a reader’s answer, which automatic lookups never override.",
                choices: [.init(value: value, label: label)], offersAllLanguages: false, verifiedSource: provenance.source)
        }
        return nil
    }

    /// The language pills: the reader's language, then the library's languages by frequency,
    /// then English, at most eight.
    public static func likelyLanguages(primary: LanguageCode?, byFrequency: [LanguageCode]) -> [LanguageCode] {
        var out: [LanguageCode] = []
        func add(_ language: LanguageCode?) {
            if let language, !out.contains(language) { out.append(language) }
        }
        add(primary)
        for language in byFrequency { add(language) }
        add(LanguageCode(lenient: "en"))
        return Array(out.prefix(8))
    }

    private struct SkipKey: Hashable {
        var workID: Work.ID
        var fact: BookFact
    }

    private struct AuthorKey: Hashable {
        var authorID: Author.ID
        var fact: BookFact
    }

    private static func recentlySkipped(_ skips: [PromptSkip], now: Date) -> Set<SkipKey> {
        let cutoff = now.addingTimeInterval(-Double(skipDays) * 86_400)
        return Set(skips.filter { $0.skippedAt > cutoff }.map { SkipKey(workID: $0.workID, fact: $0.fact) })
    }

    private static func rank(_ state: EntryState) -> Int {
        switch state.status {
        case .read: 0
        case .reading: 1
        case .dnf, .onHold: 2
        case .toRead, .wishlist: 3
        }
    }
}

extension FactSource {
    public var displayName: String {
        switch self {
        case .user: "A reader"
        case .import: "An imported file"
        case .wikidata: "Wikidata"
        case .openLibrary: "Open Library"
        case .bundled: "BooksTrack’s author table"
        }
    }
}
