import Foundation

/// The diversity figures of one set of books (SPEC §4, F3): regions, genders, languages and
/// marginalized voices with their coverage, distinct-author counts and the 0–10 score.
///
/// Shares are computed over what is known; what is unknown is reported as coverage and never
/// raises a share or the score.
public struct DiversityFigures: Codable, Hashable, Sendable {
    /// One category's figure: its weight in the chosen unit, its share of the known weight and
    /// how many distinct authors are in it.
    public struct Figure: Codable, Hashable, Sendable {
        /// Books (fractional: a book by two authors gives each ½) or authors, per ``unit``.
        public var count: Double
        /// count ÷ the known total; `nil` when nothing is known.
        public var share: Double?
        public var authors: Int
    }

    public struct RegionFigure: Codable, Hashable, Sendable {
        public var region: CulturalRegion
        public var figure: Figure
        /// Whether the reader counts this region as underrepresented.
        public var underrepresented: Bool
    }

    public struct GenderFigure: Codable, Hashable, Sendable {
        public var gender: Gender
        public var figure: Figure
    }

    public struct LanguageFigure: Codable, Hashable, Sendable {
        public var language: LanguageCode
        /// Books originally written in the language (languages belong to books, so they are
        /// counted in books whatever the unit).
        public var books: Int
        public var share: Double
    }

    /// Books first published in an era (a year belongs to a book, so eras are counted in books
    /// whatever the unit).
    public struct EraFigure: Codable, Hashable, Sendable {
        public var era: PublicationEra
        public var books: Int
        /// books ÷ the books whose year is known; `nil` when none is known.
        public var share: Double?
    }

    /// Books (or authors, per the unit) by their authors' gender *and* region together: only
    /// complete cases, an author whose gender and region are both known (issue 20: a one-axis
    /// split hides exactly the women of a region, say).
    public struct IntersectionFigure: Codable, Hashable, Sendable {
        public var gender: Gender
        public var region: CulturalRegion
        /// In the unit; a book by two authors gives each ½.
        public var count: Double
        /// count ÷ the complete cases' weight; `nil` when there is none.
        public var share: Double?
        /// Distinct authors of this gender and region.
        public var authors: Int
    }

    /// How much of the scope a figure could be computed from.
    public struct Coverage: Codable, Hashable, Sendable {
        /// The weight whose value is known, in the unit of the figure.
        public var known: Double
        /// The whole weight.
        public var total: Double
        /// known ÷ total, 0 when there is nothing.
        public var fraction: Double

        public init(known: Double, total: Double) {
            self.known = known
            self.total = total
            self.fraction = total > 0 ? known / total : 0
        }

        /// total − known.
        public var unknown: Double { max(0, total - known) }
    }

    public var unit: CountingUnit
    /// Books in scope.
    public var books: Int
    /// Distinct authors of those books.
    public var authors: Int
    /// All eleven regions in chart order, including those with nothing.
    public var regions: [RegionFigure]
    public var regionCoverage: Coverage
    /// Regions with a count above zero.
    public var regionsRepresented: Int
    /// Female, male, non-binary, other. Unknown is ``genderCoverage``, never a category.
    public var genders: [GenderFigure]
    public var genderCoverage: Coverage
    /// Distinct authors whose gender is known.
    public var authorsWithGender: Int
    /// Shannon entropy of the known gender shares, in bits (0 to 2).
    public var genderEntropy: Double
    /// Original languages, most books first.
    public var languages: [LanguageFigure]
    /// In books.
    public var languageCoverage: Coverage
    /// Marginalized voices: count, share of known and coverage.
    public var marginalized: Figure
    public var marginalizedCoverage: Coverage
    public var score: DiversityScore
    /// The five publication eras, oldest first, including those with nothing.
    public var eras: [EraFigure] = []
    /// In books: those with a first publication year.
    public var eraCoverage = Coverage(known: 0, total: 0)
    /// The authors' countries, most books first (``CountryFigure``).
    public var countries: [CountryFigure] = []
    /// In books: those with at least one author whose country is known.
    public var countryCoverage = Coverage(known: 0, total: 0)
    /// Every gender × region pair (regions in chart order, then genders), zeros included.
    public var intersections: [IntersectionFigure] = []
    /// The weight of complete cases (gender and region known) of the whole.
    public var intersectionCoverage = Coverage(known: 0, total: 0)

