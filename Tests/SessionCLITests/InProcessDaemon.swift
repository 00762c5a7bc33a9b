import CLinux
import Foundation
import SessionCLI
import SessionCore
import SessionSystem
import Synchronization
import TestSupport

@testable import SessionApplication
@testable import SessionServer
@testable import SessionStore

/// The daemon and sessionctl in the test's own process: the daemon's serving loop,
/// database thread and application on a temporary database, listening on a real Unix
/// socket, and sessionctl's commands run as its `main` runs them (`SessionCtl.run`),
/// their output captured. What a person sees is tested without starting a process; the
/// end-to-end tests keep what needs one (signals, systemd, other users, faults).
///
/// Its clock, the daemon's and sessionctl's alike, is set by the test (`SettableClock`):
/// a timeline runs at chosen times without waiting on the real one.
final class InProcessDaemon: SettableClock, @unchecked Sendable {
    func noonMs(of date: LocalDate) -> Int64 { Wall.ms(date, hour: 12) }
    let directory: String
    let socketPath: String
    let databasePath: String
    private let server: Server
    private let databaseThread: DatabaseThread
    private let serving: Thread
    private let shared = Shared()

    /// What the test's thread and the serving thread share.
    private final class Shared: Sendable {
        /// How far the clock is set from the real one, in milliseconds (the daemon's
        /// and sessionctl's alike).
        let offsetMs = Atomic<Int64>(0)
        /// Set to end the serving loop; `stopped` is signalled once it has.
        let stopping = Atomic<Bool>(false)
        let stopped = DispatchSemaphore(value: 0)
    }

    init() throws {
        directory = Fixtures.temporaryDirectory("cli")
        socketPath = directory + "/sessiond.sock"
        databasePath = directory + "/sessiond.db"
        let database = try Database(path: databasePath)
        let logger = Logger(environment: [:])
        let application = Application(database: database, clock: Self.clock(shared), log: logger.applicationLog)
        databaseThread = try DatabaseThread(application: application, logger: logger, publishesStatus: false)
        try databaseThread.start()
        var none = sigset_t()
        sigemptyset(&none)
        // A signalfd that reports no signal: the test stops the loop itself.
        let signals = try FileDescriptor(signalfd(-1, &none, Int32(SFD_NONBLOCK) | Int32(SFD_CLOEXEC)), from: "signalfd")
        let server = try Server(
            listener: try Listener.bind(path: socketPath, group: nil), databaseThread: databaseThread, logger: logger,
            notifier: Notifier(), access: AccessPolicy(ownUID: getuid(), group: nil), signals: signals,
            timeouts: ConnectionTimeouts(lineMs: 30_000, idleMs: 600_000), databasePath: database.path,
            startedMonotonicMs: application.service.startedMonotonicMs)
        self.server = server
        let shared = self.shared
        nonisolated(unsafe) let loop = server
        serving = Thread {
            while !shared.stopping.load(ordering: .acquiring) { _ = loop.turn(maximumWaitMs: 20) }
            loop.beginStopping(because: "at the end of an in-process test")
            while loop.turn(maximumWaitMs: 10) {}
            shared.stopped.signal()
        }
        serving.start()
    }

    deinit { cleanUp() }

    /// Stops serving and removes the daemon's directory (once; deinit does it too).
    func cleanUp() {
        guard !shared.stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        shared.stopped.wait()
        databaseThread.stop()
        Fixtures.removeTree(directory)
    }

    /// A clock `shared.offsetMs` milliseconds from the real one.
    private static func clock(_ shared: Shared) -> LocalClock {
        LocalClock(now: { LocalClock.systemNowMs() + shared.offsetMs.load(ordering: .relaxed) })
    }

    /// Runs the daemon and sessionctl at `ms` from now on, the clock going on from
    /// there; nil: the real clock.
    func setClock(toMs ms: Int64?) throws {
        shared.offsetMs.store(ms.map { $0 - LocalClock.systemNowMs() } ?? 0, ordering: .relaxed)
    }

    /// A raw JSON-RPC client of this daemon.
    func client() throws -> RPCClient {
        let client = try RPCClient(path: socketPath)
        client.clock = self
        return client
    }

    /// Runs sessionctl's command line `arguments` against this daemon, as its `main`
    /// does, in an environment as the test's process has it (NO_COLOR unset) with the
    /// socket and `environment` added. Standard input is not this command's: a command
    /// that reads it belongs in an end-to-end test.
    /// (It throws nothing today; it is `throws` as `DaemonProcess.ctl` is, so a test
    /// reads the same run in either.)
    func ctl(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessResult {
        var merged = ProcessInfo.processInfo.environment
        merged["NO_COLOR"] = nil
        merged["SESSIOND_SOCKET"] = socketPath
        merged.merge(environment) { $1 }
        let console = Console(capturing: false, columns: merged["COLUMNS"].flatMap { Int($0) })
        let context = CommandContext(console: console, environment: merged, clock: Self.clock(shared))
        let status = SessionCtl.run(arguments, context: context)
        return ProcessResult(status: status, stdout: console.capturedOutput, stderr: console.capturedError)
    }

    /// Writes `text` to `name` in the daemon's directory and returns its path: what a
    /// command reads from a file here where an end-to-end test would give it on
    /// standard input.
    func file(_ name: String, _ text: String) -> String {
        let path = directory + "/" + name
        Fixtures.write(text, to: path)
        return path
    }

    /// `sessionctl plan import --week-start WEEK ARGUMENTS…` run on the Sunday before
    /// the week, as a planner run at the end of a week would: the plan governs its
    /// whole week.
    func importBeforeItsWeek(_ week: String, _ arguments: [String], environment: [String: String] = [:]) throws -> ProcessResult {
        guard let monday = LocalDate(week) else { throw DaemonError(message: "\(week) is no date") }
        return try on(monday.adding(days: -1)) { try ctl(["plan", "import", "--week-start", week] + arguments, environment: environment) }
    }

    /// Imports a plan given as JSON text with `sessionctl plan import`, as a person
    /// would; throws when it does not import.
    func importPlan(_ json: String) throws {
        let file = directory + "/plan.json"
        Fixtures.write(json, to: file)
        let imported = try ctl(["plan", "import", file])
        guard imported.status == 0 else { throw DaemonError(message: "plan import exited \(imported.status): \(imported.stderr)") }
    }
}
