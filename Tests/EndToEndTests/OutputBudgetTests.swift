import Foundation
import JSON
import SessionCore
import Testing
import TestSupport

/// Clients that ask and never read cost the daemon about one reply each, not every reply
/// they asked for: their requests wait until they read. A batch's large replies share a
/// budget, and an export page is bounded by its sets as well as its sessions.
@Suite struct OutputBudgetTests {
    private func rssMiB(_ pid: Int32, _ field: String) -> Double {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
        return Double(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "0").map { $0 / 1024 } ?? 0
    }

    @Test func clientsThatDoNotReadGetTheirRepliesWhenTheyReadAndCostLittleMeanwhile() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let line = #"{"jsonrpc":"2.0","id":7,"method":"rpc.discover"}"# + "\n"
        // 10 clients × 6 MiB of replies asked for: 60 MiB, were the replies made ahead.
        // The reply grows with every method, so the count follows its size.
        let replyBytes = try daemon.client().call("rpc.discover").jsonText.utf8.count + 40
        let perClient = (6 << 20) / replyBytes
        let before = rssMiB(daemon.pid, "VmRSS")
        var greedy: [RPCClient] = []
        for _ in 0..<10 {
            let client = try daemon.client()
            try client.send(raw: String(repeating: line, count: perClient))
            greedy.append(client)
        }
        // A reader is served meanwhile, and nobody is dropped for not reading.
        for _ in 0..<20 { #expect(try daemon.client().call("daemon.status")["version"] != nil) }
        Thread.sleep(forTimeInterval: 1)  // a negative: replies made ahead would show by now
        let peak = rssMiB(daemon.pid, "VmHWM")
        #expect(peak - before < 16, "RSS \(before) MiB before, peak \(peak) MiB: replies were made for clients that do not read")
        #expect(!daemon.log.contains("client dropped"), "\(daemon.log.suffix(500))")
        // Once a client reads, every reply it asked for comes, in order.
        let reader = greedy[0]
        for index in 0..<perClient {
            let reply = try reader.readJSON()
            guard reply["id"] == 7, reply["result"]?["openrpc"] != nil else {
                Issue.record("reply \(index) of \(perClient): \(reply.jsonText.prefix(200))")
                return
            }
        }
        withExtendedLifetime(greedy) {}
    }

    @Test func aBatchOfLargeRepliesStopsAtItsBudgetAndSaysSo() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        _ = try Workout.importHistory(client)
        let export = (1...10).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"history.export"}"# }
        let status = #"{"jsonrpc":"2.0","id":11,"method":"daemon.status"}"#
        try client.send(line: "[" + (export + [status]).joined(separator: ",") + "]")
        guard let line = try client.readLine(timeout: 60), case .array(let replies) = try JSONParser.parse(line) else {
            Issue.record("no batch reply")
            return
        }
        #expect(replies.count == 11)
        // The pages answered passed the budget only with the last of them.
        let answered = replies.prefix(10).filter { $0["result"] != nil }
        let sizes = answered.map { $0.jsonText.utf8.count }
        let budget = 2 << 20
        #expect(!answered.isEmpty && sizes.dropLast().reduce(0, +) < budget && sizes.reduce(0, +) >= budget, "reply sizes \(sizes)")
        for refused in replies.prefix(10).dropFirst(answered.count) {
            #expect(refused["error"]?["code"] == -32032, "\(refused.jsonText.prefix(300))")
            #expect(refused["error"]?["data"]?["reason"] == "reply_too_large")
            #expect(refused["error"]?["data"]?["budgetBytes"] == JSONValue(budget))
            #expect(refused["error"]?["message"]?.stringValue?.contains("later line") == true)
        }
        // What does not reply at length is answered as ever.
        #expect(replies[10]["result"]?["version"] != nil, "\(replies[10].jsonText.prefix(300))")
    }
}
