import CSQLite
import SessionCore
import Glibc

/// One prepared statement: prepared in `init`, finalised in `deinit` (GRDB's shape).
/// Values are always bound, never interpolated into SQL.
public final class Statement {
    private let handle: OpaquePointer
    private let connection: OpaquePointer
    /// How many parameters the SQL has.
    private let parameterCount: Int
    /// The SQL text, for error messages.
    public let sql: String

    init(connection: OpaquePointer, sql: String) throws(SQLiteError) {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            try check(code == SQLITE_OK ? SQLITE_MISUSE : code, connection, sql: sql)
            preconditionFailure("unreachable: check throws for every non-OK code")
        }
        self.handle = statement
        self.connection = connection
        self.sql = sql
        self.parameterCount = Int(sqlite3_bind_parameter_count(statement))
    }

    /// Text `run(binding:)` binds, gathered while its parameters are bound, then copied
    /// into `arena` and bound where it stands there (SQLITE_STATIC: SQLite copies
    /// nothing). The arena is only rewritten by the next such run, after its reset and
    /// before its binds, when SQLite reads no value; it is freed after the statement.
    private var stagedText: [UInt8] = []
    private var stagedParameters: [(index: Int32, start: Int, count: Int)] = []
    private var arena: UnsafeMutablePointer<UInt8>?
    private var arenaCapacity = 0

    deinit {
        sqlite3_finalize(handle)
        arena?.deallocate()
    }

    /// Resets the statement and binds `values` to its parameters, in order: one value
    /// for each (`?1` used twice is one), or the statement is refused before it runs —
    /// a missing value is a mistake, never a NULL.
    public func bind(_ values: [SQLBindable]) throws(SQLiteError) {
        sqlite3_reset(handle)
        guard values.count == parameterCount else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "bound \(values.count) of \(parameterCount) parameters", sql: sql)
        }
        for (offset, value) in values.enumerated() { try bind(value.sqlValue, at: Int32(offset + 1)) }
    }

    private func bind(_ value: SQLValue, at index: Int32) throws(SQLiteError) {
        switch value {
        case .null: try bindNull(at: index)
        case .integer(let number): try bind(number, at: index)
        case .real(let number): try bind(number, at: index)
        case .text(let text): try bind(text, at: index)
        }
    }

    private func bindNull(at index: Int32) throws(SQLiteError) {
        try checkBinding(sqlite3_bind_null(handle, index))
    }

    private func bind(_ number: Int64, at index: Int32) throws(SQLiteError) {
        try checkBinding(sqlite3_bind_int64(handle, index, number))
    }

    private func bind(_ number: Double, at index: Int32) throws(SQLiteError) {
        try checkBinding(sqlite3_bind_double(handle, index, number))
    }

    private func bind(_ text: String, at index: Int32) throws(SQLiteError) {
        // The UTF-8 in place with its length (SQLite copies it): no temporary C string
        // for short strings, no strlen. An empty buffer may have no address, which
        // SQLite would bind as NULL: "" is bound explicitly.
        var text = text
        let code = text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                return sqlite3_bind_text(handle, index, "", 0, csqlite_transient())
            }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text(handle, index, $0, Int32(bytes.count), csqlite_transient())
            }
        }
        try checkBinding(code)
    }

    private func checkBinding(_ code: Int32) throws(SQLiteError) {
        // The SQL is handed over only for an error: passing it retained it per value.
        if code != SQLITE_OK { try check(code, connection, sql: sql) }
    }

    /// Binds a statement's parameters one after the other, typed: nothing is built per
    /// value (no `SQLValue`, no array). `Statement.run(binding:)` hands one out.
    public struct Parameters: ~Copyable {
        fileprivate let statement: Statement
        /// The next parameter's index (SQLite counts from 1).
        fileprivate var next: Int32 = 1

        public mutating func bind(_ value: Int64?) throws(SQLiteError) {
            if let value { try statement.bind(value, at: next) } else { try statement.bindNull(at: next) }
            next += 1
        }

        public mutating func bind(_ value: Int?) throws(SQLiteError) { try bind(value.map(Int64.init)) }

        public mutating func bind(_ value: Double?) throws(SQLiteError) {
            if let value { try statement.bind(value, at: next) } else { try statement.bindNull(at: next) }
            next += 1
        }

        /// Text is gathered and bound in place once every parameter is bound (see
        /// `Statement.stagedText`); the empty string is bound at once.
        public mutating func bind(_ value: String?) throws(SQLiteError) {
            if let value, !value.isEmpty {
                statement.stage(value, at: next)
            } else if let value {
                try statement.bind(value, at: next)
            } else {
                try statement.bindNull(at: next)
            }
            next += 1
        }

        /// Bytes bound as a blob (SQLite copies them).
        public mutating func bind(blob: [UInt8]) throws(SQLiteError) {
            let code = blob.withUnsafeBytes { bytes in
                // An empty buffer may have no address, which SQLite would bind as NULL.
                sqlite3_bind_blob(statement.handle, next, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count), csqlite_transient())
            }
            try statement.checkBinding(code)
            next += 1
        }

        /// Text from a literal, bound where it stands (SQLITE_STATIC: a literal lives as
        /// long as the program, so SQLite need not copy it, as it copies other text).
        public mutating func bind(literal: StaticString) throws(SQLiteError) {
            precondition(literal.hasPointerRepresentation, "a literal of text, not a single scalar")
            let code = literal.utf8Start.withMemoryRebound(to: CChar.self, capacity: literal.utf8CodeUnitCount) {
                sqlite3_bind_text(statement.handle, next, $0, Int32(literal.utf8CodeUnitCount), nil)
            }
            try statement.checkBinding(code)
            next += 1
        }
    }

    /// Runs the statement to completion with the parameters `bind` binds, in order; it
    /// must bind every one. For a statement run on every request (the set insert binds
    /// seventeen per `session.log`): binding an array of values builds an enum per
    /// value and an array per run, which cost more than the binding itself.
    public func run(binding bind: (inout Parameters) throws(SQLiteError) -> Void) throws(SQLiteError) {
        sqlite3_reset(handle)
        stagedText.removeAll(keepingCapacity: true)
        stagedParameters.removeAll(keepingCapacity: true)
        var parameters = Parameters(statement: self)
        do throws(SQLiteError) {
            try bind(&parameters)
            guard Int(parameters.next) - 1 == parameterCount else {
                throw SQLiteError(code: SQLITE_MISUSE, message: "bound \(parameters.next - 1) of \(parameterCount) parameters", sql: sql)
            }
            try bindStagedText()
        } catch {
            sqlite3_clear_bindings(handle)
            throw error
        }
        while try step() {}
    }

    fileprivate func stage(_ text: String, at index: Int32) {
        let start = stagedText.count
        stagedText.append(contentsOf: text.utf8)
        stagedParameters.append((index: index, start: start, count: stagedText.count - start))
    }

    /// Copies the gathered text into the arena and binds each text where it stands.
    /// The arena is replaced (grown) or rewritten only here, after the run's reset and
    /// before its texts are bound again: the last run's bindings still point into it,
    /// but SQLite reads no bound value until the next step, and by then every
    /// parameter is bound anew.
    private func bindStagedText() throws(SQLiteError) {
        guard !stagedParameters.isEmpty else { return }
        if arenaCapacity < stagedText.count {
            arena?.deallocate()
            arenaCapacity = max(stagedText.count, 2 * arenaCapacity, 256)
            arena = .allocate(capacity: arenaCapacity)
        }
        guard let arena else { return }
        stagedText.withUnsafeBufferPointer { staged in
            if let base = staged.baseAddress { arena.initialize(from: base, count: staged.count) }
        }
        for parameter in stagedParameters {
            let code = (arena + parameter.start).withMemoryRebound(to: CChar.self, capacity: parameter.count) {
                sqlite3_bind_text(handle, parameter.index, $0, Int32(parameter.count), nil)
            }
            try checkBinding(code)
        }
    }

    /// Advances; true while a row is available.
    public func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        sqlite3_reset(handle)
        if code != SQLITE_DONE { try check(code, connection, sql: sql) }
        return false
    }

    /// Runs the statement to completion with `values` bound.
    public func run(_ values: [SQLBindable] = []) throws(SQLiteError) {
        try bind(values)
        while try step() {}
    }

    /// Every row, each mapped by `transform` while the row is current.
    public func rows<T>(_ values: [SQLBindable] = [], _ transform: (Row) throws(SQLiteError) -> T) throws(SQLiteError) -> [T] {
        try bind(values)
        var result: [T] = []
        while try step() { result.append(try read(transform)) }
        return result
    }

    /// Each row in turn, while `body` returns true; the statement is reset after, so
    /// a reader can stop part way (a page that is full) without stepping the rest.
    public func forEachRow(_ values: [SQLBindable] = [], _ body: (Row) throws(SQLiteError) -> Bool) throws(SQLiteError) {
        try bind(values)
        defer { sqlite3_reset(handle) }
        while try step() {
            guard try read(body) else { return }
        }
    }

    /// The first row mapped by `transform`, or nil.
    public func row<T>(_ values: [SQLBindable] = [], _ transform: (Row) throws(SQLiteError) -> T) throws(SQLiteError) -> T? {
        try bind(values)
        defer { sqlite3_reset(handle) }
        guard try step() else { return nil }
        return try read(transform)
    }

    /// The statement's result columns, by name, read once; and where the last name was
    /// found, since rows are mostly read in the order of their columns.
    private var columnNames: [[UInt8]]?
    private var columnHint = 0
    /// The first column of the current row that did not hold what it was read as: the
    /// row's reader (`rows`, `row`, `forEachRow`) throws it once the row is read.
    private var damage: SQLiteError?

    /// The index of the result column `name` (its `AS` name, else the column's own).
    fileprivate func column(_ name: StaticString) -> Int32? {
        let names = columnNames ?? (0..<sqlite3_column_count(handle)).map { Array(String(cString: sqlite3_column_name(handle, $0)).utf8) }
        columnNames = names
        let count = name.utf8CodeUnitCount
        for step in 0..<names.count {
            let index = (columnHint + step) % names.count
            let same = names[index].count == count && names[index].withUnsafeBufferPointer { count == 0 || memcmp($0.baseAddress!, name.utf8Start, count) == 0 }
            if same {
                columnHint = index + 1
                return Int32(index)
            }
        }
        damage = damage ?? SQLiteError(code: SQLITE_MISUSE, message: "no result column named \(name)", sql: sql)
        return nil
    }

    /// `transform` of the current row, or the damage it found.
    private func read<T>(_ transform: (Row) throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        damage = nil
        let value = try transform(Row(statement: self))
        if let damage {
            self.damage = nil
            sqlite3_reset(handle)
            throw damage
        }
        return value
    }

    /// The current row's columns, read by name. A stored value of another type than the
    /// one asked for (text where a number belongs, NULL where a value must be, a date or
    /// a name that does not read), or a name the statement has no column for, makes the
    /// row's reader throw an error naming the column and what it holds: a damaged file
    /// is reported, never read as 0, 1970 or a default. (The accessors themselves return
    /// a placeholder then, which nothing sees: the read as a whole fails.)
    public struct Row {
        fileprivate let statement: Statement

        /// The column's index and its value's type; nil (and the row damaged) for a
        /// name the statement does not have.
        private func value(_ name: StaticString) -> (index: Int32, type: Int32)? {
            guard let index = statement.column(name) else { return nil }
            return (index, sqlite3_column_type(statement.handle, index))
        }

        /// Notes that `name` holds what it should not.
        private func damaged(_ name: StaticString, _ index: Int32, _ expected: String) {
            guard statement.damage == nil else { return }
            let held: String
            switch sqlite3_column_type(statement.handle, index) {
            case SQLITE_NULL: held = "NULL"
            case SQLITE_BLOB: held = "a blob"
            default: held = "\"" + String(cString: sqlite3_column_text(statement.handle, index)).prefix(40) + "\""
            }
            // The table's column where the value comes straight from one (session.date),
            // else the result column's name.
            var column = "\(name)"
            if let table = sqlite3_column_table_name(statement.handle, index), let origin = sqlite3_column_origin_name(statement.handle, index) {
                column = String(cString: table) + "." + String(cString: origin)
            }
            statement.damage = SQLiteError(code: SQLITE_CORRUPT, message: "\(column) holds \(held), which is no \(expected)", sql: statement.sql)
        }

        public func isNull(_ name: StaticString) -> Bool { value(name)?.type == SQLITE_NULL }

        public func int64(_ name: StaticString) -> Int64 {
            guard let (index, type) = value(name) else { return 0 }
            guard type == SQLITE_INTEGER else {
                damaged(name, index, "integer")
                return 0
            }
            return sqlite3_column_int64(statement.handle, index)
        }

        public func optionalInt64(_ name: StaticString) -> Int64? { isNull(name) ? nil : int64(name) }
        public func int(_ name: StaticString) -> Int { Int(int64(name)) }
        public func optionalInt(_ name: StaticString) -> Int? { optionalInt64(name).map { Int($0) } }

        /// A number stored as an integer or a real.
        public func double(_ name: StaticString) -> Double {
            guard let (index, type) = value(name) else { return 0 }
            guard type == SQLITE_FLOAT || type == SQLITE_INTEGER else {
                damaged(name, index, "number")
                return 0
            }
            return sqlite3_column_double(statement.handle, index)
        }

        public func optionalDouble(_ name: StaticString) -> Double? { isNull(name) ? nil : double(name) }

        /// 0 or 1.
        public func bool(_ name: StaticString) -> Bool {
            guard let (index, type) = value(name) else { return false }
            let number = sqlite3_column_int64(statement.handle, index)
            guard type == SQLITE_INTEGER, number == 0 || number == 1 else {
                damaged(name, index, "truth value (0 or 1)")
                return false
            }
            return number == 1
        }

        public func text(_ name: StaticString) -> String {
            guard let (index, type) = value(name) else { return "" }
            guard type == SQLITE_TEXT, let pointer = sqlite3_column_text(statement.handle, index) else {
                damaged(name, index, "text")
                return ""
            }
            return String(cString: pointer)
        }

        public func optionalText(_ name: StaticString) -> String? { isNull(name) ? nil : text(name) }

        /// A blob's bytes, copied out of the row.
        public func blob(_ name: StaticString) -> [UInt8] {
            guard let (index, type) = value(name) else { return [] }
            guard type == SQLITE_BLOB else {
                damaged(name, index, "blob")
                return []
            }
            let count = Int(sqlite3_column_bytes(statement.handle, index))
            guard count > 0, let base = sqlite3_column_blob(statement.handle, index) else { return [] }
            return Array(UnsafeRawBufferPointer(start: base, count: count))
        }

        /// A date stored as its YYYY-MM-DD text.
        public func date(_ name: StaticString) -> LocalDate {
            let text = text(name)
            if let date = LocalDate(text) { return date }
            if let index = statement.column(name) { damaged(name, index, "date (YYYY-MM-DD)") }
            return LocalDate(daysSinceEpoch: 0)
        }

        /// One of an enumeration's raw values.
        public func choice<Choice: RawRepresentable & CaseIterable>(_ name: StaticString, as type: Choice.Type = Choice.self) -> Choice
        where Choice.RawValue == String {
            if let choice = Choice(rawValue: text(name)) { return choice }
            if let index = statement.column(name) { damaged(name, index, "\(Choice.self) (\(Choice.allCases.map(\.rawValue).joined(separator: ", ")))") }
            return Choice.allCases.first!
        }

        /// The value of a one-value query (`Connection.scalar`): an integer or NULL.
        func onlyInteger() -> Int64? {
            switch sqlite3_column_type(statement.handle, 0) {
            case SQLITE_NULL: return nil
            case SQLITE_INTEGER: return sqlite3_column_int64(statement.handle, 0)
            default:
                damaged("the first", 0, "integer")
                return nil
            }
        }

        /// The value of a one-value query (`Connection.text`): text or NULL.
        func onlyText() -> String? {
            switch sqlite3_column_type(statement.handle, 0) {
            case SQLITE_NULL: return nil
            case SQLITE_TEXT: return String(cString: sqlite3_column_text(statement.handle, 0))
            default:
                damaged("the first", 0, "text")
                return nil
            }
        }
    }
}
