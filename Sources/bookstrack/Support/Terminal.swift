import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing to the terminal.
enum Terminal {
    /// Whether standard output is a terminal (and so can show a progress bar).
    static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func print(_ line: String = "") { write(line + "\n") }

    /// A line from standard input, without echo on a terminal; `nil` at end of input.
    static func readSecret(prompt: String) -> String? {
        let interactive = isatty(STDIN_FILENO) == 1
        var saved = termios()
        if interactive {
            FileHandle.standardError.write(Data(prompt.utf8))
            tcgetattr(STDIN_FILENO, &saved)
            var silent = saved
            silent.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        }
        let line = readLine(strippingNewline: true)
        if interactive {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return line
    }

    static func error(_ message: String) {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    }
}

/// A one-line progress bar redrawn in place, shown only on a terminal.
final class ProgressBar: Sendable {
    private let lastDrawn = Mutex("")
    private let width = 30

    func show(_ label: String, done: Int, total: Int) {
        let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 0
        let filled = Int((fraction * Double(width)).rounded())
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let line = "\r\(label) [\(bar)] \(Int((fraction * 100).rounded()))% (\(done)/\(total))"
        lastDrawn.withLock { lastDrawn in
            guard line != lastDrawn else { return }
            lastDrawn = line
            Terminal.write(line)
        }
    }

    func message(_ text: String) {
        lastDrawn.withLock { lastDrawn in
            lastDrawn = "\r" + text
            Terminal.write("\r\u{1B}[2K" + text)
        }
    }

    func finish() {
        lastDrawn.withLock { if !$0.isEmpty { Terminal.write("\r\u{1B}[2K") } }
    }
}
