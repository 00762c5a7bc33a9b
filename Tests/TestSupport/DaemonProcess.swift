import Foundation
import SessionCore

/// A sessiond started from the built binary on a temporary socket and database, as a
/// user would start it. Stopped (SIGTERM) when the test calls `stop()`; `kill()` sends
/// SIGKILL for crash tests.
public final class DaemonProcess: SettableClock, @unchecked Sendable {
    public let directory: String
    /// The daemon's and its sessionctl runs' time: the real clock until a test sets it
    /// (libfaketime).
    public let clock: FakeTimeFile
    public let socketPath: String
    public let databasePath: String
    public let logPath: String
    private var process: Process?

    /// Starts a daemon in a new temporary directory (or `directory`, to restart one on
    /// the same database) and waits until its socket answers.
    public init(directory: String? = nil, extraArguments: [String] = [], environment: [String: String] = [:]) throws {
        self.directory = directory ?? Fixtures.temporaryDirectory("daemon")
        socketPath = self.directory + "/sessiond.sock"
        databasePath = self.directory + "/sessiond.db"
        logPath = self.directory + "/sessiond.log"
        clock = FakeTimeFile(path: self.directory + "/faketime")
        try start(extraArguments: extraArguments, environment: environment)
    }

    /// (Re)starts the daemon on the same socket and database.
    public func start(extraArguments: [String] = [], environment: [String: String] = [:]) throws {
        let process = Process()
        // UTC unless the test gives the zone as TZ (a POSIX rule such as "<X>-1:30").
        let zone = environment["TZ"] == nil ? ["--timezone", "UTC"] : []
        if let option = extraArguments.firstIndex(of: "--timezone"), option + 1 < extraArguments.count {
            self.zone = extraArguments[option + 1]
        } else {
            self.zone = environment["TZ"] ?? "UTC"
        }
        let (executable, arguments) = clock.command(Binaries.sessiond, ["--socket", socketPath, "--database", databasePath] + zone + extraArguments)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["NOTIFY_SOCKET"] = nil
        env["LISTEN_FDS"] = nil
        env["LISTEN_PID"] = nil
        for (key, value) in clock.environment.merging(environment, uniquingKeysWith: { $1 }) { env[key] = value }
        process.environment = env
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        log.seekToEndOfFile()
        process.standardError = log
        process.standardOutput = log
        try process.run()
        self.process = process
        try waitUntilServing()
    }

    private func waitUntilServing() throws {
        let serving = try Wait.poll(timeout: 20) {
            if let process, !process.isRunning {
                throw DaemonError(message: "sessiond exited with \(process.terminationStatus): \(log)")
            }
            guard let client = try? RPCClient(path: socketPath) else { return false }
            client.close()
            return true
        }
        if serving { return }
        throw DaemonError(message: "sessiond did not start serving within 20 s: \(log)")
    }

    /// What the daemon wrote to stderr.
    public var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// The process id.
    public var pid: Int32 { process?.processIdentifier ?? 0 }

    /// True while the process runs.
    public var isRunning: Bool { process?.isRunning ?? false }

    /// A new client connection.
    public func client() throws -> RPCClient {
        let client = try RPCClient(path: socketPath)
        client.clock = clock
        return client
    }

    /// Sets the daemon's clock, and sessionctl's run by `ctl` (`SettableClock`).
    public func setClock(toMs ms: Int64?) throws { try clock.set(toMs: ms) }

    /// The zone the daemon runs in (`--timezone`, else `TZ`).
    public private(set) var zone = "UTC"

    /// Noon of `date` in the daemon's zone, by Foundation's calendar (UTC for a zone
    /// given as a POSIX rule, which Foundation does not name).
    public func noonMs(of date: LocalDate) -> Int64 {
        Wall.ms(date, hour: 12, in: TimeZone(identifier: zone) ?? TimeZone(identifier: "UTC")!)
    }

    /// Runs sessionctl against this daemon, as a person at the terminal would: in the
    /// daemon's zone, whatever the test process's, unless the test gives TZ.
    public func ctl(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], timeout: Double = 30) throws -> ProcessResult {
        let (executable, arguments) = clock.command(Binaries.sessionctl, arguments)
        return try runProcess(executable, arguments, stdin: stdin,
                              environment: clock.environment.merging(["SESSIOND_SOCKET": socketPath, "TZ": zone]) { $1 }.merging(environment) { $1 },
                              timeout: timeout)
    }

    /// `sessionctl plan import --week-start WEEK ARGUMENTS…` run on the Sunday before
    /// the week, as a planner run at the end of a week would: the plan governs its
    /// whole week.
    public func importBeforeItsWeek(_ week: String, _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> ProcessResult {
        guard let monday = LocalDate(week) else { throw DaemonError(message: "\(week) is no date") }
        return try on(monday.adding(days: -1)) { try ctl(["plan", "import", "--week-start", week] + arguments, stdin: stdin, environment: environment) }
    }

    /// Imports a plan given as JSON text with `sessionctl plan import`, as a person would;
    /// throws when it does not import.
    public func importPlan(_ json: String) throws {
        let file = directory + "/plan.json"
        Fixtures.write(json, to: file)
        let imported = try ctl(["plan", "import", file])
        guard imported.status == 0 else { throw DaemonError(message: "plan import exited \(imported.status): \(imported.stderr)") }
    }

    /// Sends SIGTERM and waits; returns the exit status.
    @discardableResult
    public func stop() -> Int32 {
        guard let process else { return -1 }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// SIGKILL, as a crash would.
    public func kill() {
        guard let process else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Waits for the process to exit and returns its status.
    public func waitForExit() -> Int32 {
        process?.waitUntilExit()
        return process?.terminationStatus ?? -1
    }

    /// Stops the daemon and removes its directory.
    public func cleanUp() {
        if isRunning { stop() }
        Fixtures.removeTree(directory)
    }
}

/// A daemon that would not start or misbehaved.
public struct DaemonError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
    public init(message: String) { self.message = message }
}
