import Foundation
import Testing

@testable import BooksTrackWeb

@Suite("The schema recorder documents what the Swift types encode")
struct SchemaRecorderTests {
    enum Shade: String, Codable, CaseIterable { case light, dark }

    struct Chapter: Codable {
        let title: String
        let pages: Int
    }

    /// A body whose example leaves its optional field out and its list empty: the recorder must
    /// learn both from the types alone.
    struct Book: APISchema, Codable {
        let title: String
        let subtitle: String?
        let shade: Shade
        let chapters: [Chapter]
        let firstChapter: Chapter
        let readOn: Date

        static var example: Book {
            Book(
                title: "Kindred", subtitle: nil, shade: .dark, chapters: [], firstChapter: Chapter(title: "The River", pages: 12),
                readOn: .now)
        }
        static var fieldNotes: [String: JSONSchema] { ["title": .described("The title as printed.")] }
    }

    struct Stray: APISchema, Codable {
        let name: String
        static var fieldNotes: [String: JSONSchema] { ["nmae": .described("A note about a field that is not there.")] }
    }

    static func book() throws -> (reference: JSONSchema, components: [String: JSONSchema]) {
        let recorder = SchemaRecorder()
        let reference = try recorder.schema(ofType: Book.self)
        return (reference, recorder.components)
    }

    @Test("An optional field left out of the example is documented, but not as required")
    func optionalField() throws {
        // Given a body whose example has no subtitle
        // When its schema is recorded
        let book = try #require(try Self.book().components["Book"])
        // Then a client learns the subtitle exists, is text, and may be missing
        #expect(book.properties?["subtitle"] == .string)
        #expect(book.required?.contains("subtitle") == false)
        #expect(book.required?.contains("title") == true)
    }

    @Test("A nested type is described field by field")
    func nestedType() throws {
        let book = try #require(try Self.book().components["Book"])
        #expect(
            book.properties?["firstChapter"] == .object(["title": .string, "pages": .integer], required: ["pages", "title"]))
    }

    @Test("An empty list still documents its items, from the element type")
    func emptyList() throws {
        let book = try #require(try Self.book().components["Book"])
        #expect(
            book.properties?["chapters"]
                == .array(of: .object(["title": .string, "pages": .integer], required: ["pages", "title"])))
    }

    @Test("A string enumeration lists every case a client may receive")
    func enumeration() throws {
        let book = try #require(try Self.book().components["Book"])
        #expect(book.properties?["shade"]?.choices == ["light", "dark"])
    }

    @Test("A named body is a reference to its component, with its notes and its instants' format")
    func namedBody() throws {
        let (reference, components) = try Self.book()
        #expect(reference == .reference("Book"))
        #expect(components["Book"]?.properties?["title"]?.description == "The title as printed.")
        #expect(components["Book"]?.properties?["readOn"]?.format == "date-time")
    }

    @Test("A note about a field the type does not encode is an error, not a silent extra")
    func strayNote() {
        #expect(throws: SchemaRecordingError.self) { try SchemaRecorder().schema(ofType: Stray.self) }
    }
}
