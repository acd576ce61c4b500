import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// When each phase of an import ends, written to standard error (Benchmarks/README.md: where a
/// big import's time goes); with ``Detail/bootClock`` each line also gives the system's
/// boot-time clock (`perf record -k CLOCK_BOOTTIME`'s), to cut a profile into phases. Made by
/// the composition root (the command reads `BOOKSTRACK_IMPORT_TRACE`) and handed down; ``off``
/// costs one check per phase.
public final class ImportTrace: Sendable {
    public enum Detail: Sendable {
        case phases
        case bootClock
    }

    /// No trace.
    public static let off = ImportTrace(nil)

    private let detail: Detail?
    private let start = ContinuousClock.now
    private let last: Mutex<ContinuousClock.Instant>

    public init(_ detail: Detail?) {
        self.detail = detail
        last = Mutex(start)
    }

    /// `BOOKSTRACK_IMPORT_TRACE`'s value: "1" phases, "2" with the boot-time clock.
    public convenience init(setting: String?) {
        self.init(setting == "1" ? .phases : setting == "2" ? .bootClock : nil)
    }

    /// Notes that `phase` ended now: the time since the trace began and since the last mark.
    public func mark(_ phase: @autoclosure () -> String) {
        guard let detail else { return }
        last.withLock { last in
            let now = ContinuousClock.now
            var line = String(
                format: "trace %7.3f s  +%6.3f s  %@", Self.seconds(now - start), Self.seconds(now - last), phase())
            #if canImport(Glibc)
                if detail == .bootClock {
                    var time = timespec()
                    clock_gettime(CLOCK_BOOTTIME, &time)
                    line += String(format: "  (at %.6f)", Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
                }
            #endif
            last = now
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
