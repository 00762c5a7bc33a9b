import Glibc
import CLinux
import JSON
import Testing

@testable import SessionServer

/// What many clients' unfinished lines may hold in the daemon at once, whatever each
/// sends: bounded in total, and another client is still served meanwhile.
@Suite struct ReceiveBudgetTests {
    @Test func unfinishedLinesOfAllConnectionsTogetherStayWithinTheirBoundAndOthersAreServed() throws {
        let loop = try Loop()
        // Lines of 900 KB each (under the 1 MiB a line may have), sent without their end.
        let body = #"{"jsonrpc":"2.0","id":1,"method":"no.such.method","params":{"note":""# + String(repeating: "x", count: 900_000) + #""}}"#
        let senders = try (0..<40).map { _ in try loop.connect() }
        #expect(senders.count * body.utf8.count > 2 * ServerLimits.maximumReceivedBytes, "together they would pass the bound")
        var unsent = Array(repeating: Array(body.utf8)[...], count: senders.count)
        var peak = 0
        var waited = false
        func pump() {
            for (index, sender) in senders.enumerated() where !unsent[index].isEmpty {
                let sent = unsent[index].withUnsafeBytes { send(sender.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
                if sent > 0 { unsent[index] = unsent[index].dropFirst(sent) }
            }
            _ = loop.server.turn(maximumWaitMs: 2)
            peak = max(peak, loop.server.receivedBytes)
            waited = waited || !loop.server.awaitingReceiveBudget.isEmpty
        }
        for _ in 0..<400 where unsent.contains(where: { !$0.isEmpty }) { pump() }
        for _ in 0..<50 { pump() }
        #expect(waited, "some connections waited for the bound")
        let held = loop.server.connections.reduce(0) { $0 + $1.input.heldBytes }
        #expect(loop.server.receivedBytes == held, "the count is what the connections hold: \(loop.server.receivedBytes) against \(held)")
        // The bound, a read past it, the turn's line, and each connection's allowance.
        let most = ServerLimits.maximumReceivedBytes + 65_536 + ServerLimits.maximumLineBytes + 65_536 + (senders.count + 1) * ServerLimits.receiveAllowance
        #expect(peak <= most, "\(peak) bytes of unfinished lines held at once (at most \(most))")
        #expect(peak >= ServerLimits.maximumReceivedBytes - ServerLimits.maximumLineBytes, "the attack reached the bound: \(peak)")

        // Meanwhile another client's request is read and answered.
        let other = try loop.connect()
        other.write(#"{"jsonrpc":"2.0","id":7,"method":"daemon.status"}"# + "\n")
        let reply = other.json()
        #expect(reply["id"] == 7 && reply["result"] != nil, "\(reply)")

        // The lines end: each is read in turn and answered, and nothing stays held.
        for index in senders.indices { unsent[index] = (Array(unsent[index]) + [0x0A])[...] }
        for _ in 0..<4_000 where loop.server.receivedBytes > 0 || unsent.contains(where: { !$0.isEmpty }) { pump() }
        for sender in senders {
            let answer = sender.json()
            #expect(answer["id"] == 1 && answer["error"]?["code"] == -32601, "\(answer)")
        }
        #expect(peak <= most, "\(peak) bytes held at once while the lines completed")
        #expect(loop.server.receivedBytes == 0 && loop.server.awaitingReceiveBudget.isEmpty, "every line's bytes were let go")
    }
}
