/// The five publication eras of SPEC §3, by first publication year (which may be negative).
public enum PublicationEra: String, CaseIterable, Sendable, Codable, Hashable, Comparable {
    case before1900
    case from1900To1950
    case from1951To2000
    case from2001To2020
    case from2021

    /// The era a first publication year falls in.
    public init(year: Int) {
        switch year {
        case ..<1900: self = .before1900
        case 1900...1950: self = .from1900To1950
        case 1951...2000: self = .from1951To2000
        case 2001...2020: self = .from2001To2020
        default: self = .from2021
        }
    }

    /// The label a reader sees.
    public var displayName: String {
        switch self {
        case .before1900: "Before 1900"
        case .from1900To1950: "1900–1950"
        case .from1951To2000: "1951–2000"
        case .from2001To2020: "2001–2020"
        case .from2021: "2021 on"
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.ordinal < rhs.ordinal }

    /// Chronological order.
    var ordinal: Int {
        switch self {
        case .before1900: 0
        case .from1900To1950: 1
        case .from1951To2000: 2
        case .from2001To2020: 3
        case .from2021: 4
        }
    }
}
