import ArgumentParser
import BooksTrackApp
import BooksTrackImport
import Foundation

/// Every way a command can fail, with its message and exit code (sysexits.h), in one place.
enum CLIFailure: Error, CustomStringConvertible {
    case file(ImportFileError)
    case store(StoreError)
    case noSuchUser(String)
    case output(path: String, reason: String)
    case refused(String)

    var description: String {
        switch self {
        case .file(let error): error.description
        case .store(let error): error.message
        case .noSuchUser(let name): "There is no user called “\(name)”. Create one with: bookstrack user create \(name)"
        case .output(let path, let reason): "Cannot write \(path): \(reason)"
        case .refused(let message): message
        }
    }

    /// The process exit code.
    var exitCode: Int32 {
        switch self {
        case .file(.unreadable): 66  // EX_NOINPUT
        case .file: 65  // EX_DATAERR
        case .store(.configuration), .store(.invalid): 64  // EX_USAGE
        case .store(.unavailable), .store(.newerSchema): 69  // EX_UNAVAILABLE
        case .store(.conflict), .store(.notFound), .refused: 65
        case .noSuchUser: 67  // EX_NOUSER
        case .output: 73  // EX_CANTCREAT
        }
    }
}

extension AsyncParsableCommand {
    /// Runs a command body, turning failures into a one-line message on standard error and the
    /// failure's exit code. Unexpected errors are reported without a stack trace.
    func reportingFailures(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let failure as CLIFailure {
            Terminal.error(failure.description)
            throw ExitCode(failure.exitCode)
        } catch let error as StoreError {
            Terminal.error(error.message)
            throw ExitCode(CLIFailure.store(error).exitCode)
        } catch let error as ExitCode {
            throw error
        } catch {
            Terminal.error("Something went wrong: \(String(describing: error))")
            throw ExitCode(70)  // EX_SOFTWARE
        }
    }
}
