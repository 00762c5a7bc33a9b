import Foundation
import Testing
import TestSupport

/// An idle daemon sleeps until something happens (a watch's battery): no timer wakes
/// it while there are no clients, no rest timer and no watchdog.
@Suite struct IdleTests {
    /// Context switches of every thread of `pid` so far (each wake-up is one).
    private func contextSwitches(_ pid: Int32) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.reduce(0) { total, task in
            let status = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)) ?? ""
            return total + status.split(separator: "\n").filter { $0.contains("ctxt_switches") }
                .compactMap { Int($0.split(separator: "\t").last ?? "") }.reduce(0, +)
        }
    }

    @Test func anIdleDaemonDoesNotWake() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        _ = try daemon.client().call("session.start")  // a session in progress, no rest timer
        // Settled once its count of context switches holds for 200 ms.
        var count = contextSwitches(daemon.pid)
        var changed = Date()
        try Wait.until("the daemon to settle after the start") {
            let now = contextSwitches(daemon.pid)
            if now != count { (count, changed) = (now, Date()) }
            return Date().timeIntervalSince(changed) >= 0.2
        }
        let before = contextSwitches(daemon.pid)
        // The span of idleness under test: real time, since wake-ups are what is counted.
        Thread.sleep(forTimeInterval: 3)
        let woke = contextSwitches(daemon.pid) - before
        #expect(woke <= 1, "\(woke) wake-ups in 3 s of idleness (the loop and the database thread used to wake every second)")
        // And it still answers at once.
        #expect(try daemon.client().call("daemon.status")["version"] != nil)
    }
}
