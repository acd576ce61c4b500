import BooksTrackCore
import Foundation

/// The status rules of SPEC §3, applied to raw cells by the tests, separately from the product's
/// parsers, so that counts computed with them are an independent check.
public enum IndependentStatus {
    /// A Goodreads row's status from `Exclusive Shelf`, `Owned Copies` and an ownership shelf
    /// (`owned`, `owned-to-read`, `my-books`… among the `Bookshelves`).
    public static func goodreads(_ row: [String: String]) -> ReadingStatus {
        let shelves = (row["Bookshelves"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let ownedShelf = shelves.contains { ["owned", "owned-to-read", "my-books", "own", "physical"].contains($0) }
        let owned = ownedShelf ? 1 : Int(row["Owned Copies"] ?? "0") ?? 0
        switch row["Exclusive Shelf"] ?? "" {
        case "read": return .read
        case "currently-reading": return .reading
        case "to-read": return owned > 0 ? .toRead : .wishlist
        case "did-not-finish": return .dnf
        default: return .toRead
        }
    }

    /// A StoryGraph row's status from `Read Status` and `Owned?`.
    public static func storyGraph(_ row: [String: String]) -> ReadingStatus {
        let owned = row["Owned?"] == "Yes"
        switch row["Read Status"] {
        case "read": return .read
        case "currently-reading": return .reading
        case "did-not-finish": return .dnf
        default: return owned ? .toRead : .wishlist
        }
    }
}
