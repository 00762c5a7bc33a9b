import Foundation
import JSON
import SessionCore
import TestSupport
import Testing

@testable import SessionApplication

/// `prompt.render` over four years of imported history: its lines against figures this
/// test computes from the workouts it imported (Epley written out here, sets counted
/// here, the catalog read from its file).
@Suite struct PromptTests {
    /// One imported set: the name as Strong exports it, the catalog's name of it.
    struct LoggedSet {
        let exported: String
        let lift: String
        let warmup: Bool
        let reps: Int
        let kg: Double
        var epley: Double { kg * (1 + Double(reps) / 30) }
    }

    /// A workout every third day from `first` through `last`, A and B in turn: A is
    /// squats, bench presses (until `benchUntil`) and curls; B is deadlifts, overhead
    /// presses and rows. Each main lift has a warm-up set first; loads climb slowly with
    /// noise, reps vary from 3 to 8.
    static func history(from first: LocalDate, through last: LocalDate, benchUntil: LocalDate, seed: UInt64 = 2026) -> [(date: LocalDate, sets: [LoggedSet])] {
        var generator = SplitMix(seed: seed)
        let a: [(String, String, Int, Double)] = [("Squat (Barbell)", "Back Squat", 5, 100), ("Bench Press (Barbell)", "Bench Press", 5, 70),
                                                  ("Bicep Curl (Barbell)", "Barbell Curl", 3, 30)]
        let b: [(String, String, Int, Double)] = [("Deadlift (Barbell)", "Deadlift", 3, 140), ("Overhead Press (Barbell)", "Overhead Press", 4, 45),
                                                  ("Bent Over Row (Barbell)", "Barbell Row", 4, 60)]
        var workouts: [(date: LocalDate, sets: [LoggedSet])] = []
        var date = first
        var index = 0
        while date <= last {
            var sets: [LoggedSet] = []
            for (exported, lift, count, base) in index % 2 == 0 ? a : b where lift != "Bench Press" || date <= benchUntil {
                let progress = Double(date.daysSinceEpoch - first.daysSinceEpoch) / 60 * 1.25
                if lift != "Barbell Curl" { sets.append(LoggedSet(exported: exported, lift: lift, warmup: true, reps: 8, kg: base / 2)) }
                for _ in 0..<count {
                    let kg = ((base + progress) / 2.5).rounded() * 2.5 + Double(Int.random(in: -2...2, using: &generator)) * 2.5
                    sets.append(LoggedSet(exported: exported, lift: lift, warmup: false, reps: Int.random(in: 3...8, using: &generator), kg: kg))
                }
            }
            workouts.append((date, sets))
            date = date.adding(days: 3)
            index += 1
        }
        return workouts
    }

    /// Imports the workouts as `history.import` chunks, as sessionctl sends a Strong CSV.
    static func importHistory(_ client: InProcess, _ workouts: [(date: LocalDate, sets: [LoggedSet])]) throws {
        for (chunk, start) in stride(from: 0, to: workouts.count, by: 200).enumerated() {
            let items = workouts[start..<min(start + 200, workouts.count)].map { workout -> JSONValue in
                .obj(["start": .string("\(workout.date)T18:00:00"), "durationSeconds": 3600, "title": "Strength", "sets": .array(workout.sets.map {
                    .obj(["exercise": .string($0.exported), "reps": JSONValue($0.reps), "weightKg": .number($0.kg), "kind": .string($0.warmup ? "warmup" : "normal")])
                })])
            }
            _ = try client.call("history.import", .obj(["importId": "years", "chunk": JSONValue(chunk), "workouts": .array(Array(items)), "source": "strong"]))
        }
        _ = try client.call("history.import", .obj(["importId": "years", "done": true]))
    }

    /// "yesterday", "9 days ago", "10 weeks ago", as the prompt says it.
    static func ago(_ days: Int) -> String {
        days == 0 ? "today" : days == 1 ? "yesterday" : days < 14 ? "\(days) days ago" : "\(days / 7) weeks ago"
    }

