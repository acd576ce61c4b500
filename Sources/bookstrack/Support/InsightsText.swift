import BooksTrackCore
import Foundation

/// The terminal report of `bookstrack insights`: the page's figures as plain text.
enum InsightsText {
    private typealias F = InsightFormat

    static func render(_ report: InsightsReport, reader: String) -> String {
        let noun = report.diversity.unit == .books ? "books" : "authors"
        let title =
            "Insights for \(reader) — \(report.period.label), \(report.scope.displayName.lowercased()), counted in \(noun)\n\n"
        if report.libraryBooks == 0 {
            return title
                + "No books yet. Import a library (bookstrack import FILE --user NAME) or load the demo (bookstrack demo).\n"
        }
        let d = report.diversity
        return title + emptyPeriod(report) + diversityScore(report, noun: noun) + atAGlance(d) + regions(d, noun: noun)
            + genders(d, noun: noun) + languages(d) + countries(report) + reading(report) + suggestions(report)
    }

    /// What to try when the period holds no book.
    private static func emptyPeriod(_ report: InsightsReport) -> String {
        guard report.diversity.books == 0 else { return "" }
        return "Nothing \(report.scope == .read ? "finished" : "added") in this period. Try --period all or --scope library.\n\n"
    }

    /// A share, unless too little is known for one (SPEC §4 "Enough data before a verdict").
    private static func share(_ value: Double?, _ breakdown: DiversityFigures.Breakdown, in d: DiversityFigures) -> String {
        d.allowsShares(breakdown) ? value.map(F.percent) ?? "--" : "too little known"
    }

    /// The diversity score, its four parts, and its change since the previous period.
    private static func diversityScore(_ report: InsightsReport, noun: String) -> String {
        let d = report.diversity
        let s = d.score
        var out = "Diversity score  \(F.oneDecimal(s.total)) / 10"
        out +=
            s.isEmpty
            ? "  (add books to calculate diversity)\n"
            : "  (\(s.isProvisional ? "provisional: " : "")based on \(F.percent(s.coverage)) of your \(noun))\n"
        out += row("  Regions", "\(F.oneDecimal(s.region)) / 3.0", "\(d.regionsRepresented) of 11 regions")
        out += row("  Gender", "\(F.oneDecimal(s.gender)) / 3.0", "entropy \(F.oneDecimal(d.genderEntropy)) bits")
        out += row("  Languages", "\(F.oneDecimal(s.language)) / 2.0", "\(d.languages.count) original languages")
        out += row(
            "  Marginalized", "\(F.oneDecimal(s.marginalized)) / 2.0", share(d.marginalized.share, .marginalized, in: d))
        if let previous = report.previous, !s.isProvisional {
            out += "  " + F.change(s.total, previous.diversity.score.total, against: previous.period.label, decimals: true) + "\n"
        }
        return out
    }

    private static func atAGlance(_ d: DiversityFigures) -> String {
        "\nAt a glance: "
            + [
                d.regionsRepresented > 0 ? "\(d.regionsRepresented) of 11 regions" : "regions --",
                "women " + share(d.figure(for: .female)?.figure.share, .gender, in: d),
                "marginalized " + share(d.marginalized.share, .marginalized, in: d),
                d.languages.isEmpty ? "languages --" : "\(d.languages.count) languages",
            ].joined(separator: " · ") + "\n"
    }

    /// Each region's count, share and a bar as long as its count against the largest.
    private static func regions(_ d: DiversityFigures, noun: String) -> String {
        var out =
            "\nCultural regions (known for \(F.percent(d.regionCoverage.fraction)) of \(noun); * = underrepresented for you)\n"
        let maximum = d.regions.map(\.figure.count).max() ?? 0
        for figure in d.regions {
            let bar = String(
                repeating: "█", count: maximum > 0 ? Int(saturating: (figure.figure.count / maximum * 20).rounded()) : 0)
            out += row(
                "  " + figure.region.displayName + (figure.underrepresented ? " *" : ""), F.number(figure.figure.count),
                (d.allowsShares(.region) ? figure.figure.share.map(F.percent) ?? "–" : "–").padding(
                    toLength: 5, withPad: " ", startingAt: 0) + bar)
        }
        return out
    }

