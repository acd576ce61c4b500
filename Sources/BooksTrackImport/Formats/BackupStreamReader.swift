import BooksTrackCore
import Foundation

/// Reads a BooksTrack backup as it streams by: each entry is decoded and turned into its record
/// on its own, so a backup's size is limited by the records, not by the file or a JSON tree.
enum BackupStreamReader {
    /// The backup's batch, or nil when the JSON object is not a backup (it has no
    /// `"format": "bookstrack-backup"`; a LibraryThing export, say).
    ///
    /// Keys may come in any order (`format` sorts after `entries` in our own files), so entries
    /// are decoded before it is known that this is a backup; a problem with one is reported only
    /// once it is.
    static func read<Source: ByteChunks>(_ source: Source) throws(ImportFileError) -> ImportBatch? {
        var stream = JSONStream(source)
        let decoder = BackupDocument.decoder()
        var format: String?
        var version: Int?
        var reader: BackupDocument.Reader?
        var authors: [BackupDocument.Author]?
        var goals: [BackupDocument.Goal]?
        var contributions: [BackupDocument.Contribution]?
        var achievements: [BackupDocument.Achievement]?
        var badges: [BackupDocument.Badge]?
        var records: [ImportRecord]?
        var problem: String?

        /// Decodes a value, remembering the first problem instead of throwing.
        func decode<Value: Decodable>(_ type: Value.Type, _ bytes: [UInt8], at path: [String]) -> Value? {
            do { return try decoder.decode(type, from: Data(bytes)) } catch {
                if problem == nil { problem = LibraryFileReader.decodingProblem(error, at: path) }
                return nil
            }
        }

        do {
            try stream.members { stream, key in
                switch key {
                case "format": format = decode(String.self, try stream.value(), at: [key])
                case "version": version = decode(Int.self, try stream.value(), at: [key])
                case "reader": reader = decode(BackupDocument.Reader.self, try stream.value(), at: [key])
                case "goals": goals = decode([BackupDocument.Goal].self, try stream.value(), at: [key])
                case "contributions": contributions = decode([BackupDocument.Contribution].self, try stream.value(), at: [key])
                case "achievements": achievements = decode([BackupDocument.Achievement].self, try stream.value(), at: [key])
                case "badges": badges = decode([BackupDocument.Badge].self, try stream.value(), at: [key])
                case "authors":
                    var list: [BackupDocument.Author] = []
                    try stream.elements { bytes in
                        if let author = decode(BackupDocument.Author.self, bytes, at: ["authors[\(list.count)]"]) {
                            list.append(author)
                        }
                    }
                    authors = list
                case "entries":
                    var list: [ImportRecord] = []
                    var number = 0
                    try stream.elements { bytes in
                        number += 1
                        if let entry = decode(BackupDocument.Entry.self, bytes, at: ["entries[\(number - 1)]"]) {
                            list.append(BackupParser.record(entry, number: number))
                        }
                    }
                    records = list
                default: try stream.skipValue()
                }
            }
        } catch let error as ImportFileError {
            throw error
        } catch JSONStream<Source>.Problem.endsEarly {
            throw .unreadableJSON("it ends too early")
        } catch {
            throw .unreadableJSON("it is not valid JSON")
        }
        guard format == BackupDocument.formatName else { return nil }
        guard version == BackupDocument.currentVersion else { throw .unsupportedBackupVersion(version ?? 0) }
        if let problem { throw .unreadableJSON(problem) }
        for (key, present) in [
            ("reader", reader != nil), ("authors", authors != nil), ("entries", records != nil), ("goals", goals != nil),
            ("contributions", contributions != nil), ("achievements", achievements != nil),
        ] where !present {
            throw .unreadableJSON("“\(key)” is missing at the top level")
        }
        let complete = BackupParser(
            reader: reader!, authors: authors!, goals: goals!, contributions: contributions!, achievements: achievements!,
            badges: badges ?? [])
        return complete.batch(records!)
    }
}
