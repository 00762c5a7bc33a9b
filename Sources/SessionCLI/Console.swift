import Glibc
import CLinux
import SessionCore
import SessionFormats
import SessionSystem

/// Where a command writes: standard output and error, with colour only on a terminal
/// and never when NO_COLOR is set (https://no-color.org).
public final class Console {
    private var out: String = ""
    private var err: String = ""
    /// True when colours may be used on standard output.
    public let colors: Bool
    /// The unit weights are shown in (and bare numbers read in).
    public var units: WeightUnit = .kg
    /// How wide standard output is: `COLUMNS` when set, else the terminal's width; nil
    /// when it is no terminal (a pipe, a file), where output keeps its fixed widths.
    public let columns: Int?
    private let buffered: Bool
    /// Why writing to standard output failed (its errno: a full disk, a closed file),
    /// nil while it has not; after a failure nothing more is written there, and the
    /// command exits 1 saying so (`Commands.run`): output cut short is no success.
    public private(set) var outputFailure: Int32?
    /// True once anything was written to standard output.
    public private(set) var wroteOutput = false
    /// The lines written to standard error with `error`, in order: what a command that
    /// refused said, for its --json error object (`Commands.dispatch`).
    public private(set) var errorLines: [String] = []

    /// A console on the process's own streams.
    public init(environment: [String: String]) {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        self.colors = !noColor && isatty(STDOUT_FILENO) == 1 && environment["TERM"] != "dumb"
        let terminal = clinux_terminal_columns(STDOUT_FILENO)
        self.columns = environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } ?? (terminal > 0 ? Int(terminal) : nil)
        self.buffered = false
    }

    /// A console that keeps what is written, for tests.
    public init(capturing colors: Bool = false, columns: Int? = nil) {
        self.colors = colors
        self.columns = columns
        self.buffered = true
    }

    /// Everything written to standard output (capturing consoles only).
    public var capturedOutput: String { out }
    /// Everything written to standard error (capturing consoles only).
    public var capturedError: String { err }

    /// Writes a line to standard output.
    public func print(_ line: String = "") { write(line + "\n", toError: false) }

    /// Writes a line to standard error.
    public func error(_ line: String) {
        errorLines.append(line)
        write(line + "\n", toError: true)
    }

    /// Writes the first `limit` of `lines` to standard error, indented, and how many
    /// more there are: a list cut short says so.
    public func errorList(_ lines: [String], limit: Int) {
        for line in lines.prefix(limit) { error("  " + line) }
        if lines.count > limit { error("  … and \(lines.count - limit) more") }
    }

    /// Writes a question to standard error without a newline: the answer is typed after it.
    public func ask(_ question: String) { write(question, toError: true) }

    /// Writes text to standard output without a newline (countdowns).
    public func write(_ text: String) { write(text, toError: false) }

    /// Writes bytes to standard output as they are (a PDF).
    public func write(bytes: [UInt8]) {
        wroteOutput = true
        if buffered {
            out += String(decoding: bytes, as: UTF8.self)
            return
        }
        write(bytes, to: STDOUT_FILENO)
    }

    private func write(_ text: String, toError: Bool) {
        if !toError { wroteOutput = true }
        if buffered {
            if toError { err += text } else { out += text }
            return
        }
        write(Array(text.utf8), to: toError ? STDERR_FILENO : STDOUT_FILENO)
    }

    private func write(_ bytes: [UInt8], to fd: Int32) {
        if fd == STDOUT_FILENO, outputFailure != nil { return }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.write(fd, base + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                if fd == STDOUT_FILENO { outputFailure = errno }
                return
            }
            offset += written
        }
    }

    /// Flushes nothing (writes are unbuffered), but says whether standard output took
    /// everything: a write that failed is reported once on standard error.
    func reportOutputFailure() -> Bool {
        guard let failure = outputFailure else { return false }
        error("sessionctl: cannot write to standard output: \(String(cString: strerror(failure)))")
        return true
    }

    /// Text in bold when colours are on.
    public func bold(_ text: String) -> String { style(text, "1") }
    /// Text dimmed when colours are on.
    public func dim(_ text: String) -> String { style(text, "2") }
    /// Text in green when colours are on.
    public func green(_ text: String) -> String { style(text, "32") }
    /// Text in yellow when colours are on.
    public func yellow(_ text: String) -> String { style(text, "33") }
    /// Text in red when colours are on.
    public func red(_ text: String) -> String { style(text, "31") }

    private func style(_ text: String, _ code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

/// A progress line on standard error while a long file is read: shown only when standard
/// error is a terminal, once the read has taken two seconds, redrawn at most four times
/// a second, and cleared when it ends. Nothing is written otherwise (a pipe, a log).
struct ProgressLine: ReadProgress {
    private let label: String
    private let total: Int64
    private let shows: Bool
    private let startNs: Int64
    private var lastNs: Int64 = 0
    private var shown = false

    /// `total`: the bytes the read will have taken at its end (0: unknown, no line).
    init(_ label: String, total: Int64) {
        self.label = label
        self.total = total
        shows = total > 0 && isatty(STDERR_FILENO) == 1
        startNs = MonotonicClock.nowNs()
    }

    mutating func update(_ done: Int64) {
        guard shows else { return }
        let now = MonotonicClock.nowNs()
        guard now - startNs >= 2_000_000_000, now - lastNs >= 250_000_000 else { return }
        lastNs = now
        shown = true
        let percent = min(100, done * 100 / total)
        let mib = { (bytes: Int64) in NumberText.grouped(Int(bytes >> 20)) }
        write("\r\(label): \(percent)% (\(mib(done)) of \(mib(total)) MiB)\u{1B}[K")
    }

    mutating func finish() {
        if shown { write("\r\u{1B}[K") }
        shown = false
    }

    private func write(_ text: String) {
        _ = text.withCString { Glibc.write(STDERR_FILENO, $0, strlen($0)) }
    }
}
