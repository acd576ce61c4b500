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
        let state = EntryState(
            status: status, rating: rating, owned: entry.owned, addedOn: entry.added.flatMap(LocalDate.init),
            readCount: entry.readCount, currentPage: entry.currentPage, shelves: entry.shelves,
            review: entry.review, notes: entry.notes, readings: readings, extras: entry.extras)
        var record = ImportRecord(
            row: number, title: entry.title, authors: entry.authors.map(PersonName.clean),
            contributors: entry.contributors.map {
                ContributorName(name: PersonName.clean($0.name), role: ContributorRole(rawValue: $0.role) ?? .contributor)
            },
            identifiers: identifiers, originalLanguage: entry.work.originalLanguage.flatMap(LanguageCode.init(lenient:)),
            firstPublishedYear: entry.work.firstPublished, genres: entry.work.genres,
            ownVoices: entry.work.ownVoices.flatMap(YesNo.init(rawValue:)), accessibilityTags: entry.work.accessibility,
            edition: entry.edition.map(editionDetails) ?? EditionDetails(), entry: state, carries: .all,
            readingsAreComplete: true,
            sessions: entry.sessions.map {
                SessionDraft(
                    startedAt: $0.startedAt, endedAt: $0.endedAt, startPage: $0.startPage,
                    endPage: $0.endPage, loggedAfterwards: $0.loggedAfterwards)
            },
            warnings: warnings)
        record.progress = (entry.progress ?? []).map {
            ProgressDraft(page: $0.page, percent: $0.percent, recordedAt: $0.recordedAt)
        }
        return record
    }

    private static func editionDetails(_ edition: BackupDocument.Edition) -> EditionDetails {
        EditionDetails(
            isbn10: edition.isbn10, isbn13: edition.isbn13, publisher: edition.publisher, year: edition.year,
            pageCount: edition.pages, format: edition.format.flatMap(BookFormat.init(rawValue:)),
            binding: edition.binding, language: edition.language.flatMap(LanguageCode.init(lenient:)))
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
                let starts = LocalDate(section.startsOn), let ends = LocalDate(section.endsOn)
            else { continue }
            let goal = BooksTrackCore.Goal(
                userID: placeholder, title: section.title, kind: kind, target: section.target, cadence: cadence,
                recurring: section.recurring, startsOn: starts, endsOn: ends, criteria: section.criteria, status: status,
                createdAt: section.createdAt, completedAt: section.completedAt, snapshot: section.snapshot)
            goals.append(goal)
            milestones += section.milestones.map { Milestone(goalID: goal.id, percent: $0.percent, reachedAt: $0.reachedAt) }
        }
        return ReaderData(
            displayName: reader.displayName, settings: settings, goals: goals, milestones: milestones,
            contributions: contributions.map {
                ContributionDraft(
                    authorName: $0.author, workTitle: $0.work, fact: $0.fact, value: $0.value, note: $0.note, points: $0.points,
                    recordedAt: $0.recordedAt)
            },
            achievements: achievements.map { AchievementUnlock(achievement: $0.achievement, unlockedAt: $0.unlockedAt) },
            // A badge of a kind or statement this version does not know is left out.
            badges: badges.compactMap { badge in
                guard let kind = IdentityBadgeKind(rawValue: badge.badge),
                    let statedBy = BadgeStatement(rawValue: badge.statedBy),
                    (badge.book == nil) != (badge.author == nil)
                else { return nil }
                return BadgeDraft(
                    kind: kind, bookTitle: badge.book, authorName: badge.author, statedBy: statedBy, source: badge.source,
                    shared: badge.shared && badge.author != nil, recordedAt: badge.recordedAt)
            })
    }
}
