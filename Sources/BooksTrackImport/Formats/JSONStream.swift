import Foundation

/// Reads a JSON document whose top level is an object one member at a time, and the elements of
/// a member's array one at a time, from pieces of a file: a 100 MB backup is never whole in
/// memory, only the element being read.
///
/// It checks the structure it walks (brackets, strings, commas, colons); the values it hands over
/// are checked by whoever decodes them.
struct JSONStream<Source: ByteChunks> {
    private var source: Source
    private var buffer: [UInt8] = []
    private var position = 0
    /// Bytes read before `buffer`, for saying where a problem is.
    private var consumed = 0

    /// How the document is damaged.
    enum Problem: Error {
        case endsEarly
        case invalid(offset: Int)
    }

    init(_ source: Source) { self.source = source }

    // MARK: The top level

    /// Walks the top-level object; `member` is called with each key and must read its value
    /// (``value()``, ``skipValue()`` or ``elements(_:)``). Anything after the object other than
    /// whitespace is a problem.
    mutating func members(_ member: (inout JSONStream, String) throws -> Void) throws {
        try list(open: UInt8(ascii: "{"), close: UInt8(ascii: "}")) { stream in
            let key = try stream.string()
            try stream.expect(UInt8(ascii: ":"))
            try stream.skipWhitespace()
            try member(&stream, key)
        }
        try skipWhitespace()
        if try peekOrEnd() != nil { throw Problem.invalid(offset: offset) }
    }

    /// Calls `element` with the bytes of each element of the array that comes next.
    mutating func elements(_ element: ([UInt8]) throws -> Void) throws {
        try list(open: UInt8(ascii: "["), close: UInt8(ascii: "]")) { stream in try element(try stream.value()) }
    }

    /// An object's members or an array's elements: `open`, items separated by commas, `close`.
    private mutating func list(open: UInt8, close: UInt8, _ item: (inout JSONStream) throws -> Void) throws {
        try expect(open)
        var first = true
        while true {
            try skipWhitespace()
            if try peek() == close {
                position += 1
                return
            }
            if !first { try expect(UInt8(ascii: ",")) }
            first = false
            try skipWhitespace()
            try item(&self)
        }
    }

    /// The bytes of the value that comes next.
    mutating func value() throws -> [UInt8] {
        var captured: [UInt8]? = []
        try scanValue(into: &captured)
        return captured ?? []
    }

    /// Passes over the value that comes next.
    mutating func skipValue() throws {
        var captured: [UInt8]? = nil
        try scanValue(into: &captured)
    }

    /// Where the reader is, in bytes from the start.
    var offset: Int { consumed + position }

    // MARK: Scanning

    /// Reads one value, keeping its bytes when `captured` is not nil.
    private mutating func scanValue(into captured: inout [UInt8]?) throws {
        let first = try peek()
        switch first {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            try scanNested(into: &captured)
        case UInt8(ascii: "\""):
            try scanString(into: &captured)
        default:
            // A number, true, false or null: up to the next delimiter.
            var start = position
            var length = 0
            while true {
                if position == buffer.count {
                    captured?.append(contentsOf: buffer[start...])
                    guard try refill() else { break }
                    start = 0
                    continue
                }
                let byte = buffer[position]
                if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
                    || Self.isWhitespace(byte)
                {
                    captured?.append(contentsOf: buffer[start..<position])
                    guard length > 0 else { throw Problem.invalid(offset: offset) }
                    break
                }
                guard
                    byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
                        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                        || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                        || byte == UInt8(ascii: "E")
                else { throw Problem.invalid(offset: offset) }
                position += 1
                length += 1
            }
        }
    }

    /// An object or array, to its matching bracket.
    private mutating func scanNested(into captured: inout [UInt8]?) throws {
        var depth = 0
        var inString = false
        var escaped = false
        var start = position
        while true {
            let byte = try nextByte(from: &start, into: &captured)
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 {
                    captured?.append(contentsOf: buffer[start..<position])
                    return
                }
            default: break
            }
        }
    }

    /// The next byte, moving on; at the end of a piece, what was read of the value so far is kept
    /// (when capturing) and the next piece is read.
    private mutating func nextByte(from start: inout Int, into captured: inout [UInt8]?) throws -> UInt8 {
        if position == buffer.count {
            captured?.append(contentsOf: buffer[start...])
            guard try refill() else { throw Problem.endsEarly }
            start = 0
        }
        defer { position += 1 }
        return buffer[position]
    }

    /// A string, quotes included.
    private mutating func scanString(into captured: inout [UInt8]?) throws {
        var escaped = false
        var start = position
        position += 1
        while true {
            let byte = try nextByte(from: &start, into: &captured)
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                captured?.append(contentsOf: buffer[start..<position])
                return
            }
        }
    }

    /// A string's text (a key).
    private mutating func string() throws -> String {
        guard try peek() == UInt8(ascii: "\"") else { throw Problem.invalid(offset: offset) }
        var captured: [UInt8]? = []
        try scanString(into: &captured)
        let bytes = captured ?? []
        // Most keys have no escapes; the rest go through the JSON parser.
        if !bytes.contains(UInt8(ascii: "\\")) { return String(decoding: bytes.dropFirst().dropLast(), as: UTF8.self) }
        guard let text = try? JSONDecoder().decode(String.self, from: Data(bytes)) else {
            throw Problem.invalid(offset: offset)
        }
        return text
    }

    private mutating func expect(_ byte: UInt8) throws {
        try skipWhitespace()
        guard try peek() == byte else { throw Problem.invalid(offset: offset) }
        position += 1
    }

    private mutating func skipWhitespace() throws {
        while let byte = try peekOrEnd(), Self.isWhitespace(byte) { position += 1 }
    }

    private mutating func peek() throws -> UInt8 {
        guard let byte = try peekOrEnd() else { throw Problem.endsEarly }
        return byte
    }

    private mutating func peekOrEnd() throws -> UInt8? {
        if position == buffer.count, try !refill() { return nil }
        return buffer[position]
    }

    /// The next piece, once the current one is used up; false at the end of the file.
    private mutating func refill() throws -> Bool {
        while true {
            guard let chunk = try source.next() else { return false }
            consumed += buffer.count
            buffer = chunk
            position = 0
            if !chunk.isEmpty { return true }
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 }
}
