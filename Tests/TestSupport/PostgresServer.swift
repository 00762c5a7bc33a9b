import Foundation

/// A private PostgreSQL server for a test: `initdb` and the server in a temporary
/// directory, listening on a Unix socket in it only (no TCP port), trusting local
/// connections. initdb refuses to run as root: a root test runner runs the server as
/// nobody (setpriv), in a directory nobody owns. The test process is the server's
/// parent: nothing outlives the test.
public final class PostgresServer: @unchecked Sendable {
    /// The temporary directory: the data directory, the socket and the log are in it.
    public let directory: String
    /// Where initdb, postgres and psql were found.
    public let binaries: String
    /// The superuser's name, through which the tests connect.
    public static let superuser = "postgres"

    /// A libpq connection string to the database `database` as `user`.
    public func dsn(database: String = "postgres", user: String = superuser) -> String {
        "host=\(directory) dbname=\(database) user=\(user)"
    }

    /// Why no server can run here, nil when one can.
    public static func unavailable() -> String? {
        guard findBinaries() != nil else {
            return "needs PostgreSQL's initdb and postgres (make test-deps installs Debian's postgresql; looked in $PATH, /usr/local/bin, /usr/lib/postgresql/*/bin)"
        }
        if getuid() == 0, let reason = Nobody.unavailable() { return "runs the server as nobody, which " + reason }
        return nil
    }

    /// The directory holding initdb, postgres and psql: on $PATH, in /usr/local/bin, or
    /// Debian's /usr/lib/postgresql/VERSION/bin (the newest version).
    static func findBinaries() -> String? {
        let fileManager = FileManager.default
        var candidates = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/local/bin"]
        let versions = ((try? fileManager.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []).sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }
        candidates += versions.map { "/usr/lib/postgresql/\($0)/bin" }
        return candidates.first { directory in
            ["initdb", "postgres", "psql"].allSatisfy { fileManager.isExecutableFile(atPath: directory + "/" + $0) }
        }
    }

    /// Creates and starts a server.
    public init() throws {
        guard let binaries = Self.findBinaries() else { throw DaemonError(message: Self.unavailable() ?? "no PostgreSQL") }
        self.binaries = binaries
        directory = Fixtures.temporaryDirectory("postgres")
        if getuid() == 0 {
            // nobody must reach and own its directory.
            chmod(directory, 0o755)
            chown(directory, 65534, 65534)
        }
        let initialised = try asServerUser(binaries + "/initdb", ["-D", directory + "/data", "-U", Self.superuser, "-A", "trust", "--no-locale", "-E", "UTF8", "--no-sync"])
        guard initialised.status == 0 else { throw DaemonError(message: "initdb failed: \(initialised.stderr)\(initialised.stdout)") }
        try start()
    }

    deinit {
        stop()
        Fixtures.removeTree(directory)
    }

    /// The running server (the postmaster), nil when stopped.
    private var process: Process?

    /// Starts the server (again, after `stop`) and waits until it accepts connections.
    /// The postmaster is this process's child, not pg_ctl's: Foundation's `Process`
    /// would wait for pg_ctl until the server it leaves running closed what it inherited.
    public func start() throws {
        let arguments = ["-D", directory + "/data", "-c", "listen_addresses=", "-c", "unix_socket_directories=\(directory)",
                         "-c", "fsync=off", "-c", "max_connections=20"]
        let inDirectory = ["-c", "cd \"$0\" && exec \"$@\"", directory, binaries + "/postgres"] + arguments
        let process: Process
        if getuid() == 0 {
            process = Nobody.process("/bin/sh", inDirectory)
        } else {
            process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = inDirectory
        }
        let logPath = directory + "/log"
        if !FileManager.default.fileExists(atPath: logPath) { _ = FileManager.default.createFile(atPath: logPath, contents: nil) }
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        log.seekToEndOfFile()
        process.standardOutput = log
        process.standardError = log
        try process.run()
        self.process = process
        var ready = false
        _ = try Wait.poll(timeout: 60) {
            ready = try psql("SELECT 1").status == 0
            return ready || !process.isRunning
        }
        if ready { return }
        throw DaemonError(message: "PostgreSQL did not start: \((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "")")
    }

    /// Stops the server at once (SIGQUIT, PostgreSQL's immediate shutdown: as a crash would).
    public func stop() {
        guard let process else { return }
        self.process = nil
        if process.isRunning { kill(process.processIdentifier, SIGQUIT) }
        process.waitUntilExit()
    }

    /// Runs SQL through psql as `user` (the superuser by default), stopping at the
    /// first error.
    public func psql(_ sql: String, database: String = "postgres", user: String = superuser) throws -> ProcessResult {
        try runProcess(binaries + "/psql", ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", dsn(database: database, user: user)], stdin: sql)
    }

    /// The rows of a query run as `user`, each line a row (columns joined by |);
    /// throws psql's message when PostgreSQL refuses it.
    public func rows(_ sql: String, user: String = superuser) throws -> [String] {
        let run = try psql(sql, user: user)
        guard run.status == 0 else { throw DaemonError(message: run.stderr.trimmingCharacters(in: .whitespacesAndNewlines)) }
        return run.stdout.split(separator: "\n").map(String.init)
    }

    /// A psql session as `user`, kept open: what another client holds (a claim, a
    /// lock) while a test runs, until `end` commits it and lets psql exit.
    public final class HeldSession {
        private let process = Process()
        private let input = Pipe()

        init(_ server: PostgresServer, user: String) throws {
            process.executableURL = URL(fileURLWithPath: server.binaries + "/psql")
            process.arguments = ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", server.dsn(user: user)]
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            try process.run()
        }

        deinit { if process.isRunning { process.terminate() } }

        /// Sends `sql` (a line of statements) to the session.
        public func send(_ sql: String) {
            input.fileHandleForWriting.write(Data((sql + "\n").utf8))
        }

        /// Commits what the session holds and waits for psql to exit.
        public func end() throws {
            send("COMMIT;")
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }

    /// A psql session as `user` that stays open (`HeldSession`).
    public func hold(as user: String) throws -> HeldSession { try HeldSession(self, user: user) }

    /// Runs a server program as the user the server runs as, from the server's
    /// directory (nobody may not enter the test's working directory).
    private func asServerUser(_ path: String, _ arguments: [String], timeout: Double = 60) throws -> ProcessResult {
        let inDirectory = ["-c", "cd \"$0\" && exec \"$@\"", directory, path] + arguments
        return getuid() == 0 ? try Nobody.run("/bin/sh", inDirectory, timeout: timeout) : try runProcess("/bin/sh", inDirectory, timeout: timeout)
    }
}
