import BooksTrackCore
import Foundation

/// Reads a StoryGraph export. `Authors` holds co-authors joined by commas; `Contributors` holds
/// `Name (Role)` pairs; `ISBN/UID` is an ISBN, an ASIN or StoryGraph's own id; `Dates Read` holds
/// one date or range per reading (`2023/05/23-2023/06/07`); ratings come in quarter stars.
struct StoryGraphParser {
    let table: CSVTable
    let today: LocalDate

    /// Review metadata StoryGraph has and BooksTrack does not model, kept as extras.
    static let extraColumns = [
        "Moods", "Pace", "Character- or Plot-Driven?", "Strong Character Development?",
        "Loveable Characters?", "Diverse Characters?", "Flawed Characters?", "Content Warnings",
        "Content Warning Description",
    ]

    var carries: EntryFields {
        var fields: EntryFields = [.status, .edition, .extras, .readings]
        if table.has("Star Rating") { fields.insert(.rating) }
        if table.has("Owned?") { fields.insert(.owned) }
        if table.has("Date Added") { fields.insert(.addedOn) }
        if table.has("Read Count") { fields.insert(.readCount) }
        if table.has("Tags") { fields.insert(.shelves) }
        if table.has("Review") { fields.insert(.review) }
        return fields
    }

    func record(_ row: CSVTokenizer.Row, number: Int) -> ImportRecord {
        var reader = RowReader(row: row, table: table)
        let title: String
        switch reader.titleOrSkip(number: number) {
        case .success(let text): title = text
        case .failure(let skipped): return skipped.record
        }
        var warnings = reader.warnings
        func text(_ name: String) -> String? { reader.text(table.column(name)) }

        let authors = PersonName.splitList(HTMLText.decodeEntities(text("Authors") ?? ""))
            .map { FieldParsing.personName($0, field: "Authors", warnings: &warnings) }
        if authors.isEmpty { warnings.append(ImportWarning(field: "Authors", "no author; the book was imported without one")) }
        let contributors = Self.contributors(text("Contributors") ?? "").map {
            ContributorName(name: FieldParsing.personName($0.name, field: "Contributors", warnings: &warnings), role: $0.role)
        }

        var identifiers: [ExternalID] = []
        var edition = EditionDetails()
        readIdentifier(text("ISBN/UID"), edition: &edition, identifiers: &identifiers, warnings: &warnings)
        edition.binding = text("Format")
        edition.format = edition.binding.flatMap(BookFormat.init(binding:))

        let owned = text("Owned?").flatMap(YesNo.init(lenient:))?.isYes ?? false
        let readStatus = text("Read Status") ?? ""
        var status = ShelfMapping.storyGraph(readStatus: readStatus, owned: owned) ?? (owned ? .toRead : .wishlist)
        var shelves = FieldParsing.list(text("Tags"))
        if ShelfMapping.storyGraph(readStatus: readStatus, owned: owned) == nil, !readStatus.isEmpty {
            shelves.append(readStatus)
            warnings.append(
                ImportWarning(
                    field: "Read Status",
                    "“\(readStatus)” is not a StoryGraph status; the book was marked \(status.displayName.lowercased()) and “\(readStatus)” kept as a tag"
                ))
            status = owned ? .toRead : .wishlist
        }
        var extras: [String: String] = [:]
        for name in Self.extraColumns { if let value = text(name) { extras[name] = value } }

        let entry = EntryState(
            status: status,
            rating: FieldParsing.rating(text("Star Rating"), field: "Star Rating", zeroMeansUnrated: false, warnings: &warnings),
            owned: owned,
            addedOn: FieldParsing.date(
                text("Date Added"), field: "Date Added", today: today, monthFirst: true, warnings: &warnings),
            readCount: FieldParsing.integer(
                text("Read Count"), field: "Read Count", in: 0...1000, what: "read count", warnings: &warnings),
            shelves: shelves,
            review: text("Review").map(HTMLText.plainText).nonEmpty,
            readings: readings(
                status: status, datesRead: text("Dates Read"), lastRead: text("Last Date Read"), warnings: &warnings),
            extras: extras)
        return ImportRecord(
            row: number, line: row.line, title: TextNormalization.collapseWhitespace(title), authors: authors,
            contributors: contributors, identifiers: identifiers, edition: edition, entry: entry,
            carries: carries, warnings: warnings)
    }