    /// The combined share of women, non-binary and other authors among known genders.
    public var nonMaleShare: Double? {
        guard genderCoverage.known > 0 else { return nil }
        return genders.filter { $0.gender != .male }.reduce(0) { $0 + $1.figure.count } / genderCoverage.known
    }

    public func figure(for region: CulturalRegion) -> RegionFigure? { regions.first { $0.region == region } }
    public func figure(for gender: Gender, in region: CulturalRegion) -> IntersectionFigure? {
        intersections.first { $0.gender == gender && $0.region == region }
    }
    public func figure(for gender: Gender) -> GenderFigure? { genders.first { $0.gender == gender } }
}

/// The diversity score 0–10 and its four parts (SPEC §4).
public struct DiversityScore: Codable, Hashable, Sendable {
    /// regions represented ÷ 11 × 3.
    public var region: Double
    /// min(1, entropy of the known gender shares in bits) × 3.
    public var gender: Double
    /// min(original languages ÷ 5, 1) × 2.
    public var language: Double
    /// marginalized share × 2.
    public var marginalized: Double
    /// The mean coverage of the four parts: "based on 64% of your books".
    public var coverage: Double
    /// True when there are no books in scope: the page says "Add books to calculate diversity".
    public var isEmpty: Bool

    /// The sum of the parts (at most 10).
    public var total: Double

    public init(region: Double, gender: Double, language: Double, marginalized: Double, coverage: Double, isEmpty: Bool) {
        self.region = region
        self.gender = gender
        self.language = language
        self.marginalized = marginalized
        self.coverage = coverage
        self.isEmpty = isEmpty
        self.total = min(10, region + gender + language + marginalized)
    }

    public static let maxRegion = 3.0
    public static let maxGender = 3.0
    public static let maxLanguage = 2.0
    public static let maxMarginalized = 2.0
}

/// Whether an author counts as a marginalized voice for a reader (SPEC §3): a woman, non-binary
/// or other gender, a region in the reader's underrepresented set, or a recorded
/// marginalized identity.
///
/// Only *complete cases* are told: an author whose gender **and** region are both known. Telling a
/// woman of unknown region "yes" while a man of unknown region stays unknown would let what is
/// missing tilt the share (one real library read 0.97 instead of 0.81). The identity flag is
/// something a reader records when they know it, so its absence does not make an answer unknown.
public func marginalizedVoice(_ author: Author, underrepresented: Set<CulturalRegion>) -> Bool? {
    guard let gender = author.gender?.value, let region = author.region else { return nil }
    return author.marginalized?.value == .yes || gender != .male || underrepresented.contains(region)
}

