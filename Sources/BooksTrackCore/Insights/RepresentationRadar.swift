import Foundation

/// One axis of a representation radar (SPEC §4). The library radar has seven, a book's radar five.
public enum RadarAxis: String, Codable, Hashable, Sendable, CaseIterable {
    case cultural, gender, language, marginalized, translation, ownVoices, era, accessibility

    /// The library radar's axes, clockwise from the top.
    public static let library: [RadarAxis] = [.cultural, .gender, .language, .marginalized, .translation, .ownVoices, .era]
    /// A book's radar axes, clockwise from the top.
    public static let book: [RadarAxis] = [.cultural, .gender, .translation, .ownVoices, .accessibility]

    public var displayName: String {
        switch self {
        case .cultural: "Cultural origin"
        case .gender: "Gender"
        case .language: "Language"
        case .marginalized: "Marginalized voices"
        case .translation: "Translation"
        case .ownVoices: "Own voices"
        case .era: "Era"
        case .accessibility: "Accessibility"
        }
    }

    /// A label short enough for a 200 px chart.
    public var shortName: String {
        switch self {
        case .cultural: "Culture"
        case .gender: "Gender"
        case .language: "Language"
        case .marginalized: "Margin."
        case .translation: "Transl."
        case .ownVoices: "Own v."
        case .era: "Era"
        case .accessibility: "Access."
        }
    }

    /// What a full axis means, for the data table.
    public var libraryMeaning: String {
        switch self {
        case .cultural: "Cultural regions represented, out of 11"
        case .gender: "Balance of author genders (an even mix is full)"
        case .language: "Original languages, out of 5"
        case .marginalized: "Share of books by marginalized voices"
        case .translation: "Share of books read in translation"
        case .ownVoices: "Share of own-voices books, of those where it is known"
        case .era: "Publication eras represented, out of 5"
        case .accessibility: "Accessible formats"
        }
    }

    /// The facts that fill this axis for a book, in the order they are asked.
    public var facts: [BookFact] {
        switch self {
        case .cultural: [.region]
        case .gender: [.gender]
        case .language: [.originalLanguage]
        // Gender and region decide whether an author is a marginalized voice (SPEC §3).
        case .marginalized: [.gender, .region]
        case .translation: [.originalLanguage, .readingLanguage]
        case .ownVoices: [.ownVoices]
        case .era: [.firstPublished]
        case .accessibility: [.accessibility]
        }
    }
}

/// The five colour bands of an overall radar score (seed 002).
public enum ScoreBand: String, Codable, Hashable, Sendable, CaseIterable {
    case highlyDiverse, diverse, moderate, limited, notDiverse

    /// The band of a 0–100 score, by its rounded value: 90–100, 70–89, 50–69, 30–49, 0–29.
    public init(percent: Double) {
        switch Int(saturating: percent.rounded()) {
        case 90...: self = .highlyDiverse
        case 70..<90: self = .diverse
        case 50..<70: self = .moderate
        case 30..<50: self = .limited
        default: self = .notDiverse
        }
    }

    public var displayName: String {
        switch self {
        case .highlyDiverse: "Highly diverse"
        case .diverse: "Diverse"
        case .moderate: "Moderate"
        case .limited: "Limited"
        case .notDiverse: "Not diverse"
        }
    }
}

/// A representation radar: each axis 0…1 where there is data, a ghost where there is none, and
/// how much of the books in scope each axis could use (SPEC §4, F4).
public struct RepresentationRadar: Codable, Hashable, Sendable {
    public struct Axis: Codable, Hashable, Sendable {
        public var axis: RadarAxis
        /// 0…1; `nil` is a ghost axis (no data at all).
        public var value: Double?
        /// The share of the books in scope whose value is known for this axis (0…1); a book's
        /// radar has 1 or 0.
        public var coverage: Double

        public init(axis: RadarAxis, value: Double?, coverage: Double) {
            self.axis = axis
            self.value = value.map { min(1, max(0, $0)) }
            self.coverage = min(1, max(0, coverage))
        }

        public var isGhost: Bool { value == nil }
        /// Drawn solid with a coverage badge: some data, not all.
        public var isPartial: Bool { value != nil && InsightFormat.percentValue(coverage) < 100 }
    }

