import BooksTrackCore
import Foundation

/// Builds the JSON backup of a reader's library.
public enum BackupWriter {
    /// The backup document of a library; deterministic for the same library. A backup to be
    /// written out is better made by ``BackupStream``, which never holds it whole.
    /// `badges` are the reader's own identity badges (kept apart from the library).
    public static func document(for library: ReaderLibrary, badges: [BadgeDraft] = []) -> BackupDocument {
        var parts = Parts(library)
        parts.badges = Self.badges(badges)
        return BackupDocument(
            format: BackupDocument.formatName, version: BackupDocument.currentVersion, reader: parts.reader,
            authors: parts.authors.map { author($0, readerID: library.user.id) },
            entries: parts.entries.map {
                entry($0, library: library, sessions: parts.sessions[$0.id] ?? [], progress: parts.progress[$0.id] ?? [])
            },
            goals: parts.goals, contributions: parts.contributions, achievements: parts.achievements, badges: parts.badges)
    }

    /// The badges section, in a stable order.
    static func badges(_ drafts: [BadgeDraft]) -> [BackupDocument.Badge] {
        drafts.map {
            BackupDocument.Badge(
                badge: $0.kind.rawValue, book: $0.bookTitle, author: $0.authorName, statedBy: $0.statedBy.rawValue,
                source: $0.source, shared: $0.shared, recordedAt: $0.recordedAt)
        }.sorted {
            ($0.recordedAt, $0.badge, $0.book ?? "", $0.author ?? "") < ($1.recordedAt, $1.badge, $1.book ?? "", $1.author ?? "")
        }
    }

    /// Everything of a backup but its entries' and authors' sections, which are made one at a
    /// time; entries and authors come in the backup's order.
    struct Parts {
        var reader: BackupDocument.Reader
        var authors: [BooksTrackCore.Author]
        var entries: [LibraryEntry]
        var sessions: [LibraryEntry.ID: [ReadingSession]]
        var progress: [LibraryEntry.ID: [ProgressUpdate]]
        var goals: [BackupDocument.Goal]
        var contributions: [BackupDocument.Contribution]
        var achievements: [BackupDocument.Achievement]
        var badges: [BackupDocument.Badge] = []

        init(_ library: ReaderLibrary) {
            let settings = library.user.settings
            var authorIDs = Set<BooksTrackCore.Author.ID>()
            let name = { (id: BooksTrackCore.Author.ID) in library.authors[id]?.name ?? "" }
            entries = library.entries.map { entry -> (String, LibraryEntry) in
                let work = library.works[entry.workID]
                authorIDs.formUnion(work?.namedAuthorIDs ?? [])
                let key = BackupWriter.sortKey(
                    title: work?.title ?? "", authors: work?.authorIDs.map(name) ?? [],
                    identifiers: (work?.identifiers ?? []).sorted().map(\.description), added: entry.state.addedOn?.description)
                return (key, entry)
            }.sorted { $0.0 < $1.0 }.map(\.1)
            authors = authorIDs.compactMap { library.authors[$0] }.sorted { ($0.nameKey, $0.name) < ($1.nameKey, $1.name) }
            sessions = Dictionary(grouping: library.sessions, by: \.entryID)
            progress = Dictionary(grouping: library.progress, by: \.entryID)
            reader = .init(
                name: library.user.name, displayName: library.user.displayName,
                primaryLanguage: settings.primaryLanguage?.code, timeZone: settings.timeZone,
                underrepresentedRegions: settings.underrepresentedRegions.sorted().map(\.rawValue),
                palette: settings.palette?.rawValue)
            goals = BackupWriter.goals(library)
            contributions = library.contributions.map { contribution in
                BackupDocument.Contribution(
                    author: contribution.authorID.flatMap { library.authors[$0]?.name },
                    work: contribution.workID.flatMap { library.works[$0]?.title },
                    fact: contribution.fact, value: contribution.value, note: contribution.note, points: contribution.points,
                    recordedAt: contribution.recordedAt)
            }.sorted {
                ($0.recordedAt, $0.fact, $0.author ?? "", $0.work ?? "") < (
                    $1.recordedAt, $1.fact, $1.author ?? "", $1.work ?? ""
                )
            }
            achievements = library.achievements.sorted { $0.achievement < $1.achievement }
                .map { .init(achievement: $0.achievement, unlockedAt: $0.unlockedAt) }
        }
    }

