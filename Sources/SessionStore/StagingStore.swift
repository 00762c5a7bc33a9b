/// The chunks of the imports under way (`history.import`, `health.import`), kept on
/// disk until their `done` so that what is staged does not live in the daemon's memory:
/// a private SQLite database of its own, apart from the daemon's database and its
/// transactions (a chunk is staged when its call runs, whichever group commit it was in,
/// as it was when chunks were kept in memory).
///
/// SQLite makes a database opened under the empty name a temporary file it removes as
/// soon as it opened it (sqlite3_open(3): "a private, temporary on-disk database"), in
/// the first of `SQLITE_TMPDIR`, `TMPDIR`, /var/tmp, /usr/tmp and /tmp it can write:
/// nothing is left behind whatever ends the daemon. Its pages are cached up to
/// `cacheKiB`; the rest is written to that file. It is opened at the first chunk and
/// closed (the file then goes) by its owner once no import holds a chunk (`close`).
public final class StagingStore {
    private var connection: Connection?
    /// What SQLite may cache of the staged chunks in memory.
    public static let cacheKiB = 1024

    /// A store with nothing staged: its file is made at the first chunk.
    public init() {}

    /// True while the file is open (something was staged since it was last closed).
    public var isOpen: Bool { connection != nil }

    private func open() throws(SQLiteError) -> Connection {
        if let connection { return connection }
        let opened = try Connection(path: "")
        // Nothing here needs to outlive the daemon: no sync, the journal in memory (a
        // statement that fails still rolls back), freed pages given back to the disk.
        try opened.execute("""
            PRAGMA synchronous = OFF;
            PRAGMA journal_mode = MEMORY;
            PRAGMA auto_vacuum = FULL;
            PRAGMA cache_size = -\(Self.cacheKiB);
            CREATE TABLE staged_chunk (
                owner INTEGER NOT NULL,
                import_id TEXT NOT NULL,
                chunk INTEGER NOT NULL,
                body BLOB NOT NULL,
                UNIQUE (owner, import_id, chunk)
            );
            """)
        connection = opened
        return opened
    }

    /// Stores `body` as the chunk `chunk` of the import `id` of `owner`, in place of the
    /// one of that number, if any. The bytes are its owner's to lay out: nothing but
    /// `forEachChunk` reads them.
    public func put(owner: UInt32, id: String, chunk: Int, body: [UInt8]) throws(SQLiteError) {
        try open().prepare("INSERT OR REPLACE INTO staged_chunk (owner, import_id, chunk, body) VALUES (?, ?, ?, ?)").run { parameters throws(SQLiteError) in
            try parameters.bind(Int64(owner))
            try parameters.bind(id)
            try parameters.bind(chunk)
            try parameters.bind(blob: body)
        }
    }

    /// Each chunk of the import, in the order of their numbers, one at a time.
    public func forEachChunk(owner: UInt32, id: String, _ body: ([UInt8]) throws -> Void) throws {
        guard let connection else { return }
        let statement = try connection.prepare("SELECT body FROM staged_chunk WHERE owner = ? AND import_id = ? ORDER BY chunk")
        var failure: (any Error)?
        try statement.forEachRow([Int64(owner), id]) { row in
            do { try body(row.blob("body")) } catch {
                failure = error
                return false
            }
            return true
        }
        if let failure { throw failure }
    }

    /// Drops every chunk of the import.
    public func remove(owner: UInt32, id: String) throws(SQLiteError) {
        guard let connection else { return }
        try connection.run("DELETE FROM staged_chunk WHERE owner = ? AND import_id = ?", [Int64(owner), id])
    }

    /// Closes the file, dropping whatever it held.
    public func close() {
        connection = nil
    }
}
