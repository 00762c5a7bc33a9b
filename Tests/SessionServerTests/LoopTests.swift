import Glibc
import CLinux
import JSON
import SessionApplication
import SessionCore
import SessionStore
import SessionSystem
import Testing
import TestSupport

@testable import SessionServer

/// The serving loop in the test's own process, turned by hand: its clients are
/// socketpairs, the database thread and the application are the daemon's own, on a
/// database in a temporary directory. What is tested here is the loop's part: framing,
/// order, the answers it gives itself, events to subscribers, refusals and hang-ups.
final class Loop {
    let directory: String
    let server: Server
    let databaseThread: DatabaseThread

    init() throws {
        directory = Fixtures.temporaryDirectory("loop")
        let database = try Database(path: directory + "/sessiond.db")
        let logger = Logger(environment: [:])
        let application = Application(database: database, clock: LocalClock(), log: logger.applicationLog)
        databaseThread = try DatabaseThread(application: application, logger: logger, publishesStatus: false)
        try databaseThread.start()
        var none = sigset_t()
        sigemptyset(&none)
        // A signalfd that reports no signal: the loop's tests stop it themselves.
        let signals = try FileDescriptor(signalfd(-1, &none, Int32(SFD_NONBLOCK) | Int32(SFD_CLOEXEC)), from: "signalfd")
        server = try Server(
            listener: try Listener.bind(path: directory + "/sessiond.sock", group: nil), databaseThread: databaseThread, logger: logger,
            notifier: Notifier(), access: AccessPolicy(ownUID: getuid(), group: nil), signals: signals,
            timeouts: ConnectionTimeouts(lineMs: 30_000, idleMs: 600_000), databasePath: database.path,
            startedMonotonicMs: application.service.startedMonotonicMs)
    }

    deinit {
        server.beginStopping(because: "at the end of a loop test")
        while server.turn(maximumWaitMs: 10) {}
        databaseThread.stop()
        Fixtures.removeTree(directory)
    }

    /// A new client: one end of a socketpair, whose other end the loop serves as it
    /// serves an accepted connection.
    func connect() throws -> Client {
        var pair: [Int32] = [-1, -1]
        try SystemCallError.check(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair),
                                  "socketpair")
        server.take(try FileDescriptor(pair[0], from: "socketpair"))
        return Client(fd: pair[1], loop: self)
    }

    /// The client end of a socketpair: writes what it is given, reads whole lines while
    /// turning the loop.
    final class Client {
        let fd: Int32
        unowned let loop: Loop
        private var input: [UInt8] = []
        private(set) var closed = false

        init(fd: Int32, loop: Loop) {
            self.fd = fd
            self.loop = loop
        }

        deinit { close(fd) }

        /// Writes all of `text`, turning the loop whenever the socket is full.
        func write(_ text: String) {
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if sent > 0 { bytes = bytes.dropFirst(sent) } else { _ = loop.server.turn(maximumWaitMs: 5) }
            }
        }

        /// The next line the loop sends, turning it until one is whole (nil at end of
        /// file, or after `turns` turns with none).
        func line(turns: Int = 1_000) -> String? {
            for _ in 0..<turns {
                if let end = input.firstIndex(of: 0x0A) {
                    defer { input.removeSubrange(...end) }
                    return String(decoding: input[..<end], as: UTF8.self)
                }
                if closed { return nil }
                var buffer = [UInt8](repeating: 0, count: 65_536)
                let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if count > 0 { input += buffer[..<count] } else if count == 0 { closed = true } else { _ = loop.server.turn(maximumWaitMs: 5) }
            }
            return nil
        }

        /// The next line, parsed (a test failure when none comes).
        func json() -> JSONValue {
            guard let line = line() else {
                Issue.record("no line from the loop")
                return .null
            }
            return (try? JSONParser.parse(line)) ?? .string(line)
        }
    }
}

