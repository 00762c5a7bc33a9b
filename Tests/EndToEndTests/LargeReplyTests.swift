import Foundation
import JSON
import SessionCore
import Testing
import TestSupport

/// A history of any size answers in pages of a bounded size, and sessionctl follows the
/// pages; a reply that would still be too large is refused with an error that says so,
/// not dropped with the connection.
@Suite struct LargeReplyTests {
    /// Strong's CSV of `workouts` workouts of one exercise, `sets` sets each, a day apart
    /// ending yesterday; returns the file and each workout's date, oldest first.
    private func strongFile(workouts: Int, sets: Int, in directory: String) throws -> (path: String, dates: [LocalDate]) {
        let yesterday = LocalDate(daysSinceEpoch: Int(Date().timeIntervalSince1970 / 86_400) - 1)
        let dates = (0..<workouts).map { yesterday.adding(days: $0 - workouts + 1) }
        var csv = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE\n"
        for date in dates {
            for set in 1...sets { csv += "\(date) 09:00:00,\"Day\",60m,\"Long Lift\",\(set),\(40 + set % 10).0,5.0,0,0.0,\n" }
        }
        let path = directory + "/strong-\(workouts)x\(sets).csv"
        try csv.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, dates)
    }

    @Test func anExercisesSetsComeInPagesOfABoundedSizeThatSessionctlFollows() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        // Four sessions of 2,000 sets: two fit a page of 5,000 sets, a third would not.
        let perSession = HistoryLimits.setsPerWorkout
        let file = try strongFile(workouts: 4, sets: perSession, in: daemon.directory)
        let imported = try daemon.ctl(["import", file.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let client = try daemon.client()
        let first = try client.call("exercise.history", .obj(["exercise": "long lift"]))
        let shown = HistoryLimits.pageSets / perSession
        let firstDates = first["sessions"]?.arrayValue?.compactMap { $0["date"]?.stringValue } ?? []
        #expect(firstDates == file.dates.suffix(shown).map(\.description), "the newest sessions, oldest first: \(firstDates)")
        let firstIDs = first["sessions"]?.arrayValue?.compactMap { $0["sessionId"]?.intValue } ?? []
        #expect(first["next"]?.intValue == firstIDs.first, "next names the oldest session of the page: \(first["next"]?.jsonText ?? "none")")
        // The page before it holds the rest, and says there is nothing more.
        let second = try client.call("exercise.history", .obj(["exercise": "long lift", "before": first["next"] ?? .null]))
        let secondDates = second["sessions"]?.arrayValue?.compactMap { $0["date"]?.stringValue } ?? []
        #expect(secondDates == file.dates.prefix(file.dates.count - shown).map(\.description))
        #expect(second["next"] == .null)

        // sessionctl shows the first page and the command for the one before it.
        let history = try daemon.ctl(["history", "long lift"])
        #expect(history.status == 0, "\(history.stderr)")
        #expect(history.stdout.contains("the last \(shown) sessions"), "\(history.stdout.prefix(300))")
        #expect(history.stdout.contains("older: sessionctl history 'long lift' --before \(firstIDs.first ?? 0)"), "\(history.stdout.suffix(300))")
        // progress --json follows the pages: every session and every set, one weekly trend.
        let progress = try daemon.ctl(["progress", "long lift", "--all", "--json"])
        #expect(progress.status == 0, "\(progress.stderr)")
        let chart = try JSONParser.parse(progress.stdout)
        let sessions = chart["sessions"]?.arrayValue ?? []
        #expect(sessions.compactMap { $0["date"]?.stringValue } == file.dates.map(\.description))
        #expect(sessions.reduce(0) { $0 + ($1["sets"]?.arrayValue?.count ?? 0) } == 4 * perSession)
        let weekSets = chart["weeks"]?.arrayValue?.reduce(0) { $0 + ($1["sets"]?.intValue ?? 0) }
        #expect(weekSets == 4 * perSession)
    }

    @Test func aChartsSessionsComeInPagesTooAndProgressFollowsThem() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        // One set a day for more days than a page of figures holds.
        let days = HistoryLimits.pageSessions + 5
        let file = try strongFile(workouts: days, sets: 1, in: daemon.directory)
        let imported = try daemon.ctl(["import", file.path], timeout: 120)
        #expect(imported.status == 0, "\(imported.stderr)")
        let client = try daemon.client()
        let first = try client.call("exercise.history", .obj(["exercise": "long lift", "sets": false]))
        #expect(first["sessions"]?.arrayValue?.count == HistoryLimits.pageSessions)
        #expect(first["sessions"]?.arrayValue?.first?["date"]?.stringValue == file.dates[5].description)
        let second = try client.call("exercise.history", .obj(["exercise": "long lift", "sets": false, "before": first["next"] ?? .null]))
        #expect(second["sessions"]?.arrayValue?.compactMap { $0["date"]?.stringValue } == file.dates.prefix(5).map(\.description))
        #expect(second["next"] == .null)
        // The chart spans every month from the first day's to the last's.
        let progress = try daemon.ctl(["progress", "long lift", "--all"])
        #expect(progress.status == 0, "\(progress.stderr)")
        let months = progress.stdout.split(separator: "\n").dropFirst().compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(months.first == String(file.dates[0].description.prefix(7)) && months.last == String(file.dates[days - 1].description.prefix(7)),
                "\(months.prefix(2)) … \(months.suffix(2))")
    }

    @Test func aReplyTooLargeToSendIsRefusedWithItsSizeAndTheConnectionServesOn() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        // Forty kept planner attempts of 128 KiB: about 5 MiB together.
        let reply = String(repeating: "x", count: 128 << 10)
        for run in 0..<40 {
            _ = try client.call("plan.attempt", .obj(["run": .string("run-\(run)"), "attempt": 1, "planner": "planner", "reply": .string(reply), "outcome": "failed"]))
        }
        let refused = try client.request("plan.attempts", .obj(["limit": 40]))
        #expect(refused["error"]?["code"] == -32032, "\(refused.jsonText.prefix(300))")
        #expect(refused["error"]?["data"]?["reason"] == "reply_too_large")
        #expect(refused["error"]?["message"]?.stringValue?.contains("plan.attempts") == true, "\(refused.jsonText.prefix(300))")
        // The same connection is answered after it, and fewer are sent.
        #expect(try client.call("daemon.status")["version"] != nil)
        #expect(try client.call("plan.attempts", .obj(["limit": 10])).arrayValue?.count == 10)
        // sessionctl says what it is: a data error, not an unreachable daemon.
        let listed = try daemon.ctl(["plan", "attempts", "--limit", "40"])
        #expect(listed.status == 1 && listed.stderr.contains("would be") && !listed.stderr.contains("cannot reach"), "\(listed.status) \(listed.stderr)")
        #expect(!daemon.log.contains("client dropped"), "\(daemon.log.suffix(300))")
    }
}
