import Foundation
import JSON
import SessionCore
import Testing
import TestSupport

/// `sessionctl plan export` read by a real calendar parser (Python's icalendar, as a
/// calendar app would read the file).
@Suite struct CalendarExportTests {
    static let reader = #"""
        import icalendar, json, re, sys
        calendar = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
        events = [{"uid": str(e["UID"]), "start": e.decoded("DTSTART").isoformat(), "end": e.decoded("DTEND").isoformat(),
                   "summary": str(e["SUMMARY"]), "description": str(e["DESCRIPTION"]),
                   "alarms": [str(a.decoded("TRIGGER")) for a in e.walk("VALARM")]} for e in calendar.walk("VEVENT")]
        # An X- property: read as TEXT (RFC 5545 §3.3.11), as calendar apps do.
        name = re.sub(r"\\(.)", lambda m: "\n" if m.group(1) in "nN" else m.group(1), str(calendar.get("X-WR-CALNAME")))
        print(json.dumps({"version": str(calendar["VERSION"]), "name": str(name), "events": events}))
        """#

    private func parse(_ path: String) throws -> JSONValue {
        let run = try runProcess("/usr/bin/env", ["python3", "-c", Self.reader, path])
        #expect(run.status == 0, "\(run.stderr)")
        return try JSONParser.parse(run.stdout)
    }

    /// The week the tests' plan is for, and the Saturday of it they export on.
    static let monday = LocalDate("2026-11-23") ?? LocalDate(daysSinceEpoch: 0)
    static let saturday = monday.adding(days: 5)

    /// The events the plan calendar gives from `today` over `weeks` weeks (this one the
    /// first) for a plan carried over week after week: each date whose weekday the plan
    /// trains, with that day's title and exercises.
    func expectedEvents(_ plan: JSONValue, from today: LocalDate, weeks: Int) -> [(date: LocalDate, day: JSONValue)] {
        let training = (plan["days"]?.arrayValue ?? []).filter { $0["rest"] == false && !($0["exercises"]?.arrayValue?.isEmpty ?? true) }
        let last = today.mondayOfWeek.adding(days: 7 * weeks - 1)
        return (0...(last.daysSinceEpoch - today.daysSinceEpoch)).compactMap { offset in
            let date = today.adding(days: offset)
            return training.first { $0["day"]?.stringValue == date.weekday.name }.map { (date, $0) }
        }
    }

    /// Run on a Saturday, the export looks ahead: today's training days and those of the
    /// next weeks, as the plan carried over trains them, never the days already past.
    @Test func aPlanBecomesOneEventPerTrainingDayFromTodayWithStableUIDs() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let plan = try Workout.importPlan(try daemon.client(), weekStart: Self.monday.description)
        let path = daemon.directory + "/plan.ics"
        let run = try daemon.on(Self.saturday) {
            try daemon.ctl(["plan", "export", "--format", "ics", "--time", "07:30", "--duration", "1h 15m", "--remind", "45m", path])
        }
        #expect(run.status == 0, "\(run.stderr)")
        let raw = try String(contentsOfFile: path, encoding: .utf8)
        #expect(raw.hasSuffix("\r\n") && !raw.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "CRLF line ends only")
        #expect(raw.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 }, "lines folded at 75 octets")

        let calendar = try parse(path)
        #expect(calendar["version"] == "2.0" && calendar["name"] == plan["name"])
        let expected = expectedEvents(plan, from: Self.saturday, weeks: 4)
        let events = calendar["events"]?.arrayValue ?? []
        #expect(events.count == expected.count && expected.count >= 9, "three weeks of a three-day plan, and this weekend's: \(events.count)")
        #expect(run.stderr.contains("wrote \(expected.count) training days from \(Self.saturday) to \(Self.monday.adding(days: 27))"), "\(run.stderr)")
        for (event, (date, day)) in zip(events, expected) {
            #expect(event["start"]?.stringValue == "\(date)T07:30:00+00:00" && event["end"]?.stringValue == "\(date)T08:45:00+00:00",
                    "in UTC, the daemon's zone: \(event)")
            #expect(event["summary"] == day["title"])
            for exercise in day["exercises"]?.arrayValue ?? [] {
                #expect(event["description"]?.stringValue?.contains(exercise["name"]?.stringValue ?? "?") == true, "\(date): \(exercise["name"] ?? .null)")
            }
            #expect(event["alarms"] == ["-1 day, 23:15:00"], "a reminder 45 minutes before")
        }

        // Exported again at another time: the same events (UIDs), not new ones.
        let again = daemon.directory + "/again.ics"
        #expect(try daemon.on(Self.saturday) { try daemon.ctl(["plan", "export", "--time", "18:00", again]) }.status == 0)
        let second = try parse(again)["events"]?.arrayValue ?? []
        #expect(second.map { $0["uid"] } == events.map { $0["uid"] } && Set(events.compactMap { $0["uid"]?.stringValue }).count == events.count)
        #expect(try daemon.ctl(["plan", "export", again]).status == 1, "an existing file is kept")
        // --weeks 1: this week's days from today alone; --weeks with --plan is a usage error.
        let week = daemon.directory + "/week.ics"
        #expect(try daemon.on(Self.saturday) { try daemon.ctl(["plan", "export", "--weeks", "1", week]) }.status == 0)
        #expect(try parse(week)["events"]?.arrayValue?.count == expectedEvents(plan, from: Self.saturday, weeks: 1).count)
        let both = try daemon.ctl(["plan", "export", "--weeks", "2", "--plan", "1", daemon.directory + "/x.ics"])
        #expect(both.status == 2 && both.stderr.contains("--weeks"), "\(both.stderr)")
    }

    /// A one-off move is where the calendar puts the day: on the day it moved to.
    @Test func aMovedDayIsExportedOnTheDayItMovedTo() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let plan = try Workout.importPlan(try daemon.client(), weekStart: Self.monday.description)
        let firstDay = try #require(expectedEvents(plan, from: Self.monday, weeks: 1).first)
        let path = daemon.directory + "/plan.ics"
        let runs = try daemon.on(Self.monday) {
            [try daemon.ctl(["plan", "move", "mon", "tue"]), try daemon.ctl(["plan", "export", "--weeks", "1", path])]
        }
        #expect(runs.allSatisfy { $0.status == 0 }, "\(runs.map(\.stderr))")
        let events = try parse(path)["events"]?.arrayValue ?? []
        #expect(events.first?["start"]?.stringValue?.hasPrefix(Self.monday.adding(days: 1).description) == true, "\(events)")
        #expect(events.first?["summary"] == firstDay.day["title"] && events.count == expectedEvents(plan, from: Self.monday, weeks: 1).count)
    }

    /// Times are the daemon's zone's, in UTC, whatever the zone of the terminal; a plan
    /// carried over from weeks ago trains on.
    @Test func aCarriedOverPlanIsWrittenInTheDaemonsZone() throws {
        let daemon = try DaemonProcess(extraArguments: ["--timezone", "Europe/Berlin"])
        defer { daemon.cleanUp() }
        let monday = Self.monday.adding(days: 14)
        try Workout.importPlan(try daemon.client(), weekStart: Self.monday.description)
        let path = daemon.directory + "/plan.ics"
        let run = try daemon.on(monday) {
            try daemon.ctl(["plan", "export", "--time", "18:00", "--weeks", "1", path], environment: ["TZ": "America/New_York"])
        }
        #expect(run.status == 0 && run.stderr.contains("from \(monday)"), "\(run.stderr)")
        let events = try parse(path)["events"]?.arrayValue ?? []
        // dumbbell-3day trains Monday, Wednesday and Friday; 18:00 in Berlin, in UTC.
        let offsets = try [0, 2, 4].map { day -> String in
            let date = monday.adding(days: day)
            let berlin = try runProcess("/usr/bin/env", ["python3", "-c", """
                import datetime, zoneinfo
                local = datetime.datetime.fromisoformat("\(date)T18:00:00").replace(tzinfo=zoneinfo.ZoneInfo("Europe/Berlin"))
                print(local.astimezone(datetime.timezone.utc).isoformat())
                """]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            return berlin
        }
        #expect(events.map { $0["start"]?.stringValue ?? "?" } == offsets, "\(events)")
    }
}
