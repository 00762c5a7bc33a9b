import Foundation
import JSON
import SessionCore
import TestSupport
import Testing

@testable import SessionApplication

/// What sessiond-sync keeps in the daemon besides the cursors, in the test's process:
/// the roles shared with, and the reports `sync.status` reads.
@Suite struct SyncStateTests {
    @Test func sharesAreKeptOnceEachAndTakenBack() throws {
        let app = try InProcess()
        #expect(try app.call("sync.status")["shares"] == [])
        let first = try app.call("sync.share", .obj(["role": "carol"]))
        #expect(first["added"] == true && first["shares"] == ["carol"])
        #expect(try app.call("sync.share", .obj(["role": "carol"]))["added"] == false, "shared with already")
        #expect(try app.call("sync.share", .obj(["role": "ann.coach@gym"]))["shares"] == ["ann.coach@gym", "carol"])
        let removed = try app.call("sync.unshare", .obj(["role": "carol"]))
        #expect(removed["removed"] == true && removed["shares"] == ["ann.coach@gym"])
        #expect(try app.call("sync.unshare", .obj(["role": "carol"]))["removed"] == false)
        for bad in ["", "carol; DROP TABLE x", String(repeating: "c", count: 64)] {
            let reply = try app.request("sync.share", .obj(["role": .string(bad)]))
            #expect(reply["error"]?["code"] == -32602, "\(bad): \(reply)")
            #expect(reply["error"]?["data"]?["errors"]?[0]?["path"] == "params.role", "\(reply)")
        }
    }

    @Test func aReportMovesOnlyWhatCompletedAndAnErrorStaysUntilARoundWithout() throws {
        let app = try InProcess()
        let start = Wall.ms("2026-11-30T00:53:20")  // the clock goes on from there
        app.setClock(toMs: start)
        _ = try app.call("session.start")
        #expect(try app.call("sync.status")["backlog"] == 1, "the session waits")
        let pushed = try app.call("sync.report", .obj(["pushed": true, "error": "cannot connect to PostgreSQL: no route"]))
        #expect(pushed["lastPush"]?.stringValue?.hasPrefix("2026-11-30T00:53:20") == true && pushed["lastPull"]?.stringValue == nil, "\(pushed)")
        #expect(pushed["lastError"] == "cannot connect to PostgreSQL: no route" && pushed["lastErrorAt"] == pushed["lastPush"])
        app.setClock(toMs: start + 60_000)
        let clean = try app.call("sync.report", .obj(["pushed": true, "pulled": true]))
        #expect(clean["lastPush"]?.stringValue?.hasPrefix("2026-11-30T00:54:20") == true && clean["lastPull"] == clean["lastPush"], "\(clean)")
        #expect(clean["lastError"]?.stringValue == nil && clean["lastErrorAt"]?.stringValue == nil, "cleared by a round without one: \(clean)")
        #expect(try app.call("sync.status")["lastPull"] == clean["lastPull"])
    }
}
