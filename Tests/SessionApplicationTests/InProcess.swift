import Foundation
import JSON
import SessionCore
import SessionRPC
import SessionStore
import SessionSystem
import Synchronization
import TestSupport

@testable import SessionApplication

/// The daemon's application in the test's own process, on a database in a temporary
/// directory: a line goes in as a client sends it and its reply line comes out, through
/// the daemon's own decoding (`JSONRPC.decode`), jobs and group commit
/// (`Application.commit`), with no socket, thread or process between. What the serving
/// loop would publish is kept: every event as a subscriber to all of them gets it.
final class InProcess: RPCCaller, SettableClock {
    func noonMs(of date: LocalDate) -> Int64 { Wall.ms(date, hour: 12) }
    let directory: String
    let databasePath: String
    let application: Application
    /// Every event the requests so far published, as `event` notifications' params.
    private(set) var events: [JSONValue] = []
    /// What each request so far did to the rest timer, which the serving loop runs.
    private(set) var restChanges: [RestChange] = []
    /// The application's log lines ("warning: …", "error: …").
    let logged = LogLines()
    private var nextID = 1
    private var nextSlot: UInt64 = 0
    /// How far the application's clock is set from the real one, in milliseconds.
    private let offset = ClockOffset()

    /// On a new database, or on the file at `databasePath` (a copy a test made).
    init(databasePath: String? = nil) throws {
        directory = Fixtures.temporaryDirectory("app")
        self.databasePath = databasePath ?? directory + "/sessiond.db"
        let logged = self.logged
        let offset = self.offset
        application = Application(
            database: try Database(path: self.databasePath), clock: LocalClock(now: { LocalClock.systemNowMs() + offset.ms }),
            log: ApplicationLog(warning: { message, _ in logged.add("warning: \(message)") }, error: { message, _ in logged.add("error: \(message)") }))
    }

    deinit { Fixtures.removeTree(directory) }

    /// Runs the application at `ms` from now on, its clock going on from there; nil:
    /// the real clock.
    func setClock(toMs ms: Int64?) {
        offset.ms = ms.map { $0 - LocalClock.systemNowMs() } ?? 0
    }

    /// The reply line to `line`, nil for a line of notifications only: committed, as
    /// the daemon commits before it replies.
    func send(line: String, uid: UInt32 = getuid()) -> String? {
        nextSlot += 1
        let bytes = Array(line.utf8)
        let job: Job
        switch JSONRPC.decode(line: bytes) {
        case .single(.failure(let failure)):
            return String(decoding: Response.error(id: failure.id, failure.error).bytes, as: UTF8.self)
        case .single(.success(let request)):
            job = Job(request: request, connection: 1, uid: uid, slot: nextSlot, lineBytes: bytes.count)
        case .batch(let items):
            job = Job(batch: items, connection: 1, uid: uid, slot: nextSlot, lineBytes: bytes.count)
        }
        // Waiting for locks, as the database thread does.
        let completion = application.commit([job], waitForLocks: true)![0]
        restChanges.append(completion.effects.rest)
        let at = application.clock.rfc3339(ms: application.clock.nowMs())
        for event in completion.effects.events {
            events.append(JSONValue.parsing(JSONRPC.notificationBytes(method: "event", params: Notification(event: event, at: at)))["params"] ?? .null)
        }
        var writer = JSONWriter(capacity: 256)
        guard Response.write(completion.responses, batch: completion.batch, to: &writer) else { return nil }
        return writer.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    func request(_ method: String, _ params: JSONValue?, id: JSONValue?) throws -> JSONValue {
        let line = Self.requestLine(method, params, id: id, counter: &nextID)
        guard let reply = send(line: line) else { throw DaemonError(message: "no reply to \(line)") }
        return try JSONParser.parse(reply)
    }

    /// The types of the events published so far, in order.
    var eventTypes: [String] { events.compactMap { $0["type"]?.stringValue } }
}

/// Lines written from the application's log closures.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

extension JSONValue {
    /// The JSON `bytes` hold (the test fails on anything else).
    static func parsing(_ bytes: [UInt8]) -> JSONValue {
        (try? JSONParser.parse(bytes: bytes)) ?? .string("unparsable: \(String(decoding: bytes, as: UTF8.self))")
    }
}

/// Milliseconds a clock is set from the real one, read by the application's thread.
final class ClockOffset: Sendable {
    private let value = Mutex<Int64>(0)
    var ms: Int64 {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}
