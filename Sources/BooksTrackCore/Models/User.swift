import Foundation

/// A reader with an account on the instance. Libraries are private to each user.
public struct User: Hashable, Sendable, Codable, Identifiable {
    public typealias ID = TypedID<User>

    /// What an account may do: the owner also manages the instance (invitations, settings).
    public enum Role: String, Sendable, Codable, Hashable, CaseIterable {
        case owner
        case reader
    }

    public var id: ID
    /// The login name: unique, case-insensitive, 1–64 letters, digits, `.`, `_` or `-`.
    public var name: String
    public var displayName: String
    public var role: Role
    public var createdAt: Date
    public var settings: ReaderSettings

    public init(
        id: ID = .random(), name: String, displayName: String? = nil, role: Role = .reader,
        createdAt: Date, settings: ReaderSettings = ReaderSettings()
    ) {
        self.id = id
        self.name = name
        self.displayName = displayName ?? name
        self.role = role
        self.createdAt = createdAt
        self.settings = settings
    }

    /// Checks a proposed login name; returns a message a person can act on, or `nil` when valid.
    public static func problem(withName name: String) -> String? {
        if name.isEmpty { return "A user name cannot be empty." }
        if name.count > 64 { return "A user name can be at most 64 characters long." }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "._-"))
        if name.unicodeScalars.contains(where: { !allowed.contains($0) }) {
            return "A user name can contain only letters, digits, “.”, “_” and “-” (no spaces)."
        }
        return nil
    }
}

/// A reader's preferences that change the figures they see.
public struct ReaderSettings: Hashable, Sendable, Codable {
    /// The language the reader reads in by default; a book whose edition language is unknown is
    /// assumed to be in it when deciding whether it was read in translation (SPEC §4).
    public var primaryLanguage: LanguageCode?
    /// An IANA time zone identifier ("Europe/London"); reading days are counted in it.
    public var timeZone: String?
    /// The regions counted as underrepresented for "marginalized voices" (SPEC §3).
    public var underrepresentedRegions: Set<CulturalRegion>
    /// The colours charts are drawn in (a display setting; it changes no figure). `nil` is
    /// ``ChartPalette/standard``.
    public var palette: ChartPalette?

    public init(
        primaryLanguage: LanguageCode? = nil, timeZone: String? = nil,
        underrepresentedRegions: Set<CulturalRegion> = CulturalRegion.defaultUnderrepresented, palette: ChartPalette? = nil
    ) {
        self.primaryLanguage = primaryLanguage
        self.timeZone = timeZone
        self.underrepresentedRegions = underrepresentedRegions
        self.palette = palette == .standard ? nil : palette
    }
}

/// The colours of the charts, the score and the radar (seed 002, colour blindness). Colour is
/// never the only signal in either: every chart keeps its labels, patterns and table.
public enum ChartPalette: String, CaseIterable, Sendable, Codable, Hashable {
    /// Green for a diverse library through orange to red for a narrow one; pink and blue for
    /// women and men.
    case standard
    /// Blue through orange instead of green through red, and no red–green or pink–purple pair:
    /// told apart with red–green colour blindness (deuteranopia, protanopia) and tritanopia.
    case blueOrange

    public var displayName: String {
        switch self {
        case .standard: "Standard"
        case .blueOrange: "Blue and orange"
        }
    }

    public var hint: String {
        switch self {
        case .standard: "Green to red for the score; pink, blue and purple for genders."
        case .blueOrange:
            "Blue to orange for the score and distinct blues and oranges for genders: easier to tell apart with colour blindness."
        }
    }
}

extension ReaderSettings {
    /// Checks settings as a person or a client sent them: a known language (or none), an IANA
    /// time zone (or none), known region names, a known palette (or none: the standard one).
    /// Errors are keyed `primary_language`, `time_zone`, `underrepresented_regions` and `palette`.
    public static func parse(
        primaryLanguage: String?, timeZone: String?, underrepresentedRegions: [String], palette: String? = nil
    ) -> Result<ReaderSettings, FieldErrors> {
        var errors = FieldErrors()
        var settings = ReaderSettings(underrepresentedRegions: [])
        if let text = primaryLanguage?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            if let language = LanguageCode(lenient: text) {
                settings.primaryLanguage = language
            } else {
                errors["primary_language"] = "“\(text)” is not a language BooksTrack knows. Choose one from the list."
            }
        }
        if let text = timeZone?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            if text.count <= 64, TimeZone(identifier: text) != nil {
                settings.timeZone = text
            } else {
                errors["time_zone"] = "“\(text)” is not a time zone. Use a name such as Europe/London or Africa/Lagos."
            }
        }
        for text in underrepresentedRegions where !text.isEmpty {
            if let region = CulturalRegion(lenient: text) {
                settings.underrepresentedRegions.insert(region)
            } else {
                errors["underrepresented_regions"] = "“\(text)” is not one of the 11 cultural regions."
            }
        }
        if let text = palette?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            if let chosen = ChartPalette(rawValue: text) {
                settings.palette = chosen == .standard ? nil : chosen
            } else {
                let choices = ChartPalette.allCases.map(\.rawValue).joined(separator: " or ")
                errors["palette"] = "“\(text)” is not a palette. Use \(choices)."
            }
        }
        return errors.isEmpty ? .success(settings) : .failure(errors)
    }
}
