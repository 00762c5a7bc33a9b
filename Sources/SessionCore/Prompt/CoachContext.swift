import SessionMacros

/// What a coach needs to write next week, every figure computed from the record: the
/// last four weeks' adherence, each main lift's current working set, twelve-week best
/// and trend, how long since each lift and since any training (a gap of weeks says so:
/// a coach deloads), sets per muscle against the four-week average, recovery against
/// the four weeks before, and what was skipped. `text(maxBytes:)` renders it for the
/// generation prompt within a byte budget, trimming in a fixed order.
///
/// Built from plain inputs (storage reads them, the service passes them): no I/O, no
/// clock; `asOf` is the day the record is read to.
public struct CoachContext: Sendable, Equatable {
    /// One finished session's counted sets (warm-ups left out) of one exercise, as storage
    /// reads them.
    @Memberwise
    public struct LiftSession: Sendable, Equatable {
        /// The session's date.
        public var date: LocalDate
        /// The key the sets are kept under (`ExerciseCatalog.identityKey`).
        public var exerciseKey: String
        /// Counted sets of the exercise in the session.
        public var sets: Int
        /// The session's top working set: the heaviest counted set with reps done (a
        /// failed attempt of 0 reps only when it is all), the most reps at that weight;
        /// nil weight and reps for sets without a load.
        public var topWeightKg: Double?
        /// The top set's reps.
        public var topReps: Int?
        /// The best Epley estimate of the session's counted sets, nil for none.
        public var bestOneRepMaxKg: Double?
    }

    /// A main lift's figures.
    public struct Lift: Sendable, Equatable {
        /// The catalog's name.
        public var name: String
        /// The key its sets are kept under.
        public var exerciseKey: String
        /// Its latest day in the window: the current working set (the heaviest of the
        /// day's sessions' top sets: a light second session does not make it) and its date.
        public var last: LiftSession
        /// The best Epley estimate in the window (twelve weeks).
        public var bestOneRepMaxKg: Double
        public var trend: Trend
        /// Counted sets in the window: what ranks the main lifts.
        public var sets: Int
    }

    /// A lift's best estimate of its last `recentDays` (to its latest session) against
    /// its best earlier in the window.
    public enum Trend: Sendable, Equatable {
        /// At least `SummaryBuilder.trendThreshold` up, down, or within it: the change.
        case progressing(Double), regressed(Double), stalled(Double)
        /// Nothing earlier in the window to hold its last weeks against, but trained
        /// before the window: not new, its trend not known from the window.
        case noEarlierFigure
        /// Never trained before its recent weeks: first trained `since`, and the best
        /// estimate of the first day that has one, with that day, when a later day has one
        /// too (nil: estimated on one day only), which the recent weeks' trend is read from.
        case new(since: LocalDate, first: Estimate?)
    }

    /// A lift's best estimate on a day.
    public struct Estimate: Sendable, Equatable {
        public var date: LocalDate
        public var oneRepMaxKg: Double
    }

    /// A muscle group's hard sets this week (to `asOf`) beside its weekly average over
    /// the four weeks before (`MuscleSets.tally`).
    public struct MuscleWeek: Sendable, Equatable {
        /// The muscle group.
        public var muscle: MuscleGroup
        /// Its hard sets this week.
        public var sets: Double
        /// Its hard sets in the four weeks before, divided by four.
        public var fourWeekAverage: Double
    }

    /// The most main lifts listed.
    public static let mainLiftLimit = 6
    /// The days of the window lifts are read over: twelve weeks.
    public static let windowDays = 84
    /// The days that make a lift's recent figure (its trend's "now"): four weeks.
    public static let recentDays = 28
    /// Days without training, from this many on, that are a gap: the text says so and
    /// that a coach deloads.
    public static let gapDays = 14
    /// The health types set against the four weeks before, in the text's order; body
    /// measurements follow where the goals name them (`healthTypes(goals:)`).
    public static let healthTypes: [HealthType] = [.sleepHours, .restingHeartRate, .hrvMs, .bodyMassKg]

    /// `healthTypes`, then the body measurements `goals` name (`HealthType.isNamed`):
    /// otherwise they are noise to a planner, and private.
    public static func healthTypes(goals: String) -> [HealthType] {
        healthTypes + HealthType.allCases.filter { $0.isBodyMeasurement && $0.isNamed(inGoals: goals) }
    }

