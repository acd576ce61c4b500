import Foundation

/// "Enough data before a verdict" (SPEC §4): a figure never speaks louder than its data.
///
/// - A share shown as a headline (women authors, marginalized voices, a region's share, the
///   gender donut) needs at least ``books`` books in scope and ``coverage`` of them known.
/// - The diversity score below ``coverage`` is *provisional*: shown muted, never compared.
/// - A radar's overall is the mean of the axes with enough data — known for at least
///   ``coverage`` of the books and, on a library's radar, for at least ``books`` of them — and
///   needs at least ``radarAxes`` such axes (on a book's radar an axis is known or not, so this
///   is 3 of its 5 axes).
public enum MinimumData {
    public static let books = 5
    public static let coverage = 0.25
    public static let radarAxes = 3

    /// Whether a share of `books` books whose value is known for `coverage` of them may be shown.
    public static func allowsShare(books: Int, coverage: Double) -> Bool {
        books >= Self.books && coverage >= Self.coverage
    }

    /// Whether a radar axis counts in the overall: some data, known for at least ``coverage`` of
    /// the `books` in scope and for at least `minimumBooks` of them.
    public static func counts(_ axis: RepresentationRadar.Axis, books: Int, minimumBooks: Int) -> Bool {
        guard !axis.isGhost, axis.coverage >= coverage else { return false }
        return Int((axis.coverage * Double(books)).rounded()) >= minimumBooks
    }
}

extension DiversityFigures {
    /// The breakdowns that give headline shares.
    public enum Breakdown: Sendable {
        case region, gender, marginalized
        /// Publication eras (in books).
        case era
        /// Gender × region, over complete cases.
        case intersection
    }

    /// Whether a breakdown's shares may be shown (``MinimumData``); below it a page says what is
    /// known and how to fill it, with no percentage, arrow or comparison.
    public func allowsShares(_ breakdown: Breakdown) -> Bool {
        let coverage =
            switch breakdown {
            case .region: regionCoverage
            case .gender: genderCoverage
            case .marginalized: marginalizedCoverage
            case .era: eraCoverage
            case .intersection: intersectionCoverage
            }
        return MinimumData.allowsShare(books: books, coverage: coverage.fraction)
    }

    /// Distinct authors whose region is known (an author has one region, so the regions' author
    /// counts add up to it).
    public var authorsWithRegion: Int { regions.reduce(0) { $0 + $1.figure.authors } }
}

extension DiversityScore {
    /// Known for less than ``MinimumData/coverage`` of the books: shown muted, without comparison.
    public var isProvisional: Bool { !isEmpty && coverage < MinimumData.coverage }
}