    public var axes: [Axis]
    /// The axes the overall is the mean of: those with enough data (``MinimumData/counts(_:books:minimumBooks:)``:
    /// known for at least 25% of the books, and on a library's radar for at least 5 of them).
    /// A thinner axis is drawn but stays out, so filling in a fact can never make the overall
    /// jump because an axis known for 1% of the books started to count.
    public var counted: [RadarAxis]
    /// The mean of the ``counted`` axes × 100; `nil` with fewer than 3 of them
    /// (``MinimumData/radarAxes``).
    public var overall: Double?
    public var band: ScoreBand?
    /// Data completion: the mean coverage of the axes (0…1), "Data known: 75%".
    public var completion: Double
    /// Books the radar was computed from.
    public var books: Int

    /// `minimumBooks` is how many books an axis must be known for to count: 5 on a library's
    /// radar, 1 on a book's (whose axes are known or not).
    public init(axes: [Axis], books: Int, minimumBooks: Int = MinimumData.books) {
        self.axes = axes
        self.books = books
        let counting = axes.filter { MinimumData.counts($0, books: books, minimumBooks: minimumBooks) }
        counted = counting.map(\.axis)
        let values = counting.compactMap(\.value)
        overall = values.count >= MinimumData.radarAxes ? values.reduce(0, +) / Double(values.count) * 100 : nil
        band = overall.map(ScoreBand.init(percent:))
        completion = axes.isEmpty ? 0 : axes.map(\.coverage).reduce(0, +) / Double(axes.count)
    }

    public func axis(_ axis: RadarAxis) -> Axis? { axes.first { $0.axis == axis } }

    /// Whether any axis has data: without a verdict, "Not enough data yet" rather than "No data yet".
    public var hasData: Bool { axes.contains { !$0.isGhost } }

    /// Axes with some data that stay out of the overall (too little known yet).
    public var leftOut: [RadarAxis] { axes.filter { !$0.isGhost && !counted.contains($0.axis) }.map(\.axis) }

    /// Which axes the overall is made of, in words: "Overall from 4 axes; Language and
    /// Translation have too little data to count yet." `nil` when every axis with data counts.
    public var overallBasis: String? {
        let out = leftOut.map(\.displayName)
        guard overall != nil, !out.isEmpty else { return nil }
        let names = InsightFormat.list(out)
        return
            "Overall from \(counted.count) \(counted.count == 1 ? "axis" : "axes"); \(names) \(out.count == 1 ? "has" : "have") too little data to count yet."
    }

    /// What the radar says in place of a verdict it cannot give yet.
    public var withheldVerdict: String { hasData ? "Not enough data yet" : "No data yet" }

    /// The chart's text alternative: "Overall 73%, Diverse. Cultural origin 95%, Gender 100%,
    /// Translation: no data…".
    public var accessibleSummary: String {
        let head =
            if let overall, let band {
                "Overall \(InsightFormat.percentValue(overall / 100))%, \(band.displayName)."
                    + (overallBasis.map { " " + $0 } ?? "")
            } else {
                "\(withheldVerdict)."
            }
        let parts = axes.map { axis in
            guard let value = axis.value else { return "\(axis.axis.displayName): no data" }
            let partial = axis.isPartial ? " (data for \(InsightFormat.percent(axis.coverage)) of books)" : ""
            return "\(axis.axis.displayName) \(InsightFormat.percent(value))\(partial)"
        }
        return head + " " + parts.joined(separator: ", ") + "."
    }
}

