import CZlib
import Foundation

/// gzip through the system's zlib, a piece at a time: backups are compressed as they are written
/// and decompressed as they are read, never whole in memory.
public enum Gzip {
    /// Whether bytes begin like a gzip file.
    public static func isCompressed(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.starts(with: [0x1F, 0x8B])
    }

    /// Decompresses gzip data held in memory, refusing to make more than `limit` bytes.
    public static func decompress(_ bytes: [UInt8], limit: Int?) throws(ImportFileError) -> [UInt8] {
        var chunks = InflatingChunks(MemoryChunks(bytes))
        var output: [UInt8] = []
        while let chunk = try chunks.next() {
            output += chunk
            if let limit, output.count > limit { throw .tooLargeWhenDecompressed(limit: limit) }
        }
        return output
    }

    /// Compresses bytes held in memory (small files; a backup uses ``Compressor``).
    public static func compress(_ data: Data) -> Data {
        let compressor = Compressor()
        var output = compressor.compress(data)
        output.append(compressor.finish())
        return output
    }

    /// Compresses a stream of pieces into one gzip member.
    public final class Compressor {
        private var stream = z_stream()

        public init(level: Int32 = 6) {
            // 15 bits of window, +16 for a gzip header and trailer instead of zlib's.
            let status = deflateInit2_(
                &stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
            precondition(status == Z_OK, "zlib could not start compressing (\(status))")
        }

        deinit { deflateEnd(&stream) }

        /// Compresses a piece; returns what zlib has ready (often nothing for small pieces).
        public func compress(_ data: Data) -> Data { run(data, flush: Z_NO_FLUSH) }

        /// Ends the member: the rest of the compressed data and the trailer.
        public func finish() -> Data { run(Data(), flush: Z_FINISH) }

        private func run(_ data: Data, flush: Int32) -> Data {
            var output = Data()
            var input = [UInt8](data)
            var buffer = [UInt8](repeating: 0, count: 65_536)
            input.withUnsafeMutableBufferPointer { source in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                repeat {
                    let produced = buffer.withUnsafeMutableBufferPointer { target in
                        stream.next_out = target.baseAddress
                        stream.avail_out = UInt32(target.count)
                        let status = deflate(&stream, flush)
                        precondition(status != Z_STREAM_ERROR, "zlib's stream is damaged")
                        return target.count - Int(stream.avail_out)
                    }
                    output.append(contentsOf: buffer[..<produced])
                } while stream.avail_out == 0 || (flush == Z_FINISH && stream.avail_in > 0)
                stream.next_in = nil
            }
            return output
        }
    }
}

/// A file's bytes, a piece at a time.
public protocol ByteChunks {
    /// The next piece, or nil at the end.
    mutating func next() throws(ImportFileError) -> [UInt8]?
}

/// Bytes already in memory, handed out in pieces.
public struct MemoryChunks: ByteChunks {
    private let bytes: [UInt8]
    private var position = 0
    private let size: Int

    public init(_ bytes: [UInt8], size: Int = 1 << 20) {
        self.bytes = bytes
        self.size = size
    }

    public mutating func next() throws(ImportFileError) -> [UInt8]? {
        guard position < bytes.count else { return nil }
        let end = min(bytes.count, position + size)
        defer { position = end }
        return Array(bytes[position..<end])
    }
}

/// A file read a megabyte at a time.
public final class FileChunks: ByteChunks {
    private let handle: FileHandle
    private let path: String

    public init(path: String) throws(ImportFileError) {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadable("permission denied") }
        self.handle = handle
        self.path = path
    }

    deinit { try? handle.close() }

    public func next() throws(ImportFileError) -> [UInt8]? {
        let data: Data?
        do { data = try handle.read(upToCount: 1 << 20) } catch {
            throw .unreadable("reading \(path) failed: \(error.localizedDescription)")
        }
        guard let data, !data.isEmpty else { return nil }
        return [UInt8](data)
    }

