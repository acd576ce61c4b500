import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

/// The library list (SPEC F1).
struct LibraryController {
    let app: BooksTrack
    let insights: InsightsService

    func addRoutes(to router: Router<AppContext>) {
        router.get("/library", use: list)
    }

    @Sendable func list(_ request: Request, context: AppContext) async throws -> HTMLResponse {
        let user = try context.requireUser()
        let reader = app.reader(user)
        let query = LibraryQuery(parameters: URLQuery.parameters(of: request))
        // The library this server keeps up to date for the reader's insights gives the page's
        // shelves, counts, author names and completion rings, and an unfiltered page whole
        // (`ReaderLibrary.page`); the filters and the author order run in SQL.
        let library = try await app.libraries.library(of: user.id)
        let listed = try await reader.list(query, kept: library)
        let covers = try await reader.coverIDs(of: listed.items.map(\.entryID))
        // The running goals sit above the list (seed 004): the books the reader looks at are
        // what moves them.
        let now = app.clock()
        let goals = query.isFiltered ? [] : try await app.goals.goals(for: user, now: now)
        return HTMLResponse(
            html: LibraryListPage.render(
                page: context.page(.library),
                model: .init(
                    result: listed, shelves: library.shelfCounts, genres: library.genreCounts,
                    countries: library.authorCountries, totalBooks: library.entries.count,
                    completions: completions(of: listed.items, in: library), covers: covers,
                    goals: goals.filter { $0.goal.isRunning(on: user.today(at: now)) })))
    }

    /// The listed books' completion rings (a look-up, not another query per book).
    private func completions(of items: [LibraryListItem], in library: ReaderLibrary) -> [LibraryEntry.ID: Double] {
        guard !items.isEmpty else { return [:] }
        let wanted = Set(items.map(\.entryID))
        var completions: [LibraryEntry.ID: Double] = [:]
        for entry in library.entries where wanted.contains(entry.id) {
            completions[entry.id] = library.facts(of: entry)?.completion
        }
        return completions
    }
}