    /// The main lifts' lines as this test works them out: the compound lifts trained in
    /// the twelve weeks to `end`, most counted sets first; each one's latest session's
    /// heaviest set, its best estimate in the window, and the best of its last four
    /// weeks against the best before them.
    static func liftLines(_ workouts: [(date: LocalDate, sets: [LoggedSet])], end: LocalDate, asOf: LocalDate) -> [String] {
        let window = workouts.filter { $0.date > end.adding(days: -84) && $0.date <= end }
        let compound = ["Back Squat", "Bench Press", "Deadlift", "Overhead Press", "Barbell Row"]
        let counted = window.flatMap { workout in workout.sets.filter { !$0.warmup }.map { (date: workout.date, set: $0) } }
        let ranked = compound.map { lift in (lift, counted.filter { $0.set.lift == lift }.count) }.filter { $0.1 > 0 }
            .sorted { ($0.1, $1.0) > ($1.1, $0.0) }.map(\.0)
        return ranked.map { lift in
            let sets = counted.filter { $0.set.lift == lift }
            let last = sets.map(\.date).max() ?? end
            // The heaviest set of the last session, the most reps at it, the first logged.
            var top = sets.first { $0.date == last }!.set
            for item in sets where item.date == last && (item.set.kg > top.kg || item.set.kg == top.kg && item.set.reps > top.reps) { top = item.set }
            let best = sets.map(\.set.epley).max() ?? 0
            let recentStart = last.adding(days: -27)
            let recent = sets.filter { $0.date >= recentStart }.map(\.set.epley).max() ?? 0
            var trend = "no earlier figure in the 12 weeks"
            if let earlier = sets.filter({ $0.date < recentStart }).map(\.set.epley).max() {
                let change = (recent - earlier) / earlier
                trend = (change >= 0.025 ? "progressing " : change <= -0.025 ? "regressed " : "stalled ") + PromptText.percent(change)
            }
            let days = asOf.daysSinceEpoch - last.daysSinceEpoch
            return "- \"\(lift)\" \(PromptText.number(top.kg, decimals: 2)) kg x \(top.reps) on \(last), \(ago(days)); best e1RM \(PromptText.number(best)) kg; \(trend)"
        }
    }

    func userLines(_ prompt: JSONValue) -> [String] { (prompt["user"]?.stringValue ?? "").split(separator: "\n").map(String.init) }

    @Test func fourYearsOfHistoryGiveTheCoachTheirFigures() throws {
        let client = try InProcess()
        let monday = LocalDate(year: 2026, month: 11, day: 16)!
        let sunday = monday.adding(days: 6)
        let benchUntil = LocalDate(year: 2026, month: 9, day: 12)!  // ten weeks before the week's end
        let workouts = Self.history(from: LocalDate(year: 2022, month: 11, day: 1)!, through: monday.adding(days: 5), benchUntil: benchUntil)
        #expect(workouts.count > 450 && workouts.flatMap(\.sets).count > 7000)
        try Self.importHistory(client, workouts)
        var samples: [(LocalDate, Double)] = []
        for day in 0..<35 {
            let date = monday.adding(days: day - 28)
            let hours = 6 + Double((day * 7) % 5) * 0.4
            samples.append((date, hours))
            _ = try client.call("health.record", .obj(["type": "sleepHours", "value": .number(hours), "date": .string(date.description)]))
        }

        let prompt = try client.call("prompt.render", .obj(["weekStart": .string(monday.description)]))
        let lines = userLines(prompt)
        #expect(lines.contains("Week starts Monday \(monday.adding(days: 7))."))
        #expect(lines.contains("As of Sun \(sunday), every figure from the logged record:"), "\(lines)")
        // Each of the four weeks: no plan, and the sessions this test imported in it.
        let weeks = (0..<4).reversed().map { monday.adding(days: -7 * $0) }
        let counts = weeks.map { start in workouts.filter { $0.date >= start && $0.date <= start.adding(days: 6) }.count }
        let items = zip(weeks, counts).map { "\($0) no plan, \($1) session\($1 == 1 ? "" : "s")" }
        #expect(lines.contains("Planned sessions done by week: " + items.joined(separator: "; ") + "."), "\(lines)")
        for (start, count) in zip(weeks, counts) {
            #expect(try client.call("summary.weekly", .obj(["weekStart": .string(start.description)]))["sessions"]?.intValue == count, "as summary.weekly counts")
        }
        let last = try #require(workouts.last?.date)
        #expect(lines.contains("Last training: \(last), \(Self.ago(sunday.daysSinceEpoch - last.daysSinceEpoch))."), "\(lines)")
        #expect(!lines.contains { $0.contains("deload") })

        // The main lifts: Bench Press, ten weeks without it, is not new.
        let expected = Self.liftLines(workouts, end: sunday, asOf: sunday)
        let shown = lines.filter { $0.hasPrefix("- \"") }
        #expect(shown == expected, "\(lines.joined(separator: "\n"))")
        let bench = try #require(shown.first { $0.hasPrefix("- \"Bench Press\"") })
        #expect(bench.contains(" 9 weeks ago;") || bench.contains(" 10 weeks ago;"), "\(bench)")
        #expect(!lines.contains { $0.contains("Bench Press") && $0.hasSuffix("; new") })
        #expect(!shown.contains { $0.contains("Barbell Curl") }, "an isolation lift is not a main lift")

        // Sets per muscle: this week's against the weekly average of the four before.
        let file = CatalogFile()
        func setsPerLift(_ from: LocalDate, _ to: LocalDate) -> [String: Int] {
            var counts: [String: Int] = [:]
            for workout in workouts where workout.date >= from && workout.date <= to {
                for set in workout.sets where !set.warmup { counts[set.lift, default: 0] += 1 }
            }
            return counts
        }
        let now = file.muscleSets(setsPerLift(monday, sunday))
        let before = file.muscleSets(setsPerLift(monday.adding(days: -28), monday.adding(days: -1)))
        let muscles = try #require(lines.first { $0.hasPrefix("Sets per muscle this week (weekly average of the 4 weeks before): ") })
        for muscle in Set(now.keys).union(before.keys) {
            let item = "\(muscle) \(PromptText.number(now[muscle] ?? 0)) (\(PromptText.number((before[muscle] ?? 0) / 4)))"
            #expect(muscles.contains(": \(item),") || muscles.contains(", \(item),") || muscles.contains(" \(item)."), "\(item) in \(muscles)")
        }

        // Sleep: this week's average against the average of the four weeks before.
        let thisWeek = samples.filter { $0.0 >= monday }.map(\.1)
        let fourBefore = samples.filter { $0.0 < monday }.map(\.1)
        let average = thisWeek.reduce(0, +) / Double(thisWeek.count)
        let change = average - fourBefore.reduce(0, +) / Double(fourBefore.count)
        #expect(lines.contains("Health this week (change against the 4 weeks before): sleep \(PromptText.number(average)) h (\(PromptText.signed(change))).")
                , "\(lines)")

