import Foundation

/// The physical or digital form of an edition.
public enum BookFormat: String, CaseIterable, Sendable, Codable, Hashable {
    case hardcover
    case paperback
    case massMarket
    case ebook
    case audiobook
    case other

    /// The bindings nearly every export uses, looked up before any text matching.
    static let commonBindings: [String: BookFormat] = [
        "paperback": .paperback, "hardcover": .hardcover, "kindle edition": .ebook, "ebook": .ebook,
        "mass market paperback": .massMarket, "audiobook": .audiobook, "audio cd": .audiobook,
        "audible audio": .audiobook, "digital": .ebook, "audio": .audiobook, "trade paperback": .paperback,
        "unknown binding": .other, "leather bound": .other, "library binding": .hardcover,
    ]

    /// The label a reader sees.
    public var displayName: String {
        switch self {
        case .hardcover: "Hardcover"
        case .paperback: "Paperback"
        case .massMarket: "Mass market paperback"
        case .ebook: "Ebook"
        case .audiobook: "Audiobook"
        case .other: "Other"
        }
    }

    /// Maps the free-text bindings of Goodreads, StoryGraph and LibraryThing ("Kindle Edition",
    /// "Audio CD", "Broché", "Capa Mole") onto a format. Unrecognised text is `.other`; empty
    /// text is `nil`.
    public init?(binding: String) {
        let key = TextNormalization.trim(binding.lowercased())
        guard !key.isEmpty else { return nil }
        if let known = Self.commonBindings[key] {
            self = known
            return
        }
        if key.contains("mass market") || key.contains("pocket") || key.contains("bolso") {
            self = .massMarket
        } else if key.contains("audio") || key.contains("mp3") || key.contains("audible") {
            self = .audiobook
        } else if key.contains("kindle") || key.contains("ebook") || key.contains("e-book")
            || key.contains("digital") || key.contains("nook") || key.contains("kobo")
            || key.contains("epub")
        {
            self = .ebook
        } else if key.contains("hardcover") || key.contains("hardback") || key.contains("hard cover")
            || key.contains("capa dura") || key.contains("relié") || key.contains("gebunden")
        {
            self = .hardcover
        } else if key.contains("paperback") || key.contains("softcover") || key.contains("broché")
            || key.contains("capa mole") || key.contains("taschenbuch") || key.contains("trade")
        {
            self = .paperback
        } else {
            self = .other
        }
    }
}

/// The part a person played in making a work. Only `author` counts in diversity figures;
/// translators, illustrators and the rest are contributors (SPEC §3).
public enum ContributorRole: String, CaseIterable, Sendable, Codable, Hashable {
    case author
    case translator
    case illustrator
    case narrator
    case editor
    case contributor

    /// Maps role words used by StoryGraph and LibraryThing ("Translator", "Foreword",
    /// "Illustrator", "Narrator") onto a role. Unknown words are `.contributor`.
    public init(lenient text: String) {
        let key = text.lowercased().trimmingCharacters(in: .whitespaces)
        switch key {
        case "", "author", "primary author", "writer", "co-author", "coauthor": self = .author
        case _ where key.hasPrefix("translat"): self = .translator
        case _ where key.hasPrefix("illustrat") || key.contains("artist") || key == "cover designer":
            self = .illustrator
        case _ where key.hasPrefix("narrat") || key == "reader" || key == "performer": self = .narrator
        case _ where key.hasPrefix("editor") || key == "compiler" || key == "edited by": self = .editor
        default: self = .contributor
        }
    }
}
