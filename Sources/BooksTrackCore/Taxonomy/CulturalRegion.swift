/// The eleven cultural regions (SPEC §3). The first nine are derived from a country; the last
/// two are regions only a person chooses.
public enum CulturalRegion: String, CaseIterable, Sendable, Codable, Hashable, Comparable {
    case africa
    case asia
    case europe
    case northAmerica
    case southAmerica
    case oceania
    case middleEast
    case caribbean
    case centralAsia
    case indigenous
    case international

    /// The label a reader sees.
    public var displayName: String {
        switch self {
        case .africa: "Africa"
        case .asia: "Asia"
        case .europe: "Europe"
        case .northAmerica: "North America"
        case .southAmerica: "South America"
        case .oceania: "Oceania"
        case .middleEast: "Middle East"
        case .caribbean: "Caribbean"
        case .centralAsia: "Central Asia"
        case .indigenous: "Indigenous"
        case .international: "International"
        }
    }

    /// Indigenous and International are never derived from a country (SPEC §3).
    public var isChosenByPeopleOnly: Bool { self == .indigenous || self == .international }

    /// The default set of underrepresented regions (SPEC §3); each reader can change it.
    public static let defaultUnderrepresented: Set<CulturalRegion> = [
        .africa, .indigenous, .middleEast, .southAmerica, .centralAsia,
    ]

    /// Parses the canonical name or the display name, ignoring case and spacing
    /// (`south-america`, `South America`, `southAmerica`). "Latin America" is South America.
    public init?(lenient text: String) {
        let key = text.lowercased().filter { $0.isLetter }
        if key == "latinamerica" {
            self = .southAmerica
            return
        }
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == key }) else {
            return nil
        }
        self = match
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.ordinal < rhs.ordinal }

    /// Declaration order, the order charts list regions in.
    var ordinal: Int {
        switch self {
        case .africa: 0
        case .asia: 1
        case .europe: 2
        case .northAmerica: 3
        case .southAmerica: 4
        case .oceania: 5
        case .middleEast: 6
        case .caribbean: 7
        case .centralAsia: 8
        case .indigenous: 9
        case .international: 10
        }
    }
}
