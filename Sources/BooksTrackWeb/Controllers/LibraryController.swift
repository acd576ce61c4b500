import BooksTrackApp
import BooksTrackCore
import BooksTrackStore
import Foundation
import Hummingbird

/// The library list (SPEC F1).
struct LibraryController {
    let store: Store
    let insights: InsightsService

    func addRoutes(to router: Router<AppContext>) {
        router.get("/library", use: list)
    }

    @Sendable func list(_ request: Request, context: AppContext) async throws -> HTMLResponse {
        let user = try context.requireUser()
        let reader = store.reader(user.id)
        let query = LibraryQuery(parameters: URLQuery.parameters(of: request))
        async let result = reader.list(query, primaryLanguage: user.settings.primaryLanguage)
        async let shelves = reader.shelves()
        async let counts = reader.entryCounts()
        let total = try await counts.values.reduce(0, +)
        let listed = try await result
        return HTMLResponse(
            html: LibraryListPage.render(
                page: context.page(.library),
                model: .init(
                    result: listed, shelves: try await shelves, totalBooks: total,
                    completions: try await completions(of: listed.items, for: user))))
    }

    /// The listed books' completion rings, from the library this server keeps up to date for the
    /// reader's insights (a look-up, not another query per book).
    private func completions(of items: [LibraryListItem], for user: User) async throws -> [LibraryEntry.ID: Double] {
        guard !items.isEmpty else { return [:] }
        let library = try await insights.library(of: user.id)
        let wanted = Set(items.map(\.entryID))
        var completions: [LibraryEntry.ID: Double] = [:]
        for entry in library.entries where wanted.contains(entry.id) {
            completions[entry.id] = library.facts(of: entry)?.completion
        }
        return completions
    }
}
