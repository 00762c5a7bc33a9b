import Glibc
import JSON
import SessionStore
import Testing

@testable import SessionServer

/// What many clients' lines may keep parsed in the daemon at once, whatever each sends.
@Suite struct DecodeBudgetTests {
    @Test func linesHeldParsedByAllConnectionsTogetherStayWithinTheirBound() throws {
        let loop = try Loop()
        // A line of 150,000 small values: about 300 KB, whose tape is many times that.
        let line = #"{"jsonrpc":"2.0","id":1,"method":"session.log","params":{"exercise":"Row","reps":5,"note":["#
            + Array(repeating: "0", count: 150_000).joined(separator: ",") + "]}}\n"
        let bytes = Array(line.utf8)
        let footprint = try JSONSlice.document(Array(bytes.dropLast())).documentFootprint
        let clients = try (0..<6).map { _ in try loop.connect() }
        #expect(clients.count * footprint > 2 * ServerLimits.maximumDecodedBytes, "together they would pass the bound")
        // Another process holds the write lock: no job is answered, so what is decoded stays.
        let holder = try Connection(path: loop.directory + "/sessiond.db")
        try holder.execute("BEGIN EXCLUSIVE")
        var unsent = Array(repeating: bytes[...], count: clients.count)
        var peak = 0
        var turnPeak = 0
        var waited = false
        func pump() {
            for (index, client) in clients.enumerated() where !unsent[index].isEmpty {
                let sent = unsent[index].withUnsafeBytes { send(client.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
                if sent > 0 { unsent[index] = unsent[index].dropFirst(sent) }
            }
            _ = loop.server.turn(maximumWaitMs: 5)
            peak = max(peak, loop.server.decodedBytes)
            turnPeak = max(turnPeak, loop.server.decodedThisTurn)
            waited = waited || !loop.server.awaitingDecodeBudget.isEmpty
        }
        for _ in 0..<200 { pump() }
        #expect(waited, "some connections waited for the bound")
        #expect(peak <= max(ServerLimits.maximumDecodedBytes, footprint), "\(peak) bytes decoded at once")
        try holder.execute("ROLLBACK")
        // Once the lock goes, every line is decoded and answered in turn.
        for _ in 0..<2_000 where unsent.contains(where: { !$0.isEmpty }) { pump() }
        for client in clients {
            let reply = client.json()
            // Refused (a note is text), or a storage error had the lock outlasted the wait.
            #expect(reply["id"] == 1 && reply["error"] != nil, "\(reply)")
        }
        #expect(peak <= max(ServerLimits.maximumDecodedBytes, footprint))
        #expect(loop.server.decodedBytes == 0 && loop.server.awaitingDecodeBudget.isEmpty, "every job's bytes were let go")
        // One turn decodes at most its allowance and one line more: six lines sent at
        // once are decoded over several turns, the loop back at epoll in between.
        #expect(turnPeak <= ServerLimits.maximumDecodedBytesPerTurn + bytes.count, "\(turnPeak) bytes decoded in one turn")
        #expect(clients.count * bytes.count > ServerLimits.maximumDecodedBytesPerTurn + bytes.count)
    }
}