extension DiversityFigures {
    /// Computes the figures of the given books (indices into the index) for a reader.
    static func compute(_ selection: [Int], index: InsightIndex, unit: CountingUnit, underrepresented: Set<CulturalRegion>)
        -> DiversityFigures
    {
        var tally = DiversityTally(index: index)
        for bookIndex in selection { tally.add(index.books[bookIndex], index: index, unit: unit) }
        let entropy = shannonEntropyBits(tally.genderWeight)
        let languages = tally.languageFigures(index.languages)
        let regionsRepresented = tally.regionWeight.filter { $0 > 0 }.count
        let regionCoverage = Coverage(known: tally.regionKnown, total: tally.total)
        let genderCoverage = Coverage(known: tally.genderKnown, total: tally.total)
        let languageCoverage = Coverage(known: Double(tally.booksWithLanguage), total: Double(selection.count))
        let marginalizedCoverage = Coverage(known: tally.marginalizedKnown, total: tally.total)
        let marginalizedShare = DiversityTally.share(tally.marginalizedWeight, of: tally.marginalizedKnown)
        let score = DiversityScore(
            region: Double(regionsRepresented) / Double(CulturalRegion.allCases.count) * DiversityScore.maxRegion,
            gender: min(1, entropy) * DiversityScore.maxGender,
            language: min(Double(languages.count) / 5, 1) * DiversityScore.maxLanguage,
            marginalized: (marginalizedShare ?? 0) * DiversityScore.maxMarginalized,
            coverage: (regionCoverage.fraction + genderCoverage.fraction + languageCoverage.fraction
                + marginalizedCoverage.fraction) / 4,
            isEmpty: selection.isEmpty)
        var figures = DiversityFigures(
            unit: unit, books: selection.count, authors: tally.distinctAuthors,
            regions: tally.regionFigures(underrepresented: underrepresented),
            regionCoverage: regionCoverage, regionsRepresented: regionsRepresented, genders: tally.genderFigures(),
            genderCoverage: genderCoverage, authorsWithGender: tally.genderAuthors.reduce(0, +),
            genderEntropy: entropy, languages: languages, languageCoverage: languageCoverage,
            marginalized: Figure(count: tally.marginalizedWeight, share: marginalizedShare, authors: tally.marginalizedAuthors),
            marginalizedCoverage: marginalizedCoverage, score: score)
        figures.eras = tally.eraFigures()
        figures.eraCoverage = Coverage(known: Double(tally.booksWithEra), total: Double(selection.count))
        let (countries, countriesKnown) = countries(selection, index: index)
        figures.countries = countries
        figures.countryCoverage = Coverage(known: Double(countriesKnown), total: Double(selection.count))
        figures.intersections = tally.intersectionFigures()
        figures.intersectionCoverage = Coverage(known: tally.pairKnown, total: tally.total)
        return figures
    }
}

/// What one pass over a selection of books adds up for ``DiversityFigures``: the weight and the
/// distinct authors of each region, gender and region × gender pair, the marginalized voices, the
/// books of each language and era, and how much of each is known. Weights are in the counting
/// unit: a book shared among its authors, or each distinct author once.
private struct DiversityTally {
    static let genderCount = Gender.allCases.count

    var regionWeight = [Double](repeating: 0, count: CulturalRegion.allCases.count)
    var regionAuthors = [Int](repeating: 0, count: CulturalRegion.allCases.count)
    var genderWeight = [Double](repeating: 0, count: Gender.allCases.count)
    var genderAuthors = [Int](repeating: 0, count: Gender.allCases.count)
    var pairWeight = [Double](repeating: 0, count: CulturalRegion.allCases.count * genderCount)
    var pairAuthors = [Int](repeating: 0, count: CulturalRegion.allCases.count * genderCount)
    var pairKnown = 0.0
    var marginalizedWeight = 0.0
    var marginalizedKnown = 0.0
    var marginalizedAuthors = 0
    var regionKnown = 0.0
    var genderKnown = 0.0
    var total = 0.0
    var languageBooks: [Int]
    var booksWithLanguage = 0
    var eraBooks = [Int](repeating: 0, count: PublicationEra.allCases.count)
    var booksWithEra = 0
    var distinctAuthors = 0
    /// Whether each author (by author index) has been met yet.
    var seen: [Bool]

    /// An empty tally sized for the index's languages and authors.
    init(index: InsightIndex) {
        languageBooks = [Int](repeating: 0, count: index.languages.count)
        seen = [Bool](repeating: false, count: index.authors.count)
    }

    /// `value` as a share of what is known, `nil` when nothing is.
    static func share(_ value: Double, of known: Double) -> Double? { known > 0 ? value / known : nil }

    /// Counts one book: its language and era, then each of its authors in the counting unit. A
    /// book without a known author counts towards the total of books but to no category.
    mutating func add(_ book: InsightIndex.Book, index: InsightIndex, unit: CountingUnit) {
        if book.language >= 0 {
            languageBooks[Int(book.language)] += 1
            booksWithLanguage += 1
        }
        if let era = book.era {
            eraBooks[era.ordinal] += 1
            booksWithEra += 1
        }
        if unit == .books {
            total += 1
            guard !book.authors.isEmpty else { return }
        }
        let weight = 1 / Double(max(1, book.authors.count))
        for authorIndex in book.authors {
            let a = Int(authorIndex)
            let isNew = !seen[a]
            let traits = index.authors[a]
            if isNew { meet(a, traits) }
            let w: Double
            switch unit {
            case .books: w = weight
            case .authors:
                guard isNew else { continue }
                w = 1
                total += 1
            }
            weigh(traits, by: w)
        }
    }

