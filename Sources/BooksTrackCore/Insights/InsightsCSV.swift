import Foundation

/// The insights report as CSV (issue 20, "Export insights"): the same figures as the page, the
/// API and the CLI, one row per figure, for a spreadsheet or a script.
///
/// Columns: `section, item, value, percent, authors, known, total, note`.
/// - `value` is the figure (books, fractional when co-authors share a book; authors in the
///   authors unit; a score; a count of days…), `percent` its share of what is known (0–100,
///   one decimal), `authors` the distinct authors behind it.
/// - Every breakdown ends with a `coverage` row: `known` of `total` (in the unit), so no share
///   is read without how much it rests on. A share the minimum-data rule withholds (SPEC §4)
///   is left empty with the note "too little known", as on the page.
/// - Text cells that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`) are
///   prefixed with an apostrophe.
public enum InsightsCSV {
    public static let header = ["section", "item", "value", "percent", "authors", "known", "total", "note"]

    /// The whole report as CSV text, section by section in the order of the page, with CRLF line
    /// ends.
    public static func render(_ report: InsightsReport) -> String {
        var table = Table()
        let d = report.diversity
        about(report, into: &table)
        score(d, into: &table)
        regionsAndGenders(d, into: &table)
        languagesCountriesAndEras(d, into: &table)
        marginalized(d, into: &table)
        radar(report.radar, into: &table)
        reading(report.reading, into: &table)
        return table.rows.map { $0.map(cell).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    /// The rows written so far, starting with the header.
    private struct Table {
        var rows: [[String]] = [InsightsCSV.header]

        /// One figure's row, its empty columns left empty.
        mutating func add(
            _ section: String, _ item: String, _ value: String = "", percent: Double? = nil, authors: Int? = nil,
            known: Double? = nil, total: Double? = nil, note: String = ""
        ) {
            rows.append([
                section, item, value, percent.map(InsightsCSV.percent) ?? "", authors.map(String.init) ?? "",
                known.map(InsightsCSV.number) ?? "", total.map(InsightsCSV.number) ?? "", note,
            ])
        }

        /// The row that ends a breakdown: how much of the total it rests on.
        mutating func coverage(_ section: String, _ coverage: DiversityFigures.Coverage) {
            rows.append([
                section, "coverage", "", InsightsCSV.percent(coverage.fraction), "", InsightsCSV.number(coverage.known),
                InsightsCSV.number(coverage.total), "known of all",
            ])
        }
    }

    /// A share as the CSV shows it: the share with no note, or, when the minimum-data rule
    /// withholds it, no share and the note "too little known".
    private static func share(_ value: Double?, _ allowed: Bool) -> (Double?, String) {
        allowed ? (value, "") : (nil, value == nil ? "" : "too little known")
    }

    /// What the figures are of: the period, the scope, the unit and how many books.
    private static func about(_ report: InsightsReport, into table: inout Table) {
        let d = report.diversity
        table.add("about", "period", report.period.label)
        table.add("about", "from", report.period.from?.description ?? "")
        table.add("about", "to", report.period.to?.description ?? "")
        table.add("about", "scope", report.scope.displayName)
        table.add("about", "unit", d.unit == .books ? "books" : "authors")
        table.add("about", "books", String(d.books), note: "books in these insights")
        table.add("about", "library books", String(report.libraryBooks))
        table.add("about", "computed on", report.today.description)
    }

    /// The diversity score and its four parts, each out of its maximum, and what it rests on.
    private static func score(_ d: DiversityFigures, into table: inout Table) {
        let unit = d.unit == .books ? "books" : "authors"
        let s = d.score
        let scoreNote =
            s.isEmpty ? "no books to score" : s.isProvisional ? "provisional: too little known to compare" : ""
        table.add("score", "overall", s.isEmpty ? "" : Self.number(s.total), note: scoreNote)
        table.add("score", "regions", Self.number(s.region), note: "out of 3")
        table.add("score", "gender", Self.number(s.gender), note: "out of 3")
        table.add("score", "languages", Self.number(s.language), note: "out of 2")
        table.add("score", "marginalized", Self.number(s.marginalized), note: "out of 2")
        table.add("score", "coverage", "", percent: s.coverage, note: "share of the \(unit) the score rests on")
    }

    /// The authors' regions, genders and gender × region pairs, each breakdown with its coverage.
    private static func regionsAndGenders(_ d: DiversityFigures, into table: inout Table) {
        let regionsShown = d.allowsShares(.region)
        for figure in d.regions {
            let (percent, note) = share(figure.figure.share, regionsShown)
            table.add(
                "regions", figure.region.displayName, Self.number(figure.figure.count), percent: percent,
                authors: figure.figure.authors,
                note: [note, figure.underrepresented ? "underrepresented for you" : ""].filter { !$0.isEmpty }
                    .joined(separator: "; "))
        }
        table.coverage("regions", d.regionCoverage)

        let gendersShown = d.allowsShares(.gender)
        for figure in d.genders {
            let (percent, note) = share(figure.figure.share, gendersShown)
            table.add(
                "gender", figure.gender.displayName, Self.number(figure.figure.count), percent: percent,
                authors: figure.figure.authors, note: note)
        }
        table.coverage("gender", d.genderCoverage)

        // Gender × region over complete cases (both known): every pair, zeros included.
        let pairsShown = d.allowsShares(.intersection)
        for figure in d.intersections {
            let (percent, note) = share(figure.share, pairsShown)
            table.add(
                "gender x region", "\(figure.gender.displayName) · \(figure.region.displayName)", Self.number(figure.count),
                percent: percent, authors: figure.authors, note: note)
        }
        table.coverage("gender x region", d.intersectionCoverage)
    }

    /// The books' original languages, their authors' countries and their publication eras, each
    /// with its coverage.
    private static func languagesCountriesAndEras(_ d: DiversityFigures, into table: inout Table) {
        for figure in d.languages {
            table.add("languages", figure.language.englishName, String(figure.books), percent: figure.share)
        }
        table.coverage("languages", d.languageCoverage)

        // Countries: a book counts whole for each of its authors' countries.
        for figure in d.countries {
            table.add(
                "countries", figure.country.name, String(figure.books), authors: figure.authors, note: figure.country.alpha2)
        }
        table.coverage("countries", d.countryCoverage)

        let erasShown = d.allowsShares(.era)
        for figure in d.eras {
            let (percent, note) = share(figure.share, erasShown)
            table.add("eras", figure.era.displayName, String(figure.books), percent: percent, note: note)
        }
        table.coverage("eras", d.eraCoverage)
    }

    /// The marginalized voices and their coverage.
    private static func marginalized(_ d: DiversityFigures, into table: inout Table) {
        let (marginalized, marginalizedNote) = share(d.marginalized.share, d.allowsShares(.marginalized))
        table.add(
            "marginalized", "marginalized voices", Self.number(d.marginalized.count), percent: marginalized,
            authors: d.marginalized.authors, note: marginalizedNote)
        table.coverage("marginalized", d.marginalizedCoverage)
    }

    /// Each radar axis (0–100, with the share of books known), then the overall figure or why
    /// there is none.
    private static func radar(_ radar: RepresentationRadar, into table: inout Table) {
        for axis in radar.axes {
            table.add(
                "radar", axis.axis.displayName, axis.value.map { Self.number($0 * 100) } ?? "",
                percent: axis.coverage, note: axis.isGhost ? "no data" : "value 0–100; percent = books known")
        }
        table.add(
            "radar", "overall", radar.overall.map(Self.number) ?? "", percent: radar.completion,
            note: radar.overall == nil ? radar.withheldVerdict : "percent = data completion")
    }

    /// The reading figures: books, pages, pace and sessions.
    private static func reading(_ r: ReadingStats, into table: inout Table) {
        table.add("reading", "books finished", String(r.booksFinished))
        table.add("reading", "pages read", String(r.pagesRead))
        table.add("reading", "books without a page count", String(r.booksWithoutPageCount))
        table.add("reading", "pages per day", Self.number(r.pagesPerDay))
        table.add("reading", "books per month", Self.number(r.booksPerMonth))
        table.add("reading", "reading minutes", String(r.readingMinutes))
        table.add("reading", "pages per hour", r.pagesPerHour.map(Self.number) ?? "")
        table.add("reading", "sessions", String(r.sessions))
    }

    /// A number as a spreadsheet reads it: at most two decimals, no grouping.
    static func number(_ value: Double) -> String {
        let hundredths = Int(saturating: (value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let whole = abs(hundredths) / 100
        let fraction = abs(hundredths) % 100
        if fraction == 0 { return sign + String(whole) }
        return sign + String(whole) + "." + (fraction % 10 == 0 ? String(fraction / 10) : String(format: "%02d", fraction))
    }

    /// A fraction as a percentage with one decimal.
    static func percent(_ fraction: Double) -> String {
        let tenths = Int(saturating: (fraction * 1000).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// One cell: quoted when it holds a comma, a quote or a line break; a leading formula
    /// character made harmless.
    static func cell(_ text: String) -> String {
        var text = text
        if let first = text.first, "=+-@\t\r".contains(first), Double(text) == nil { text = "'" + text }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
