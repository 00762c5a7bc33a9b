import CSQLite
import Glibc

/// The one owner of a `sqlite3*` handle. Not thread-safe: one thread uses it at a time
/// (the daemon gives it to its single writer). Closed in `deinit`, and closed even
/// when opening fails.
public final class Connection {
    let handle: OpaquePointer
    private var cache: [SQLKey: Statement] = [:]
    /// Open savepoints made by `transaction` inside an outer transaction.
    private var savepointDepth = 0
    /// While true, `transaction` inside an open transaction runs its body without a
    /// savepoint (see `withoutSavepoints`).
    private var savepointsSuspended = false
    /// The database file.
    public let path: String

    /// Opens (creating when missing) the database at `path`; `readOnly` opens an
    /// existing one for reading only. (Another program's database is read through
    /// SessionFormats' `SQLiteFile`, immutable.)
    public init(path: String, readOnly: Bool = false) throws(SQLiteError) {
        _ = Self.processSettings
        var handle: OpaquePointer?
        // NOFOLLOW: a database path that is a symbolic link (one another user planted to
        // make the daemon create or write a file elsewhere) is refused.
        let access = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        let flags = access | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_NOFOLLOW
        if !readOnly { Self.createPrivately(path) }
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(handle)
            throw SQLiteError(code: code, message: message, sql: nil)
        }
        self.handle = handle
        self.path = path
        sqlite3_extended_result_codes(handle, 1)
    }

    /// Creates the file at `path`, empty and readable by its owner only (0600, as the
    /// backups are: it holds a person's workouts and health), when there is none; SQLite
    /// would create it 0644, and gives its journal and WAL files the database's mode.
    /// A file already there keeps the mode its owner gave it; anything that fails here
    /// is left for SQLite's open to report.
    private static func createPrivately(_ path: String) {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else { return }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if descriptor >= 0 { close(descriptor) }
    }

    /// Copies this connection's database into `destination`'s, page by page, with
    /// SQLite's online backup API: what is committed as it begins.
    func copy(into destination: Connection) throws(SQLiteError) {
        guard let backup = sqlite3_backup_init(destination.handle, "main", handle, "main") else {
            throw SQLiteError(code: sqlite3_errcode(destination.handle), message: String(cString: sqlite3_errmsg(destination.handle)), sql: nil)
        }
        let stepped = sqlite3_backup_step(backup, -1)
        let finished = sqlite3_backup_finish(backup)
        guard stepped == SQLITE_DONE, finished == SQLITE_OK else {
            let code = stepped == SQLITE_DONE ? finished : stepped
            throw SQLiteError(code: code, message: String(cString: sqlite3_errstr(code)), sql: nil)
        }
    }

    /// True when SQLite opened the file read-only (it may not be written), which it
    /// does quietly rather than failing.
    var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// SQLite's process-wide settings, applied once before the first connection opens.
    private static let processSettings: Void = {
        _ = csqlite_disable_memory_statistics()
    }()

    deinit {
        cache.removeAll()
        sqlite3_preupdate_hook(handle, nil, nil)
        sqlite3_close_v2(handle)
        walFramesBox?.deallocate()
    }

    /// Where SQLite's wal hook leaves the WAL's size in frames after each commit; nil
    /// until `countWALFrames()`.
    private var walFramesBox: UnsafeMutablePointer<Int32>?

    /// Counts the WAL's frames after each commit (`walFrames`) instead of letting SQLite
    /// checkpoint on its own: its automatic checkpoint runs inside the COMMIT that
    /// crosses 1,000 frames, before that commit returns, so the reply waited for the
    /// copy into the database file and its fsyncs (a wal hook replaces SQLite's
    /// automatic checkpoint). The owner checkpoints when it is due and the replies are
    /// out (`Database.checkpointIfDue`).
    func countWALFrames() {
        let box = walFramesBox ?? .allocate(capacity: 1)
        box.initialize(to: 0)
        walFramesBox = box
        sqlite3_wal_hook(handle, { context, _, _, frames in
            context?.assumingMemoryBound(to: Int32.self).pointee = frames
            return SQLITE_OK
        }, box)
    }

    /// The tables `watch(tables:)` watches, and a bit for each whose rows changed since
    /// `takeChangedTables()` last said: in memory of its own, written by the hook
    /// through a pointer (a stored property the hook set behind the optimiser's back was
    /// read as unchanged in release builds).
    private final class TableWatch {
        /// The names as C strings, and their first bytes (most tables written are not
        /// watched, and most differ from every watched one at the first byte).
        let tables: UnsafeMutablePointer<UnsafeMutablePointer<CChar>>
        let firstBytes: UnsafeMutablePointer<CChar>
        let count: Int
        let changed = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
        init(_ names: [String]) {
            count = names.count
            tables = .allocate(capacity: names.count)
            firstBytes = .allocate(capacity: names.count)
            for (index, name) in names.enumerated() {
                tables[index] = strdup(name)
                firstBytes[index] = tables[index][0]
            }
            changed.initialize(to: 0)
        }
        deinit {
            for index in 0..<count { free(tables[index]) }
            tables.deallocate()
            firstBytes.deallocate()
            changed.deallocate()
        }
    }

    private var tableWatch: TableWatch?

    /// Watches `tables` (at most 32): a row of one inserted, updated or deleted through
    /// this connection sets its bit (its index in `tables`) for `takeChangedTables()`.
    /// SQLite's pre-update hook says so before each row changes, whatever wrote it (a
    /// statement, a trigger) and for WITHOUT ROWID tables too, which its update hook
    /// does not see; it does nothing else (a hook may not use the connection).
    func watch(tables: [String]) {
        precondition(tables.count <= 32)
        let watch = TableWatch(tables)
        tableWatch = watch
        sqlite3_preupdate_hook(handle, { context, _, _, _, table, _, _ in
            guard let context, let table else { return }
            let watch = Unmanaged<TableWatch>.fromOpaque(context).takeUnretainedValue()
            for index in 0..<watch.count where watch.firstBytes[index] == table[0] && strcmp(watch.tables[index], table) == 0 {
                watch.changed.pointee |= 1 << UInt32(index)
                return
            }
        }, Unmanaged.passUnretained(watch).toOpaque())
    }

    /// The watched tables changed since the last call, as bits; forgets them.
    func takeChangedTables() -> UInt32 {
        guard let watch = tableWatch, watch.changed.pointee != 0 else { return 0 }
        defer { watch.changed.pointee = 0 }
        return watch.changed.pointee
    }

    /// The WAL's size in frames after the last commit (0 when not counted, or after a
    /// checkpoint the next commit started the WAL over from).
    var walFrames: Int { walFramesBox.map { Int($0.pointee) } ?? 0 }

    /// After a checkpoint: nothing counted until the next commit says how large the
    /// WAL is (small when it started over; as large again when readers kept it).
    func forgetWALFrames() {
        walFramesBox?.pointee = 0
    }

    /// Copies every frame of the WAL into the database file and syncs it (TRUNCATE:
    /// waiting for readers up to the busy timeout); true when nothing is left only in
    /// the WAL. The WAL is read through the descriptor SQLite holds, so this works on a
    /// WAL whose name was removed. sqlite3_wal_checkpoint_v2(3): SQLITE_BUSY when a
    /// reader kept it from finishing, and the log and checkpointed counts then differ.
    func checkpointEverything() throws(SQLiteError) -> Bool {
        var log: Int32 = -1, checkpointed: Int32 = -1
        let code = sqlite3_wal_checkpoint_v2(handle, "main", SQLITE_CHECKPOINT_TRUNCATE, &log, &checkpointed)
        if code & 0xff == SQLITE_BUSY { return false }
        try check(code, handle, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        return log == checkpointed
    }

    /// Runs one or more statements that take no parameters (schema, pragmas).
    public func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        sqlite3_free(message)
        try check(code, handle, sql: sql)
    }

    /// A prepared statement, cached by its SQL text for reuse.
    public func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        let key = SQLKey(sql: sql)
        if let statement = cache[key] { return statement }
        let statement = try Statement(connection: handle, sql: sql)
        cache[key] = statement
        return statement
    }

    /// A statement its caller keeps (a hot path's own): prepared, or taken from the
    /// cache, the first time only; afterwards used without the cache's look-up.
    public func prepare(_ sql: String, keptIn slot: inout Statement?) throws(SQLiteError) -> Statement {
        if let statement = slot { return statement }
        let statement = try prepare(sql)
        slot = statement
        return statement
    }

    /// Runs `sql` with `values` bound.
    public func run(_ sql: String, _ values: [SQLBindable] = []) throws(SQLiteError) {
        try prepare(sql).run(values)
    }

    /// The first column of the first row as an integer, or nil.
    public func scalar(_ sql: String, _ values: [SQLBindable] = []) throws(SQLiteError) -> Int64? {
        try prepare(sql).row(values) { $0.onlyInteger() } ?? nil
    }

    /// The first column of the first row as text, or nil.
    public func text(_ sql: String, _ values: [SQLBindable] = []) throws(SQLiteError) -> String? {
        try prepare(sql).row(values) { $0.onlyText() } ?? nil
    }

    /// The rowid of the last INSERT.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    /// Rows the last INSERT, UPDATE or DELETE changed.
    public var changes: Int32 { sqlite3_changes(handle) }

    /// Runs `body` atomically: in one `BEGIN IMMEDIATE` transaction, or, inside an open
    /// transaction (a group commit), in a savepoint. Committed (or released) when it
    /// returns, rolled back when it throws. With synchronous=FULL an outer commit is
    /// durable when this returns.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        // Inside a savepoint already, the enclosing one makes `body` atomic: a failure
        // propagates to it and rolls everything back.
        if isEnclosed { return try body() }
        // Prepared (and cached) rather than exec'd: these run several times per request.
        let nested = inTransaction
        if nested { savepointDepth += 1 }
        defer { if nested { savepointDepth -= 1 } }
        try run(nested ? "SAVEPOINT atomic" : "BEGIN IMMEDIATE")
        do {
            let result = try body()
            try run(nested ? "RELEASE atomic" : "COMMIT")
            return result
        } catch {
            if nested {
                try? run("ROLLBACK TO atomic")
                try? run("RELEASE atomic")
            } else {
                try? run("ROLLBACK")
            }
            throw error
        }
    }

    /// True when `transaction` now runs its body as part of what encloses it (inside a
    /// savepoint, or a transaction run without them), which then rolls back when the
    /// body fails: the body begins and ends nothing of its own.
    public var isEnclosed: Bool { savepointDepth > 0 || (savepointsSuspended && inTransaction) }

    /// Runs `body` with `transaction` making no savepoints inside the open transaction:
    /// the caller takes charge of atomicity (it rolls the whole transaction back when a
    /// part of it fails after writing; see `totalChanges`).
    public func withoutSavepoints<T>(_ body: () throws -> T) rethrows -> T {
        let previous = savepointsSuspended
        savepointsSuspended = true
        defer { savepointsSuspended = previous }
        return try body()
    }

    /// How long a statement waits for another connection's lock before SQLITE_BUSY.
    public var busyTimeoutMs: Int32 = 0 {
        didSet { sqlite3_busy_timeout(handle, busyTimeoutMs) }
    }

    /// True while a transaction is open.
    public var inTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// A number that changes whenever the main database's content changes, through this
    /// connection or any other (SQLITE_FCNTL_DATA_VERSION; seen once a transaction has
    /// begun). No SQL runs: a file-control call.
    var dataVersion: UInt32 {
        var version: UInt32 = 0
        _ = sqlite3_file_control(handle, "main", SQLITE_FCNTL_DATA_VERSION, &version)
        return version
    }

    /// Rows inserted, updated or deleted through this connection since it opened: a
    /// statement that failed adds nothing.
    public var totalChanges: Int64 { sqlite3_total_changes64(handle) }
}

/// A statement cache key: the SQL text, hashed by its length and the bytes at both ends
/// rather than all of it (texts run to hundreds of bytes, several are looked up per
/// request, and there are few of them); equality still compares the whole text.
private struct SQLKey: Hashable {
    let sql: String

    static func == (left: SQLKey, right: SQLKey) -> Bool { left.sql == right.sql }

    func hash(into hasher: inout Hasher) {
        var text = sql  // withUTF8 may make a copy contiguous first; ours already are
        text.withUTF8 { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            hasher.combine(raw.count)
            hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: raw.prefix(16)))
            hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: raw.suffix(32)))
        }
    }
}