        let system = try #require(prompt["system"]?.stringValue)
        let user = try #require(prompt["user"]?.stringValue)
        let schemaTokens = try #require(prompt["schemaTokens"]?.intValue)
        #expect(prompt["estimatedTokens"]?.intValue == (system.utf8.count + 3) / 4 + (user.utf8.count + 3) / 4 + schemaTokens)
        #expect((prompt["estimatedTokens"]?.intValue ?? 999) < 800)
    }

    /// Weeks without training: the prompt says how long and that a coach deloads; after
    /// a gap longer than twelve weeks the lifts are the twelve weeks before it.
    @Test func aGapOfWeeksIsSaidWithTheWorkingSetsBeforeIt() throws {
        let monday = LocalDate(year: 2026, month: 11, day: 16)!
        let sunday = monday.adding(days: 6)
        for last in [LocalDate(year: 2026, month: 10, day: 3)!, LocalDate(year: 2026, month: 6, day: 1)!] {
            let client = try InProcess()
            let workouts = Self.history(from: LocalDate(year: 2023, month: 1, day: 2)!, through: last, benchUntil: last)
            try Self.importHistory(client, workouts)
            let lines = userLines(try client.call("prompt.render", .obj(["weekStart": .string(monday.description)])))
            let trained = try #require(workouts.last?.date)
            let days = sunday.daysSinceEpoch - trained.daysSinceEpoch
            #expect(lines.contains("Last training: \(trained), \(days / 7) weeks ago. A gap of \(days / 7) weeks: deload, start lighter than the last working sets."),
                    "\(lines)")
            let end = days >= 84 ? trained : sunday
            #expect(lines.contains { $0.hasPrefix("Main lifts (") && $0.contains("in the 12 weeks to \(end);") }, "\(lines)")
            #expect(lines.filter { $0.hasPrefix("- \"") } == Self.liftLines(workouts, end: end, asOf: sunday), "\(lines.joined(separator: "\n"))")
            #expect(lines.contains("This week: no sessions."))
        }
    }

    /// A failed attempt of 0 reps at a weight never lifted is no working set: the model
    /// is told the day's heaviest set done, whichever session of the day it was in.
    @Test func aFailedAttemptIsNoWorkingSet() throws {
        let client = try InProcess()
        _ = try client.call("session.start")
        for _ in 0..<2 { _ = try client.call("session.log", .obj(["exercise": "Back Squat", "reps": 5, "weightKg": 105])) }
        _ = try client.call("session.log", .obj(["exercise": "Back Squat", "reps": 0, "weightKg": 140, "kind": "failure"]))
        _ = try client.call("session.finish")
        // A second session the same day of nothing but another failed attempt.
        _ = try client.call("session.start")
        _ = try client.call("session.log", .obj(["exercise": "Back Squat", "reps": 0, "weightKg": 150, "kind": "failure"]))
        _ = try client.call("session.finish")
        let lines = userLines(try client.call("prompt.render"))
        let squat = lines.first { $0.hasPrefix("- \"Back Squat\"") } ?? ""
        #expect(squat.hasPrefix("- \"Back Squat\" 105 kg x 5 on "), "\(lines.joined(separator: "\n"))")
    }
}
