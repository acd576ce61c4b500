import BooksTrackApp
import BooksTrackCore
import BooksTrackImport
import Foundation
import Hummingbird

/// `/api/v1/imports` and `/api/v1/export`: importing files, the import history, and backups.
struct ImportsAPI {
    let app: BooksTrack
    let configuration: WebConfiguration

    @Sendable func imports(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let runs = try await app.reader(user).importRuns()
        let pageSize = 50
        let page = try APIQuery(request, allowed: ["page"]).page()
        let items = runs.dropFirst((page - 1) * pageSize).prefix(pageSize).map(APIModels.ImportRun.init)
        return try Responses.json(
            APIModels.Page(
                items: Array(items), page: page, pageSize: pageSize, total: runs.count,
                pageCount: max(1, (runs.count + pageSize - 1) / pageSize)))
    }

    /// The body is the file itself; `?dryRun=true` plans without writing.
    @Sendable func create(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let parameters = try APIQuery(request, allowed: ["dryRun", "fileName", "shelves"])
        let dryRun = try parameters.flag("dryRun")
        var shelves = ShelfReading.defaults
        if (parameters["shelves"]?.count ?? 0) > 4_000 { throw WebError.badRequest("shelves is at most 4,000 characters long.") }
        for item in (parameters["shelves"] ?? "").split(separator: ",") where !shelves.choose(parsing: String(item)) {
            throw WebError.badRequest(
                "shelves is a comma-separated list of NAME=owned, NAME=genre, NAME=genre:Label or NAME=shelf; “\(item)” is not one."
            )
        }
        let bytes = [UInt8](try await APIRequest.body(request, limit: configuration.uploadLimit))
        let now = configuration.clock()
        let file = try await ImportService.open(bytes, today: user.today(at: now), limit: configuration.uploadLimit)
        let runID = ImportRunSummary.ID.random()
        let fileName = parameters["fileName"].map(Exports.cleanFileName)
        let report = try await app.imports.importNow(
            file, for: user, fileName: fileName, fileSize: bytes.count, dryRun: dryRun, shelves: shelves, runID: runID)
        return try Responses.json(
            ImportReportDocument(report, id: dryRun ? nil : runID.string, fileName: fileName), status: dryRun ? .ok : .created,
            headers: dryRun ? [:] : [.location: "/api/v1/imports/\(runID.string)"])
    }

    @Sendable func run(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let runID: ImportRunSummary.ID = try context.parameters.id("importId")
        guard let (summary, report) = try await app.reader(user).importRun(runID) else {
            throw WebError.notFound("There is no such import in your history.")
        }
        return try Responses.json(ImportReportDocument(report, id: runID.string, fileName: summary.fileName))
    }

    @Sendable func export(_ request: Request, context: AppContext) async throws -> Response {
        _ = try APIQuery(request, allowed: ["format"])
        return try await ImportController.export(
            request, reader: app.reader(try context.requireUser()), configuration: configuration)
    }
}
