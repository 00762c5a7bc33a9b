import Foundation
import JSON
import SessionCore
import SessionRPC
import SessionSystem
import Testing
import TestSupport

/// Times clients give: a start a little in the future (another device's clock) must not
/// block plain calls, and absurd years are refused with the range.
@Suite struct TimeTests {
    /// Two minutes before local midnight (the zone chosen so, as a POSIX TZ), a start
    /// three minutes ahead falls on tomorrow: it is taken, on its own day; a date of
    /// tomorrow named alone is still refused.
    @Test func aStartAheadAcrossMidnightKeepsItsDay() throws {
        let nowSeconds = Int(Date().timeIntervalSince1970)
        // The offset east of UTC, in minutes, at which the local time is 23:58.
        let wrapped = ((23 * 60 + 58) - (nowSeconds % 86_400) / 60 + 1_440) % 1_440
        let east = wrapped >= 720 ? wrapped - 1_440 : wrapped
        // POSIX TZ counts west of UTC: UTC+01:30 is "-1:30".
        let offset = (east >= 0 ? "-" : "+") + "\(abs(east) / 60):" + (abs(east) % 60 < 10 ? "0" : "") + "\(abs(east) % 60)"
        let daemon = try DaemonProcess(environment: ["TZ": "<ZZZ>" + offset])
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        let localDay = { (seconds: Int) in LocalDate(daysSinceEpoch: Int(floor(Double(seconds + east * 60) / 86_400))) }
        let today = localDay(nowSeconds)
        let tomorrow = today.adding(days: 1)
        guard localDay(nowSeconds + 180) == tomorrow else { Issue.record("the zone misses midnight: \(offset)"); return }
        let refused = try client.request("session.start", .obj(["date": .string(tomorrow.description)]))
        #expect(refused["error"]?["data"]?["reason"] == "day_in_future", "\(refused)")
        let ahead = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(nowSeconds + 180)))
        let started = try client.call("session.start", .obj(["at": .string(ahead)]))
        #expect(started["date"] == .string(tomorrow.description), "\(started)")
    }

    /// A time of day alone is on the session's day: typed at 00:10 into a session begun
    /// at 23:40, 23:55 is the evening before, in a zone east of UTC too (where the same
    /// wall-clock time read on today, or as UTC, lies ahead of now).
    @Test func aTimeOfDayAfterMidnightIsOnTheDayTheSessionBegan() throws {
        let zone = TimeZone(identifier: "Europe/Berlin")!
        let daemon = try DaemonProcess(extraArguments: ["--timezone", zone.identifier])
        defer { daemon.cleanUp() }
        let terminal = ["TZ": zone.identifier]
        let evening = LocalDate(year: 2026, month: 11, day: 30)!
        try daemon.at(ms: Wall.ms(evening, hour: 23, minute: 40, in: zone)) { () throws -> Void in
            #expect(try daemon.ctl(["start"], environment: terminal).status == 0)
        }
        try daemon.at(ms: Wall.ms(evening.adding(days: 1), hour: 0, minute: 10, in: zone)) { () throws -> Void in
            let logged = try daemon.ctl(["log", "--new", "squat", "5", "100", "--at", "23:55"], environment: terminal)
            #expect(logged.status == 0, "\(logged.stderr)")
        }
        let session = try daemon.client().call("session.get", .obj(["sessionId": 1]))
        let times = (session["sets"]?.arrayValue ?? []).compactMap { $0["loggedAt"]?.stringValue.flatMap(Timestamp.init)?.ms }
        #expect(times == [Wall.ms(evening, hour: 23, minute: 55, in: zone)], "\(session)")
    }

    /// Times are written with the offset in force at that instant, on both sides of a
    /// change of offset and inside the hour of it (the daemon remembers an hour's
    /// offset; an hour with a change is asked of the system second by second).
    @Test func timesAcrossAChangeOfOffsetCarryTheOffsetInForce() throws {
        let daemon = try DaemonProcess(extraArguments: ["--timezone", "Europe/Berlin"])
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        func session(startingAt start: String, sets: [(at: String, expected: String)]) throws {
            let started = try client.call("session.start", .obj(["at": .string(start)]))
            #expect(started["startedAt"]?.stringValue == sets[0].expected, "\(started)")
            for set in sets {
                let logged = try client.call("session.log", .obj(["exercise": "Row", "reps": 5, "at": .string(set.at)]))
                #expect(logged["loggedAt"]?.stringValue == set.expected, "\(set.at)")
            }
            _ = try client.call("session.finish")
        }
        // Spring forward: 02:00 CET becomes 03:00 CEST at 01:00 UTC.
        try session(startingAt: "2026-03-29T00:00:00Z", sets: [
            (at: "2026-03-29T00:00:00Z", expected: "2026-03-29T01:00:00.000+01:00"),
            (at: "2026-03-29T00:59:59.250Z", expected: "2026-03-29T01:59:59.250+01:00"),
            (at: "2026-03-29T01:00:00Z", expected: "2026-03-29T03:00:00.000+02:00"),
            (at: "2026-03-29T01:30:00Z", expected: "2026-03-29T03:30:00.000+02:00"),
        ])
        // Fall back: 03:00 CEST becomes 02:00 CET at 01:00 UTC (02:xx happens twice).
        try session(startingAt: "2026-10-25T00:10:00Z", sets: [
            (at: "2026-10-25T00:10:00Z", expected: "2026-10-25T02:10:00.000+02:00"),
            (at: "2026-10-25T00:59:59Z", expected: "2026-10-25T02:59:59.000+02:00"),
            (at: "2026-10-25T01:00:00Z", expected: "2026-10-25T02:00:00.000+01:00"),
            (at: "2026-10-25T01:10:00Z", expected: "2026-10-25T02:10:00.000+01:00"),
            (at: "2026-10-25T02:00:00Z", expected: "2026-10-25T03:00:00.000+01:00"),
        ])
        // Newfoundland changes at 02:00 local, 05:30 UTC: inside a UTC hour.
        let stJohns = try DaemonProcess(extraArguments: ["--timezone", "America/St_Johns"])
        defer { stJohns.cleanUp() }
        let newfoundland = try stJohns.client()
        _ = try newfoundland.call("session.start", .obj(["at": "2026-03-08T05:00:00Z"]))
        for (at, expected) in [("2026-03-08T05:10:00Z", "2026-03-08T01:40:00.000-03:30"), ("2026-03-08T05:29:59Z", "2026-03-08T01:59:59.000-03:30"),
                               ("2026-03-08T05:30:00Z", "2026-03-08T03:00:00.000-02:30"), ("2026-03-08T05:45:00Z", "2026-03-08T03:15:00.000-02:30"),
                               ("2026-03-08T05:20:00Z", "2026-03-08T01:50:00.000-03:30")] {
            let logged = try newfoundland.call("session.log", .obj(["exercise": "Row", "reps": 5, "at": .string(at)]))
            #expect(logged["loggedAt"]?.stringValue == expected, "\(at)")
        }
    }

    @Test func aTimeWithoutAnOffsetIsReadInTheDaemonsZone() throws {
        let daemon = try DaemonProcess(extraArguments: ["--timezone", "Europe/Paris"])
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        let started = try client.call("session.start", .obj(["at": "2026-11-30T18:05"]))
        #expect(started["startedAt"] == "2026-11-30T18:05:00.000+01:00" && started["date"] == "2026-11-30", "\(started)")
        let bad = try client.request("session.log", .obj(["exercise": "Row", "reps": 5, "at": "2026-11-30 six"]))
        #expect(bad["error"]?["data"]?["errors"]?[0]?["path"] == "params.at")
    }

    /// A session entered afterwards: a time of day alone (`--at 07:05`) is read on the
    /// session's day, not today's, by every command aimed at it; a finish before a
    /// logged set is refused naming the set. The daemon runs in Paris: the wall-clock
    /// times are its zone's.
    @Test func aTimeOfDayAloneIsOnTheSessionsDay() throws {
        let daemon = try DaemonProcess(extraArguments: ["--timezone", "Europe/Paris"])
        defer { daemon.cleanUp() }
        let day = "2026-11-27"  // before the machine's today
        let offset = "+01:00"  // Paris in November
        let started = try JSONParser.parse(try daemon.ctl(["start", day, "--at", "\(day) 07:00", "--json"]).stdout)
        #expect(started["startedAt"]?.stringValue == "\(day)T07:00:00.000\(offset)", "\(started)")
        let logged = try daemon.ctl(["log", "--new", "sled", "push", "20s", "--at", "07:05", "--json"])
        let set = try JSONParser.parse(logged.stdout)
        #expect(set["loggedAt"]?.stringValue == "\(day)T07:05:00.000\(offset)", "\(logged.stdout) \(logged.stderr)")
        let early = try daemon.ctl(["finish", "--at", "07:02"])
        #expect(early.status == 1 && early.stderr.contains("\(set["exercise"]?.stringValue ?? "?") set 1") && early.stderr.contains("07:05"),
                "\(early.stderr)")
        let finished = try JSONParser.parse(try daemon.ctl(["finish", "--at", "07:30", "--json"]).stdout)
        #expect(finished["endedAt"]?.stringValue == "\(day)T07:30:00.000\(offset)", "\(finished)")
        // Afterwards, through --session: a forgotten set and a new end, on its day too.
        let id = Int(try #require(finished["sessionId"]?.numberValue))
        let forgotten = try JSONParser.parse(try daemon.ctl(["log", "--session", String(id), "sled", "push", "20s", "--at", "07:20", "--json"]).stdout)
        #expect(forgotten["loggedAt"]?.stringValue == "\(day)T07:20:00.000\(offset)", "\(forgotten)")
        let edited = try JSONParser.parse(try daemon.ctl(["edit", "--session", String(id), "--end", "07:40", "--json"]).stdout)
        #expect(edited["endedAt"]?.stringValue == "\(day)T07:40:00.000\(offset)", "\(edited)")
    }
}
