import Testing

@testable import BooksTrackImport

@Suite("Reading CSV leniently, byte by byte")
struct CSVTokenizerTests {
    func rows(_ text: String, delimiter: Character = ",", quoting: Bool = true) throws -> [[String]] {
        try CSVTokenizer.tokenize(Array(text.utf8), delimiter: delimiter.asciiValue!, quoting: quoting).rows.map(\.fields)
    }

    @Test("Quoted fields keep commas, doubled quotes and line breaks")
    func quoting() throws {
        let text = "a,b\n\"Surely You're Joking, Mr. Feynman!\",\"He said \"\"hi\"\"\nthen left\"\n"
        #expect(try rows(text) == [["a", "b"], ["Surely You're Joking, Mr. Feynman!", "He said \"hi\"\nthen left"]])
    }

    @Test("CRLF, LF and lone CR all end a row")
    func lineEnds() throws {
        #expect(try rows("a,b\r\n1,2\r3,4\n5,6") == [["a", "b"], ["1", "2"], ["3", "4"], ["5", "6"]])
    }

    @Test("Spaces around quoted fields in hand-padded files are padding")
    func padding() throws {
        #expect(try rows("   1, \"Jr., Ross\"     , x \n") == [["   1", "Jr., Ross", " x "]])
    }

    @Test("A quote inside an unquoted field is text")
    func strayQuote() throws {
        #expect(try rows("5\" ruler,b\n") == [["5\" ruler", "b"]])
    }

    @Test("Empty fields, a trailing delimiter and blank lines")
    func emptiness() throws {
        #expect(try rows("a,,c,\n\n\n1,2,3,4\n") == [["a", "", "c", ""], ["1", "2", "3", "4"]])
    }

    @Test("A quoted field that never closes means the file was cut off, and says where it started")
    func unterminated() {
        #expect(throws: CSVTokenizer.Failure.unterminatedQuote(line: 2)) {
            try CSVTokenizer.tokenize(Array("a,b\n\"open,2\nmore".utf8), delimiter: 44, quoting: true)
        }
    }

    @Test("Invalid UTF-8 is replaced and reported for that field only")
    func invalidUTF8() throws {
        var bytes = Array("title,author\nBront".utf8)
        bytes.append(0xEB)  // Latin-1 ë, invalid as UTF-8
        bytes += Array(",Anne\n".utf8)
        let result = try CSVTokenizer.tokenize(bytes, delimiter: 44, quoting: true)
        #expect(result.rows[1].fields == ["Bront\u{FFFD}", "Anne"])
        #expect(result.rows[1].invalidUTF8Fields == [0])
        #expect(result.rows[0].invalidUTF8Fields.isEmpty)
    }

    @Test("Without quoting (LibraryThing TSV) quotes are ordinary text")
    func tsv() throws {
        #expect(
            try rows("t\ta\n\"Quoted\" title\tX\n", delimiter: "\t", quoting: false) == [["t", "a"], ["\"Quoted\" title", "X"]])
    }

    @Test("Rows remember the line they start on")
    func lines() throws {
        let result = try CSVTokenizer.tokenize(Array("h\n\"a\nb\"\nc\n".utf8), delimiter: 44, quoting: true)
        #expect(result.rows.map(\.line) == [1, 2, 4])
        #expect(result.endsWithNewline)
    }
}
