import BooksTrackApp
import BooksTrackCore
import BooksTrackImport
import Foundation
import Hummingbird

extension ImportsAPI: APIResource {
    enum Operation: String, APIOperationDeclaring {
        case listImports, createImport, getImport, exportLibrary

        var declaration: APIOperation {
            switch self {
            case .listImports:
                APIOperation(
                    .get, "imports", .imports, summary: "Past imports, newest first",
                    parameters: [.page],
                    responses: [.json(.ok, "A page of imports.", APIModels.Page<APIModels.ImportRun>.self), .unauthorized])
            case .createImport:
                APIOperation(
                    .post, "imports", .imports,
                    summary: "Import an export file (Goodreads, StoryGraph, LibraryThing, KOReader's statistics or a backup)",
                    description:
                        "Send the file itself as the body. The format is recognised from the content: KOReader's `statistics.sqlite3` (an SQLite database) becomes its books and their reading sessions (docs/import.md). With `dryRun=true` nothing is written and the answer is the preview.",
                    parameters: [
                        .query("dryRun", "Only report what would happen.", JSONSchema.boolean),
                        .query("fileName", "The file's name, for the history.", JSONSchema.string),
                        .query(
                            "shelves",
                            "What some of the file's shelves mean, overriding the defaults (docs/import.md): a comma-separated list of `NAME=owned`, `NAME=genre`, `NAME=genre:Label` or `NAME=shelf`.",
                            JSONSchema.string.matching(
                                "^[^,=]*[^,=\\s][^,=]*=(owned|genre|shelf|genre:[^,]*[^,\\s][^,]*)(,[^,=]*[^,=\\s][^,=]*=(owned|genre|shelf|genre:[^,]*[^,\\s][^,]*))*$"
                            ).merged(with: JSONSchema(maxLength: 4000))),
                    ],
                    requestBody: APIRequestBody(contents: [
                        .init(
                            mediaType: "text/csv", schema: .fixed(.string),
                            example:
                                "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies\n1,Half of a Yellow Sun,Chimamanda Ngozi Adichie,\"Adichie, Chimamanda Ngozi\",,,,5,4.3,Knopf,Paperback,433,2006,2006,2025/03/01,2025/01/05,,,read,,,,1,0\n"
                        ),
                        .init(mediaType: "application/json", schema: .fixed(.anyObject), example: nil),
                        .init(
                            mediaType: "application/octet-stream", schema: .fixed(JSONSchema.string.formatted("binary")),
                            example: nil),
                    ]),
                    responses: [
                        .json(.created, "Imported; the report lists every row.", ImportReportDocument.self),
                        .json(.ok, "The dry run's report.", ImportReportDocument.self), .unauthorized, .tooLarge,
                    ])
            case .getImport:
                APIOperation(
                    .get, "imports/{importId}", .imports, summary: "One past import with every row's outcome",
                    parameters: [.importID],
                    responses: [.json(.ok, "The report.", ImportReportDocument.self), .unauthorized, .notFound])
            case .exportLibrary:
                APIOperation(
                    .get, "export", .imports, summary: "Download the library",
                    parameters: [
                        .query(
                            "format", "`json` (a complete BooksTrack backup) or `goodreads` (CSV).",
                            JSONSchema.string.merged(with: .oneOf(["json", "goodreads"])).merged(
                                with: JSONSchema(defaultValue: "json")))
                    ],
                    responses: [
                        APIResponse(
                            status: .ok, description: "The file, as an attachment.",
                            contents: [
                                .init(mediaType: "application/json", schema: .fixed(.anyObject)),
                                .init(mediaType: "text/csv", schema: .fixed(.string)),
                            ]),
                        .unauthorized,
                    ])
            }
        }
    }

    func handler(for operation: Operation) -> APIHandler {
        switch operation {
        case .listImports: imports
        case .createImport: create
        case .getImport: run
        case .exportLibrary: export
        }
    }
}
