import Foundation

/// The PNG of a shared card's picture, drawn by the sharer's browser from the server's SVG and
/// sent with the share form (`png`, a `data:` address) so that link previews — which do not read
/// SVG — show the same picture. The server has no rasteriser; it keeps the PNG only when it is
/// one, of the picture's exact size (1200 × 630), and small; anything else is dropped and the link
/// is made without it.
enum SharePNG {
    static let width: UInt32 = 1200
    static let height: UInt32 = 630
    static let maximumBytes = 1_500_000

    static func check(_ dataURL: String?) -> Data? {
        let prefix = "data:image/png;base64,"
        guard let dataURL, dataURL.hasPrefix(prefix), dataURL.utf8.count <= maximumBytes * 4 / 3 + prefix.utf8.count + 4,
            let data = Data(base64Encoded: String(dataURL.dropFirst(prefix.count))), data.count <= maximumBytes,
            data.count > 33
        else { return nil }
        let bytes = [UInt8](data.prefix(24))
        // The signature, then the IHDR chunk (length 13) with the width and height, big-endian.
        guard bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
            bytes[8..<16] == [0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52],
            bigEndian(bytes[16..<20]) == width, bigEndian(bytes[20..<24]) == height
        else { return nil }
        return data
    }

    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }
}
