import JSON
import Testing

@testable import SessionRPC

/// Decoding one line into requests (JSON-RPC 2.0 §4–§6), without a daemon.
@Suite struct JSONRPCDecodingTests {
    private func single(_ line: String) -> Result<Request, RPCErrorWithID>? {
        if case .single(let result) = JSONRPC.decode(line: Array(line.utf8)) { return result }
        return nil
    }

    @Test func aRequestKeepsItsIdMethodAndParams() throws {
        let request = try #require(try single(#"{"jsonrpc":"2.0","id":"a-1","method":"session.log","params":{"reps":5}}"#)?.get())
        #expect(request.id == "a-1" && request.method == "session.log" && request.params?["reps"] == 5)
        let notification = try #require(try single(#"{"jsonrpc":"2.0","method":"session.pause"}"#)?.get())
        #expect(notification.isNotification)
    }

    @Test func invalidRequestsNameTheirProblem() {
        func error(_ line: String) -> RPCError? {
            if case .failure(let failure)? = single(line) { return failure.error }
            return nil
        }
        #expect(error("{")?.code == RPCError.Code.parseError)
        #expect(error(#"{"jsonrpc":"1.0","id":1,"method":"x"}"#)?.code == RPCError.Code.invalidRequest)
        #expect(error(#"{"jsonrpc":"2.0","id":1,"method":"x","params":[1]}"#)?.code == RPCError.Code.invalidParams)
        #expect(error(#"{"jsonrpc":"2.0","id":{},"method":"x"}"#)?.code == RPCError.Code.invalidRequest)
    }

    @Test func aMemberGivenTwiceIsRefusedNotLastWins() {
        for line in [#"{"jsonrpc":"2.0","id":1,"method":"session.abort","method":"daemon.status"}"#,
                     #"{"jsonrpc":"2.0","id":1,"method":"session.log","params":{"reps":5,"reps":500}}"#] {
            guard case .failure(let failure)? = single(line) else {
                Issue.record("accepted: \(line)")
                continue
            }
            #expect(failure.error.code == RPCError.Code.invalidRequest && failure.error.message.contains("appears twice"))
        }
    }

    @Test func aBatchIsBoundedPerLine() {
        let request = #"{"jsonrpc":"2.0","id":1,"method":"daemon.status"}"#
        let allowed = "[" + Array(repeating: request, count: JSONRPC.maximumBatch).joined(separator: ",") + "]"
        guard case .batch(let items) = JSONRPC.decode(line: Array(allowed.utf8)) else {
            Issue.record("a batch at the limit is a batch")
            return
        }
        #expect(items.count == JSONRPC.maximumBatch)
        let over = "[" + Array(repeating: request, count: JSONRPC.maximumBatch + 1).joined(separator: ",") + "]"
        guard case .single(.failure(let failure)) = JSONRPC.decode(line: Array(over.utf8)) else {
            Issue.record("a batch over the limit must be refused whole")
            return
        }
        #expect(failure.id == .null && failure.error.code == RPCError.Code.invalidRequest)
        #expect(failure.error.message.contains("at most \(JSONRPC.maximumBatch) per line"))
    }
}