    /// Counts an author met for the first time in the categories they belong to.
    private mutating func meet(_ author: Int, _ traits: InsightIndex.AuthorTraits) {
        seen[author] = true
        distinctAuthors += 1
        // Each author has one region and one gender, so counting them when first
        // seen counts distinct authors per category.
        if let region = traits.region { regionAuthors[region.ordinal] += 1 }
        if let gender = traits.gender { genderAuthors[gender.ordinal] += 1 }
        if traits.marginalized == true { marginalizedAuthors += 1 }
        if let region = traits.region, let gender = traits.gender {
            pairAuthors[region.ordinal * Self.genderCount + gender.ordinal] += 1
        }
    }

    /// Adds an author's weight `w` to each category their traits tell, and to what is known.
    private mutating func weigh(_ traits: InsightIndex.AuthorTraits, by w: Double) {
        if let region = traits.region {
            regionWeight[region.ordinal] += w
            regionKnown += w
        }
        if let gender = traits.gender {
            genderWeight[gender.ordinal] += w
            genderKnown += w
        }
        if let region = traits.region, let gender = traits.gender {
            pairWeight[region.ordinal * Self.genderCount + gender.ordinal] += w
            pairKnown += w
        }
        if let marginalized = traits.marginalized {
            marginalizedKnown += w
            if marginalized { marginalizedWeight += w }
        }
    }

    /// Every region's figure, in the regions' order.
    func regionFigures(underrepresented: Set<CulturalRegion>) -> [DiversityFigures.RegionFigure] {
        CulturalRegion.allCases.map { region in
            let i = region.ordinal
            return DiversityFigures.RegionFigure(
                region: region,
                figure: DiversityFigures.Figure(
                    count: regionWeight[i], share: Self.share(regionWeight[i], of: regionKnown), authors: regionAuthors[i]),
                underrepresented: underrepresented.contains(region))
        }
    }

    /// Every gender's figure, in the genders' order.
    func genderFigures() -> [DiversityFigures.GenderFigure] {
        Gender.allCases.map { gender in
            let i = gender.ordinal
            return DiversityFigures.GenderFigure(
                gender: gender,
                figure: DiversityFigures.Figure(
                    count: genderWeight[i], share: Self.share(genderWeight[i], of: genderKnown), authors: genderAuthors[i]))
        }
    }

    /// The languages read, most books first (ties by English name).
    func languageFigures(_ languages: [LanguageCode]) -> [DiversityFigures.LanguageFigure] {
        languageBooks.enumerated().filter { $0.element > 0 }.map { languageIndex, books in
            DiversityFigures.LanguageFigure(
                language: languages[languageIndex], books: books, share: Double(books) / Double(booksWithLanguage))
        }.sorted { ($0.books, $1.language.englishName) > ($1.books, $0.language.englishName) }
    }

    /// Every era's figure, in the eras' order; shares are of the books whose era is known.
    func eraFigures() -> [DiversityFigures.EraFigure] {
        PublicationEra.allCases.map { era in
            let books = eraBooks[era.ordinal]
            return DiversityFigures.EraFigure(
                era: era, books: books, share: booksWithEra > 0 ? Double(books) / Double(booksWithEra) : nil)
        }
    }

    /// Every region × gender pair's figure, region by region.
    func intersectionFigures() -> [DiversityFigures.IntersectionFigure] {
        CulturalRegion.allCases.flatMap { region in
            Gender.allCases.map { gender in
                let i = region.ordinal * Self.genderCount + gender.ordinal
                return DiversityFigures.IntersectionFigure(
                    gender: gender, region: region, count: pairWeight[i], share: Self.share(pairWeight[i], of: pairKnown),
                    authors: pairAuthors[i])
            }
        }
    }
}

/// Shannon entropy in bits of the distribution given by non-negative weights (0 when empty).
public func shannonEntropyBits(_ weights: [Double]) -> Double {
    let total = weights.reduce(0, +)
    guard total > 0 else { return 0 }
    var entropy = 0.0
    for weight in weights where weight > 0 {
        let p = weight / total
        entropy -= p * log2(p)
    }
    return max(0, entropy)
}
