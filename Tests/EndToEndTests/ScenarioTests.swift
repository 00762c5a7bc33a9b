import Foundation
import JSON
import SessionCore
import Testing
import TestSupport

/// Six weeks of one person run against the built binaries at the moments they happened
/// (Tests/Scenarios/six-weeks.timeline): a plan imported mid-week, a replacement, a
/// one-off move, a back-dated session, a history with other weights than the plan's, a
/// gap, a restore. The test counts each week from the timeline by the rules as the
/// protocol states them (six-weeks.expected is that count, written out), and every
/// reader — the weekly summary, the calendar, the planner's prompt, and a restored copy
/// of them all — must say the same.
@Suite struct ScenarioTests {
    static let scenarios = Fixtures.packageRoot + "/Tests/Scenarios/"

    /// A line of the timeline: when, and the sessionctl words run then.
    struct Moment {
        let date: LocalDate
        let ms: Int64
        let words: [String]
    }

    static func moments(directory: String) throws -> [Moment] {
        try Fixtures.read(scenarios + "six-weeks.timeline").split(separator: "\n").compactMap { line -> Moment? in
            let text = line.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty, !text.hasPrefix("#") else { return nil }
            let parts = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            let time = parts[1].split(separator: ":").compactMap { Int($0) }
            let date = try #require(LocalDate(parts[0]))
            let words = parts.dropFirst(2).map {
                $0.replacingOccurrences(of: "{examples}", with: Fixtures.examplesDirectory).replacingOccurrences(of: "{dir}", with: directory)
            }
            return Moment(date: date, ms: (Int64(date.daysSinceEpoch) * 1440 + Int64(time[0] * 60 + time[1])) * 60_000, words: words)
        }
    }

    /// What the timeline says happened, gathered as it runs.
    struct Record {
        /// Plans as imported: the day, the week they are for, the weekdays they train.
        var plans: [(on: LocalDate, week: LocalDate, trains: Set<Weekday>)] = []
        var moves: [(on: LocalDate, from: LocalDate, to: LocalDate)] = []
        var sessions: [LocalDate] = []
        var sets: [LocalDate: Int] = [:]

        /// The plan governing `date` by the protocol's words: the last imported on or
        /// before it whose week has begun; nil before any.
        func plan(of date: LocalDate) -> Int? {
            plans.indices.last { plans[$0].on <= date && plans[$0].week <= date }
        }

        /// True when `date` is a planned training day.
        func isPlanned(_ date: LocalDate) -> Bool {
            guard let plan = plan(of: date) else { return false }
            var weekday = date.weekday
            for move in moves where move.on <= min(move.from, move.to) && plan == self.plan(of: move.on) {
                if date == move.from { weekday = move.to.weekday } else if date == move.to { weekday = move.from.weekday }
            }
            return plans[plan].trains.contains(weekday)
        }
    }