@Suite struct LoopTests {
    @Test func aLineSentInPiecesIsOneRequestAndRepliesKeepTheirOrder() throws {
        let loop = try Loop()
        let client = try loop.connect()
        client.write(#"{"jsonrpc": "2.0", "id": 1, "meth"#)
        for _ in 0..<5 { _ = loop.server.turn(maximumWaitMs: 5) }
        client.write(#"od": "daemon.status"}"# + "\n")
        let status = client.json()
        #expect(status["id"] == 1 && status["result"]?["activeSessionId"] == .null, "\(status)")
        // Three lines in one write: a write, a read the loop answers itself, a batch.
        // The replies come in the order asked, and the read sees the write before it.
        client.write("""
            {"jsonrpc": "2.0", "id": 2, "method": "session.start"}
            {"jsonrpc": "2.0", "id": 3, "method": "daemon.status"}
            [{"jsonrpc": "2.0", "id": 4, "method": "session.log", "params": {"exercise": "Row", "reps": 8}}, {"jsonrpc": "2.0", "id": 5, "method": "no.such"}, 7]

            """)
        let started = client.json()
        let seen = client.json()
        let batch = client.json()
        #expect(started["id"] == 2 && started["result"]?["sessionId"] == 1, "\(started)")
        #expect(seen["id"] == 3 && seen["result"]?["activeSessionId"] == 1, "the status sees the session started before it: \(seen)")
        #expect(batch[0]?["id"] == 4 && batch[0]?["result"]?["reps"] == 8, "\(batch)")
        #expect(batch[1]?["id"] == 5 && batch[1]?["error"]?["code"] == -32601, "\(batch)")
        #expect(batch[2]?["id"] == .null && batch[2]?["error"]?["code"] == -32600, "\(batch)")
        #expect(batch.arrayValue?.count == 3)
    }

    @Test func theLoopRunsTheRestTimerTheCommitsLeft() throws {
        let loop = try Loop()
        let client = try loop.connect()
        client.write("""
            {"jsonrpc": "2.0", "id": 1, "method": "exercise.rest", "params": {"exercise": "Row", "seconds": 90}}
            {"jsonrpc": "2.0", "id": 2, "method": "session.start"}
            {"jsonrpc": "2.0", "id": 3, "method": "session.log", "params": {"exercise": "Row", "reps": 8}}

            """)
        for id in 1...3 { #expect(client.json()["id"] == .number(Double(id))) }
        // The loop sleeps on the very timer the log started: 90 s from the commit.
        let left = try #require(loop.server.rest.remainingMs(nowMs: LocalClock().nowMs()))
        #expect(left > 80_000 && left <= 90_000, "\(left) ms")
        client.write(#"{"jsonrpc": "2.0", "id": 4, "method": "rest.timer", "params": {"add": 60}}"# + "\n")
        #expect(client.json()["id"] == 4)
        let lengthened = try #require(loop.server.rest.remainingMs(nowMs: LocalClock().nowMs()))
        #expect(lengthened > left + 50_000 && lengthened <= 150_000, "\(lengthened) ms after adding 60 s to \(left) ms")
        client.write(#"{"jsonrpc": "2.0", "id": 5, "method": "rest.timer", "params": {"skip": true}}"# + "\n")
        #expect(client.json()["id"] == 5)
        #expect(loop.server.rest.running == nil, "a skipped rest leaves the loop no timer to sleep on")
    }

    @Test func subscribersHearWhatAnotherClientDidAfterItsReply() throws {
        let loop = try Loop()
        let listener = try loop.connect()
        let lifter = try loop.connect()
        listener.write(#"{"jsonrpc": "2.0", "id": 1, "method": "events.subscribe", "params": {"types": ["session.started", "set.logged"]}}"# + "\n")
        #expect(listener.json()["result"]?["subscribed"] == ["session.started", "set.logged"])
        lifter.write(#"{"jsonrpc": "2.0", "id": 1, "method": "session.start"}"# + "\n")
        #expect(lifter.json()["result"]?["sessionId"] == 1)
        lifter.write(#"{"jsonrpc": "2.0", "id": 2, "method": "session.log", "params": {"exercise": "Squat", "reps": 5, "weightKg": 100}}"# + "\n")
        let set = lifter.json()["result"]
        let started = listener.json()
        let logged = listener.json()
        #expect(started["method"] == "event" && started["params"]?["type"] == "session.started" && started["params"]?["sessionId"] == 1, "\(started)")
        #expect(logged["params"]?["type"] == "set.logged" && logged["params"]?["setId"] == set?["setId"], "\(logged)")
        #expect(logged["params"]?["at"]?.stringValue.flatMap(RFC3339.parse) != nil, "every event says when it was published: \(logged)")
        // The one who logged is not subscribed: it hears nothing but its replies.
        lifter.write(#"{"jsonrpc": "2.0", "id": 3, "method": "daemon.status"}"# + "\n")
        #expect(lifter.json()["id"] == 3)
    }

    @Test func theStatusCountsClientsAndSubscribersInTheLoopAndInABatch() throws {
        let loop = try Loop()
        var listener: Loop.Client? = try loop.connect()
        let other = try loop.connect()
        let asker = try loop.connect()
        func counts(_ status: JSONValue?) -> [JSONValue?] {
            [status?["connections"], status?["subscribers"], status?["requestsAtDatabase"]]
        }
        asker.write(#"{"jsonrpc": "2.0", "id": 1, "method": "daemon.status"}"# + "\n")
        #expect(counts(asker.json()["result"]) == [3, 0, 0])
        listener?.write(#"{"jsonrpc": "2.0", "id": 1, "method": "events.subscribe"}"# + "\n")
        #expect(listener?.json()["id"] == 1)
        // The loop's own answer counts as it stands; a batch's, on the database thread,
        // as the loop last published it.
        asker.write(#"{"jsonrpc": "2.0", "id": 2, "method": "daemon.status"}"# + "\n")
        #expect(counts(asker.json()["result"]) == [3, 1, 0])
        other.write(#"[{"jsonrpc": "2.0", "id": 3, "method": "daemon.status"}]"# + "\n")
        let batch = other.json()
        #expect(counts(batch[0]?["result"])[0..<2] == [3, 1], "\(batch)")
        listener = nil  // hung up
        for _ in 0..<100 where loop.server.connections.count > 2 { _ = loop.server.turn(maximumWaitMs: 5) }
        asker.write(#"{"jsonrpc": "2.0", "id": 4, "method": "daemon.status"}"# + "\n")
        #expect(counts(asker.json()["result"]) == [2, 0, 0], "a subscriber gone is no longer counted")
    }

    @Test func anOversizeLineIsRefusedAndItsConnectionClosedWhileOthersAreServed() throws {
        let loop = try Loop()
        let flooder = try loop.connect()
        let other = try loop.connect()
        // One byte past the longest line, no newline: refused as soon as it is too long.
        flooder.write(String(repeating: " ", count: ServerLimits.maximumLineBytes + 1))
        let refusal = flooder.json()
        #expect(refusal["error"]?["code"] == -32600 && refusal["id"] == .null, "\(refusal)")
        #expect(refusal["error"]?["message"]?.stringValue?.contains("line longer than") == true, "\(refusal)")
        #expect(flooder.line() == nil && flooder.closed, "the connection is closed after the refusal")
        other.write(#"{"jsonrpc": "2.0", "id": 9, "method": "daemon.status"}"# + "\n")
        #expect(other.json()["id"] == 9)
    }

    /// A client that closed its socket reads no reply: the requests of its that only
    /// read are let go before any reaches the database, and its connection goes in the
    /// turn that read them (300 clients that each sent a batch of rpc.discover and left
    /// had kept the database busy for a minute). A write it sent among them still runs.
    @Test func aHungUpClientsReadsAreNotRunAndItsWritesAre() throws {
        let loop = try Loop()
        func reads(_ ids: Range<Int>) -> String {
            ids.map { #"{"jsonrpc": "2.0", "id": \#($0), "method": "plan.list"}"# + "\n" }.joined()
                + #"[{"jsonrpc": "2.0", "id": "d", "method": "rpc.discover"}, {"jsonrpc": "2.0", "id": "s", "method": "session.list"}]"# + "\n"
        }
        var reader: Loop.Client? = try loop.connect()
        reader?.write(reads(0..<50))
        reader = nil
        _ = loop.server.turn(maximumWaitMs: 100)
        #expect(loop.server.connections.count == 0 && loop.server.jobsAtDatabase == 0, "nothing went to the database")
        var writer: Loop.Client? = try loop.connect()
        writer?.write(reads(0..<20) + #"{"jsonrpc": "2.0", "id": 99, "method": "session.start"}"# + "\n" + reads(20..<40))
        writer = nil
        for _ in 0..<100 where loop.server.connections.count > 0 || loop.server.jobsAtDatabase > 0 { _ = loop.server.turn(maximumWaitMs: 5) }
        #expect(loop.server.connections.count == 0)
        let next = try loop.connect()
        next.write(#"{"jsonrpc": "2.0", "id": 2, "method": "session.current"}"# + "\n")
        #expect(next.json()["result"]?["sessionId"] == 1, "the write among the reads ran")
    }

    @Test func aClientThatHangsUpIsDroppedAndItsWriteStillCommits() throws {
        let loop = try Loop()
        var client: Loop.Client? = try loop.connect()
        client?.write(#"{"jsonrpc": "2.0", "id": 1, "method": "session.start"}"# + "\n")
        client = nil  // closed before the reply is read
        for _ in 0..<100 where loop.server.connections.count > 0 { _ = loop.server.turn(maximumWaitMs: 5) }
        #expect(loop.server.connections.count == 0, "the hung-up connection is gone")
        let next = try loop.connect()
        next.write(#"{"jsonrpc": "2.0", "id": 2, "method": "session.current"}"# + "\n")
        #expect(next.json()["result"]?["sessionId"] == 1, "a request read before the hang-up still ran")
    }
}
