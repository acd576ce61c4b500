import BooksTrackCore
import Foundation

/// The year in books as text for a terminal: the same figures as /insights/year/{year}.
enum YearText {
    static func render(_ year: YearInBooks, reader: String) -> String {
        let totals = year.totals
        var out = "\(year.year) in books — \(reader)\(year.complete ? "" : " (so far; the year is not over)")\n\n"
        out += "  \(InsightFormat.books(totals.books)) · \(InsightFormat.grouped(totals.pages)) pages"
        if totals.minutes > 0 { out += " · \(InsightFormat.duration(totals.minutes)) in sessions" }
        out += " · \(InsightFormat.authors(totals.authors)) · \(InsightFormat.counted(totals.countries, "country", "countries"))"
        out += " · longest streak \(InsightFormat.counted(totals.longestStreak, "day", "days"))\n"
        if let before = year.previous {
            out +=
                "  \(year.year - 1): \(InsightFormat.books(before.books)) · \(InsightFormat.grouped(before.pages)) pages · \(InsightFormat.counted(before.countries, "country", "countries"))\n"
        }
        out += "\n"
        for (label, book) in [("First", year.first), ("Last", year.last), ("Longest", year.longest), ("Shortest", year.shortest)]
        {
            if let book { out += "\(label.padding(toLength: 9, withPad: " ", startingAt: 0)) \(line(book))\n" }
        }
        if let busiest = year.busiestMonth {
            out += "\nBusiest month: \(busiest.label), \(InsightFormat.books(busiest.books))\n"
        }
        if !year.mostRead.isEmpty {
            out += "Read most: " + year.mostRead.map { "\($0.name) (\($0.books))" }.joined(separator: ", ") + "\n"
        }
        out += "Countries: \(year.countries.map(\.name).joined(separator: ", "))"
        out +=
            !year.readBefore || year.newCountries.isEmpty
            ? "\n" : " — new: \(year.newCountries.map(\.name).joined(separator: ", "))\n"
        out += "Women: \(share(year.women))\nMarginalized voices: \(share(year.marginalized))\n"
        out += "Languages: \(year.languages.map { "\($0.name) (\($0.books))" }.joined(separator: ", "))\n"
        out += "In translation: \(share(year.translated))\n"
        if !year.goals.isEmpty {
            out += "\nGoals\n"
            for goal in year.goals { out += "  \(goal.title): \(goal.outcome.displayName), \(goal.progress)\n" }
        }
        out += "\nBooks\n"
        for (number, book) in year.books.enumerated() { out += "  \(number + 1). \(line(book))\n" }
        return out
    }

    static func line(_ book: YearInBooks.Book) -> String {
        var parts = [book.title]
        if !book.authors.isEmpty { parts.append("by " + InsightFormat.list(book.authors)) }
        if let pages = book.pages { parts.append("\(InsightFormat.grouped(pages)) pages") }
        parts.append("finished \(book.finishedOn)")
        return parts.joined(separator: " · ")
    }

    /// "58% (24 of 24 books known)", or why there is no share.
    static func share(_ share: YearInBooks.Share) -> String {
        let known = "\(InsightFormat.number(share.known)) of \(InsightFormat.books(share.total)) known"
        guard let value = share.share else { return "too little known (\(known))" }
        return "\(InsightFormat.percent(value)) (\(known))"
    }
}
