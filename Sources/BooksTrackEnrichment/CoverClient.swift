import Foundation

/// A book cover as it is kept: the picture's bytes and their media type.
public struct CoverImage: Sendable, Hashable {
    /// `image/jpeg` or `image/png`.
    public var mediaType: String
    public var data: Data

    public init(mediaType: String, data: Data) {
        self.mediaType = mediaType
        self.data = data
    }

    /// The largest cover kept (Open Library's medium covers are 10–60 KB).
    public static let maximumBytes = 1_000_000

    /// A picture recognised by its first bytes (a JPEG or a PNG), within ``maximumBytes``; `nil`
    /// for anything else — an HTML error page, a GIF placeholder, a truncated answer.
    public static func sniff(_ data: Data) -> CoverImage? {
        guard data.count >= 16, data.count <= maximumBytes else { return nil }
        let head = [UInt8](data.prefix(8))
        if head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF { return CoverImage(mediaType: "image/jpeg", data: data) }
        if head == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { return CoverImage(mediaType: "image/png", data: data) }
        return nil
    }
}

/// Where covers come from: Open Library's cover store in the product (``OpenLibraryCovers``).
public protocol CoverSource: Sendable {
    /// The medium-sized cover with this number; `nil` when there is none, or when what came back
    /// is not a picture (kept from the reader: the initials stay).
    func cover(id: Int) async throws -> CoverImage?
}

/// `covers.openlibrary.org`: `/b/id/{number}-M.jpg?default=false` answers the picture, or 404
/// when there is none (without `default=false` it would answer a blank placeholder).
public struct OpenLibraryCovers: CoverSource {
    public let fetcher: Fetcher

    public init(fetcher: Fetcher) { self.fetcher = fetcher }

    public func cover(id: Int) async throws -> CoverImage? {
        // Pictures are kept in their own table, not in the text cache of answers.
        let response = try await fetcher.get(fetcher.url("/b/id/\(id)-M.jpg", [("default", "false")]), cacheable: [])
        if response.status == 404 { return nil }
        guard response.status == 200 else { throw ProviderError.unavailable("HTTP \(response.status)") }
        // Not a picture (an error page answered 200, a placeholder): no cover rather than a
        // look-up retried for ever.
        return CoverImage.sniff(response.body)
    }
}