    @Test(.enabled(if: Fixtures.sharedExamplesPresent, "needs the example files of ../shared/examples")) func sixWeeksReadTheSameEverywhereAndAfterARestore() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        var record = Record()
        var day: LocalDate?
        var sessionDay: LocalDate?
        for moment in try Self.moments(directory: daemon.directory) {
            // A new day: the daemon starts again at it.
            if moment.date != day {
                daemon.stop()
                try daemon.setClock(toMs: moment.ms)
                try daemon.start()
                day = moment.date
            } else {
                try daemon.setClock(toMs: moment.ms)
            }
            let run = try daemon.ctl(moment.words + (moment.words[0] == "log" ? ["--json"] : []))
            #expect(run.status == 0, "\(moment.date) \(moment.words.joined(separator: " ")): \(run.stdout) \(run.stderr)")
            let reply = try? JSONParser.parse(run.stdout)
            switch moment.words.prefix(2).joined(separator: " ") {
            case "plan import":
                let plan = try daemon.client().call("plan.get")
                let trains = Set((plan["days"]?.arrayValue ?? []).filter { !($0["exercises"]?.arrayValue ?? []).isEmpty }
                    .compactMap { $0["date"]?.stringValue.flatMap(LocalDate.init)?.weekday })
                record.plans.append((moment.date, try #require(LocalDate(moment.words[3])), trains))
            case "plan move":
                let monday = moment.date.mondayOfWeek
                let dates = try moment.words[2...3].map { word in monday.adding(days: try #require(Weekday(parsing: word)).rawValue - 1) }
                record.moves.append((moment.date, dates[0], dates[1]))
            default:
                switch moment.words[0] {
                case "start":
                    sessionDay = moment.words.count > 1 ? LocalDate(moment.words[1]) ?? moment.date : moment.date
                case "log":
                    record.sets[try #require(sessionDay), default: 0] += 1
                    // A position alone logs the plan's prescription, not last time's nor
                    // the set before it.
                    if moment.words.count == 2, let reply {
                        #expect(reply["filledFrom"] == "plan", "\(moment.date) \(moment.words): \(reply)")
                    }
                case "finish": record.sessions.append(try #require(sessionDay))
                case "track":
                    let date = try #require(LocalDate(moment.words[1]))
                    record.sessions.append(date)
                    record.sets[date, default: 0] += moment.words.compactMap { word in word.split(separator: "x").first.flatMap { Int($0) } }
                        .reduce(0, +)
                default: break
                }
            }
        }
        // Read on the last evening.
        let end = try #require(day)
        try daemon.setClock(toMs: (Int64(end.daysSinceEpoch) * 1440 + 21 * 60) * 60_000)
        let weeks = (0..<6).map { Fixtures.monday.adding(days: -56 + 7 * $0) }  // 2026-10-05 …
        #expect(weeks.first == LocalDate("2026-10-05"))

        // The test's own count, week by week, written out as the fixture says it.
        func dates(_ list: [LocalDate]) -> String { list.isEmpty ? "none" : list.map { PromptContextWeekday.name($0) }.joined(separator: " ") }
        var lines: [String] = []
        var expectedWeeks: [(planned: [LocalDate], done: [LocalDate], missed: [LocalDate], sessions: Int, sets: Int)] = []
        for monday in weeks {
            let days = (0..<7).map { monday.adding(days: $0) }
            let planned = days.filter(record.isPlanned)
            let done = planned.filter { record.sessions.contains($0) && $0 <= end }
            let missed = planned.filter { $0 < end && !record.sessions.contains($0) }
            let sessions = record.sessions.filter { days.contains($0) }.count
            let sets = days.reduce(0) { $0 + (record.sets[$1] ?? 0) }
            expectedWeeks.append((planned, done, missed, sessions, sets))
            lines.append("\(monday)  planned: \(dates(planned)) · done: \(dates(done)) · missed: \(dates(missed)) · \(sessions) session\(sessions == 1 ? "" : "s"), \(sets) set\(sets == 1 ? "" : "s")")
        }
        func mark(_ date: LocalDate) -> String {
            record.sessions.contains(date) ? "done" : record.isPlanned(date) ? (date < end ? "missed" : "planned") : "none"
        }
        for month in ["2026-10", "2026-11"] {
            let first = try #require(LocalDate(month + "-01"))
            let marks = (0..<31).map { first.adding(days: $0) }.filter { $0.description.hasPrefix(month) }
                .map { ["done": "✓", "missed": "✗", "planned": "•", "none": "·"][mark($0)] ?? "?" }
            lines.append("calendar \(month): \(marks.joined())")
        }
        // The prompt's adherence for the four weeks to this one.
        let items = expectedWeeks.suffix(4).enumerated().map { offset, week -> String in
            let monday = weeks[2 + offset]
            let due = week.planned.filter { $0 < end || week.done.contains($0) }
            var text = "\(monday) \(week.done.count)/\(due.count)"
            if week.sessions > week.done.count { text += " +\(week.sessions - week.done.count) extra" }
            if !week.missed.isEmpty { text += ", missed " + week.missed.map(PromptContextWeekday.name).joined(separator: ", ") }
            return text
        }
        let due = expectedWeeks.suffix(4).reduce(0) { $0 + $1.planned.filter { $0 < end }.count }
        let done = expectedWeeks.suffix(4).reduce(0) { $0 + $1.done.count }
        let adherence = "Planned sessions done by week: \(items.joined(separator: "; ")). In all \(done) of \(due) (\(Int((Double(done) / Double(due) * 100).rounded()))%)."
        lines.append(adherence)
        let counted = lines.joined(separator: "\n") + "\n"
        #expect(counted == Fixtures.read(Self.scenarios + "six-weeks.expected"), "the timeline counts as six-weeks.expected says:\n\(counted)")

        // What the daemon says, against the count.
        func readouts(_ daemon: DaemonProcess) throws -> [String] {
            var out: [String] = []
            for (monday, want) in zip(weeks, expectedWeeks) {
                let summary = try JSONParser.parse(try daemon.ctl(["summary", "--week", monday.description, "--json"]).stdout)
                let got = { (key: String) in (summary[key]?.arrayValue ?? []).compactMap { $0.stringValue.flatMap(LocalDate.init) } }
                #expect(got("plannedDays") == want.planned, "\(monday) planned")
                #expect(got("completedPlannedDays") == want.done, "\(monday) done")
                #expect(got("missedDays") == want.missed, "\(monday) missed")
                #expect(summary["sessions"]?.intValue == want.sessions && summary["sets"]?.intValue == want.sets, "\(monday): \(summary)")
                out.append(summary.jsonText)
            }
            for month in ["2026-10", "2026-11"] {
                let calendar = try JSONParser.parse(try daemon.ctl(["calendar", month, "--json"]).stdout)
                for day in calendar["days"]?.arrayValue ?? [] {
                    let date = try #require(day["date"]?.stringValue.flatMap(LocalDate.init))
                    #expect(day["mark"]?.stringValue == mark(date), "\(date): \(day)")
                }
                out.append(calendar.jsonText)
            }
            let prompt = try daemon.ctl(["prompt"]).stdout
            #expect(prompt.contains(adherence), "\(prompt)")
            out.append(prompt)
            return out
        }
        let original = try readouts(daemon)

        // Restored into an empty daemon at the same moment: the same weeks, the same prompt.
        let restored = try DaemonProcess()
        defer { restored.cleanUp() }
        restored.stop()
        try restored.setClock(toMs: (Int64(end.daysSinceEpoch) * 1440 + 21 * 60) * 60_000)
        try restored.start()
        let imported = try restored.ctl(["import", daemon.directory + "/all.json"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try readouts(restored) == original, "the restored copy reads as the original")
    }
}

/// A weekday as the prompt and the fixture name it ("Mon").
enum PromptContextWeekday {
    static func name(_ date: LocalDate) -> String { String(date.weekday.name.prefix(3)) }
}
