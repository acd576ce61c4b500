import Foundation
import Synchronization

/// Time-ordered UUIDs (version 7, RFC 9562) for new records: 48 bits of Unix milliseconds, a
/// 12-bit counter that keeps the identifiers of one process strictly increasing within a
/// millisecond, and 62 random bits from the system's secure random source, drawn in 4 KiB batches
/// (`UUID()` costs one system call per identifier, and an import creates tens of thousands).
///
/// Increasing keys are appended at the right edge of every index they are part of (primary keys,
/// `work_id`, `entry_id`): a chunk of an import dirties a few pages instead of most of each index
/// (random version-4 keys made a 50,000-book import written in chunks pass 4.6 GB through the
/// WAL). The random bits keep them unguessable; every query is scoped to its reader anyway.
enum RandomIdentifiers {
    private static let state = Mutex(Generator())

    static func next() -> UUID { state.withLock { $0.next() } }

    /// The lowercase 36-character form, without going through `uuidString`.
    static func string(_ uuid: UUID) -> String {
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(36)
        withUnsafeBytes(of: uuid.uuid) { bytes in
            for (index, byte) in bytes.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 { out.append(45) }
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Parses the 36-character form (either case), as `UUID(uuidString:)` does but without its
    /// `sscanf` (which dominated loading a library's rows); also says whether the text was
    /// already lowercase.
    static func parse(_ text: String) -> (UUID, lowercase: Bool)? {
        var text = text
        return text.withUTF8 { utf8 -> (UUID, lowercase: Bool)? in
            guard utf8.count == 36 else { return nil }
            // The 32 hex digits into two 64-bit halves: no buffer to allocate (ids are parsed
            // for every row a library read returns).
            var high: UInt64 = 0
            var low: UInt64 = 0
            var digits = 0
            var lowercase = true
            for position in 0..<36 {
                let character = utf8[position]
                if position == 8 || position == 13 || position == 18 || position == 23 {
                    guard character == 45 else { return nil }
                    continue
                }
                let nibble: UInt8
                switch character {
                case 48...57: nibble = character - 48
                case 97...102: nibble = character - 87
                case 65...70:
                    nibble = character - 55
                    lowercase = false
                default: return nil
                }
                if digits < 16 { high = high << 4 | UInt64(nibble) } else { low = low << 4 | UInt64(nibble) }
                digits += 1
            }
            func byte(_ half: UInt64, _ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: half >> (56 - 8 * index)) }
            let uuid = UUID(
                uuid: (
                    byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5),
                    byte(high, 6), byte(high, 7), byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3), byte(low, 4),
                    byte(low, 5), byte(low, 6), byte(low, 7)
                ))
            return (uuid, lowercase)
        }
    }

    /// Identifiers are time-ordered by the system's clock itself (that is what makes them append
    /// at the right edge of an index), not by the application's clock.
    private struct Generator {
        private var buffer = [UInt8](repeating: 0, count: 4096)
        private var position = 4096
        private var lastMillisecond: UInt64 = 0
        private var counter: UInt64 = 0

        mutating func next() -> UUID {
            if position + 16 > buffer.count { refill() }
            var bytes = (
                buffer[position], buffer[position + 1], buffer[position + 2], buffer[position + 3],
                buffer[position + 4], buffer[position + 5], buffer[position + 6], buffer[position + 7],
                buffer[position + 8], buffer[position + 9], buffer[position + 10], buffer[position + 11],
                buffer[position + 12], buffer[position + 13], buffer[position + 14], buffer[position + 15]
            )
            position += 16
            var millisecond = UInt64(max(0, Date().timeIntervalSince1970 * 1000))
            if millisecond <= lastMillisecond {
                // The same millisecond (or a clock that went back): count on, and borrow the next
                // millisecond when the counter runs out, so the order never breaks.
                counter += 1
                if counter > 0xFFF {
                    lastMillisecond += 1
                    counter = 0
                }
                millisecond = lastMillisecond
            } else {
                lastMillisecond = millisecond
                counter = 0
            }
            bytes.0 = UInt8(truncatingIfNeeded: millisecond >> 40)
            bytes.1 = UInt8(truncatingIfNeeded: millisecond >> 32)
            bytes.2 = UInt8(truncatingIfNeeded: millisecond >> 24)
            bytes.3 = UInt8(truncatingIfNeeded: millisecond >> 16)
            bytes.4 = UInt8(truncatingIfNeeded: millisecond >> 8)
            bytes.5 = UInt8(truncatingIfNeeded: millisecond)
            bytes.6 = 0x70 | UInt8(truncatingIfNeeded: counter >> 8)  // version 7, counter's high bits
            bytes.7 = UInt8(truncatingIfNeeded: counter)
            bytes.8 = (bytes.8 & 0x3F) | 0x80  // RFC 9562 variant
            return UUID(uuid: bytes)
        }

        private mutating func refill() {
            var generator = SystemRandomNumberGenerator()
            buffer.withUnsafeMutableBytes { raw in
                for offset in stride(from: 0, to: raw.count, by: 8) {
                    raw.storeBytes(of: generator.next(), toByteOffset: offset, as: UInt64.self)
                }
            }
            position = 0
        }
    }
}
