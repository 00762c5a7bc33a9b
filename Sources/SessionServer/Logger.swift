import Glibc
import SessionApplication

/// Log lines: lowercase facts with key=value fields. Under journald (stderr is the
/// journal stream named by $JOURNAL_STREAM) each field is a native journal field
/// (`JournalEntry`); otherwise, or when journald cannot be reached, one plain line on
/// stderr.
final class Logger: @unchecked Sendable {
    /// syslog priorities (sd-journal PRIORITY=).
    enum Priority: Int { case error = 3, warning = 4, notice = 5, info = 6, debug = 7 }

    /// MESSAGE_IDs (128-bit, per kind of event) for `journalctl MESSAGE_ID=…`.
    enum MessageID: String {
        case started = "8f3b1e2a6c0d4f5b9a7e1c3d5f7a9b0c"
        case stopping = "1c2d3e4f5a6b4c7d8e9f0a1b2c3d4e5f"
        case sessionStarted = "5a0c9e7b3d1f4e2a8b6c4d2e0f1a3b5c"
        case sessionFinished = "7e6d5c4b3a2f4e1d9c8b7a6f5e4d3c2b"
        case planImported = "9d8c7b6a5f4e4d3c2b1a0f9e8d7c6b5a"
        case clientRefused = "3c5e7a9b1d2f4a6c8e0b2d4f6a8c0e2b"
    }

    private let journal: Bool

    init(environment: [String: String]) {
        journal = Self.stderrIsJournal(environment["JOURNAL_STREAM"])
    }

    /// $JOURNAL_STREAM is "DEV:INODE" of the journal stream; it only counts when stderr
    /// is still that stream (systemd.exec(5)).
    static func stderrIsJournal(_ value: String?) -> Bool {
        guard let value else { return false }
        let parts = value.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        var info = stat()
        guard fstat(STDERR_FILENO, &info) == 0 else { return false }
        return UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode
    }

    func log(_ priority: Priority, _ message: String, id: MessageID? = nil, _ fields: [(String, String)] = []) {
        if journal {
            var entries: [(key: String, value: String)] = [
                ("MESSAGE", message + Self.suffix(fields)), ("PRIORITY", "\(priority.rawValue)"), ("SYSLOG_IDENTIFIER", "sessiond"),
            ]
            if let id { entries.append(("MESSAGE_ID", id.rawValue)) }
            for (key, value) in fields {
                entries.append((key.uppercased().map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined(), value))
            }
            if JournalEntry(entries).send() { return }
        }
        let line = "sessiond: " + message + Self.suffix(fields) + "\n"
        _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }

    private static func suffix(_ fields: [(String, String)]) -> String {
        fields.isEmpty ? "" : " " + fields.map { "\($0.0.lowercased())=\($0.1)" }.joined(separator: " ")
    }

    func info(_ message: String, id: MessageID? = nil, _ fields: [(String, String)] = []) { log(.info, message, id: id, fields) }
    func warning(_ message: String, id: MessageID? = nil, _ fields: [(String, String)] = []) { log(.warning, message, id: id, fields) }
    func error(_ message: String, id: MessageID? = nil, _ fields: [(String, String)] = []) { log(.error, message, id: id, fields) }
}

extension Logger {
    /// The application's log lines, as this logger's.
    var applicationLog: ApplicationLog {
        ApplicationLog(warning: { [self] in warning($0, $1) }, error: { [self] in error($0, $1) })
    }
}

extension Logger.MessageID {
    /// The message id of an event the journal records.
    init(_ journal: Event.Journal) {
        switch journal {
        case .sessionStarted: self = .sessionStarted
        case .sessionFinished: self = .sessionFinished
        case .planImported: self = .planImported
        }
    }
}
