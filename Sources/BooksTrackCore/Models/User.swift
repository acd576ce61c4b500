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

    /// Checks a proposed login name; `nil` when valid.
    public static func problem(withName name: String) -> NameProblem? {
        if name.isEmpty { return .empty }
        if name.count > 64 { return .tooLong }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "._-"))
        if name.unicodeScalars.contains(where: { !allowed.contains($0) }) { return .characters }
        return nil
    }

    /// Why a login name cannot be used; its description is a sentence a person can act on.
    public enum NameProblem: Error, Hashable, Sendable, CustomStringConvertible {
        case empty
        case tooLong
        case characters

        public var description: String {
            switch self {
            case .empty: "A user name cannot be empty."
            case .tooLong: "A user name can be at most 64 characters long."
            case .characters: "A user name can contain only letters, digits, “.”, “_” and “-” (no spaces)."
            }
        }
    }
}

/// The rule a new password must meet (bcrypt, which hashes it, is the application's): why a
/// proposed password cannot be used; its description is a sentence a person can act on.
public enum PasswordProblem: Error, Hashable, Sendable, CustomStringConvertible {
    case tooShort
    case tooLong
    case confirmationDiffers

    public static let minimumLength = 10
    /// bcrypt reads only the first 72 bytes of a password: a longer one would sign in with any
    /// ending. Longer passwords are refused when set, and never match when checked.
    public static let maximumBytes = 72

    /// Why `password` cannot be used (or does not match `confirmation`), or `nil`.
    public static func check(_ password: String, confirmation: String?) -> PasswordProblem? {
        if password.count < minimumLength { return .tooShort }
        if password.utf8.count > maximumBytes { return .tooLong }
        if let confirmation, confirmation != password { return .confirmationDiffers }
        return nil
    }

    public var description: String {
        switch self {
        case .tooShort: "Use at least \(Self.minimumLength) characters."
        case .tooLong:
            "Use at most \(Self.maximumBytes) bytes: 72 letters without accents, fewer with accents or other scripts."
        case .confirmationDiffers: "The two passwords are not the same."
        }
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
