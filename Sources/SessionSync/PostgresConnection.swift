import Glibc
import CLibpq

/// Why PostgreSQL refused: the server's or libpq's message, and the SQLSTATE when the
/// server sent one.
public struct PostgresError: Error, CustomStringConvertible, Sendable {
    public let message: String
    /// The five-character SQLSTATE (`42P01`: no such table), nil for a client-side failure.
    public let state: String?

    public init(message: String, state: String? = nil) {
        self.message = message
        self.state = state
    }

    public var description: String { message }
}

/// One connection to PostgreSQL through libpq: the one owner of its `PGconn`, closed in
/// `deinit`. Values are always sent as parameters in text form, never in the SQL.
public final class PostgresConnection {
    private let handle: OpaquePointer

    /// Connects with a libpq connection string; an empty one leaves everything to
    /// libpq's environment (PGHOST, PGDATABASE, PGSERVICE, PGPASSFILE or ~/.pgpass), as
    /// psql does.
    public init(conninfo: String) throws(PostgresError) {
        guard let handle = PQconnectdb(conninfo) else { throw PostgresError(message: "libpq could not allocate a connection") }
        guard PQstatus(handle) == CONNECTION_OK else {
            let message = Self.trimmed(String(cString: PQerrorMessage(handle)))
            PQfinish(handle)
            throw PostgresError(message: "cannot connect to PostgreSQL: \(message)")
        }
        self.handle = handle
    }

    deinit { PQfinish(handle) }

    /// Runs one statement with `parameters` ($1, $2, … in text form, nil for NULL) and
    /// returns its rows, each column as text (nil for NULL).
    @discardableResult
    public func query(_ sql: String, _ parameters: [String?] = []) throws(PostgresError) -> [[String?]] {
        let result = Self.withCStrings(parameters) { values in
            PQexecParams(handle, sql, Int32(parameters.count), nil, values, nil, nil, 0)
        }
        guard let result else { throw PostgresError(message: Self.trimmed(String(cString: PQerrorMessage(handle)))) }
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
            throw PostgresError(message: Self.trimmed(String(cString: PQresultErrorMessage(result))), state: state)
        }
        var rows: [[String?]] = []
        let columns = PQnfields(result)
        for row in 0..<PQntuples(result) {
            rows.append((0..<columns).map { column in
                PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
            })
        }
        return rows
    }

    /// Runs a script of statements without parameters (the schema).
    public func execute(_ sql: String) throws(PostgresError) {
        guard let result = PQexec(handle, sql) else { throw PostgresError(message: Self.trimmed(String(cString: PQerrorMessage(handle)))) }
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY else {
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
            throw PostgresError(message: Self.trimmed(String(cString: PQresultErrorMessage(result))), state: state)
        }
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The connection's socket, for poll(2) while waiting for notifications.
    public var descriptor: Int32 { PQsocket(handle) }

    /// One NOTIFY heard on a channel this connection listens on.
    public struct Notification: Sendable, Equatable {
        /// The channel it was sent on.
        public let channel: String
        /// What the sender said (sessiond's triggers: the athlete's role).
        public let payload: String
    }

    /// Listens on `channel` (LISTEN, the name quoted as an identifier).
    public func listen(_ channel: String) throws(PostgresError) {
        let quoted = channel.flatMap { $0 == "\"" ? ["\"", "\""] : [$0] }
        try execute("LISTEN \"" + String(quoted) + "\"")
    }

    /// The notifications received so far, read from the socket without waiting: those
    /// that arrived during other statements and those waiting on the socket.
    public func notifications() throws(PostgresError) -> [Notification] {
        guard PQconsumeInput(handle) == 1 else { throw PostgresError(message: Self.trimmed(String(cString: PQerrorMessage(handle)))) }
        var heard: [Notification] = []
        while let notify = PQnotifies(handle) {
            heard.append(Notification(channel: String(cString: notify.pointee.relname), payload: String(cString: notify.pointee.extra)))
            PQfreemem(notify)
        }
        return heard
    }

    /// C strings for the parameters, alive while `body` runs.
    private static func withCStrings<T>(_ values: [String?], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
        let copies: [UnsafeMutablePointer<CChar>?] = values.map { value in value.flatMap { strdup($0) } }
        defer { for copy in copies { free(copy) } }
        return body(copies.map { $0.map { UnsafePointer($0) } })
    }

    private static func trimmed(_ message: String) -> String {
        var text = Substring(message)
        while let last = text.last, last == "\n" || last == " " { text = text.dropLast() }
        return String(text)
    }
}
