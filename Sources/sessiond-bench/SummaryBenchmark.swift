import SessionCore
import SessionStore

/// The weekly summary over a generated history: years of near-daily workouts.
enum SummaryBenchmark {
    static let exercises = [
        "Back Squat", "Bench Press", "Deadlift", "Overhead Press", "Barbell Row", "Pull-Up", "Dip", "Lunge",
        "Romanian Deadlift", "Hip Thrust", "Lat Pulldown", "Leg Press", "Curl", "Triceps Extension", "Plank",
        "Calf Raise", "Face Pull", "Goblet Squat", "Push-Up", "Farmer Carry",
    ]

    /// The days (from 0) of `days` that have a session: six of seven.
    static func sessionDays(_ days: Int) -> [Int] { (0..<days).filter { $0 % 7 != 6 } }

    /// Fills a new database with `totalSets` sets of `names` over `days` days from
    /// `first` (a session on six days of seven) plus daily health samples; returns the
    /// last day.
    static func generate(path: String, totalSets: Int, days: Int,
                         first: LocalDate = LocalDate(year: 2021, month: 11, day: 29) ?? LocalDate(daysSinceEpoch: 18_960),
                         names: [String] = exercises) throws -> LocalDate {
        let database = try Database(path: path)
        let sessionDays = sessionDays(days)
        let perSession = max(1, totalSets / sessionDays.count)
        var written = 0
        var failure: Error?
        try database.groupCommit { _ in
            do {
                for (index, offset) in sessionDays.enumerated() {
                    let date = first.adding(days: offset)
                    let start = Int64(date.daysSinceEpoch) * 86_400_000 + 18 * 3_600_000
                    let session = try database.sessions.insertSession(planDayID: nil, date: date, title: "Training", carriedOver: false, startedAtMs: start)
                    let count = index == sessionDays.count - 1 ? totalSets - written : perSession
                    for set in 0..<count {
                        let name = names[(set / 4 + index) % names.count]
                        let kind: SetKind = set % 10 == 9 ? .warmup : .normal
                        let reps = 5 + set % 8
                        let weight = 20 + Double((index / 7 + set) % 80)
                        let decision = SetDecision(exerciseKey: name.exerciseKey, kind: kind, reps: reps, weightKg: weight,
                                                   previous: SetNumbering(setNumber: set % 4, countedSets: set % 4), bests: .none)
                        _ = try database.sessions.insertSet(NewSet(
                            sessionID: session, plannedExerciseID: nil, exerciseName: name, kind: kind, reps: reps, weightKg: weight,
                            durationSeconds: nil, rpe: set % 3 == 0 ? 8 : nil, note: nil, loggedAtMs: start + Int64(set) * 60_000,
                            requestID: nil, decision: decision))
                    }
                    written += count
                    try database.sessions.finishSession(session, endedAtMs: start + 3_600_000, pausedTotalMs: 0, rpe: 7.5, note: nil)
                    _ = try database.health.insertHealthSample(type: .sleepHours, value: 6 + Double(offset % 3), date: date, recordedAtMs: start, source: nil)
                }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return first.adding(days: days - 1)
    }

    /// Milliseconds (median of `runs`) to read and compute one week's summary and its
    /// prompt context, for weeks spread over the history.
    static func summaryTime(path: String, lastDay: LocalDate, days: Int, runs: Int) throws -> Double {
        let database = try Database(path: path)
        var samples: [Double] = []
        for run in 0..<runs {
            let day = lastDay.adding(days: -((run * 97) % max(1, days - 7)))
            let start = nowNs()
            let summary = SummaryBuilder.build(try database.history.summaryInput(weekStart: day.mondayOfWeek, today: lastDay, plannedDays: []))
            let context = PromptContext.render(summary)
            samples.append(Double(nowNs() - start) / 1e6)
            guard summary.sets > 0, !context.isEmpty else { throw BenchError("an empty summary for the week of \(day.mondayOfWeek)") }
        }
        return Benchmarks.percentile(samples.sorted(), 0.5)
    }
}