    private static func genders(_ d: DiversityFigures, noun: String) -> String {
        var out = "\nAuthor gender (\(F.authors(d.authors)); known for \(F.percent(d.genderCoverage.fraction)) of \(noun))\n"
        for figure in d.genders {
            out += row(
                "  " + figure.gender.displayName, F.number(figure.figure.count),
                (d.allowsShares(.gender) ? figure.figure.share.map(F.percent) ?? "–" : "–") + " · "
                    + F.authors(figure.figure.authors))
        }
        return out
    }

    private static func languages(_ d: DiversityFigures) -> String {
        "\nOriginal languages (known for \(F.percent(d.languageCoverage.fraction)) of books)\n  "
            + (d.languages.isEmpty
                ? "none known yet" : d.languages.map { "\($0.language.englishName) \($0.books)" }.joined(separator: ", "))
            + "\n"
    }

    /// The authors' countries, and how many are new since the date the report names.
    private static func countries(_ report: InsightsReport) -> String {
        let d = report.diversity
        var out =
            "\nCountries (\(d.countries.count); an author's country known for \(F.percent(d.countryCoverage.fraction)) of books"
        if let new = report.newCountries, let since = report.newCountriesSince {
            out += "; \(new.count) new since \(since)"
        }
        out += ")\n  "
        out += d.countries.isEmpty ? "none known yet" : d.countries.map { "\($0.name) \($0.books)" }.joined(separator: ", ")
        return out + "\n"
    }

    /// The reading figures, each with its change since the previous period, and the pace.
    private static func reading(_ report: InsightsReport) -> String {
        let r = report.reading
        let p = report.previous?.reading
        let against = report.previous?.period.label ?? ""
        var out = "\nReading — \(report.period.label)\(report.previous.map { ", compared with \($0.period.label)" } ?? "")\n"
        func stat(
            _ label: String, _ value: String, _ current: Double, _ before: Double?, decimals: Bool = false,
            format: ((Double) -> String)? = nil
        ) -> String {
            row(
                "  " + label, value,
                before.map { F.change(current, $0, against: against, decimals: decimals, format: format) } ?? "")
        }
        out += stat("Books finished", String(r.booksFinished), Double(r.booksFinished), p.map { Double($0.booksFinished) })
        out += stat("Pages read", F.grouped(r.pagesRead), Double(r.pagesRead), p.map { Double($0.pagesRead) })
        out += stat("Pages a day", F.oneDecimal(r.pagesPerDay), r.pagesPerDay, p?.pagesPerDay, decimals: true)
        out += stat("Books a month", F.oneDecimal(r.booksPerMonth), r.booksPerMonth, p?.booksPerMonth, decimals: true)
        out += stat(
            "Timed sessions", r.readingMinutes > 0 ? F.duration(r.readingMinutes) : "none", Double(r.readingMinutes),
            p.map { Double($0.readingMinutes) },
            format: { F.duration(Int(saturating: $0)) })
        out += row(
            "  Pace",
            r.pagesPerHour.map { "\(Int(saturating: $0.rounded())) pages an hour" }
                ?? "needs \(ReadingStats.minimumPaceMinutes) min of sessions", "")
        return out
    }

    private static func suggestions(_ report: InsightsReport) -> String {
        "\nWhat to read next\n"
            + (report.suggestions.isEmpty
                ? "  Nothing on your Want to read or To read (owned) shelves fills a gap right now.\n"
                : report.suggestions.map { "  - " + $0.message + "\n" }.joined())
    }

    private static func row(_ label: String, _ value: String, _ note: String) -> String {
        let line =
            label.padding(toLength: 22, withPad: " ", startingAt: 0)
            + value.padding(toLength: max(12, value.count + 2), withPad: " ", startingAt: 0) + note
        return line.trimmingCharacters(in: .whitespaces) == ""
            ? "\n" : String(line.reversed().drop { $0 == " " }.reversed()) + "\n"
    }
}
