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

    public static func render(_ report: InsightsReport) -> String {
        var rows: [[String]] = [header]
        func add(
            _ section: String, _ item: String, _ value: String = "", percent: Double? = nil, authors: Int? = nil,
            known: Double? = nil, total: Double? = nil, note: String = ""
        ) {
            rows.append([
                section, item, value, percent.map(Self.percent) ?? "", authors.map(String.init) ?? "",
                known.map(Self.number) ?? "", total.map(Self.number) ?? "", note,
            ])
        }
        let d = report.diversity
        let unit = d.unit == .books ? "books" : "authors"
        add("about", "period", report.period.label)
        add("about", "from", report.period.from?.description ?? "")
        add("about", "to", report.period.to?.description ?? "")
        add("about", "scope", report.scope.displayName)
        add("about", "unit", unit)
        add("about", "books", String(d.books), note: "books in these insights")
        add("about", "library books", String(report.libraryBooks))
        add("about", "computed on", report.today.description)

        let s = d.score
        let scoreNote =
            s.isEmpty ? "no books to score" : s.isProvisional ? "provisional: too little known to compare" : ""
        add("score", "overall", s.isEmpty ? "" : Self.number(s.total), note: scoreNote)
        add("score", "regions", Self.number(s.region), note: "out of 3")
        add("score", "gender", Self.number(s.gender), note: "out of 3")
        add("score", "languages", Self.number(s.language), note: "out of 2")
        add("score", "marginalized", Self.number(s.marginalized), note: "out of 2")
        add("score", "coverage", "", percent: s.coverage, note: "share of the \(unit) the score rests on")

        func share(_ value: Double?, _ allowed: Bool) -> (Double?, String) {
            allowed ? (value, "") : (nil, value == nil ? "" : "too little known")
        }
        let regionsShown = d.allowsShares(.region)
        for figure in d.regions {
            let (percent, note) = share(figure.figure.share, regionsShown)
            add(
                "regions", figure.region.displayName, Self.number(figure.figure.count), percent: percent,
                authors: figure.figure.authors,
                note: [note, figure.underrepresented ? "underrepresented for you" : ""].filter { !$0.isEmpty }
                    .joined(separator: "; "))
        }
        coverage("regions", d.regionCoverage, into: &rows)

        let gendersShown = d.allowsShares(.gender)
        for figure in d.genders {
            let (percent, note) = share(figure.figure.share, gendersShown)
            add(
                "gender", figure.gender.displayName, Self.number(figure.figure.count), percent: percent,
                authors: figure.figure.authors, note: note)
        }
        coverage("gender", d.genderCoverage, into: &rows)

        // Gender × region over complete cases (both known): every pair, zeros included.
        let pairsShown = d.allowsShares(.intersection)
        for figure in d.intersections {
            let (percent, note) = share(figure.share, pairsShown)
            add(
                "gender x region", "\(figure.gender.displayName) · \(figure.region.displayName)", Self.number(figure.count),
                percent: percent, authors: figure.authors, note: note)
        }
        coverage("gender x region", d.intersectionCoverage, into: &rows)

        for figure in d.languages {
            add("languages", figure.language.englishName, String(figure.books), percent: figure.share)
        }
        coverage("languages", d.languageCoverage, into: &rows)

        // Countries: a book counts whole for each of its authors' countries.
        for figure in d.countries {
            add("countries", figure.country.name, String(figure.books), authors: figure.authors, note: figure.country.alpha2)
        }
        coverage("countries", d.countryCoverage, into: &rows)

        let erasShown = d.allowsShares(.era)
        for figure in d.eras {
            let (percent, note) = share(figure.share, erasShown)
            add("eras", figure.era.displayName, String(figure.books), percent: percent, note: note)
        }
        coverage("eras", d.eraCoverage, into: &rows)

        let (marginalized, marginalizedNote) = share(d.marginalized.share, d.allowsShares(.marginalized))
        add(
            "marginalized", "marginalized voices", Self.number(d.marginalized.count), percent: marginalized,
            authors: d.marginalized.authors, note: marginalizedNote)
        coverage("marginalized", d.marginalizedCoverage, into: &rows)

        for axis in report.radar.axes {
            add(
                "radar", axis.axis.displayName, axis.value.map { Self.number($0 * 100) } ?? "",
                percent: axis.coverage, note: axis.isGhost ? "no data" : "value 0–100; percent = books known")
        }
        add(
            "radar", "overall", report.radar.overall.map(Self.number) ?? "", percent: report.radar.completion,
            note: report.radar.overall == nil ? report.radar.withheldVerdict : "percent = data completion")

        let r = report.reading
        add("reading", "books finished", String(r.booksFinished))
        add("reading", "pages read", String(r.pagesRead))
        add("reading", "books without a page count", String(r.booksWithoutPageCount))
        add("reading", "pages per day", Self.number(r.pagesPerDay))
        add("reading", "books per month", Self.number(r.booksPerMonth))
        add("reading", "reading minutes", String(r.readingMinutes))
        add("reading", "pages per hour", r.pagesPerHour.map(Self.number) ?? "")
        add("reading", "sessions", String(r.sessions))
        return rows.map { $0.map(cell).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    private static func coverage(_ section: String, _ coverage: DiversityFigures.Coverage, into rows: inout [[String]]) {
        rows.append([
            section, "coverage", "", percent(coverage.fraction), "", number(coverage.known), number(coverage.total),
            "known of all",
        ])
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
