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

    /// The Monday of the current week (the tests' daemons run in UTC).
    static var currentMonday: LocalDate { LocalDate(daysSinceEpoch: Int(Date().timeIntervalSince1970 / 86_400)).mondayOfWeek }

    @Test func aPlanBecomesOneEventPerTrainingDayWithStableUIDs() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let plan = try Workout.importPlan(try daemon.client(), weekStart: Self.currentMonday.description)
        let path = daemon.directory + "/plan.ics"
        let run = try runProcess(Binaries.sessionctl, ["--socket", daemon.socketPath, "plan", "export", "--format", "ics", "--time", "07:30",
                                                       "--duration", "1h 15m", "--remind", "45m", path])
        #expect(run.status == 0, "\(run.stderr)")
        let raw = try String(contentsOfFile: path, encoding: .utf8)
        #expect(raw.hasSuffix("\r\n") && !raw.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "CRLF line ends only")
        #expect(raw.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 }, "lines folded at 75 octets")

        let calendar = try parse(path)
        #expect(calendar["version"] == "2.0" && calendar["name"] == plan["name"])
        let days = (plan["days"]?.arrayValue ?? []).filter { $0["rest"] == false && !($0["exercises"]?.arrayValue?.isEmpty ?? true) }
        let events = calendar["events"]?.arrayValue ?? []
        #expect(events.count == days.count && !events.isEmpty)
        for (event, day) in zip(events, days) {
            let date = day["date"]?.stringValue ?? ""
            #expect(event["start"]?.stringValue == date + "T07:30:00+00:00" && event["end"]?.stringValue == date + "T08:45:00+00:00",
                    "in UTC, the daemon's zone: \(event)")
            #expect(event["summary"] == day["title"])
            for exercise in day["exercises"]?.arrayValue ?? [] {
                #expect(event["description"]?.stringValue?.contains(exercise["name"]?.stringValue ?? "?") == true, "\(date): \(exercise["name"] ?? .null)")
            }
            #expect(event["alarms"] == ["-1 day, 23:15:00"], "a reminder 45 minutes before")
        }

        // Exported again at another time: the same events (UIDs), not new ones.
        let again = daemon.directory + "/again.ics"
        #expect(try runProcess(Binaries.sessionctl, ["--socket", daemon.socketPath, "plan", "export", "--time", "18:00", again]).status == 0)
        let second = try parse(again)["events"]?.arrayValue ?? []
        #expect(second.map { $0["uid"] } == events.map { $0["uid"] } && Set(events.compactMap { $0["uid"]?.stringValue }).count == events.count)
        #expect(try runProcess(Binaries.sessionctl, ["--socket", daemon.socketPath, "plan", "export", again]).status == 2, "an existing file is kept")
    }

    /// A plan carried over is written for the current week; times are the daemon's zone's,
    /// in UTC, whatever the zone of the terminal.
    @Test func aCarriedOverPlanIsWrittenForThisWeekInTheDaemonsZone() throws {
        let daemon = try DaemonProcess(extraArguments: ["--timezone", "Europe/Berlin"])
        defer { daemon.cleanUp() }
        let monday = Self.currentMonday
        try Workout.importPlan(try daemon.client(), weekStart: monday.adding(days: -14).description)
        let path = daemon.directory + "/plan.ics"
        let run = try runProcess(Binaries.sessionctl, ["--socket", daemon.socketPath, "plan", "export", "--time", "18:00", path],
                                 environment: ["TZ": "America/New_York"])
        #expect(run.status == 0 && run.stderr.contains("week of \(monday)"), "\(run.stderr)")
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