    /// Parses "Stuart Gilbert (Translator), Sandra Oh (Narrator), J.E. Thomas".
    static func contributors(_ text: String) -> [ContributorName] {
        PersonName.splitList(HTMLText.decodeEntities(text)).map { item in
            if let open = item.lastIndex(of: "("), item.hasSuffix(")") {
                let name = item[..<open].trimmingCharacters(in: .whitespaces)
                let role = item[item.index(after: open)..<item.index(before: item.endIndex)]
                return ContributorName(name: name, role: ContributorRole(lenient: String(role)))
            }
            return ContributorName(name: item, role: .contributor)
        }.filter { !$0.name.isEmpty }
    }

    private func readIdentifier(
        _ text: String?, edition: inout EditionDetails, identifiers: inout [ExternalID],
        warnings: inout [ImportWarning]
    ) {
        switch FieldParsing.isbn(text) {
        case .none: return
        case .isbn(let isbn, let original):
            if original.count == 10 { edition.isbn10 = original } else { edition.isbn13 = original }
            identifiers.append(ExternalID(.isbn, isbn.isbn13))
        case .lostToScientificNotation:
            warnings.append(ISBNFields.lostISBN(text ?? "", field: "ISBN/UID"))
        case .notISBN(let value):
            if value.range(of: #"^B[0-9A-Z]{9}$"#, options: .regularExpression) != nil {
                identifiers.append(ExternalID(.asin, value))
            } else {
                identifiers.append(ExternalID(.storyGraph, value))
            }
        }
    }

    /// The dates written in one `Dates Read` item: one date, or the two ends of a range
    /// (`2023/05/23-2023/06/07`; dates may also use dashes).
    static func dateTokens(in item: String) -> [String] {
        let pattern = #"\d{4}[/.-]\d{1,2}[/.-]\d{1,2}|\d{1,2}/\d{1,2}/\d{4}"#
        var tokens: [String] = []
        var rest = item[...]
        while let range = rest.range(of: pattern, options: .regularExpression) {
            tokens.append(String(rest[range]))
            rest = rest[range.upperBound...]
        }
        return tokens.isEmpty ? [item] : tokens
    }

    /// One reading per date or range in `Dates Read`; a read book with no dates still gets one.
    private func readings(
        status: ReadingStatus, datesRead: String?, lastRead: String?,
        warnings: inout [ImportWarning]
    ) -> [Reading] {
        let outcome: Reading.Outcome =
            switch status {
            case .read: .finished
            case .dnf: .abandoned
            default: .inProgress
            }
        var readings: [Reading] = []
        for item in FieldParsing.list(datesRead) {
            let parts = Self.dateTokens(in: item)
            let first = FieldParsing.date(parts.first, field: "Dates Read", today: today, monthFirst: true, warnings: &warnings)
            if parts.count == 2 {
                let second = FieldParsing.date(parts[1], field: "Dates Read", today: today, monthFirst: true, warnings: &warnings)
                readings.append(
                    Reading(
                        startedOn: first, finishedOn: outcome == .inProgress ? nil : second,
                        outcome: outcome, origin: .imported(.storyGraph)))
            } else if outcome == .inProgress {
                readings.append(Reading(startedOn: first, outcome: outcome, origin: .imported(.storyGraph)))
            } else {
                readings.append(Reading(finishedOn: first, outcome: outcome, origin: .imported(.storyGraph)))
            }
        }
        if readings.isEmpty {
            let last = FieldParsing.date(lastRead, field: "Last Date Read", today: today, monthFirst: true, warnings: &warnings)
            readings = ReadingDrafts.forStatus(status, started: nil, finished: last, origin: .imported(.storyGraph))
        }
        return readings
    }
}
