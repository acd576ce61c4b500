import BooksTrackApp
import BooksTrackCore
import BooksTrackImport
import Foundation
import Hummingbird

/// Everything a request can fail with, mapped to a status and a message a person can act on.
/// HTML requests get an error page; API requests an RFC 9457 problem document (see `Problem`).
public enum WebError: Error, Sendable {
    case notFound(String = "There is nothing here.")
    case badRequest(String)
    case unauthorized(String = "Sign in to continue.")
    case forbidden(String)
    case conflict(String)
    case tooManyRequests(String, retryAfter: Int)
    case payloadTooLarge(String)
    /// The path exists but not for this method; `allow` lists the ones it takes.
    case methodNotAllowed(String, allow: String)
    case invalid(FieldErrors, message: String = "Some fields need another look.")
    case unavailable(String)
    /// Something unexpected; the details are in the log, never in the answer.
    case `internal`

    var status: HTTPResponse.Status {
        switch self {
        case .notFound: .notFound
        case .badRequest: .badRequest
        case .unauthorized: .unauthorized
        case .forbidden: .forbidden
        case .conflict: .conflict
        case .tooManyRequests: .tooManyRequests
        case .payloadTooLarge: .contentTooLarge
        case .methodNotAllowed: .methodNotAllowed
        case .invalid: .unprocessableContent
        case .unavailable: .serviceUnavailable
        case .internal: .internalServerError
        }
    }

    var title: String {
        switch self {
        case .notFound: "Not found"
        case .badRequest: "Bad request"
        case .unauthorized: "Sign in required"
        case .forbidden: "Not allowed"
        case .conflict: "Conflict"
        case .tooManyRequests: "Too many attempts"
        case .payloadTooLarge: "Too large"
        case .methodNotAllowed: "Method not allowed"
        case .invalid: "Check the form"
        case .unavailable: "Unavailable"
        case .internal: "Something went wrong"
        }
    }

    var detail: String {
        switch self {
        case .notFound(let message), .badRequest(let message), .unauthorized(let message), .forbidden(let message),
            .conflict(let message), .payloadTooLarge(let message), .unavailable(let message), .methodNotAllowed(let message, _):
            message
        case .tooManyRequests(let message, _): message
        case .invalid(_, let message): message
        case .internal:
            "Something went wrong on our side and it has been logged. Try again; if you were saving something, check whether it was saved."
        }
    }

    /// Maps the errors of other layers; anything unexpected becomes a 500 without details.
    static func from(_ error: any Error) -> WebError? {
        switch error {
        case let error as WebError: return error
        case let error as StoreError:
            switch error {
            case .notFound: return .notFound(error.message)
            case .conflict: return .conflict(error.message)
            // Well-formed but refused by a rule (a book the planner cannot add, a session's
            // pages): 422, like every other rule a request breaks.
            case .invalid: return .invalid(FieldErrors(), message: error.message)
            case .configuration, .unavailable, .newerSchema: return .unavailable(error.message)
            }
        case let problem as PasswordProblem:
            return .invalid(FieldErrors(["password": problem.description]), message: problem.description)
        case let error as LoginThrottle.Refused: return .tooManyRequests(error.message, retryAfter: error.retryAfter)
        case let error as PromptInputError: return .invalid(FieldErrors(["value": error.message]), message: error.message)
        case is Invitations.NotOwner: return .forbidden("Only the owner of this BooksTrack can invite readers.")
        case let error as ImportFileError:
            if case .tooLarge = error { return .payloadTooLarge(error.description) }
            // A file that arrived whole but is not an export: its content breaks the rules.
            return .invalid(FieldErrors(["file": error.description]), message: error.description)
        case let error as FieldErrors: return .invalid(error)
        case let error as HTTPError:
            switch error.status {
            case .notFound: return .notFound("There is nothing at this address.")
            case .methodNotAllowed: return .badRequest("This address does not accept that kind of request.")
            case .contentTooLarge: return .payloadTooLarge("The request is too large.")
            default: return .badRequest(error.body ?? "The request could not be understood.")
            }
        default: return nil
        }
    }
}
