import Foundation
import JSON
import Testing
import TestSupport

/// Clients that ask and never read: each may queue up to 8 MiB of replies, but all of
/// them together stay within the daemon's output budget, and readers keep being served.
@Suite struct OutputBudgetTests {
    private func peakRSSMiB(_ pid: Int32) -> Double {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return Double(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "0").map { $0 / 1024 } ?? 0
    }

    @Test func manyClientsThatDoNotReadStayWithinTheBudget() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let line = #"{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}"# + "\n"
        // 10 clients × 6 MiB of replies each (under each one's own 8 MiB, so none is
        // dropped for itself): 60 MiB if the budget did not hold them together. The reply
        // grows with every method, so the count follows its size.
        let replyBytes = try daemon.client().call("rpc.discover").jsonText.utf8.count + 40
        let perClient = (6 << 20) / replyBytes
        var greedy: [RPCClient] = []
        for _ in 0..<10 {
            let client = try daemon.client()
            try? client.send(raw: String(repeating: line, count: perClient))
            greedy.append(client)
        }
        // A reader is served meanwhile.
        #expect(try daemon.client().call("daemon.status")["version"] != nil)
        // The replies are made as fast as the database thread goes; wait for the budget.
        let deadline = Date().addingTimeInterval(20)
        while !daemon.log.contains("output budget of 32 MiB is used up"), Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        #expect(daemon.log.contains("output budget of 32 MiB is used up"), "\(daemon.log.suffix(500))")
        let peak = peakRSSMiB(daemon.pid)
        #expect(peak < 64, "peak RSS \(peak) MiB: the queued replies of all clients are bounded together")
        withExtendedLifetime(greedy) {}
    }
}
