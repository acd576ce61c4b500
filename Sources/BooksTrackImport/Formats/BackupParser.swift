import BooksTrackCore
import Foundation

/// Reads a BooksTrack JSON backup into records (one per entry) and the reader's own data.
///
/// Entries are turned into records one at a time as a backup is streamed (``record(_:number:)``);
/// ``batch(_:)`` then attaches the authors' facts and the reader's data.
struct BackupParser {
    var reader: BackupDocument.Reader
    var authors: [BackupDocument.Author]
    var goals: [BackupDocument.Goal]
    var contributions: [BackupDocument.Contribution]
    var achievements: [BackupDocument.Achievement]
    var badges: [BackupDocument.Badge]

    init(document: BackupDocument) {
        self.init(
            reader: document.reader, authors: document.authors, goals: document.goals,
            contributions: document.contributions, achievements: document.achievements, badges: document.badges ?? [])
    }

    init(
        reader: BackupDocument.Reader, authors: [BackupDocument.Author], goals: [BackupDocument.Goal],
        contributions: [BackupDocument.Contribution], achievements: [BackupDocument.Achievement],
        badges: [BackupDocument.Badge] = []
    ) {
        self.badges = badges
        self.reader = reader
        self.authors = authors
        self.goals = goals
        self.contributions = contributions
        self.achievements = achievements
    }

    /// The whole document at once.
    static func parse(_ document: BackupDocument) -> ImportBatch {
        BackupParser(document: document).batch(document.entries.enumerated().map { BackupParser.record($1, number: $0 + 1) })
    }

    /// The batch of the entries' records: each author's facts travel with the first record that
    /// names them.
    func batch(_ entryRecords: [ImportRecord]) -> ImportBatch {
        let factsByAuthor = Dictionary(grouping: authors, by: { TextNormalization.nameKey($0.name) })
        var restoredFacts = Set<String>()
        var records = entryRecords
        for index in records.indices {
            for name in records[index].authors + records[index].contributors.map(\.name) {
                let key = TextNormalization.nameKey(name)
                guard restoredFacts.insert(key).inserted, let author = factsByAuthor[key]?.first else { continue }
                records[index].authorFacts += author.facts.compactMap {
                    fact($0, authorName: author.name, warnings: &records[index].warnings)
                }
            }
        }
        return ImportBatch(format: .backup, records: records, readerData: readerData())
    }

    static func record(_ entry: BackupDocument.Entry, number: Int) -> ImportRecord {
        var warnings: [ImportWarning] = []
        guard let status = ReadingStatus(rawValue: entry.status) ?? ReadingStatus(lenient: entry.status) else {
            return .skipped(row: number, line: nil, title: entry.title, reason: "“\(entry.status)” is not a reading status.")
        }
        let rating = entry.rating.flatMap { value -> Rating? in
            guard let rating = Rating(stars: value) else {
                warnings.append(
                    ImportWarning(field: "rating", "\(value) is not a rating from 0 to 5 in quarter stars; it was left out"))
                return nil
            }
            return rating
        }
        let identifiers = entry.work.identifiers.compactMap { text -> ExternalID? in
            let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, let scheme = ExternalID.Scheme(rawValue: parts[0]), !parts[1].isEmpty else {
                warnings.append(
                    ImportWarning(field: "identifiers", "“\(text)” is not an identifier BooksTrack knows; it was left out"))
                return nil
            }
            return ExternalID(scheme, parts[1])
        }
        let readings = entry.readings.compactMap { reading -> Reading? in
            guard let outcome = Reading.Outcome(rawValue: reading.outcome), let origin = Reading.Origin(reading.origin) else {
                warnings.append(ImportWarning(field: "readings", "a reading with an unknown outcome was left out"))
                return nil
            }
            return Reading(
                startedOn: reading.started.flatMap(LocalDate.init), finishedOn: reading.finished.flatMap(LocalDate.init),
                outcome: outcome, origin: origin)
        }
        // Every number is checked as the forms check it: a backup is a file like any other.
        let readCount = bounded(entry.readCount, Limits.readCount, "readCount", "a read count", &warnings)
        let currentPage = bounded(entry.currentPage, Limits.pages, "currentPage", "a page number", &warnings)
        let firstPublished = bounded(entry.work.firstPublished, Limits.year, "firstPublished", "a year", &warnings)
        let state = EntryState(
            status: status, rating: rating, owned: entry.owned, addedOn: entry.added.flatMap(LocalDate.init),
            readCount: readCount, currentPage: currentPage, shelves: entry.shelves,
            review: entry.review, notes: entry.notes, readings: readings, extras: entry.extras)
        var record = ImportRecord(
            row: number, title: entry.title, authors: entry.authors.map(PersonName.clean),
            contributors: entry.contributors.map {
                ContributorName(name: PersonName.clean($0.name), role: ContributorRole(rawValue: $0.role) ?? .contributor)
            },
            identifiers: identifiers, originalLanguage: entry.work.originalLanguage.flatMap(LanguageCode.init(lenient:)),
            firstPublishedYear: firstPublished, genres: entry.work.genres,
            ownVoices: entry.work.ownVoices.flatMap(YesNo.init(rawValue:)), accessibilityTags: entry.work.accessibility,
            edition: entry.edition.map { editionDetails($0, warnings: &warnings) } ?? EditionDetails(), entry: state,
            carries: .all, readingsAreComplete: true, sessions: sessions(entry.sessions, warnings: &warnings),
            warnings: [])
        record.progress = (entry.progress ?? []).compactMap { update in
            guard SessionRules.check(page: update.page) == nil, update.percent.map(Limits.percent.contains) ?? true else {
                warnings.append(ImportWarning(field: "progress", "a progress update past page 100,000 or 100% was left out"))
                return nil
            }
            return ProgressDraft(page: update.page, percent: update.percent, recordedAt: update.recordedAt)
        }
        record.warnings = warnings
        return record
    }

