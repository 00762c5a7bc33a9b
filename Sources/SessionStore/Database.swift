import Glibc
import CSQLite

/// The one owner of sessiond's SQLite database: opening with a fixed configuration,
/// refusing files it must not touch, migrations, the group commit, and its stores, one
/// per aggregate (`sessions`, `plans`, `history`, `health`, `exercises`, `profile`),
/// which hold every other SQL statement the daemon runs and keep their invariants.
public final class Database: Store {
    /// The connection and transaction state its stores share (`StoreContext`); the
    /// database's own statements (schema, files, checkpoints) run through it too.
    let context: StoreContext
    /// The database file.
    public var path: String { connection.path }
    /// How long a statement waits for another process's lock.
    static let busyTimeoutMs: Int32 = 5000
    /// SQLite's page cache, everyday and while a history import runs (see `configure`).
    static let cacheKiB = 512
    /// The page cache while a history import runs (`HistoryStore.insertImported`).
    static let importCacheKiB = 16_384

    /// Sessions and their sets, with each exercise's bests and estimates.
    public let sessions: SessionsStore
    /// Aliases, one's own exercises and rests, and the catalog's adoption.
    public let exercises: ExercisesStore
    /// Health samples and their archive.
    public let health: HealthStore
    /// Plans, their days and the plan calendar's events.
    public let plans: PlansStore
    /// The profile and the planner's attempts and usage.
    public let profile: ProfileStore
    /// Imports, exports, each exercise's history and what summaries read of it.
    public let history: HistoryStore

    /// Opens `path`, creating it when missing. Refuses, without writing a byte, a file
    /// that is not an SQLite database, one of another application, or one written by a
    /// newer schema; then configures the connection and runs pending migrations.
    public convenience init(path: String) throws(StorageError) {
        try self.init(path: path, migrations: Migrations.all)
    }

    /// Opens `path` migrated to `schemaVersion` only: tests build older files with it.
    convenience init(path: String, schemaVersion: Int) throws(StorageError) {
        try self.init(path: path, migrations: Migrations.all.filter { $0.version <= schemaVersion })
    }

    /// Opens `path` migrated through `migrations` (`Migrations.all`, or a prefix of it;
    /// tests add migrations of their own).
    init(path: String, migrations: [Migration]) throws(StorageError) {
        let existed = Self.exists(path)
        let connection: Connection
        do {
            connection = try Connection(path: path)
        } catch {
            if Self.isSymbolicLink(path) { throw .symbolicLink(path: path) }
            throw .cannotOpen(path: path, error)
        }
        let context = StoreContext(connection: connection)
        self.context = context
        sessions = SessionsStore(context: context)
        exercises = ExercisesStore(context: context)
        health = HealthStore(context: context)
        plans = PlansStore(context: context)
        profile = ProfileStore(context: context)
        history = HistoryStore(context: context)
        do throws(StorageError) {
            // SQLite quietly opens a file it may not write read-only; every write
            // would then fail after the daemon said it was ready.
            if connection.isReadOnly { throw .readOnly(path: path) }
            try inspect(knownVersion: migrations.last?.version ?? 0)
            try wrap {
                try configure()
                try migrate(migrations)
                // Enforced from here on; off while migrating (see `migrate`).
                try connection.execute("PRAGMA foreign_keys = ON")
                // Today's code reads today's schema: a file a test builds at an older one
                // gets neither the data steps nor the catalog.
                if Self.reachesLatest(migrations) { try exercises.adoptCatalog() }
            }
            if Self.reachesLatest(migrations) { copiedFromDevice = try adoptOwnDeviceIfCopy() }
            // The schema goes into the main file now: a copy of the file alone (or one
            // whose WAL is lost) still holds it.
            try checkpoint()
        } catch {
            // A file this call created and could not make a database (a full file
            // system) is not left behind as an empty file.
            if !existed { Self.removeFiles(path) }
            if case .sqlite(let failure) = error, failure.primaryCode == SQLITE_FULL { throw .full(path: path) }
            throw error
        }
        files = OpenedFiles(path: path)
    }

    /// The device this database was copied from by `backup`, when this open gave the
    /// copy a device of its own; nil otherwise.
    public private(set) var copiedFromDevice: String?

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    private static func removeFiles(_ path: String) {
        for file in [path, path + "-wal", path + "-shm", path + "-journal"] { unlink(file) }
    }

    /// The database file and its WAL as opened (device and inode), to notice either
    /// being removed or replaced under the daemon (`verifyFiles`).
    var files: OpenedFiles?
    /// The read-only connection `backup` copies through, kept open so that its
    /// `PRAGMA data_version` tells a commit since the last copy (`committedVersion`).
    var backupSource: Connection?
    /// Set once `verifyFiles` found them changed: the daemon is stopping, and a later
    /// check copies nothing again and keeps no later write.
    var filesChangedFailure: StorageError?

