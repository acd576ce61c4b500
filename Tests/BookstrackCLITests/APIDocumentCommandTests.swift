import BooksTrackTestSupport
import Foundation
import Testing

@Suite("bookstrack api-document: the API's OpenAPI document without a server")
struct APIDocumentCommandTests {
    @Test("It prints the OpenAPI 3.1 document with the API's operations")
    func printsDocument() throws {
        let cli = try CommandRunner()
        defer { cli.cleanUp() }
        let result = try cli.run(["api-document"])
        #expect(result.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: Any])
        #expect(paths["/api/v1/entries"] != nil)
    }
}
