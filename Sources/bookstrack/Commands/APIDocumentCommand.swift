import ArgumentParser
import BooksTrackWeb

/// Prints the API's OpenAPI document: the same text the server answers `/api/openapi.json` with,
/// without a server or a database (to hand to a client generator or a linter).
struct APIDocumentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "api-document", abstract: "Print the JSON API's OpenAPI 3.1 document.",
        discussion: "The server writes it from the API's declarations; GET /api/openapi.json answers the same.")

    func run() throws {
        do {
            Terminal.print(try WebApp.apiDocument())
        } catch {
            throw ValidationError("The API document could not be written: \(error)")
        }
    }
}
