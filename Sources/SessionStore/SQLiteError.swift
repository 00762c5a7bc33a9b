import CSQLite

/// A failed SQLite call: the extended result code and SQLite's own message.
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, `SQLITE_NOTADB`, …).
    public let code: Int32
    /// `sqlite3_errmsg` at the time of the failure.
    public let message: String
    /// The statement that failed, when there was one.
    public let sql: String?

    /// The primary result code (the low byte of the extended code).
    public var primaryCode: Int32 { code & 0xFF }

    public var description: String {
        "sqlite error \(code): \(message)" + (sql.map { " (in \($0.prefix(80)))" } ?? "")
    }

    /// True for a violated UNIQUE or PRIMARY KEY constraint.
    public var isUniqueViolation: Bool {
        // SQLITE_CONSTRAINT_UNIQUE and _PRIMARYKEY are macro expressions Swift cannot
        // import: (SQLITE_CONSTRAINT | (8 << 8)) and (SQLITE_CONSTRAINT | (6 << 8)).
        code == SQLITE_CONSTRAINT | (8 << 8) || code == SQLITE_CONSTRAINT | (6 << 8)
    }
}

/// Turns a result code into an error, the one place that does (SwiftPM's `check`).
@discardableResult
func check(_ code: Int32, _ handle: OpaquePointer?, sql: String? = nil) throws(SQLiteError) -> Int32 {
    switch code {
    case SQLITE_OK, SQLITE_ROW, SQLITE_DONE:
        return code
    default:
        let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
        throw SQLiteError(code: code, message: message, sql: sql)
    }
}
