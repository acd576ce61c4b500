import BooksTrackApp
import BooksTrackCore
import BooksTrackStore
import Foundation
import Hummingbird

/// The library list (SPEC F1).
struct LibraryController {
    let store: Store

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
        return HTMLResponse(
            html: LibraryListPage.render(
                page: context.page(.library),
                model: .init(result: try await result, shelves: try await shelves, totalBooks: total)))
    }
}