    /// `value` when it is within `range`; otherwise nothing, with a warning naming the field.
    static func bounded(
        _ value: Int?, _ range: ClosedRange<Int>, _ field: String, _ what: String, _ warnings: inout [ImportWarning]
    ) -> Int? {
        guard let value, !range.contains(value) else { return value }
        warnings.append(
            ImportWarning(
                field: field, "\(value) is not \(what) from \(range.lowerBound) to \(range.upperBound); it was left out"))
        return nil
    }

    /// The sessions whose pages and times a reader could have entered: pages within
    /// ``Limits/pages``, an end after the start and at most a day later.
    private static func sessions(_ sessions: [BackupDocument.Session], warnings: inout [ImportWarning]) -> [SessionDraft] {
        sessions.compactMap { session in
            let pagesProblem = SessionRules.check(page: session.startPage) ?? session.endPage.flatMap(SessionRules.check(page:))
            let length = session.endedAt.map { $0.timeIntervalSince(session.startedAt) } ?? 0
            guard pagesProblem == nil, (0...86_400).contains(length) else {
                warnings.append(
                    ImportWarning(
                        field: "sessions",
                        "a session with pages past 100,000, or ending before it starts or a day later, was left out"))
                return nil
            }
            return SessionDraft(
                startedAt: session.startedAt, endedAt: session.endedAt, startPage: session.startPage, endPage: session.endPage,
                loggedAfterwards: session.loggedAfterwards)
        }
    }

    private static func editionDetails(_ edition: BackupDocument.Edition, warnings: inout [ImportWarning]) -> EditionDetails {
        EditionDetails(
            isbn10: edition.isbn10, isbn13: edition.isbn13, publisher: edition.publisher,
            year: bounded(edition.year, Limits.year, "edition.year", "a year", &warnings),
            pageCount: bounded(edition.pages, 1...Limits.pages.upperBound, "edition.pages", "a page count", &warnings),
            format: edition.format.flatMap(BookFormat.init(rawValue:)), binding: edition.binding,
            language: edition.language.flatMap(LanguageCode.init(lenient:)))
    }

