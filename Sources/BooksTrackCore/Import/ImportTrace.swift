import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// When each phase of an import ends, written to standard error when the environment has
/// `BOOKSTRACK_IMPORT_TRACE=1` (Benchmarks/README.md: where a big import's time goes); with `=2`
/// each line also gives the system's boot-time clock (`perf record -k CLOCK_BOOTTIME`'s), to cut
/// a profile into phases. Costs one check per phase otherwise.
public enum ImportTrace {
    private static let setting = ProcessInfo.processInfo.environment["BOOKSTRACK_IMPORT_TRACE"]
    private static let enabled = setting == "1" || setting == "2"
    private static let start = ContinuousClock.now
    nonisolated(unsafe) private static var last = start
    private static let lock = NSLock()

    /// Notes that `phase` ended now: the time since the process's first mark and since the last.
    public static func mark(_ phase: @autoclosure () -> String) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let now = ContinuousClock.now
        var line = String(format: "trace %7.3f s  +%6.3f s  %@", seconds(now - start), seconds(now - last), phase())
        #if canImport(Glibc)
            if setting == "2" {
                var time = timespec()
                clock_gettime(CLOCK_BOOTTIME, &time)
                line += String(format: "  (at %.6f)", Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
            }
        #endif
        line += "\n"
        last = now
        FileHandle.standardError.write(Data(line.utf8))
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
