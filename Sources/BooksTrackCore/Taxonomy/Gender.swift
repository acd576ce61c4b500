import Foundation

/// An author's gender as recorded by a person or a source. Unknown is `nil`, never a case,
/// so that it can never be counted as a category (SPEC §4: "unknown is never diversity").
public enum Gender: String, CaseIterable, Sendable, Codable, Hashable, Comparable {
    case female
    case male
    case nonBinary
    case other

    /// The label a reader sees.
    public var displayName: String {
        switch self {
        case .female: "Female"
        case .male: "Male"
        case .nonBinary: "Non-binary"
        case .other: "Other"
        }
    }

    /// Declaration order: the order charts list genders in.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.ordinal < rhs.ordinal }

    /// Declaration order.
    var ordinal: Int {
        switch self {
        case .female: 0
        case .male: 1
        case .nonBinary: 2
        case .other: 3
        }
    }

    /// Parses canonical names and common spellings (`F`, `woman`, `non-binary`, `nb`).
    public init?(lenient text: String) {
        switch text.lowercased().filter({ $0.isLetter }) {
        case "female", "f", "woman", "w": self = .female
        case "male", "m", "man": self = .male
        case "nonbinary", "nb", "enby", "genderqueer": self = .nonBinary
        case "other": self = .other
        default: return nil
        }
    }
}

/// A yes/no fact that may also be unknown (`nil`): own voices, marginalized identity.
public enum YesNo: String, CaseIterable, Sendable, Codable, Hashable {
    case yes
    case no

    public init(_ value: Bool) { self = value ? .yes : .no }

    public var isYes: Bool { self == .yes }

    /// Parses `yes`/`no`, `true`/`false`, `1`/`0`, `y`/`n`.
    public init?(lenient text: String) {
        switch text.lowercased().trimmingCharacters(in: .whitespaces) {
        case "yes", "y", "true", "1": self = .yes
        case "no", "n", "false", "0": self = .no
        default: return nil
        }
    }
}
