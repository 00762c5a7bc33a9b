import CSQLite

/// Another program's SQLite database, read as it is: opened read-only and immutable
/// (no lock taken, no journal, WAL or shared-memory file made beside it), so reading
/// leaves every byte and every file as it was. The daemon's own database is
/// SessionStore's; this is for files people hand to sessionctl (Gadgetbridge's export).
final class SQLiteFile {
    /// Why the file cannot be read: SQLite's message, with its primary result code.
    struct Failure: Error, CustomStringConvertible {
        let code: Int32
        let description: String

        /// SQLITE_NOTADB: the file is not a database at all.
        var isNotADatabase: Bool { code & 0xff == SQLITE_NOTADB }
    }

    private let handle: OpaquePointer

    /// Opens `path` for reading only. A link is followed: nothing is ever written.
    init(path: String) throws(Failure) {
        // A URI's path: %, ?, #, control and non-ASCII bytes escaped, the rest as it is.
        let escaped = path.utf8.map { byte -> String in
            let plain = byte >= 0x20 && byte < 0x80 && ![UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#")].contains(byte)
            let hex = String(byte, radix: 16, uppercase: true)
            return plain ? String(UnicodeScalar(byte)) : "%" + (hex.count == 1 ? "0" : "") + hex
        }.joined()
        let name = "file:" + (path.hasPrefix("/") ? "" : "./") + escaped + "?immutable=1"
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(name, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI | SQLITE_OPEN_EXRESCODE, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(handle)
            throw Failure(code: code, description: message)
        }
        // No value read here is long: a file that makes one (a generated column's
        // expression) is refused before it takes the memory.
        sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, Self.maximumValueBytes)
        self.handle = handle
    }

    /// The longest text or blob a value may be.
    static let maximumValueBytes: Int32 = 1 << 20

    deinit { sqlite3_close_v2(handle) }

    /// Every row of `sql` (with `texts` bound to its `?`s in order), each turned into a
    /// value by `transform`. A column of another type than the one read is refused with
    /// its name: a number is never made up from text.
    func rows<T>(_ sql: String, _ texts: [String] = [], _ transform: (Row) -> T) throws -> [T] {
        var result: [T] = []
        try each(sql, texts) { result.append(transform($0)) }
        return result
    }

    /// Each row of `sql` in turn, handed to `body` and let go: memory follows one row,
    /// whatever the table holds. An error of `body` ends the reading and is thrown; a
    /// column of another type names `table` and the row's number when given.
    func each(_ sql: String, _ texts: [String] = [], table: String? = nil, _ body: (Row) throws -> Void) throws {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else { throw failure() }
        defer { sqlite3_finalize(statement) }
        for (index, text) in texts.enumerated() {
            // SQLITE_TRANSIENT: SQLite copies the text before the call returns.
            guard sqlite3_bind_text(statement, Int32(index + 1), text, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self)) == SQLITE_OK else { throw failure() }
        }
        var number = 0
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw failure() }
            number += 1
            let row = Row(statement: statement)
            try body(row)
            if let problem = row.problem { throw Failure(code: SQLITE_MISMATCH, description: (table.map { "\($0), row \(number): " } ?? "") + problem) }
        }
    }

    private func failure() -> Failure {
        Failure(code: sqlite3_extended_errcode(handle), description: String(cString: sqlite3_errmsg(handle)))
    }

    /// One row of a statement, its columns read by name.
    final class Row {
        fileprivate let statement: OpaquePointer
        /// The first column read as a type it does not hold.
        fileprivate var problem: String?

        fileprivate init(statement: OpaquePointer) { self.statement = statement }

        /// The column's index and SQLite's type of its value; nil when the statement
        /// has no column of that name.
        private func column(_ name: String, expected: String) -> (index: Int32, type: Int32)? {
            for index in 0..<sqlite3_column_count(statement) where String(cString: sqlite3_column_name(statement, index)) == name {
                return (index, sqlite3_column_type(statement, index))
            }
            mismatch(name, expected)
            return nil
        }

        private func mismatch(_ name: String, _ expected: String) {
            if problem == nil { problem = "column \(name) holds no \(expected)" }
        }

        /// The column as an integer (0 and a problem when it holds no integer).
        func int64(_ name: String) -> Int64 {
            guard let (index, type) = column(name, expected: "integer") else { return 0 }
            guard type == SQLITE_INTEGER else {
                mismatch(name, "integer")
                return 0
            }
            return sqlite3_column_int64(statement, index)
        }

        /// The column as an integer; nil when it is NULL.
        func optionalInt64(_ name: String) -> Int64? {
            guard let (_, type) = column(name, expected: "integer") else { return nil }
            return type == SQLITE_NULL ? nil : int64(name)
        }

        /// A number stored as an integer or a real.
        func double(_ name: String) -> Double {
            guard let (index, type) = column(name, expected: "number") else { return 0 }
            guard type == SQLITE_FLOAT || type == SQLITE_INTEGER else {
                mismatch(name, "number")
                return 0
            }
            return sqlite3_column_double(statement, index)
        }

        /// The column as text.
        func text(_ name: String) -> String {
            guard let (index, type) = column(name, expected: "text") else { return "" }
            guard type == SQLITE_TEXT, let pointer = sqlite3_column_text(statement, index) else {
                mismatch(name, "text")
                return ""
            }
            return String(cString: pointer)
        }
    }
}