    private func fact(_ fact: BackupDocument.Fact, authorName: String, warnings: inout [ImportWarning]) -> AuthorFactDraft? {
        guard let kind = AuthorFactKind(rawValue: fact.kind), let source = FactSource(rawValue: fact.source) else {
            warnings.append(ImportWarning(field: "facts", "a fact about \(authorName) of an unknown kind was left out"))
            return nil
        }
        let value = fact.value.flatMap(kind.canonical)
        if fact.value != nil, value == nil {
            warnings.append(
                ImportWarning(
                    field: "facts", "“\(fact.value!)” is not a valid \(kind.rawValue) for \(authorName); it was left out"))
            return nil
        }
        return AuthorFactDraft(
            authorName: authorName, kind: kind, value: value, source: source,
            enteredByImportingReader: fact.enteredBy == "you", recordedAt: fact.recordedAt, detail: fact.detail)
    }

    private func readerData() -> ReaderData {
        let settings = ReaderSettings(
            primaryLanguage: reader.primaryLanguage.flatMap(LanguageCode.init(lenient:)), timeZone: reader.timeZone,
            underrepresentedRegions: Set(reader.underrepresentedRegions.compactMap(CulturalRegion.init(rawValue:))),
            palette: reader.palette.flatMap(ChartPalette.init(rawValue:)))
        var goals: [BooksTrackCore.Goal] = []
        var milestones: [Milestone] = []
        let placeholder = User.ID.random()
        for section in self.goals {
            guard let kind = BooksTrackCore.Goal.Kind(rawValue: section.kind),
                let cadence = BooksTrackCore.Goal.Cadence(rawValue: section.cadence),
                let status = BooksTrackCore.Goal.Status(rawValue: section.status),
                let starts = LocalDate(section.startsOn), let ends = LocalDate(section.endsOn),
                // A goal the form would refuse is left out: its target, its first decade, a share
                // goal's fewest books.
                GoalDraft.range(of: kind).contains(section.target),
                section.criteria.sinceYear.map(Limits.year.contains) ?? true,
                section.criteria.minimumBooks.map(GoalDraft.minimumBooks.contains) ?? true
            else { continue }
            let goal = BooksTrackCore.Goal(
                userID: placeholder, title: section.title, kind: kind, target: section.target, cadence: cadence,
                recurring: section.recurring, startsOn: starts, endsOn: ends, criteria: section.criteria, status: status,
                createdAt: section.createdAt, completedAt: section.completedAt,
                snapshot: section.snapshot.flatMap(Self.plausible))
            goals.append(goal)
            milestones += section.milestones.filter { (0...1_000).contains($0.percent) }.map {
                Milestone(goalID: goal.id, percent: $0.percent, reachedAt: $0.reachedAt)
            }
        }
        return ReaderData(
            displayName: reader.displayName, settings: settings, goals: goals, milestones: milestones,
            contributions: contributions.filter { Limits.contributionPoints.contains($0.points) }.map {
                ContributionDraft(
                    authorName: $0.author, workTitle: $0.work, fact: $0.fact, value: $0.value, note: $0.note, points: $0.points,
                    recordedAt: $0.recordedAt)
            },
            achievements: achievements.map { AchievementUnlock(achievement: $0.achievement, unlockedAt: $0.unlockedAt) },
            // A badge of a kind or statement this version does not know is left out, and so is one
            // whose source the form would refuse; it is shared only as the form would share it.
            badges: badges.compactMap { badge in
                let source = TextNormalization.trim(badge.source)
                guard let kind = IdentityBadgeKind(rawValue: badge.badge),
                    let statedBy = BadgeStatement(rawValue: badge.statedBy),
                    (badge.book == nil) != (badge.author == nil), IdentityBadgeDraft.acceptsSource(source)
                else { return nil }
                return BadgeDraft(
                    kind: kind, bookTitle: badge.book, authorName: badge.author, statedBy: statedBy, source: source,
                    shared: badge.shared && IdentityBadgeDraft.mayShare(source: source, aboutAuthor: badge.author != nil),
                    recordedAt: badge.recordedAt)
            })
    }

    /// A completed goal's final figures, when they are ones a library could have (a share of at
    /// most 1,000 times the target, counts of at most a billion).
    static func plausible(_ snapshot: BooksTrackCore.Goal.Snapshot) -> BooksTrackCore.Goal.Snapshot? {
        let counts = 0...1_000_000_000
        guard snapshot.progress.isFinite, (0...1_000).contains(snapshot.progress), counts.contains(snapshot.books),
            counts.contains(snapshot.pages), counts.contains(snapshot.countries)
        else { return nil }
        return snapshot
    }
}