extension RepresentationRadar {
    /// The library radar of a selection of books, in books (SPEC §4). `figures` are the
    /// selection's diversity figures counted in books.
    static func library(_ selection: [Int], index: InsightIndex, figures: DiversityFigures) -> RepresentationRadar {
        let total = Double(selection.count)
        var translatedKnown = 0.0
        var translated = 0.0
        var ownVoicesKnown = 0.0
        var ownVoices = 0.0
        var eraKnown = 0.0
        var eras = Set<PublicationEra>()
        // Fields are read in place: copying a whole book would retain its arrays.
        for bookIndex in selection {
            if let isTranslated = index.books[bookIndex].translated {
                translatedKnown += 1
                if isTranslated { translated += 1 }
            }
            if let flag = index.books[bookIndex].ownVoices {
                ownVoicesKnown += 1
                if flag == .yes { ownVoices += 1 }
            }
            if let era = index.books[bookIndex].era {
                eraKnown += 1
                eras.insert(era)
            }
        }
        func coverage(_ known: Double) -> Double { total > 0 ? known / total : 0 }
        func ratio(_ part: Double, _ known: Double) -> Double? { known > 0 ? part / known : nil }
        let axes: [Axis] = [
            Axis(
                axis: .cultural,
                value: figures.regionCoverage.known > 0
                    ? Double(figures.regionsRepresented) / Double(CulturalRegion.allCases.count) : nil,
                coverage: figures.regionCoverage.fraction),
            Axis(
                axis: .gender, value: figures.genderCoverage.known > 0 ? min(1, figures.genderEntropy) : nil,
                coverage: figures.genderCoverage.fraction),
            Axis(
                axis: .language,
                value: figures.languageCoverage.known > 0 ? min(1, Double(figures.languages.count) / 5) : nil,
                coverage: figures.languageCoverage.fraction),
            Axis(axis: .marginalized, value: figures.marginalized.share, coverage: figures.marginalizedCoverage.fraction),
            Axis(axis: .translation, value: ratio(translated, translatedKnown), coverage: coverage(translatedKnown)),
            Axis(axis: .ownVoices, value: ratio(ownVoices, ownVoicesKnown), coverage: coverage(ownVoicesKnown)),
            Axis(
                axis: .era, value: eraKnown > 0 ? Double(eras.count) / Double(PublicationEra.allCases.count) : nil,
                coverage: coverage(eraKnown)),
        ]
        return RepresentationRadar(axes: axes, books: selection.count)
    }

    /// One book's radar (SPEC §4): cultural 1.0 when an author's region is in the reader's
    /// underrepresented set, else 0.2; gender 1.0 for a woman, non-binary or other author, 0.2
    /// for men only; translation 1.0 / 0.1; own voices 1.0 / 0.0; accessibility 1.0 for an
    /// accessible format, 0.5 when only other tags are known. Unknown is a ghost.
    public static func book(_ facts: BookFacts, underrepresented: Set<CulturalRegion>) -> RepresentationRadar {
        let regions = facts.authors.compactMap(\.region)
        let genders = facts.authors.compactMap { $0.gender?.value }
        let cultural: Double? =
            regions.isEmpty ? nil : regions.contains(where: underrepresented.contains) ? 1.0 : 0.2
        let gender: Double? = genders.isEmpty ? nil : genders.contains { $0 != .male } ? 1.0 : 0.2
        let translation: Double? = facts.translated.map { $0 ? 1.0 : 0.1 }
        let ownVoices: Double? = facts.ownVoices.map { $0 == .yes ? 1.0 : 0.0 }
        let accessibility: Double? =
            facts.accessibilityTags.isEmpty
            ? nil : facts.accessibilityTags.contains(where: AccessibilityTag.isAccessibleFormat) ? 1.0 : 0.5
        let values: [(RadarAxis, Double?)] = [
            (.cultural, cultural), (.gender, gender), (.translation, translation), (.ownVoices, ownVoices),
            (.accessibility, accessibility),
        ]
        return RepresentationRadar(
            axes: values.map { Axis(axis: $0, value: $1, coverage: $1 == nil ? 0 : 1) }, books: 1, minimumBooks: 1)
    }
}

/// Accessibility tags a reader can give a book, and which of them are accessible formats.
public enum AccessibilityTag {
    /// The tags a prompt offers, as (stored tag, label).
    public static let choices: [(tag: String, label: String)] = [
        ("audiobook", "Audiobook"), ("large print", "Large print"), ("braille", "Braille"),
        ("accessible ebook", "Accessible ebook"), ("dyslexia friendly", "Dyslexia-friendly"),
        ("easy read", "Easy read"), ("standard print only", "Standard print only"),
    ]

    /// Whether a tag names an accessible format (everything above except standard print).
    public static func isAccessibleFormat(_ tag: String) -> Bool {
        let key = TextNormalization.collapseWhitespace(tag.replacingOccurrences(of: "-", with: " ")).lowercased()
        return accessibleKeys.contains(key)
    }

    private static let accessibleKeys: Set<String> = [
        "audiobook", "audio", "large print", "braille", "accessible ebook", "epub accessible", "daisy",
        "dyslexia friendly", "easy read", "screen reader friendly",
    ]

    /// The stored form of a tag a prompt offers, or `nil` for anything else.
    public static func canonical(_ text: String) -> String? {
        let key = TextNormalization.collapseWhitespace(text.replacingOccurrences(of: "-", with: " ")).lowercased()
        return choices.first { $0.tag == key }?.tag
    }

    public static func label(_ tag: String) -> String { choices.first { $0.tag == tag }?.label ?? tag }
}
