import Foundation
import JSON
import Testing
import TestSupport

/// Connections that hold a place without using it: a line that never ends, however
/// slowly its bytes come, and a connection that says nothing.
@Suite struct ConnectionTimeoutTests {
    @Test func aTricklingLineIsClosedAtTheLineTimeout() throws {
        let daemon = try DaemonProcess(extraArguments: ["--line-timeout", "1"])
        defer { daemon.cleanUp() }
        let slow = try daemon.client()
        let started = Date()
        var closed = false
        // One byte every 200 ms: the old rule (30 s without any byte) never fired.
        for byte in String(repeating: #"{"jsonrpc":"2.0","#, count: 4) {
            do {
                try slow.send(raw: String(byte))
            } catch {
                closed = true
                break
            }
            Thread.sleep(forTimeInterval: 0.2)  // the slow sender's pace is the behaviour under test
            if Date().timeIntervalSince(started) > 3.5 { break }
        }
        if !closed { closed = (try? slow.readLine(timeout: 1)) == nil }
        #expect(closed, "the unfinished line was cut off")
        #expect(Date().timeIntervalSince(started) < 3.5)
        #expect(daemon.log.contains("request line not complete after 1 s"))
        #expect(try daemon.client().call("daemon.status")["version"] != nil, "others are served")
    }

    @Test func anIdleConnectionIsClosedButASubscriberIsKept() throws {
        let daemon = try DaemonProcess(extraArguments: ["--idle-timeout", "1"])
        defer { daemon.cleanUp() }
        let idle = try daemon.client()
        _ = try idle.call("daemon.status")
        let watcher = try daemon.client()
        _ = try watcher.call("events.subscribe")
        // Read until the daemon's one-second idle timeout closes it (end of file).
        #expect(try idle.readLine(timeout: 3) == nil, "the idle connection was closed (end of file)")
        // The subscriber still hears events.
        _ = try daemon.client().call("session.start")
        let event = try watcher.readJSON(timeout: 5)
        #expect(event["params"]?["type"] == "session.started")
    }
}
