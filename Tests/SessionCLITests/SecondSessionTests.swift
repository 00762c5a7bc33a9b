import Foundation
import JSON
import SessionCore
import Testing
import TestSupport

/// `sessionctl start` on a day already trained says so before it starts, as it says
/// so while a session runs: refused (exit 1) unless --yes.
@Suite struct SecondSessionTests {
    @Test func aSecondSessionOnATrainedDayIsAskedFor() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let day = try #require(LocalDate("2026-11-30"))
        try daemon.at(ms: Wall.ms("\(day)T07:00")) { () throws -> Void in
            #expect(try daemon.ctl(["start"]).status == 0)
            #expect(try daemon.ctl(["log", "--new", "row", "8", "50"]).status == 0)
        }
        let first = try #require(try daemon.client().call("session.current")["sessionId"]?.intValue)
        try daemon.at(ms: Wall.ms("\(day)T08:00")) { () throws -> Void in
            // While it runs: the daemon's refusal, as before.
            let running = try daemon.ctl(["start"])
            #expect(running.status == 1 && running.stderr.contains("already active"), "\(running.stderr)")
            #expect(try daemon.ctl(["finish"]).status == 0)
        }
        try daemon.at(ms: Wall.ms("\(day)T18:00")) { () throws -> Void in
            let again = try daemon.ctl(["start"])
            #expect(again.status == 1, "\(again.stdout)")
            #expect(again.stderr.contains("You trained today at 07:00, session \(first) (Free session); start another? Run again with --yes"), "\(again.stderr)")
            #expect(try daemon.client().call("session.current") == .null, "nothing started")
            let json = try daemon.ctl(["start", "--json"])
            let refusal = try JSONParser.parse(json.stdout)
            #expect(json.status == 1 && refusal["error"]?["data"]?["reason"] == "confirmation_required", "\(json.stdout)")
            let yes = try daemon.ctl(["start", "--yes"])
            #expect(yes.status == 0, "\(yes.stderr)")
            #expect(try daemon.ctl(["abort"]).status == 0)
            // Another day that was trained, named by its date; an untrained one starts.
            #expect(try daemon.ctl(["start", "2026-11-29"]).status == 0)
            #expect(try daemon.ctl(["abort"]).status == 0)
        }
        try daemon.at(ms: Wall.ms("\(day.adding(days: 1))T09:00")) { () throws -> Void in
            let backfill = try daemon.ctl(["start", "2026-11-30", "--at", Wall.at("2026-11-30T20:00:00")])
            #expect(backfill.status == 1 && backfill.stderr.contains("You trained on 2026-11-30 at 07:00"), "\(backfill.stderr)")
        }
    }
}
