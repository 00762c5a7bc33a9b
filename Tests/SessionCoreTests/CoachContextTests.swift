import Testing
import TestSupport
@testable import SessionCore

/// The coach's context: its figures against figures computed here from the inputs, its
/// lines, and its trimming within the prompt's budget.
@Suite struct CoachContextTests {
    let monday = Fixtures.monday  // 2026-11-30
    var sunday: LocalDate { monday.adding(days: 6) }

    /// Epley, written out here: w × (1 + reps / 30).
    func epley(_ kg: Double, _ reps: Int) -> Double { kg * (1 + Double(reps) / 30) }

    func session(_ daysBeforeSunday: Int, _ name: String, sets: Int = 3, kg: Double, reps: Int) -> CoachContext.LiftSession {
        // Kept under the key storage keeps them under: the catalog's.
        CoachContext.LiftSession(date: sunday.adding(days: -daysBeforeSunday), exerciseKey: ExerciseCatalog.builtIn.identityKey(name.exerciseKey, aliasTarget: nil), sets: sets, topWeightKg: kg, topReps: reps,
                                 bestOneRepMaxKg: epley(kg, reps))
    }

    /// A week's summary: training planned on `planned` (offsets from its Monday), a
    /// session on each of `trained`.
    func week(_ weeksBack: Int, planned: [Int] = [], trained: [Int] = [], skipped: [String] = []) -> WeeklySummary {
        let start = monday.adding(days: -7 * weeksBack)
        let days = planned.map { offset in
            SummaryInput.PlannedDay(date: start.adding(days: offset), exercises: skipped.enumerated().map { (id: Int64(offset * 100 + $0.offset), name: $0.element, sets: 3) })
        }
        let sessions = trained.map { SummaryInput.Session(id: Int64($0 + 1), date: start.adding(days: $0), activeSeconds: 3600, rpe: nil) }
        return SummaryBuilder.build(SummaryInput(weekStart: start, today: sunday.adding(days: 1), plannedDays: days, sessions: sessions, sets: [], history: [:], health: []))
    }

    func context(weeks: [WeeklySummary]? = nil, asOf: LocalDate? = nil, lastTraining: LocalDate?, sessions: [CoachContext.LiftSession] = [],
                 firstTrained: [String: LocalDate] = [:], thisWeek: [String: Int] = [:], before: [String: Int] = [:], health: [HealthSample] = []) -> CoachContext {
        CoachContext(weeks: weeks ?? (0..<4).reversed().map { week($0) }, asOf: asOf ?? sunday, lastTraining: lastTraining, liftSessions: sessions,
                     firstTrained: firstTrained, setsThisWeek: thisWeek, setsFourWeeksBefore: before, health: health)
    }

    func lineOf(_ text: String, _ prefix: String) -> String? { text.split(separator: "\n").map(String.init).first { $0.hasPrefix(prefix) } }

    @Test func aGapOfWeeksSaysSoAndThatACoachDeloads() throws {
        for (days, gap) in [(0, false), (3, false), (13, false), (14, true), (35, true), (200, true)] {
            let last = sunday.adding(days: -days)
            let text = context(lastTraining: last).text(maxBytes: 4000)
            let line = try #require(lineOf(text, "Last training: "))
            #expect(line.hasPrefix("Last training: \(last), "), "\(line)")
            #expect(line.contains("deload") == gap, "\(days) days: \(line)")
            if gap { #expect(line.contains("A gap of \(days / 7) weeks"), "\(line)") }
        }
        #expect(context(lastTraining: sunday.adding(days: -3)).text(maxBytes: 4000).contains("Last training: 2026-12-03, 3 days ago."))
        #expect(context(lastTraining: nil).text(maxBytes: 4000).contains("No training logged yet."))
        // After a gap longer than the window, the lifts are the twelve weeks to the last
        // training: the working sets trained before it.
        let last = sunday.adding(days: -200)
        let before = context(lastTraining: last, sessions: [session(200, "Bench Press", kg: 90, reps: 3), session(230, "Bench Press", kg: 80, reps: 5)])
        #expect(before.window == last.adding(days: -83)...last)
        let text = before.text(maxBytes: 4000)
        #expect(text.contains("best e1RM in the 12 weeks to \(last);") && text.contains("- \"Bench Press\" 90 kg x 3 on \(last), 28 weeks ago; best e1RM 99 kg; progressing +6%"),
                "\(text)")
    }

