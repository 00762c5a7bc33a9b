import Foundation
import JSON
import SessionCore
import SessionSystem
import Testing
import TestSupport

/// sessionctl export --format json, then import into an empty daemon: pull-ups logged
/// before the weighings of their days were entered read as they did, estimates and all.
@Suite struct BodyMassRestoreTests {
    /// Today in the daemon's zone: the in-process daemon runs in the test process's.
    static var today: LocalDate { LocalClock().today() }

    /// What a person reads of the pull-ups: the weeks' summaries (as JSON and as text),
    /// the records, the history.
    static func views(_ daemon: InProcessDaemon, weeks: [LocalDate]) throws -> [String] {
        try weeks.flatMap { week in
            [try daemon.ctl(["summary", "--week", week.description, "--json"]).stdout, try daemon.ctl(["summary", "--week", week.description]).stdout]
        } + [try daemon.ctl(["exercise", "show", "--json", "pull-up"]).stdout, try daemon.ctl(["history", "pull-up", "--json"]).stdout]
    }

    @Test func pullUpsWeighedAfterwardsRestoreAlike() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let monday = Self.today.mondayOfWeek
        let weeks = [monday.adding(days: -21), monday.adding(days: -14), monday.adding(days: -7)]
        // Three weeks of pull-ups with a belt, then the scale's readings for those days.
        for (week, load) in zip(weeks, ["10", "12.5", "15"]) {
            #expect(try daemon.ctl(["start", "--at", Wall.at("\(week)T18:00:00")]).status == 0)
            #expect(try daemon.ctl(["log", "pull-up", "6", load, "--at", Wall.at("\(week)T18:05:00")]).status == 0)
            #expect(try daemon.ctl(["log", "pull-up", "5", load, "--at", Wall.at("\(week)T18:09:00")]).status == 0)
            #expect(try daemon.ctl(["finish", "--at", Wall.at("\(week)T18:30:00")]).status == 0)
        }
        for (week, mass) in zip(weeks, ["81", "80", "78.5"]) {
            #expect(try daemon.ctl(["health", "mass", mass, "--date", week.description]).status == 0)
        }
        let shown = try JSONParser.parse(try daemon.ctl(["history", "pull-up", "--json"]).stdout)
        let bests = (shown["sessions"]?.arrayValue ?? []).map { $0["bestOneRepMaxKg"]?.numberValue ?? 0 }
        // (mass + belt) × (1 + 6/30), each week's mass.
        let expected = [(81.0, 10.0), (80, 12.5), (78.5, 15)].map { ($0 + $1) * 1.2 }
        #expect(bests.count == 3 && zip(bests, expected).allSatisfy { abs($0 - $1) < 0.051 }, "\(shown)")
        let summary = try daemon.ctl(["summary", "--week", weeks[2].description]).stdout
        #expect(summary.contains("e1RM"), "estimates, not reps: \(summary)")
        let views = try Self.views(daemon, weeks: weeks)

        let exported = daemon.directory + "/export.json"
        #expect(try daemon.ctl(["export", "--format", "json", exported]).status == 0)
        let restored = try InProcessDaemon()
        defer { restored.cleanUp() }
        let imported = try restored.ctl(["import", exported])
        #expect(imported.status == 0, "\(imported.stdout) \(imported.stderr)")
        let again = try Self.views(restored, weeks: weeks)
        for (was, now) in zip(views, again) { #expect(now == was) }
    }
}
