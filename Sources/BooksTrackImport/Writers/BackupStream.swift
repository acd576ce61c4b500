import BooksTrackCore
import Foundation

/// A library's JSON backup, written a piece (about a megabyte) at a time: each entry is encoded
/// when its turn comes, so a 100,000-book backup never exists whole in memory. The bytes are
/// exactly those of ``BackupDocument/encoded()`` for ``BackupWriter/document(for:)``.
///
/// With `compressed`, the pieces are gzip (a `.json.gz` backup).
public struct BackupStream {
    private let library: ReaderLibrary
    private let parts: BackupWriter.Parts
    private let encoder = BackupDocument.encoder()
    private let compressor: Gzip.Compressor?
    private var member = 0
    private var element = 0
    private var finished = false

    /// The top-level keys, in the order a sorted-keys encoder writes them.
    private static let keys = [
        "achievements", "authors", "badges", "contributions", "entries", "format", "goals", "reader", "version",
    ]

    public init(library: ReaderLibrary, badges: [BadgeDraft] = [], compressed: Bool = false) {
        self.library = library
        var parts = BackupWriter.Parts(library)
        parts.badges = BackupWriter.badges(badges)
        self.parts = parts
        self.compressor = compressed ? Gzip.Compressor() : nil
    }

    /// How many books the backup holds.
    public var books: Int { parts.entries.count }

    /// The next piece of the file, or nil after the last.
    public mutating func next() throws -> Data? {
        guard !finished else { return nil }
        var piece = Data()
        if member == 0 && element == 0 { piece.append(contentsOf: "{\n".utf8) }
        while piece.count < 1 << 20, member < Self.keys.count {
            try write(into: &piece)
        }
        if member == Self.keys.count {
            piece.append(contentsOf: "}\n".utf8)
            finished = true
        }
        guard let compressor else { return piece }
        var compressed = compressor.compress(piece)
        if finished { compressed.append(compressor.finish()) }
        return compressed
    }

    /// Writes the current member, or the next of its elements.
    private mutating func write(into piece: inout Data) throws {
        let key = Self.keys[member]
        let streamed = key == "authors" ? parts.authors.count : key == "entries" ? parts.entries.count : nil
        if let count = streamed, count > 0 {
            if element == 0 { piece.append(contentsOf: "  \"\(key)\" : [\n".utf8) }
            let data =
                key == "authors"
                ? try encoder.encode(BackupWriter.author(parts.authors[element], readerID: library.user.id))
                : try encoder.encode(
                    BackupWriter.entry(
                        parts.entries[element], library: library, sessions: parts.sessions[parts.entries[element].id] ?? [],
                        progress: parts.progress[parts.entries[element].id] ?? []))
            piece.append(contentsOf: "    ".utf8)
            Self.append(data, indentedBy: 4, to: &piece)
            element += 1
            guard element == count else {
                piece.append(contentsOf: ",\n".utf8)
                return
            }
            piece.append(contentsOf: "\n  ]".utf8)
        } else {
            piece.append(contentsOf: "  \"\(key)\" : ".utf8)
            Self.append(try value(of: key), indentedBy: 2, to: &piece)
        }
        member += 1
        element = 0
        piece.append(contentsOf: (member < Self.keys.count ? ",\n" : "\n").utf8)
    }

    private func value(of key: String) throws -> Data {
        switch key {
        case "achievements": try encoder.encode(parts.achievements)
        case "authors": try encoder.encode([BackupDocument.Author]())
        case "badges": try encoder.encode(parts.badges)
        case "contributions": try encoder.encode(parts.contributions)
        case "entries": try encoder.encode([BackupDocument.Entry]())
        case "format": try encoder.encode(BackupDocument.formatName)
        case "goals": try encoder.encode(parts.goals)
        case "reader": try encoder.encode(parts.reader)
        default: try encoder.encode(BackupDocument.currentVersion)
        }
    }

    /// A value encoded on its own, indented to sit inside the document (JSON strings hold no
    /// raw line breaks, so every line break is between tokens). Empty lines stay empty, as the
    /// encoder writes them (an empty array is `[`, an empty line, `]`).
    private static func append(_ data: Data, indentedBy spaces: Int, to piece: inout Data) {
        var out: [UInt8] = []
        out.reserveCapacity(data.count + data.count / 8)
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            for index in bytes.indices {
                out.append(bytes[index])
                if bytes[index] == 10, index + 1 < bytes.count, bytes[index + 1] != 10 {
                    for _ in 0..<spaces { out.append(UInt8(ascii: " ")) }
                }
            }
        }
        piece.append(contentsOf: out)
    }
}