    /// Back to the start, for a second pass.
    public func rewind() throws(ImportFileError) {
        do { try handle.seek(toOffset: 0) } catch { throw .unreadable("reading \(path) failed: \(error.localizedDescription)") }
    }
}

/// The decompressed bytes of gzip pieces (several gzip members one after another are one file,
/// as `gzip` itself reads them).
public struct InflatingChunks: ByteChunks {
    private var source: any ByteChunks
    private let inflater = Inflater()
    private var pending: [UInt8] = []
    private var pendingStart = 0
    private var ended = false

    public init(_ source: any ByteChunks) { self.source = source }

    public mutating func next() throws(ImportFileError) -> [UInt8]? {
        while true {
            if pendingStart == pending.count {
                guard let chunk = try source.next() else {
                    if !ended { throw .damagedCompression }
                    return nil
                }
                pending = chunk
                pendingStart = 0
            }
            let (output, consumed, memberEnded) = try inflater.inflate(pending[pendingStart...])
            // Input zlib cannot use and nothing out: bytes after the end that are not another member.
            if consumed == 0 && output.isEmpty && !memberEnded { throw .damagedCompression }
            pendingStart += consumed
            if memberEnded {
                ended = true
                inflater.reset()
            } else if !output.isEmpty || consumed > 0 {
                ended = false
            }
            if !output.isEmpty { return output }
        }
    }
}

/// Bytes already read (a file's first piece, looked at to tell what it is), then the rest.
struct PrefixedChunks: ByteChunks {
    private var prefix: [UInt8]?
    private var rest: any ByteChunks

    init(_ prefix: [UInt8], rest: any ByteChunks) {
        self.prefix = prefix.isEmpty ? nil : prefix
        self.rest = rest
    }

    mutating func next() throws(ImportFileError) -> [UInt8]? {
        if let prefix {
            self.prefix = nil
            return prefix
        }
        return try rest.next()
    }

    /// Decompressed, within a limit.
    func inflated(limit: Int?) -> LimitedChunks { LimitedChunks(InflatingChunks(self), limit: limit) }
}

/// Decompressed bytes that must stay within a limit.
struct LimitedChunks: ByteChunks {
    private var source: any ByteChunks
    private let limit: Int?
    private var total = 0

    init(_ source: any ByteChunks, limit: Int?) {
        self.source = source
        self.limit = limit
    }

    mutating func next() throws(ImportFileError) -> [UInt8]? {
        guard let chunk = try source.next() else { return nil }
        total += chunk.count
        if let limit, total > limit { throw .tooLargeWhenDecompressed(limit: limit) }
        return chunk
    }
}

/// zlib's inflate state, owned by one ``InflatingChunks``.
private final class Inflater {
    private var stream = z_stream()

    init() {
        // 15 bits of window, +32: read a gzip or zlib header, whichever it is.
        let status = inflateInit2_(&stream, 15 + 32, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        precondition(status == Z_OK, "zlib could not start decompressing (\(status))")
    }

    deinit { inflateEnd(&stream) }

    func reset() { inflateReset(&stream) }

    /// Decompresses from `input`; returns what came out, how much input was used, and whether a
    /// gzip member ended.
    func inflate(_ input: ArraySlice<UInt8>) throws(ImportFileError) -> ([UInt8], Int, Bool) {
        var output = [UInt8](repeating: 0, count: 1 << 20)
        var status: Int32 = Z_OK
        var produced = 0
        var consumed = 0
        input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                status = CZlib.inflate(&stream, Z_NO_FLUSH)
                produced = target.count - Int(stream.avail_out)
                consumed = source.count - Int(stream.avail_in)
                stream.next_in = nil
                stream.next_out = nil
            }
        }
        switch status {
        case Z_OK, Z_BUF_ERROR: break
        case Z_STREAM_END: break
        default: throw .damagedCompression
        }
        output.removeSubrange(produced...)
        return (output, consumed, status == Z_STREAM_END)
    }
}
