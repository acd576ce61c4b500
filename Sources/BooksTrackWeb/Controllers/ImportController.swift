import BooksTrackApp
import BooksTrackCore
import BooksTrackImport
import Foundation
import Hummingbird

/// Importing in the browser — upload, preview, confirm, progress, report — the import
/// history, and export (SPEC F2).
struct ImportController {
    let app: BooksTrack
    let configuration: WebConfiguration

    func addRoutes(to router: Router<AppContext>) {
        router.get("/import", use: index)
        router.post("/import", use: upload)
        router.get("/import/uploads/:upload", use: showUpload)
        router.get("/import/uploads/:upload/progress", use: progress)
        router.post("/import/uploads/:upload", use: confirm)
        router.post("/import/uploads/:upload/cancel", use: cancel)
        router.post("/import/uploads/:upload/shelves", use: shelves)
        router.get("/imports/:run", use: report)
        router.get("/export", use: export)
    }

    @Sendable func index(_ request: Request, context: AppContext) async throws -> HTMLResponse {
        let user = try context.requireUser()
        let runs = try await app.reader(user).importRuns()
        return HTMLResponse(
            html: ImportPages.index(page: context.page(.import), model: .init(runs: runs, uploadLimit: configuration.uploadLimit))
        )
    }

    @Sendable func upload(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try context.requireForm()
        let reader = app.reader(user)
        func refuse(_ message: String, status: HTTPResponse.Status = .unprocessableContent) async throws -> Response {
            let html = ImportPages.index(
                page: context.page(.import),
                model: .init(runs: try await reader.importRuns(), error: message, uploadLimit: configuration.uploadLimit))
            return HTMLResponse(html: html, status: status).response(from: request, context: context)
        }
        guard let file = form.files["file"], !(file.fileName.isEmpty && file.bytes.isEmpty) else {
            return try await refuse("Choose a file to import first.")
        }
        let now = configuration.clock()
        let batch: ImportBatch
        do {
            batch = try await ImportService.parse(file.bytes, today: user.today(at: now), limit: configuration.uploadLimit)
        } catch let error as ImportFileError {
            return try await refuse("“\(file.fileName)”: \(error.description)")
        }
        // The preview is planned once, here, and kept with the upload.
        let preview = try await reader.preview(batch, now: now)
        let upload = try await reader.saveUpload(
            fileName: Exports.cleanFileName(file.fileName), bytes: file.bytes, preview: preview, now: now)
        return Responses.redirect(to: "/import/uploads/\(upload.id.string)")
    }

    private func upload(_ context: AppContext) async throws -> (User, ImportUpload, [UInt8]) {
        let user = try context.requireUser()
        let id: ImportUpload.ID = try context.parameters.id("upload")
        guard let (upload, bytes) = try await app.reader(user).upload(id) else {
            throw WebError.notFound(
                "This upload is gone: uploads that are not imported are removed after a day. Upload the file again.")
        }
        return (user, upload, bytes)
    }

    @Sendable func showUpload(_ request: Request, context: AppContext) async throws -> Response {
        let (user, upload, bytes) = try await upload(context)
        let now = configuration.clock()
        let jobs = app.imports
        switch upload.status {
        case .previewed:
            var preview = upload.preview
            if preview == nil {
                // Uploaded by an older BooksTrack, before previews were kept.
                let batch = try await ImportService.parse(bytes, today: user.today(at: now), limit: configuration.uploadLimit)
                preview = try await app.reader(user).preview(batch, shelves: upload.shelfReading, now: now)
            }
            guard let preview else { throw WebError.internal }
            return HTMLResponse(
                html: ImportPages.preview(page: context.page(.import), model: .init(upload: upload, report: preview))
            )
            .response(from: request, context: context)
        case .running:
            return HTMLResponse(
                html: ImportPages.running(
                    page: context.page(.import), model: .init(upload: upload, progress: jobs.progress(of: upload.id)))
            )
            .response(from: request, context: context)
        case .done:
            guard let runID = upload.runID else { throw WebError.notFound() }
            return Responses.redirect(to: "/imports/\(runID.string)")
        case .failed:
            return HTMLResponse(
                html: ImportPages.failed(page: context.page(.import), upload: upload), status: .unprocessableContent
            )
            .response(from: request, context: context)
        }
    }

    /// The state of an upload as JSON, for the progress page's script.
    @Sendable func progress(_ request: Request, context: AppContext) async throws -> Response {
        let (_, upload, _) = try await upload(context)
        var body: [String: String] = ["status": upload.status.rawValue]
        if upload.status == .done, let runID = upload.runID { body["report"] = "/imports/\(runID.string)" }
        switch app.imports.progress(of: upload.id) {
        case .writing(let done, let total)?:
            body["done"] = String(done)
            body["total"] = String(total)
        default: break
        }
        return try Responses.json(body, headers: [.cacheControl: "no-store"])
    }

