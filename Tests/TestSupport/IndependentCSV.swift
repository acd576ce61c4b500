import Foundation

/// A deliberately simple CSV reader for tests, written separately from the product's tokenizer
/// so that figures computed with it are an independent check. It follows RFC 4180 plus the one
/// leniency real files need: spaces before an opening quote are skipped.
public enum IndependentCSV {
    /// Rows of trimmed fields; the first row is the header.
    public static func rows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var inQuotes = false
        var atFieldStart = true
        var chars = Array(text.replacingOccurrences(of: "\r\n", with: "\n"))
        chars.append("\n")
        var index = 0
        while index < chars.count {
            let char = chars[index]
            if inQuotes {
                if char == "\"" {
                    if index + 1 < chars.count, chars[index + 1] == "\"" {
                        field.append("\"")
                        index += 1
                    } else {
                        inQuotes = false
                    }
                } else {
                    field.append(char)
                }
            } else if char == "\"" && atFieldStart {
                inQuotes = true
                atFieldStart = false
            } else if char == " " && atFieldStart {
                // skip padding before a field
            } else if char == "," {
                row.append(field.trimmingCharacters(in: .whitespaces))
                field = ""
                atFieldStart = true
            } else if char == "\n" {
                row.append(field.trimmingCharacters(in: .whitespaces))
                if !(row.count == 1 && row[0].isEmpty) { rows.append(row) }
                row = []
                field = ""
                atFieldStart = true
            } else {
                field.append(char)
                atFieldStart = false
            }
            index += 1
        }
        return rows
    }

    /// Rows as dictionaries keyed by header name.
    public static func records(_ text: String) -> [[String: String]] {
        let all = rows(text)
        guard let header = all.first else { return [] }
        return all.dropFirst().map { row in
            var record: [String: String] = [:]
            for (index, name) in header.enumerated() { record[name] = index < row.count ? row[index] : "" }
            return record
        }
    }

    public static func records(fixture path: String) throws -> [[String: String]] {
        records(String(decoding: try Data(contentsOf: Fixtures.url(path)), as: UTF8.self))
    }
}
