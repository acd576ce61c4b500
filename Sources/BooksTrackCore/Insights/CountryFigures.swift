import Foundation

/// The countries a selection of books was written from (issue 41, "the world you have read"):
/// each country of the books' authors with the books and distinct authors from it. A book counts
/// whole for every country among its authors (a book by a Nigerian and a British author is a book
/// read from each), so the countries' books can add up to more than the books.
public struct CountryFigure: Codable, Hashable, Sendable {
    public var country: CountryCode
    public var name: String
    /// The country's cultural region (``CountryRegions``), when it has one.
    public var region: CulturalRegion?
    public var books: Int
    public var authors: Int
}

extension DiversityFigures {
    /// The countries of the selected books, most books first (then by name), and how many of
    /// the books have at least one author whose country is known.
    static func countries(_ selection: [Int], index: InsightIndex) -> (countries: [CountryFigure], known: Int) {
        var books: [CountryCode: Int] = [:]
        var authors: [CountryCode: Set<Int32>] = [:]
        var known = 0
        for position in selection {
            var seen = Set<CountryCode>()
            for author in index.books[position].authors {
                guard let country = index.authors[Int(author)].country else { continue }
                authors[country, default: []].insert(author)
                if seen.insert(country).inserted { books[country, default: 0] += 1 }
            }
            if !seen.isEmpty { known += 1 }
        }
        let figures = books.map { country, count in
            CountryFigure(
                country: country, name: country.name, region: CountryRegions.region(for: country), books: count,
                authors: authors[country]?.count ?? 0)
        }
        return (figures.sorted { ($1.books, $0.name) < ($0.books, $1.name) }, known)
    }

    /// The books a reader had read before a day: finished before it, or read at a time not known
    /// (a book marked read without a date may be from any year, so it is never "new").
    static func readBefore(_ day: Int, index: InsightIndex) -> [Int] {
        index.books.indices.filter { position in
            let book = index.books[position]
            return book.finishedDays.contains { $0 < day } || (book.readAtSomeTime && book.finishedDays.isEmpty)
        }
    }

    /// The countries and regions of some books' authors.
    static func places(_ books: [Int], index: InsightIndex) -> (countries: Set<CountryCode>, regions: Set<CulturalRegion>) {
        var countries = Set<CountryCode>()
        var regions = Set<CulturalRegion>()
        for position in books {
            for author in index.books[position].authors {
                let traits = index.authors[Int(author)]
                if let country = traits.country { countries.insert(country) }
                if let region = traits.region { regions.insert(region) }
            }
        }
        return (countries, regions)
    }
}
