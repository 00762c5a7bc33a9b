import JSON
import SessionCore
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
        #expect(request.id == "a-1" && request.method == "session.log" && request.params.raw("reps") == 5 && request.params.names == ["reps"])
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

    @Test func aParamsObjectOfMoreMembersThanAnyMethodTakesIsRefusedBeforeItIsRead() throws {
        func line(members: Int) -> String {
            #"{"jsonrpc":"2.0","id":7,"method":"session.log","params":{"# + (0..<members).map { #""p\#($0)":0"# }.joined(separator: ",") + "}}"
        }
        guard case .failure(let failure)? = single(line(members: 50_000)) else {
            Issue.record("50,000 params decoded")
            return
        }
        #expect(failure.id == 7, "answered under its id")
        #expect(failure.error.code == RPCError.Code.invalidParams, "\(failure.error)")
        #expect(failure.error.data?["errors"]?.arrayValue?.first?["path"] == "params")
        #expect(failure.error.message.contains("50000 members") && failure.error.message.contains("\(JSONRPC.maximumParams)"), "\(failure.error.message)")
        // At the bound, the line decodes; the method's own params decoder names the unknown ones.
        let request = try #require(try single(line(members: JSONRPC.maximumParams))?.get())
        #expect(request.params.names.count == JSONRPC.maximumParams)
        // A request keeps in memory its line's text and tape, several times its length
        // for a line of small values; without params, nothing of the line.
        let array = #"{"jsonrpc":"2.0","id":1,"method":"session.log","params":{"note":["# + Array(repeating: "0", count: 10_000).joined(separator: ",") + "]}}"
        let held = try #require(try single(array)?.get())
        #expect(held.params.footprint >= array.utf8.count + 10_000 * 16, "\(held.params.footprint) for \(array.utf8.count) bytes")
        #expect(try #require(try single(#"{"jsonrpc":"2.0","id":1,"method":"daemon.status"}"#)?.get()).params.footprint == 0)
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

    @Test func idsComeBackByteForByte() throws {
        // Up to 16 bytes an id is kept in place, longer ones in an array: both sides of the edge.
        for id in ["12345678901234567890", "9007199254740993", "12345678901234567", "-0", "1.50", "1e3", #""x\u00e9""#, "null",
                   #""fifteen-bytes""#, #""a rather longer string id, past sixteen bytes""#] {
            let request = try #require(try single(#"{"jsonrpc":"2.0","id":"# + id + #","method":"daemon.status"}"#)?.get())
            let requestID = try #require(request.id)
            let line = try #require(Response.line([.error(id: requestID, .methodNotFound("x"))], batch: false))
            #expect(String(decoding: line, as: UTF8.self).contains(#""id":"# + id + ","), "id \(id)")
            #expect(requestID.json == Array(id.utf8) && requestID == RequestID(json: Array(id.utf8)), "id \(id)")
        }
    }

    /// Params are found by their keys' length and first 8 bytes, then the whole key:
    /// keys that share a prefix, a length or both must still be told apart, and an
    /// escaped key is its decoded text.
    /// The envelope's members are found by their bytes, escaped keys by what they spell.
    @Test func anEnvelopeWithEscapedKeysIsRead() throws {
        let line = #"{"json\u0072pc":"2\u002e0","\u0069d":7,"meth\u006fd":"daemon.status","p\u0061rams":{}}"#
        guard case .single(.success(let request)) = JSONRPC.decode(line: Array(line.utf8)) else {
            Issue.record("escaped envelope keys must be read as the keys they spell")
            return
        }
        #expect(request.method == "daemon.status" && request.id == 7)
    }

    @Test func paramsAreFoundByTheirWholeName() throws {
        let line = #"{"jsonrpc":"2.0","id":1,"method":"x","params":{"exercises":1,"exercise":2,"durationSecondz":3,"durationSeconds":4,"r\u0065ps":5,"exerc":6}}"#
        guard case .single(.success(let request)) = JSONRPC.decode(line: Array(line.utf8)) else {
            Issue.record("the line must decode")
            return
        }
        var params = request.params
        for (name, expected) in [("exercises", 1), ("exercise", 2), ("durationSecondz", 3), ("durationSeconds", 4), ("reps", 5), ("exerc", 6)] {
            #expect(params.int(name, in: 0...10) == expected, "\(name)")
        }
        #expect(params.int("exercis", in: 0...10) == nil && params.int("durationSecondsX", in: 0...10) == nil)
        #expect(params.errors.isEmpty)
    }

    @Test func integerParamsReadTheDigitsNotARoundedDouble() throws {
        func int(_ text: String) -> (Int?, [PathMessage]) {
            let line = #"{"jsonrpc":"2.0","id":1,"method":"session.log","params":{"reps":"# + text + "}}"
            guard case .single(.success(let request)) = JSONRPC.decode(line: Array(line.utf8)) else { return (nil, []) }
            var params = request.params
            return (params.int("reps", in: 0...1000), params.errors)
        }
        for accepted in [("5", 5), ("5.0", 5), ("5e0", 5), ("0.5e1", 5), ("50E-1", 5), ("-0", 0), ("0e-400", 0)] {
            #expect(int(accepted.0).0 == accepted.1, "\(accepted.0)")
        }
        for refused in ["5.0000000000000000001", "1e-400", "4.5", "9007199254740992", #""5""#, "true"] {
            let (value, errors) = int(refused)
            #expect(value == nil && errors.first?.path == "params.reps", "\(refused)")
        }
        // The error quotes the param as sent.
        #expect(int("5.0000000000000000001").1.first?.message.hasSuffix("got 5.0000000000000000001") == true)
    }
}