    /// The bug this replaces compared a lift with the four weeks before only: a lift of
    /// years, not done lately, read as new.
    @Test func aLiftLastDoneTenWeeksAgoIsNotNew() throws {
        let years = LocalDate(year: 2022, month: 3, day: 1)!
        // Bench: 10 and 11 weeks ago, within four weeks of each other: nothing earlier in
        // the window to hold them against, years before it. Squat: 11 weeks ago and 5
        // weeks ago, a trend. Row: this week, for the first time.
        let sessions = [session(77, "Bench Press", kg: 80, reps: 5), session(70, "Bench Press", kg: 85, reps: 5),
                        session(80, "Back Squat", kg: 120, reps: 5), session(35, "Back Squat", kg: 125, reps: 5), session(2, "Barbell Row", kg: 60, reps: 8)]
        let coach = context(lastTraining: sunday.adding(days: -2), sessions: sessions,
                            firstTrained: ["bench press": years, "back squat": years, "barbell row": sunday.adding(days: -2)])
        #expect(coach.lifts.first { $0.name == "Bench Press" }?.trend == .noEarlierFigure)
        #expect(coach.lifts.first { $0.name == "Back Squat" }?.trend == .progressing((epley(125, 5) - epley(120, 5)) / epley(120, 5)))
        #expect(coach.lifts.first { $0.name == "Barbell Row" }?.trend == .new(since: sunday.adding(days: -2), first: nil))
        let text = coach.text(maxBytes: 4000)
        let benchBest = PromptText.number(epley(85, 5))
        #expect(text.contains("- \"Bench Press\" 85 kg x 5 on \(sunday.adding(days: -70)), 10 weeks ago; best e1RM \(benchBest) kg; no earlier figure in the 12 weeks"),
                "\(text)")
        #expect(text.contains("- \"Back Squat\" 125 kg x 5 on \(sunday.adding(days: -35)), 5 weeks ago; best e1RM 145.8 kg; progressing +4%"), "\(text)")
        #expect(text.contains("- \"Barbell Row\" 60 kg x 8 on \(sunday.adding(days: -2)), 2 days ago; best e1RM 76 kg; new"), "\(text)")
        // Without its first session known, a lift counts from the window: new since its
        // first session there, whose estimate the text gives beside the best.
        let fromWindow = context(lastTraining: sunday, sessions: sessions)
        #expect(fromWindow.lifts.first { $0.name == "Bench Press" }?.trend == .new(since: sunday.adding(days: -77),
                                                                                         first: .init(date: sunday.adding(days: -77), oneRepMaxKg: epley(80, 5))))
        #expect(fromWindow.text(maxBytes: 4000).contains(
            "- \"Bench Press\" 85 kg x 5 on \(sunday.adding(days: -70)), 10 weeks ago; best e1RM \(benchBest) kg; new since \(sunday.adding(days: -77)), its first e1RM \(PromptText.number(epley(80, 5))) kg"),
                "\(fromWindow.text(maxBytes: 4000))")
    }

    /// A new lift's first estimate is its first day's best, whichever session of the day
    /// holds it, said with that day when the lift was first trained earlier (unloaded).
    @Test func aNewLiftsFirstEstimateIsItsFirstDaysBest() throws {
        let sessions = [session(20, "Back Squat", kg: 40, reps: 5), session(20, "Back Squat", kg: 100, reps: 5), session(2, "Back Squat", kg: 105, reps: 5)]
        let coach = context(lastTraining: sunday.adding(days: -2), sessions: sessions, firstTrained: ["back squat": sunday.adding(days: -25)])
        let first = CoachContext.Estimate(date: sunday.adding(days: -20), oneRepMaxKg: epley(100, 5))
        #expect(coach.lifts.first?.trend == .new(since: sunday.adding(days: -25), first: first))
        let text = coach.text(maxBytes: 4000)
        #expect(text.contains("new since \(sunday.adding(days: -25)), its first e1RM \(PromptText.number(epley(100, 5))) kg on \(sunday.adding(days: -20))"), "\(text)")
    }

    /// The current working set is the day's heaviest: a light second session the same
    /// day (a technique set, a warm-down) does not make it. A lift of one day is new.
    @Test func theWorkingSetIsTheLatestDaysHeaviest() throws {
        let years = LocalDate(year: 2022, month: 3, day: 1)!
        let sessions = [session(35, "Back Squat", kg: 120, reps: 5), session(2, "Back Squat", kg: 105, reps: 5), session(2, "Back Squat", kg: 40, reps: 5),
                        session(2, "Deadlift", kg: 140, reps: 5), session(2, "Deadlift", kg: 60, reps: 8)]
        let coach = context(lastTraining: sunday.adding(days: -2), sessions: sessions, firstTrained: ["back squat": years])
        let text = coach.text(maxBytes: 4000)
        #expect(text.contains("- \"Back Squat\" 105 kg x 5 on \(sunday.adding(days: -2)), 2 days ago;"), "\(text)")
        #expect(text.contains("- \"Deadlift\" 140 kg x 5 on \(sunday.adding(days: -2)), 2 days ago; best e1RM \(PromptText.number(epley(140, 5))) kg; new\n")
                || text.hasSuffix("; new"), "\(text)")
    }

    @Test func theBestEstimateIsTheTwelveWeeks() throws {
        // Heavier 13 weeks ago (outside), then a session every week of the window.
        var sessions = [session(91, "Deadlift", kg: 200, reps: 3)]
        for weeksBack in 0..<12 { sessions.append(session(weeksBack * 7, "Deadlift", kg: 150 + Double(weeksBack % 5) * 5, reps: 5 - weeksBack % 3)) }
        let coach = context(lastTraining: sunday, sessions: sessions, firstTrained: ["deadlift": sunday.adding(days: -91)])
        let deadlift = try #require(coach.lifts.first)
        let inWindow = sessions.filter { $0.date > sunday.adding(days: -84) }
        let best = inWindow.map { epley($0.topWeightKg ?? 0, $0.topReps ?? 0) }.max() ?? 0
        #expect(deadlift.bestOneRepMaxKg == best && best < epley(200, 3))
        // The trend: the best of the last 4 weeks (to its latest session) against the 8 before.
        let recent = inWindow.filter { $0.date > sunday.adding(days: -28) }.map { epley($0.topWeightKg ?? 0, $0.topReps ?? 0) }.max() ?? 0
        let earlier = inWindow.filter { $0.date <= sunday.adding(days: -28) }.map { epley($0.topWeightKg ?? 0, $0.topReps ?? 0) }.max() ?? 1
        let change = (recent - earlier) / earlier
        #expect(deadlift.trend == (change >= 0.025 ? .progressing(change) : change <= -0.025 ? .regressed(change) : .stalled(change)), "\(deadlift.trend)")
        #expect(deadlift.last == sessions.max { $0.date < $1.date }, "the current working set is the latest session's top set")
        #expect(coach.window == sunday.adding(days: -83)...sunday)
    }

    /// Compound catalog lifts with an estimate, ranked by sets; isolation, timed,
    /// body-weight and one's own exercises are not main lifts.
    @Test func mainLiftsAreTheCatalogsCompoundLiftsBySets() {
        let sessions = [
            session(1, "Squat (Barbell)", sets: 5, kg: 100, reps: 5), session(2, "Bench Press", sets: 6, kg: 80, reps: 5),
            session(3, "Bicep Curl", sets: 9, kg: 15, reps: 10), session(3, "Weighted Pull Up", sets: 9, kg: 10, reps: 5),
            session(4, "Sled Drag Uphill", sets: 12, kg: 50, reps: 1), session(5, "Overhead Press", sets: 4, kg: 50, reps: 5),
            session(6, "Romanian Deadlift", sets: 4, kg: 90, reps: 8), session(8, "Leg Press", sets: 2, kg: 150, reps: 10),
            session(9, "Barbell Row", sets: 3, kg: 60, reps: 8), session(10, "Lunge", sets: 1, kg: 20, reps: 10),
        ]
        let keys = CoachContext.mainLifts(in: sessions)
        #expect(keys == ["bench press", "back squat", "overhead press", "romanian deadlift", "barbell row", "leg press"], "\(keys)")
        #expect(keys.count == CoachContext.mainLiftLimit)
    }

    @Test func setsPerMuscleAgainstTheFourWeekAverage() throws {
        let thisWeek = ["bench press": 9, "back squat": 5]
        let before = ["bench press": 40, "deadlift": 12, "back squat": 20]
        let coach = context(lastTraining: sunday, thisWeek: thisWeek, before: before)
        let file = CatalogFile()
        let now = file.muscleSets(["Bench Press": 9, "Back Squat": 5])
        let earlier = file.muscleSets(["Bench Press": 40, "Deadlift": 12, "Back Squat": 20])
        #expect(Set(coach.muscles.map(\.muscle.rawValue)) == Set(now.keys).union(earlier.keys))
        for muscle in coach.muscles {
            #expect(muscle.sets == now[muscle.muscle.rawValue] ?? 0 && muscle.fourWeekAverage == (earlier[muscle.muscle.rawValue] ?? 0) / 4, "\(muscle)")
        }
        let line = try #require(lineOf(coach.text(maxBytes: 4000), "Sets per muscle this week"))
        #expect(line.contains("chest 9 (10)") && line.contains("hamstrings 0 (3)"), "\(line)")
    }

    /// Several samples of a day count once, at the day's latest by recording time.
    @Test func healthAveragesDailyValues() throws {
        let samples = [
            HealthSample(type: .sleepHours, value: 8, date: monday, recordedAtMs: 1), HealthSample(type: .sleepHours, value: 6, date: monday, recordedAtMs: 2),
            HealthSample(type: .sleepHours, value: 7, date: monday.adding(days: 1), recordedAtMs: 3),
            HealthSample(type: .sleepHours, value: 5, date: monday.adding(days: -1), recordedAtMs: 9), HealthSample(type: .sleepHours, value: 9, date: monday.adding(days: -1), recordedAtMs: 8),
            HealthSample(type: .sleepHours, value: 8, date: monday.adding(days: -2), recordedAtMs: 0),
        ]
        let coach = context(lastTraining: sunday, health: samples)
        // This week: Monday's latest 6 and Tuesday's 7; before: Sunday's latest 5 and Saturday's 8.
        #expect(coach.health.first?.type == .sleepHours && coach.health.first?.value == 6.5 && coach.health.first?.previous == 6.5, "\(coach.health)")
        #expect(coach.health.first?.samples == 3)
    }

    @Test func healthAgainstTheFourWeeksBefore() throws {
        var samples: [HealthSample] = []
        func add(_ type: HealthType, _ daysBeforeMonday: Int, _ value: Double) {
            samples.append(HealthSample(type: type, value: value, date: monday.adding(days: -daysBeforeMonday), recordedAtMs: Int64(samples.count)))
        }
        for day in 1...35 { add(.sleepHours, day, 6 + Double(day % 4) * 0.5) }  // day 29…35 is before the four weeks
        for day in [-1, -3] { add(.sleepHours, day, 6) }
        for (day, kg) in [(10, 82.0), (20, 83.0), (-1, 81.0), (-4, 80.5), (-2, 81.5)] { add(.bodyMassKg, day, kg) }
        add(.hrvMs, -2, 50)
        add(.restingHeartRate, 5, 55)
        add(.steps, -2, 9000)
        let coach = context(lastTraining: sunday, health: samples)
        let sleepBefore = (1...28).map { 6 + Double($0 % 4) * 0.5 }
        #expect(coach.health.map(\.type) == [.sleepHours, .hrvMs, .bodyMassKg], "resting HR had nothing this week; steps are not asked for")
        #expect(coach.health[0].value == 6 && coach.health[0].previous == sleepBefore.reduce(0, +) / 28)
        #expect(coach.health[1].previous == nil)
        #expect(coach.health[2].value == 80.5 && coach.health[2].previous == 82.5, "the latest this week against the four weeks' average")
        let line = try #require(lineOf(coach.text(maxBytes: 4000), "Health this week"))
        #expect(line == "Health this week (change against the 4 weeks before): sleep 6 h (-0.8), HRV 50 ms, body mass 80.5 kg (-2).", "\(line)")
        // A waist measurement is told only where the goals name it.
        add(.waistCm, 10, 92)
        add(.waistCm, 3, 90)
        add(.waistCm, -1, 88)
        #expect(!context(lastTraining: sunday, health: samples).text(maxBytes: 4000).contains("waist"))
        let named = CoachContext(weeks: [week(0)], asOf: sunday, lastTraining: sunday, liftSessions: [], firstTrained: [:], setsThisWeek: [:],
                                 setsFourWeeksBefore: [:], health: samples, goals: "a smaller waist")
        #expect(named.health.last == HealthSummary(type: .waistCm, value: 88, samples: 1, previous: 90), "against the last one taken before")
    }

    /// A week whose Friday moved to Saturday and whose plan another replaced from
    /// Thursday says so beside its adherence: the planner reads Saturday as Friday's
    /// session moved, not as one missed and one extra.
    @Test func aWeeksMovesAndNewPlansAreTold() throws {
        let start = monday.adding(days: -7)
        let days = [SummaryInput.PlannedDay(date: start, exercises: []),
                    SummaryInput.PlannedDay(date: start.adding(days: 5), exercises: [], movedFrom: start.adding(days: 4))]
        var input = SummaryInput(weekStart: start, today: sunday, plannedDays: days,
                                 sessions: [0, 5].map { SummaryInput.Session(id: Int64($0 + 1), date: start.adding(days: $0), activeSeconds: 3600, rpe: nil) },
                                 sets: [], history: [:], health: [])
        input.planChanges = [start.adding(days: 3)]
        let moved = SummaryBuilder.build(input)
        #expect(moved.moves == [DayMove(from: start.adding(days: 4), to: start.adding(days: 5))] && moved.planChanges == [start.adding(days: 3)])
        let text = context(weeks: [moved, week(0)], lastTraining: start.adding(days: 5)).text(maxBytes: 4000)
        #expect(lineOf(text, "Planned sessions done by week: ")?.hasPrefix("Planned sessions done by week: 2026-11-23 2/2, Fri moved to Sat, new plan from Thu; ") == true,
                "\(lineOf(text, "Planned sessions done by week: ") ?? text)")
    }

    @Test func adherenceOfEachOfTheLastFourWeeks() throws {
        let weeks = [week(3, planned: [0, 2, 4], trained: [0, 2, 4]), week(2, planned: [0, 2, 4], trained: [0, 4, 5]), week(1, trained: [1, 3]),
                     week(0, planned: [0, 2, 4], trained: [])]
        let text = context(weeks: weeks, lastTraining: monday.adding(days: -4)).text(maxBytes: 4000)
        #expect(lineOf(text, "Planned sessions done by week: ")
                == "Planned sessions done by week: 2026-11-09 3/3; 2026-11-16 2/3 +1 extra, missed Wed; 2026-11-23 no plan, 2 sessions; 2026-11-30 0/3, missed Mon, Wed, Fri. In all 5 of 9 (56%).")
        #expect(lineOf(text, "This week") == "This week: no sessions.")
    }

    /// A record as large as it gets, beside a profile at its bounds: the whole prompt
    /// stays under the budget, and what is trimmed goes in the documented order.
    @Test func aLargeRecordStaysWithinTheBudgetTrimmingInOrder() throws {
        let names = ["Back Squat", "Bench Press", "Deadlift", "Overhead Press", "Barbell Row", "Romanian Deadlift", "Front Squat", "Leg Press"]
        var sessions: [CoachContext.LiftSession] = []
        for day in stride(from: 0, to: 84, by: 2) { for (index, name) in names.enumerated() { sessions.append(session(day, name, kg: 60 + Double(index * 10 + day % 7), reps: 5)) } }
        let skipped = (0..<12).map { "Accessory Number \($0) With A Very Long Name" }
        let weeks = [week(3, planned: [0, 1, 2, 3, 4, 5]), week(2, planned: [0, 1, 2, 3, 4, 5]), week(1, planned: [0, 1, 2, 3, 4, 5]),
                     week(0, planned: [0, 1, 2, 3, 4, 5], trained: [0, 1, 2, 3, 4], skipped: skipped)]
        let counts = Dictionary(uniqueKeysWithValues: ExerciseCatalog.builtIn.exercises.prefix(200).map { ($0.key, 3) })
        let health = CoachContext.healthTypes.flatMap { type in (0..<35).map { HealthSample(type: type, value: type.bounds.lowerBound + Double($0), date: sunday.adding(days: -$0), recordedAtMs: 0) } }
        let coach = context(weeks: weeks, lastTraining: sunday, sessions: sessions, thisWeek: counts, before: counts, health: health)
        let full = coach.text(maxBytes: 100_000)
        #expect(coach.lifts.count == CoachContext.mainLiftLimit && coach.muscles.count > 15 && coach.health.count == 4)
        let worst = Profile {
            $0.goals = String(repeating: "g", count: Profile.Limits.goalsLength)
            $0.equipment = (0..<Profile.Limits.equipmentCount).map { _ in String(repeating: "e", count: Profile.Limits.equipmentLength) }
            $0.weightsKg = (0..<Profile.Limits.weightsCount).map { index in 400 + Double(index) + 0.25 }
        }
        // A schema as long as the plan's (SessionFormats' tests use the plan's own).
        let schema = String(repeating: "s", count: 1_500)
        for profile in [Profile { $0.goals = "Stronger" }, worst] {
            let prompt = GenerationPrompt(profile: profile, coach: coach, weekStart: sunday.adding(days: 1), schema: schema)
            #expect(prompt.estimatedTokens < GenerationPrompt.tokenBudget, "\(prompt.estimatedTokens) tokens")
            #expect(prompt.estimatedTokens > GenerationPrompt.tokenBudget - 30, "the budget is used (to within a lift's line)")
            #expect(prompt.user.contains("Planned sessions done by week: ") && prompt.user.contains("Last training: "), "never trimmed")
            #expect(!prompt.user.contains(full), "the full record does not fit")
        }
        // Over every budget: a section loses items only once every section before it in
        // the trimming order is gone.
        let order = ["Skipped this week: ", "Sets per muscle this week", "Main lifts", "Health this week", "This week: "]
        /// 0: gone (or only its count said), 1: some items left out, 2: whole.
        func state(_ text: String, _ prefix: String) -> Int {
            guard let line = lineOf(text, prefix), !line.hasSuffix(", not listed for length.") else { return 0 }
            return line.contains(" more)") ? 1 : 2
        }
        #expect(order.allSatisfy { state(full, $0) == 2 }, "\(full)")
        var partial = Set<String>()
        for bytes in stride(from: 450, through: full.utf8.count + 10, by: 11) {
            let text = coach.text(maxBytes: bytes)
            #expect(text.utf8.count <= bytes && !text.hasSuffix("…"), "\(bytes) bytes")
            for (index, prefix) in order.enumerated() where state(text, prefix) < 2 {
                if state(text, prefix) == 1 { partial.insert(prefix) }
                #expect(order[..<index].allSatisfy { state(text, $0) == 0 }, "\(bytes) bytes: \(prefix) trimmed before the sections trimmed earlier:\n\(text)")
            }
        }
        #expect(partial == Set(order.dropLast()), "each list was seen cut short: \(partial)")
        // A list left out whole says how many it had, while the budget has room for it.
        let skippedCounted = stride(from: 450, through: full.utf8.count, by: 7).lazy.map { coach.text(maxBytes: $0) }.first { lineOf($0, "Skipped this week: ") != nil }
        #expect(skippedCounted.flatMap { lineOf($0, "Skipped this week: ") } == "Skipped this week: \(weeks[3].skipped.count), not listed for length.")
    }
}