    static func author(_ author: BooksTrackCore.Author, readerID: User.ID) -> BackupDocument.Author {
        let facts = author.currentAssertions.map { assertion in
            BackupDocument.Fact(
                kind: assertion.kind.rawValue, value: assertion.value, source: assertion.provenance.source.rawValue,
                enteredBy: assertion.provenance.userID == readerID ? "you" : nil,
                recordedAt: assertion.provenance.recordedAt, detail: assertion.provenance.detail)
        }.sorted { $0.kind < $1.kind }
        return BackupDocument.Author(name: author.name, sortName: author.sortName, facts: facts)
    }

    static func entry(
        _ entry: LibraryEntry, library: ReaderLibrary, sessions: [ReadingSession], progress: [ProgressUpdate]
    ) -> BackupDocument.Entry {
        let work = library.works[entry.workID]
        let state = entry.state
        let name = { (id: BooksTrackCore.Author.ID) in library.authors[id]?.name ?? "" }
        let sessions = sessions.sorted { $0.startedAt < $1.startedAt }
        return BackupDocument.Entry(
            title: work?.title ?? "",
            authors: work?.authorIDs.map(name) ?? [],
            contributors: (work?.contributors ?? []).map { .init(name: name($0.authorID), role: $0.role.rawValue) }
                .sorted { ($0.role, $0.name) < ($1.role, $1.name) },
            status: state.status.rawValue, rating: state.rating?.stars, owned: state.owned,
            added: state.addedOn?.description, readCount: state.readCount, currentPage: state.currentPage,
            shelves: state.shelves, review: state.review, notes: state.notes,
            readings: state.readings.map(\.content).sorted().map {
                .init(
                    started: $0.startedOn?.description, finished: $0.finishedOn?.description,
                    outcome: $0.outcome.rawValue, origin: $0.origin.description)
            },
            sessions: sessions.map {
                .init(
                    startedAt: $0.startedAt, endedAt: $0.endedAt, startPage: $0.startPage, endPage: $0.endPage,
                    loggedAfterwards: $0.loggedAfterwards)
            },
            progress: progress.isEmpty
                ? nil
                : progress.sorted { ($0.recordedAt, $0.page) < ($1.recordedAt, $1.page) }.map {
                    .init(page: $0.page, percent: $0.percent, recordedAt: $0.recordedAt)
                },
            work: .init(
                originalLanguage: work?.originalLanguage?.code, firstPublished: work?.firstPublishedYear,
                genres: work?.genres ?? [], ownVoices: work?.ownVoices?.rawValue,
                accessibility: work?.accessibilityTags ?? [],
                identifiers: (work?.identifiers ?? []).sorted().map(\.description)),
            edition: entry.editionID.flatMap { library.editions[$0] }.map { edition in
                let d = edition.details
                return .init(
                    isbn10: d.isbn10, isbn13: d.isbn13, publisher: d.publisher, year: d.year, pages: d.pageCount,
                    format: d.format?.rawValue, binding: d.binding, language: d.language?.code)
            },
            extras: state.extras)
    }

    private static func goals(_ library: ReaderLibrary) -> [BackupDocument.Goal] {
        library.goals.map { goal in
            BackupDocument.Goal(
                title: goal.title, kind: goal.kind.rawValue, target: goal.target, cadence: goal.cadence.rawValue,
                recurring: goal.recurring, startsOn: goal.startsOn.description, endsOn: goal.endsOn.description,
                criteria: goal.criteria, status: goal.status.rawValue, createdAt: goal.createdAt,
                completedAt: goal.completedAt, snapshot: goal.snapshot,
                milestones: library.milestones.filter { $0.goalID == goal.id }.sorted { $0.percent < $1.percent }
                    .map { .init(percent: $0.percent, reachedAt: $0.reachedAt) })
        }.sorted { ($0.startsOn, $0.title, $0.createdAt) < ($1.startsOn, $1.title, $1.createdAt) }
    }

    /// Orders entries by title, then author, then identifiers, so the document is stable.
    static func sortKey(title: String, authors: [String], identifiers: [String], added: String?) -> String {
        [
            TextNormalization.titleKey(title), title, authors.joined(separator: ";"), identifiers.joined(separator: ";"),
            added ?? "",
        ].joined(separator: "\u{1}")
    }
}