    /// The day the record is read to: the summarised week's Sunday, or today in it.
    public var asOf: LocalDate
    /// The last four weeks' summaries, oldest first; the last is the summarised week.
    public var weeks: [WeeklySummary]
    /// The latest finished session on or before `asOf`, nil for none.
    public var lastTraining: LocalDate?
    /// The days lifts were read over (`liftWindow`).
    public var window: ClosedRange<LocalDate>
    /// The main lifts, most sets first.
    public var lifts: [Lift]
    /// Muscles with sets this week or in the four weeks before, in the catalog's order.
    public var muscles: [MuscleWeek]
    /// This week's figure of each of `healthTypes(goals:)` with samples this week (the
    /// average; body mass and measurements their latest), `previous` the average of the
    /// four weeks before (a measurement's: the latest of them).
    public var health: [HealthSummary]

    /// The summarised week: the last of `weeks`.
    public var week: WeeklySummary? { weeks.last }
    /// Days from the last training to `asOf`.
    public var daysSinceTraining: Int? { lastTraining.map { asOf.daysSinceEpoch - $0.daysSinceEpoch } }
    /// True when the last training is `gapDays` or more behind `asOf`.
    public var isGap: Bool { (daysSinceTraining ?? 0) >= Self.gapDays }

    /// The window the lifts are read over: the twelve weeks to `asOf`, or, when the last
    /// training is older than that, the twelve weeks to it (so that after a long gap the
    /// prompt still gives the working sets trained before it).
    public static func liftWindow(asOf: LocalDate, lastTraining: LocalDate?) -> ClosedRange<LocalDate> {
        let end = lastTraining.map { $0 < asOf.adding(days: 1 - windowDays) ? $0 : asOf } ?? asOf
        return end.adding(days: 1 - windowDays)...end
    }

    /// The main lifts of the window's sessions, most counted sets first (then by name),
    /// at most `mainLiftLimit`: the catalog's compound lifts — a squat, hinge, lunge, push,
    /// pull or olympic pattern, not timed, the load not the body's — with an Epley
    /// estimate in the window. Exercises of one's own are not ranked: their movement is
    /// not known.
    public static func mainLifts(in sessions: [LiftSession], catalog: ExerciseCatalog = .builtIn) -> [String] {
        let compound: Set<MovementPattern> = [.squat, .hinge, .lunge, .horizontalPush, .verticalPush, .horizontalPull, .verticalPull, .olympic]
        var sets: [String: Int] = [:]
        var estimated = Set<String>()
        for session in sessions {
            sets[session.exerciseKey, default: 0] += session.sets
            if session.bestOneRepMaxKg != nil { estimated.insert(session.exerciseKey) }
        }
        let eligible = estimated.compactMap { key -> (key: String, name: String, sets: Int)? in
            guard let exercise = catalog.exercise(key: key), compound.contains(exercise.pattern), !exercise.timed, !exercise.countsBodyMass else { return nil }
            return (key, exercise.name, sets[key] ?? 0)
        }
        return eligible.sorted { ($0.sets, $1.name) > ($1.sets, $0.name) }.prefix(mainLiftLimit).map(\.key)
    }

    /// The context from its inputs.
    /// - `weeks`: the summaries of the four weeks to the summarised one, oldest first.
    /// - `asOf`: the day the record is read to (its sets, sessions and samples end there).
    /// - `liftSessions`: the sessions of `liftWindow(asOf:lastTraining:)`.
    /// - `firstTrained`: each main lift's first session ever, by key; a lift without one
    ///   counts as first trained in the window.
    /// - `setsThisWeek`, `setsFourWeeksBefore`: counted sets per exercise key, this week
    ///   to `asOf` and the four weeks before it.
    /// - `health`: samples of the four weeks before the week and of the week; `goals`,
    ///   the person's, decide which body measurements are told.
    public init(weeks: [WeeklySummary], asOf: LocalDate, lastTraining: LocalDate?, liftSessions: [LiftSession], firstTrained: [String: LocalDate],
                setsThisWeek: [String: Int], setsFourWeeksBefore: [String: Int], customExercises: [String: CustomExercise] = [:],
                health: [HealthSample], goals: String = "", catalog: ExerciseCatalog = .builtIn) {
        self.asOf = asOf
        self.weeks = weeks
        self.lastTraining = lastTraining
        let window = Self.liftWindow(asOf: asOf, lastTraining: lastTraining)
        self.window = window
        let inWindow = liftSessions.filter { window.contains($0.date) }.sorted { $0.date < $1.date }
        lifts = Self.mainLifts(in: inWindow, catalog: catalog).compactMap { key in
            Self.lift(key, sessions: inWindow.filter { $0.exerciseKey == key }, firstTrained: firstTrained[key], catalog: catalog)
        }
        let now = MuscleSets.tally(setsThisWeek, catalog: catalog, custom: customExercises)
        let before = MuscleSets.tally(setsFourWeeksBefore, catalog: catalog, custom: customExercises)
        muscles = MuscleGroup.allCases.filter(\.isMuscle).compactMap { muscle in
            let sets = now[muscle] ?? 0
            let average = (before[muscle] ?? 0) / Double(HealthSummary.baselineWeeks)
            return sets > 0 || average > 0 ? MuscleWeek(muscle: muscle, sets: sets, fourWeekAverage: average) : nil
        }
        let weekStart = weeks.last?.weekStart ?? asOf.mondayOfWeek
        self.health = Self.health(health, types: Self.healthTypes(goals: goals), weekStart: weekStart, asOf: asOf)
    }

