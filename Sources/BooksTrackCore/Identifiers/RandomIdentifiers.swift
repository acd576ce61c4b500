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

    /// A UUID's bytes 0–7 and 8–15 as big-endian integers.
    static func halves(_ uuid: UUID) -> (UInt64, UInt64) {
        withUnsafeBytes(of: uuid.uuid) { bytes in
            (
                UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
                UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            )
        }
    }

    /// The UUID of two halves (``halves(_:)``).
    static func uuid(_ high: UInt64, _ low: UInt64) -> UUID {
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { bytes in
            bytes.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
            bytes.storeBytes(of: low.bigEndian, toByteOffset: 8, as: UInt64.self)
        }
        return UUID(uuid: uuid)
    }

    /// The lowercase 36-character form, without going through `uuidString`.
    static func string(_ high: UInt64, _ low: UInt64) -> String {
        String(unsafeUninitializedCapacity: 36) { out in
            var position = 0
            for index in 0..<32 {
                if index == 8 || index == 12 || index == 16 || index == 20 {
                    out[position] = 45
                    position += 1
                }
                let half = index < 16 ? high : low
                let nibble = UInt8(truncatingIfNeeded: half >> (60 - 4 * (index % 16))) & 0x0F
                out[position] = nibble < 10 ? 48 + nibble : 87 + nibble
                position += 1
            }
            return position
        }
    }

    /// Parses the 36-character form (either case) into its two halves, as `UUID(uuidString:)`
    /// does but without its `sscanf` (which dominated loading a library's rows) or a buffer.
    static func parse(_ utf8: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64)? {
        guard utf8.count == 36, let base = utf8.baseAddress,
            base[8] == 45, base[13] == 45, base[18] == 45, base[23] == 45
        else { return nil }
        // Each group's digits, read through a table: 0xFF for a byte that is not a hex digit
        // (ids are parsed for every row a library read returns: ~a million at 100,000 books).
        func digits(_ from: Int, _ to: Int, into value: inout UInt64) -> Bool {
            var invalid: UInt8 = 0
            for position in from..<to {
                let nibble = hexValues[Int(base[position])]
                invalid |= nibble
                value = value << 4 | UInt64(nibble & 0x0F)
            }
            return invalid & 0xF0 == 0
        }
        var high: UInt64 = 0
        var low: UInt64 = 0
        guard digits(0, 8, into: &high), digits(9, 13, into: &high), digits(14, 18, into: &high),
            digits(19, 23, into: &low), digits(24, 36, into: &low)
        else { return nil }
        return (high, low)
    }

    /// Each byte's value as a hex digit, 0xFF for a byte that is none.
    private static let hexValues: [UInt8] = (0...255).map { byte -> UInt8 in
        switch byte {
        case 48...57: UInt8(byte - 48)
        case 97...102: UInt8(byte - 87)
        case 65...70: UInt8(byte - 55)
        default: 0xFF
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
