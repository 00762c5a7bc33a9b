import Foundation
import JSON
import Testing
import TestSupport

/// Signals as an administrator (or a stray `kill`) sends them: only SIGTERM and SIGINT
/// stop the daemon, cleanly; a second one while stopping ends it at once.
@Suite struct SignalTests {
    @Test func hangUpAndUserSignalsAreLoggedAndIgnored() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        for signal in [SIGHUP, SIGUSR1, SIGUSR2] {
            #expect(kill(daemon.pid, signal) == 0)
            // The loop logs the signal before the next request is answered.
            let status = try daemon.client().call("daemon.status")
            #expect(status["version"] != nil, "still serving after signal \(signal)")
        }
        #expect(daemon.isRunning)
        #expect(daemon.log.contains("ignoring SIGHUP"))
        #expect(daemon.log.contains("ignoring SIGUSR1"))
        #expect(daemon.stop() == 0, "SIGTERM still stops it cleanly")
        #expect(daemon.log.contains("stopping on SIGTERM"))
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath), "the socket file is removed at a clean stop")
    }

    @Test func aSecondStopSignalEndsAStopThatWaitsForAClient() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        // A client that asks for much and reads nothing: its replies fill the socket,
        // so a clean stop waits for it (up to the shutdown grace). About 4 MiB of them:
        // far past what the socket holds, and half the 8 MiB after which the daemon
        // drops a client that does not read.
        let document = try daemon.client().request("rpc.discover").jsonText.utf8.count
        let greedy = try daemon.client()
        try greedy.send(raw: String(repeating: #"{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}"# + "\n", count: (4 << 20) / document))
        _ = try daemon.client().call("daemon.status")  // the greedy lines were read by now
        var byte: UInt8 = 0
        try Wait.until("replies to reach the client that does not read") {
            recv(greedy.fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0
        }
        #expect(kill(daemon.pid, SIGTERM) == 0)
        // Still running a while later: a negative, so a real pause (well inside the grace).
        Thread.sleep(forTimeInterval: 0.7)
        #expect(daemon.isRunning, "the first SIGTERM waits for the client that is owed replies")
        let second = Date()
        #expect(kill(daemon.pid, SIGTERM) == 0)
        _ = daemon.waitForExit()
        #expect(Date().timeIntervalSince(second) < 3, "the second SIGTERM ends it at once")
        #expect(daemon.log.contains("second SIGTERM while stopping"))
        withExtendedLifetime(greedy) {}
    }
}