    /// One lift's figures from its sessions in the window, oldest first: those with an
    /// estimate (a load and reps) only.
    static func lift(_ key: String, sessions all: [LiftSession], firstTrained: LocalDate?, catalog: ExerciseCatalog) -> Lift? {
        let sessions = all.filter { $0.bestOneRepMaxKg != nil }
        guard let last = sessions.last, let best = sessions.compactMap(\.bestOneRepMaxKg).max() else { return nil }
        let recentStart = last.date.adding(days: 1 - recentDays)
        let recent = sessions.filter { $0.date >= recentStart }.compactMap(\.bestOneRepMaxKg).max()
        let earlier = sessions.filter { $0.date < recentStart }.compactMap(\.bestOneRepMaxKg).max()
        let trend: Trend
        if let recent, let earlier, earlier > 0 {
            let change = (recent - earlier) / earlier
            trend = change >= SummaryBuilder.trendThreshold ? .progressing(change) : change <= -SummaryBuilder.trendThreshold ? .regressed(change) : .stalled(change)
        } else if let first = firstTrained ?? sessions.first?.date, first < recentStart {
            trend = .noEarlierFigure
        } else {
            // The first day with an estimate, all its sessions', when it is not the last day.
            let first = sessions.first.flatMap { session -> Estimate? in
                guard session.date < last.date else { return nil }
                let best = sessions.filter { $0.date == session.date }.compactMap(\.bestOneRepMaxKg).max()
                return best.map { Estimate(date: session.date, oneRepMaxKg: $0) }
            }
            trend = .new(since: min(firstTrained ?? last.date, sessions.first?.date ?? last.date), first: first)
        }
        // The day's top set: the heaviest, the most reps at it, the first session's of
        // equals; a failed attempt of 0 reps only where nothing else was done.
        let day = sessions.filter { $0.date == last.date }
        func rank(_ session: LiftSession) -> (Int, Double, Int) { (session.topReps == 0 ? 0 : 1, session.topWeightKg ?? -1, session.topReps ?? 0) }
        var top = day.first ?? last
        for session in day where rank(session) > rank(top) {
            top = session
        }
        return Lift(name: catalog.exercise(key: key)?.name ?? key, exerciseKey: key, last: top, bestOneRepMaxKg: best, trend: trend,
                    sets: all.reduce(0) { $0 + $1.sets })
    }

    /// This week's figure of each of `types` (to `asOf`) beside the average of the four
    /// weeks before the week, or a body measurement's latest in them. Averages are of
    /// daily values (`HealthSample.dailyValues`): a day counts once.
    static func health(_ samples: [HealthSample], types: [HealthType], weekStart: LocalDate, asOf: LocalDate) -> [HealthSummary] {
        let baselineStart = weekStart.adding(days: -7 * HealthSummary.baselineWeeks)
        let days = HealthSample.dailyValues(samples)
        return types.compactMap { type in
            let ofType = days.filter { $0.type == type }
            let thisWeek = ofType.filter { $0.date >= weekStart && $0.date <= asOf }
            let before = ofType.filter { $0.date >= baselineStart && $0.date < weekStart }
            guard !thisWeek.isEmpty else { return nil }
            func latest(_ days: [HealthSample]) -> Double? { days.max { $0.date < $1.date }?.value }
            func average(_ days: [HealthSample]) -> Double { days.reduce(0) { $0 + $1.value } / Double(days.count) }
            let value = type.usesLatest ? latest(thisWeek) ?? 0 : average(thisWeek)
            // A measurement is taken now and then: its last one is what it is held against.
            let previous = before.isEmpty ? nil : type.isBodyMeasurement ? latest(before) : average(before)
            let sampled = samples.count { $0.type == type && $0.date >= weekStart && $0.date <= asOf }
            return HealthSummary(type: type, value: value, samples: sampled, previous: previous)
        }
    }
}
