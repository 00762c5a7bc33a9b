import Foundation
import JSON
import SessionCore
import Synchronization
import Testing
import TestSupport

/// One client's heavy request line must not stop the daemon's heart: the watchdog
/// pings come from the serving loop, which never runs a batch itself.
@Suite struct HeavyLineTests {
    /// A daemon with a 0.2 s watchdog, and the times of its pings as they come.
    /// Its lets are set once; the pings behind their lock, the flag atomic.
    final class Watched: @unchecked Sendable {
        let directory = Fixtures.temporaryDirectory("heavy")
        let notify: DatagramReceiver
        let daemon: DaemonProcess
        private let pings = Mutex<[Date]>([])
        private let done = Atomic<Bool>(false)

        init() throws {
            notify = try DatagramReceiver(path: directory + "/notify.sock")
            daemon = try DaemonProcess(environment: ["NOTIFY_SOCKET": notify.path, "WATCHDOG_USEC": "200000"])
            _ = try #require(notify.receive(until: { $0.contains("READY=1") }))
            // Read every notification from the start: a datagram socket nobody reads
            // fills after ten messages, and then sd_notify itself waits.
            Thread { [self] in
                while !done.load(ordering: .relaxed) {
                    if notify.receive(timeout: 0.05) == "WATCHDOG=1" { pings.withLock { $0.append(Date()) } }
                }
            }.start()
        }

        /// The widest gap between pings since `start`, once a ping after the work came
        /// (so the last gap is seen).
        func widestGap(since start: Date) -> TimeInterval {
            let asked = Date()
            _ = Wait.poll(timeout: 2) { (pings.withLock { $0.last } ?? .distantPast) > asked }
            let times = pings.withLock { $0 }.filter { $0 >= start.addingTimeInterval(-0.2) }
            return zip(times.dropFirst(), times).map { $0.timeIntervalSince($1) }.max() ?? .infinity
        }

        func cleanUp() {
            done.store(true, ordering: .relaxed)
            daemon.cleanUp()
            Fixtures.removeTree(directory)
        }
    }

    @Test func theWatchdogKeepsPingingDuringAHeavyBatch() throws {
        let watched = try Watched()
        defer { watched.cleanUp() }
        let client = try watched.daemon.client()
        let log = #"{"jsonrpc":"2.0","id":1,"method":"session.log","params":{"exercise":"Squat","reps":5}}"#
        for line in 0..<200 {  // 20,000 sets, a hundred a line, in sessions of 2,000 (the most a session holds)
            if line % 20 == 0 {
                if line > 0 { _ = try client.call("session.finish") }
                _ = try client.call("session.start")
            }
            try client.send(line: "[" + Array(repeating: log, count: 100).joined(separator: ",") + "]")
            _ = try client.readLine(timeout: 30)
        }
        // Every summary.weekly reads the week's sets, all 20,000 of them: a line of 10 of
        // them is slow.
        let heavy = "[" + Array(repeating: #"{"jsonrpc":"2.0","id":2,"method":"summary.weekly"}"#, count: 10).joined(separator: ",") + "]"
        let started = Date()
        try client.send(line: heavy)
        _ = try client.readLine(timeout: 60)
        let took = Date().timeIntervalSince(started)
        let widest = watched.widestGap(since: started)
        #expect(took > 0.6, "the line must be heavy enough to show anything: it took \(took) s")
        #expect(widest < 0.5, "pings every 0.1 s; the widest gap was \(widest) s during a line that took \(took) s")
    }

    /// A lone request whose work has no small bound (an import's `done` storing
    /// 100,000 sets) goes to the database thread like a batch, whatever its line's size:
    /// the loop keeps pinging meanwhile.
    @Test func theWatchdogKeepsPingingDuringALoneImportDone() throws {
        let watched = try Watched()
        defer { watched.cleanUp() }
        let client = try watched.daemon.client()
        let sets = JSONValue.array((0..<25).map { .obj(["exercise": .string("Lift \($0 % 5)"), "reps": JSONValue($0 % 8 + 3), "weightKg": JSONValue(40 + $0)]) })
        for chunk in 0..<20 {  // 4,000 workouts of 25 sets, staged
            let workouts = (0..<200).map { index -> JSONValue in
                let day = chunk * 200 + index
                let date = LocalDate(daysSinceEpoch: 9_000 + day).description
                return .obj(["start": .string(date + "T18:00:00"), "durationSeconds": 3600, "title": "W", "sets": sets])
            }
            _ = try client.call("history.import", .obj(["importId": "big", "chunk": JSONValue(chunk), "workouts": .array(workouts), "source": "strong"]))
        }
        let started = Date()
        let stored = try client.call("history.import", .obj(["importId": "big", "chunk": 20, "done": true]))
        let took = Date().timeIntervalSince(started)
        #expect(stored["imported"]?["sets"] == 100_000, "\(stored)")
        let widest = watched.widestGap(since: started)
        #expect(took > 0.6, "the done must be heavy enough to show anything: it took \(took) s")
        #expect(widest < 0.5, "pings every 0.1 s; the widest gap was \(widest) s during a done that took \(took) s")
    }
}
