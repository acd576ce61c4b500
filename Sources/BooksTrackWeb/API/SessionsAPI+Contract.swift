import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

extension SessionsAPI: APIResource {
    enum Operation: String, APIOperationDeclaring {
        case startSession, listSessions, logSession, recordProgress, getActiveSession, finishSession, updateSession,
            deleteSession, getStreak

        var declaration: APIOperation {
            switch self {
            case .startSession:
                APIOperation(
                    .post, "entries/{entryId}/sessions", .sessions, summary: "Start a reading session on a book",
                    description:
                        "Starts from `startPage`, or the book's current page. One session runs at a time per reader: when one is running (anywhere) the answer is 409 naming it.",
                    parameters: [.entryID],
                    requestBody: .json(SessionsAPI.StartRequest.self, example: ["startPage": 10], required: false),
                    responses: [
                        .json(.created, "The running session.", SessionsAPI.SessionModel.self), .unauthorized, .notFound,
                        .conflict, .invalid,
                    ])
            case .listSessions:
                APIOperation(
                    .get, "entries/{entryId}/sessions", .sessions, summary: "A book's sessions, newest first, 20 to a page",
                    parameters: [.entryID, .page],
                    responses: [
                        .json(.ok, "A page of sessions.", APIModels.Page<SessionsAPI.SessionModel>.self), .unauthorized,
                        .notFound,
                    ])
            case .logSession:
                APIOperation(
                    .post, "entries/{entryId}/sessions/logged", .sessions, summary: "Record a session afterwards",
                    description:
                        "From 1 to 1440 minutes, ending no later than now; the end page is not past the edition's last page. The book's current page moves forward to the end page.",
                    parameters: [.entryID],
                    requestBody: .json(
                        SessionsAPI.LogRequest.self,
                        example: ["startedAt": "2026-03-14T20:00:00Z", "minutes": 30, "startPage": 10, "endPage": 40]),
                    responses: [
                        .json(.created, "The session.", SessionsAPI.SessionModel.self), .unauthorized, .notFound, .invalid,
                    ])
            case .recordProgress:
                APIOperation(
                    .post, "entries/{entryId}/progress", .sessions,
                    summary: "\"I'm on page N\" (or N% through) without a session",
                    parameters: [.entryID],
                    requestBody: .json(SessionsAPI.ProgressRequest.self, example: ["page": 12]),
                    responses: [.empty(.noContent, "Saved; the book's current page is N."), .unauthorized, .notFound, .invalid])
            case .getActiveSession:
                APIOperation(
                    .get, "sessions/active", .sessions, summary: "The reader's running session",
                    responses: [
                        .json(.ok, "The running session.", SessionsAPI.SessionModel.self), .unauthorized,
                        .problem(.notFound, "No session is running."),
                    ])
            case .finishSession:
                APIOperation(
                    .post, "sessions/{sessionId}/finish", .sessions, summary: "Stop the running session",
                    description:
                        "`endPage` is not past the edition's last page, and not before the start page unless `correction` is true. A session running for more than 12 hours needs `endedAt` (422 otherwise). Finishing a finished session answers it unchanged.",
                    parameters: [.sessionID],
                    requestBody: .json(SessionsAPI.FinishRequest.self, example: ["endPage": 20]),
                    responses: [
                        .json(.ok, "The finished session.", SessionsAPI.SessionModel.self), .unauthorized, .notFound, .invalid,
                    ])
            case .updateSession:
                APIOperation(
                    .patch, "sessions/{sessionId}", .sessions, summary: "Change a finished session; fields not sent stay",
                    parameters: [.sessionID],
                    requestBody: .json(SessionsAPI.ChangeRequest.self, example: ["minutes": 45]),
                    responses: [
                        .json(.ok, "The session.", SessionsAPI.SessionModel.self), .unauthorized, .notFound, .conflict, .invalid,
                    ])
            case .deleteSession:
                APIOperation(
                    .delete, "sessions/{sessionId}", .sessions, summary: "Delete a session (a running one too)",
                    parameters: [.sessionID],
                    responses: [.empty(.noContent, "Deleted."), .unauthorized, .notFound])
            case .getStreak:
                APIOperation(
                    .get, "me/streak", .sessions, summary: "The reading streak in the reader's time zone",
                    description:
                        "A reading day has a session, a progress update or a finished book. `current` ends today, or yesterday when today has none yet.",
                    responses: [.json(.ok, "The streak.", Streak.self), .unauthorized])
            }
        }
    }

    func handler(for operation: Operation) -> APIHandler {
        switch operation {
        case .startSession: start
        case .listSessions: list
        case .logSession: log
        case .recordProgress: progress
        case .getActiveSession: active
        case .finishSession: finish
        case .updateSession: update
        case .deleteSession: delete
        case .getStreak: streak
        }
    }
}

extension SessionsAPI.StartRequest: DocumentedRequest {
    static let schemaName = "SessionStart"
    static var requestSchema: JSONSchema {
        JSONSchema.object(["startPage": JSONSchema.integer.bounded(0, 100000).orNull], closed: true)
    }
}

extension SessionsAPI.LogRequest: DocumentedRequest {
    static let schemaName = "SessionLog"
    static var requestSchema: JSONSchema {
        JSONSchema.object(
            [
                "startedAt": JSONSchema.string.formatted("date-time"), "minutes": JSONSchema.integer.bounded(1, 1440),
                "startPage": JSONSchema.integer.bounded(0, 100000), "endPage": JSONSchema.integer.bounded(0, 100000),
            ], required: ["startedAt", "minutes", "startPage", "endPage"], closed: true)
    }
}

extension SessionsAPI.ProgressRequest: DocumentedRequest {
    static let schemaName = "ProgressInput"
    static var requestSchema: JSONSchema {
        JSONSchema.object(
            ["page": JSONSchema.integer.bounded(0, 100000).orNull, "percent": JSONSchema.integer.bounded(0, 100).orNull],
            closed: true
        ).described("`page`, or `percent` (0–100) — one of them. A percentage on a book with a page count becomes that page.")
    }
}

extension SessionsAPI.FinishRequest: DocumentedRequest {
    static let schemaName = "SessionFinish"
    static var requestSchema: JSONSchema {
        JSONSchema.object(
            [
                "endPage": JSONSchema.integer.bounded(0, 100000), "endedAt": JSONSchema.string.formatted("date-time").orNull,
                "correction": JSONSchema.boolean.orNull,
            ], required: ["endPage"], closed: true)
    }
}

extension SessionsAPI.ChangeRequest: DocumentedRequest {
    static let schemaName = "SessionChange"
    static var requestSchema: JSONSchema {
        JSONSchema.object(
            [
                "startedAt": JSONSchema.string.formatted("date-time").orNull,
                "minutes": JSONSchema.integer.bounded(1, 1440).orNull, "startPage": JSONSchema.integer.bounded(0, 100000).orNull,
                "endPage": JSONSchema.integer.bounded(0, 100000).orNull,
            ], closed: true)
    }
}

/// The bodies ``SessionsAPI/Body`` reads, one per operation: it reads them all with one decoder
/// (a whole number or its text, an instant, a flag), so each operation names its own here.
extension SessionsAPI {
    enum StartRequest {}
    enum LogRequest {}
    enum ProgressRequest {}
    enum FinishRequest {}
    enum ChangeRequest {}
}