    @Sendable func confirm(_ request: Request, context: AppContext) async throws -> Response {
        let (user, upload, _) = try await upload(context)
        if upload.status == .previewed {
            _ = try await app.startImport(upload.id, for: user)
            // Small files are done in a moment: wait briefly so most readers land on the report.
            for _ in 0..<20 {
                try await Task.sleep(for: .milliseconds(100))
                if let now = try await app.reader(user).upload(upload.id)?.0, now.status != .running {
                    if now.status == .done, let runID = now.runID { return Responses.redirect(to: "/imports/\(runID.string)") }
                    break
                }
            }
        }
        return Responses.redirect(to: "/import/uploads/\(upload.id.string)")
    }

    /// The preview's shelf form: what each listed shelf is read as (`shelf.N` and `meaning.N`:
    /// `shelf`, `owned` or `genre`); the preview is planned again with it.
    @Sendable func shelves(_ request: Request, context: AppContext) async throws -> Response {
        let (user, upload, _) = try await upload(context)
        let form = try context.requireForm()
        var reading = upload.shelfReading
        for index in 0..<ImportPages.shelvesShown {
            guard let shelf = form.fields["shelf.\(index)"], !shelf.isEmpty, let meaning = form.fields["meaning.\(index)"]
            else { continue }
            switch meaning {
            case "shelf": reading.choose(.shelf, for: shelf)
            case "owned": reading.choose(.owned, for: shelf)
            case "genre": reading.choose(.genre(ShelfReading.suggestedGenre(for: shelf)), for: shelf)
            default: throw WebError.badRequest("“\(meaning)” is not something a shelf can be read as.")
            }
        }
        _ = try await app.reader(user).rereadShelves(
            of: upload.id, as: reading, now: configuration.clock(), limit: configuration.uploadLimit)
        return Responses.redirect(to: "/import/uploads/\(upload.id.string)#preview-shelves")
    }

    @Sendable func cancel(_ request: Request, context: AppContext) async throws -> Response {
        let (user, upload, _) = try await upload(context)
        guard try await app.reader(user).discardUpload(upload.id) else {
            return Responses.redirect(to: "/import/uploads/\(upload.id.string)")
        }
        return Responses.redirect(to: "/import", notice: .importCancelled)
    }

    @Sendable func report(_ request: Request, context: AppContext) async throws -> HTMLResponse {
        let user = try context.requireUser()
        let runID: ImportRunSummary.ID = try context.parameters.id("run")
        guard let (summary, report) = try await app.reader(user).importRun(runID) else {
            throw WebError.notFound("There is no such import in your history.")
        }
        let parameters = URLQuery.parameters(of: request)
        let filter = parameters["outcome"].flatMap(ImportOutcome.Kind.init(rawValue:))
        let page = URLQuery.pageNumber(parameters)
        async let progress = app.enrichment.progress(for: user.id)
        async let questions = app.enrichment.questionCounts(for: user.id)
        return HTMLResponse(
            html: ImportPages.report(
                page: context.page(.import),
                model: .init(
                    summary: summary, report: report, filter: filter, pageNumber: page, enrichment: try await progress,
                    questions: try await questions.authors)))
    }

    @Sendable func export(_ request: Request, context: AppContext) async throws -> Response {
        try await Self.export(request, reader: app.reader(try context.requireUser()), configuration: configuration)
    }

    /// `?format=json` (a backup, the default), `?format=json.gz` (the backup compressed) or
    /// `?format=goodreads`, as a download written a piece at a time. The page and the API answer
    /// the same.
    static func export(_ request: Request, reader: Reader, configuration: WebConfiguration) async throws -> Response {
        let asked = URLQuery.parameters(of: request)["format"] ?? "json"
        guard let format = Exports.Format(rawValue: asked) else {
            throw WebError.badRequest(
                "Export as format=json (a BooksTrack backup), format=json.gz (the backup, compressed) or format=goodreads (CSV).")
        }
        let file = try await reader.export(format, now: configuration.clock())
        return Response(
            status: .ok,
            headers: [
                .contentType: file.contentType, .contentDisposition: "attachment; filename=\"\(file.name)\"",
                .cacheControl: "no-store",
            ],
            body: ResponseBody { writer in
                try await file.write { try await writer.write(ByteBuffer(data: $0)) }
                try await writer.finish(nil)
            })
    }
}
