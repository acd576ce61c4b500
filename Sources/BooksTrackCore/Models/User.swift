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

    public init(
        primaryLanguage: LanguageCode? = nil, timeZone: String? = nil,
        underrepresentedRegions: Set<CulturalRegion> = CulturalRegion.defaultUnderrepresented
    ) {
        self.primaryLanguage = primaryLanguage
        self.timeZone = timeZone
        self.underrepresentedRegions = underrepresentedRegions
    }
}

extension ReaderSettings {
    /// Checks settings as a person or a client sent them: a known language (or none), an IANA
    /// time zone (or none), known region names. Errors are keyed `primary_language`,
    /// `time_zone` and `underrepresented_regions`.
    public static func parse(primaryLanguage: String?, timeZone: String?, underrepresentedRegions: [String])
        -> Result<ReaderSettings, FieldErrors>
    {
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
        return errors.isEmpty ? .success(settings) : .failure(errors)
    }
}