    /// The files this database keeps open (itself, its -wal and -shm, and the daemon's
    /// lock beside it, which a clean stop removes) as `DEVICE:INODE`, so that a client
    /// on the same machine can tell one under any name and write no copy over it.
    public var openFileIdentities: [String] {
        guard let files else { return [] }
        return ([files.main, files.wal, files.shm] + [FileIdentity(path: Self.lockPath(path))]).compactMap { $0?.text }
    }

    private static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// Read-only checks before anything is written: the header must be SQLite's, the
    /// schema ours (or empty), and not newer than this build.
    private func inspect(knownVersion: Int) throws(StorageError) {
        let version: Int64
        let applicationID: Int64
        let tables: Int64
        let hasMigrations: Bool
        do {
            connection.busyTimeoutMs = Self.busyTimeoutMs
            version = try connection.scalar("PRAGMA user_version") ?? 0
            applicationID = try connection.scalar("PRAGMA application_id") ?? 0
            tables = try connection.scalar("SELECT count(*) FROM sqlite_schema") ?? 0
            hasMigrations = try connection.scalar(
                "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migration'") == 1
        } catch {
            if error.primaryCode == SQLITE_NOTADB || error.primaryCode == SQLITE_CORRUPT {
                throw .notADatabase(path: path, detail: error.message)
            }
            throw .cannotOpen(path: path, error)
        }
        if tables > 0, applicationID != Migrations.applicationID || !hasMigrations {
            throw .foreignDatabase(path: path)
        }
        if version < 0 {
            throw .invalidSchemaVersion(path: path, found: Int(version))
        }
        if version > knownVersion {
            throw .newerSchema(path: path, found: Int(version), known: knownVersion)
        }
    }

    /// The connection settings, in one place: WAL so readers never block the writer,
    /// synchronous=FULL so a commit is on disk when it returns, foreign keys enforced,
    /// SQLite's temporary files (a savepoint's copies of pages) kept in memory, and a
    /// page cache of 512 KiB instead of 2 MiB: the hot pages (the open session's sets,
    /// the index roots) fit, the kernel's page cache holds the rest of the file, and
    /// the daemon stays within its memory target (12 MiB) under load.
    private func configure() throws {
        let mode = try connection.text("PRAGMA journal_mode = WAL")
        guard mode == "wal" else {
            throw StorageError.sqlite(SQLiteError(code: SQLITE_ERROR, message: "cannot enable WAL (journal_mode is \(mode ?? "unknown"))", sql: nil))
        }
        try connection.execute("PRAGMA synchronous = FULL; PRAGMA temp_store = MEMORY; PRAGMA cache_size = -\(Self.cacheKiB);")
    }

    /// The schema version recorded in the file.
    public func schemaVersion() throws(StorageError) -> Int {
        try wrap { Int(try connection.scalar("PRAGMA user_version") ?? 0) }
    }

    /// Applies every migration of `migrations` newer than the file, with each one's
    /// bookkeeping row and `user_version`, in one transaction: an upgrade is all or
    /// nothing (a failure leaves the file as the build before knew it), and the data
    /// steps (`then`) run after the last migration's SQL, against the schema this
    /// build's code reads (a step of an older migration calls today's code); a file
    /// a test builds at an older schema gets none.
    ///
    /// Foreign keys are off while the migrations run, as SQLite's procedure for altering
    /// a table asks (sqlite.org/lang_altertable.html, GRDB's deferred foreign key mode):
    /// with them on, dropping a parent table in a rebuild would delete every child row
    /// through `ON DELETE CASCADE`. The pragma is a no-op inside a transaction, so it is
    /// set before it; after each migration `PRAGMA foreign_key_check` must find no row
    /// pointing nowhere, or the whole upgrade is rolled back and the open fails.
    /// Returns the version the file had.
    @discardableResult
    private func migrate(_ migrations: [Migration]) throws -> Int {
        let current = Int(try connection.scalar("PRAGMA user_version") ?? 0)
        let pending = migrations.filter { $0.version > current }
        guard !pending.isEmpty else { return current }
        try connection.execute("PRAGMA foreign_keys = OFF")
        try connection.transaction {
            for migration in pending {
                if migration.version == 1 {
                    try connection.execute("""
                        CREATE TABLE schema_migration (
                            version INTEGER PRIMARY KEY,
                            name TEXT NOT NULL,
                            applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                        );
                        PRAGMA application_id = \(Migrations.applicationID);
                        """)
                }
                try connection.execute(migration.sql)
                try checkForeignKeys(after: migration)
                try connection.run("INSERT INTO schema_migration (version, name) VALUES (?, ?)", [migration.version, migration.name])
                try connection.execute("PRAGMA user_version = \(migration.version)")
            }
            for migration in pending where Self.reachesLatest(migrations) {
                guard let then = migration.then else { continue }
                try then(self)
                try checkForeignKeys(after: migration)
            }
        }
        return current
    }

    /// True when `migrations` bring a file to this build's schema (or past it: tests add
    /// their own), which the code of the data steps and the catalog's adoption reads.
    private static func reachesLatest(_ migrations: [Migration]) -> Bool {
        (migrations.last?.version ?? 0) >= Migrations.latestVersion
    }

    /// Throws when a row of the file points at a row that does not exist, naming the
    /// first few (table, rowid, parent): what `migration` must not leave behind.
    private func checkForeignKeys(after migration: Migration) throws {
        let violations = try connection.prepare("PRAGMA foreign_key_check").rows { row in
            "\(row.text("table")) row \(row.optionalInt64("rowid").map(String.init) ?? "?") → \(row.text("parent"))"
        }
        guard violations.isEmpty else {
            throw StorageError.migrationFailed(
                path: path, version: migration.version,
                problem: "\(violations.count) rows would point at rows that do not exist (\(violations.prefix(5).joined(separator: ", ")))")
        }
    }

    /// Every exercise's bests from its history (a migration's data step).
    func recomputeAllBests() throws {
        try sessions.recomputeAllBests()
    }

    /// The transaction API for serving requests: a group commit. `body` runs many
    /// requests, each through `RequestScope.run`, inside one transaction that commits
    /// once, so one fsync serves them all. Nothing `body` did is durable, and no reply
    /// may report it, until this returns.
    ///
    /// The first attempt makes no savepoints (each costs a copy of every page a request
    /// touches), since most requests succeed or fail before writing anything. When a
    /// request fails after writing, the attempt is rolled back whole, `onRetry` is
    /// called, and `body` runs again with each request in a savepoint of its own; with
    /// `isolated`, that is the only attempt. So `body` must be replay-safe: nothing it
    /// does outside the database may take effect before this returns.
    ///
    /// Throws, with nothing committed: when `body` throws (its error), when SQLite
    /// ended the transaction by itself (full disk, I/O error: the failing request's
    /// error), or when the commit fails.
    ///
    /// With `waitForLocks` false, a write lock held by another process is not waited for
    /// (the busy timeout is 5 s otherwise): `StorageError.busy` is thrown before `body`
    /// runs, so the caller can hand the work to a thread that may wait.
    public func groupCommit<T>(
        isolated: Bool = false, waitForLocks: Bool = true, onRetry: () -> Void = {}, _ body: (RequestScope) throws -> T
    ) throws -> T {
        if !waitForLocks { connection.busyTimeoutMs = 0 }
        defer { if !waitForLocks { connection.busyTimeoutMs = Self.busyTimeoutMs } }
        do {
            return try attempt(isolated: isolated, body)
        } catch RequestScope.Aborted.failedAfterWriting {
            onRetry()
            return try attempt(isolated: true, body)
        } catch RequestScope.Aborted.transactionLost(let cause) {
            throw cause
        }
    }

    private func attempt<T>(isolated: Bool, _ body: (RequestScope) throws -> T) throws -> T {
        do {
            try connection.run("BEGIN IMMEDIATE")
        } catch {
            throw error.primaryCode == SQLITE_BUSY ? StorageError.busy : StorageError.sqlite(error)
        }
        // The memo is kept from the last group commit only if nothing changed the
        // database since (the observer's rule).
        context.transactionBegan(groupCommit: true)
        let result: T
        do {
            let scope = RequestScope(database: self, isolated: isolated)
            result = try isolated ? body(scope) : connection.withoutSavepoints { try body(scope) }
        } catch {
            rollBackIfOpen()
            throw error  // as `body` threw it
        }
        do {
            try context.settle()
            try connection.run("COMMIT")
            context.transactionEnded(committed: true, groupCommit: true)
        } catch let error as SQLiteError {
            rollBackIfOpen()
            throw StorageError.sqlite(error)
        } catch {
            rollBackIfOpen()
            throw error
        }
        return result
    }

    private func rollBackIfOpen() {
        context.transactionEnded(committed: false, groupCommit: true)
        if connection.inTransaction { try? connection.run("ROLLBACK") }
    }

    /// Checkpoints the WAL into the main file; done before a clean shutdown.
    public func checkpoint() throws(StorageError) {
        try wrap { try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
    }

    /// The WAL size, in frames, past which `checkpointIfDue` copies it into the
    /// database file (SQLite's own automatic threshold).
    public static let checkpointFrames = 1000

    /// From now on the owner checkpoints (`checkpointIfDue`, once a commit's replies
    /// are out) instead of SQLite inside the commit that crosses `checkpointFrames`.
    /// The daemon does; a tool that opens the database without calling
    /// `checkpointIfDue` leaves SQLite's automatic checkpoint as it is.
    public func deferCheckpoints() {
        connection.countWALFrames()
    }

    /// True when the WAL has grown past `checkpointFrames` since it last started over.
    public var checkpointDue: Bool { connection.walFrames >= Self.checkpointFrames }

    /// Copies the WAL into the database file when it is due, without waiting for
    /// readers (PASSIVE): what SQLite's automatic checkpoint did inside the commit that
    /// crossed the threshold, done by the owner once that commit's replies are out. The
    /// next commit starts the WAL over from its beginning when every frame was copied.
    public func checkpointIfDue() throws(StorageError) {
        guard checkpointDue, !connection.inTransaction else { return }
        try wrap { try connection.execute("PRAGMA wal_checkpoint(PASSIVE)") }
        connection.forgetWALFrames()
    }
}
