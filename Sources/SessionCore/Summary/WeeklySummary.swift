import SessionMacros

/// One ISO week of training and health, condensed: the structured half of
/// `summary.weekly` (the other half is `PromptContext`).
public struct WeeklySummary: Sendable, Equatable {
    public var weekStart: LocalDate
    /// Planned training days in the week.
    public var plannedDays: [LocalDate]
    /// Planned training days before today, and today once it has a finished session
    /// (all of them for a past week): today is not missed while there is time to train.
    public var dueDays: [LocalDate]
    /// Due planned days with a finished session.
    public var completedPlannedDays: [LocalDate]
    /// Due planned days without one.
    public var missedDays: [LocalDate]
    /// Finished sessions in the week (free sessions included; aborted ones are gone).
    public var sessions: Int
    /// completedPlannedDays / dueDays, nil when nothing was due.
    public var adherence: Double?
    public var sets: Int
    public var reps: Int
    public var volumeKg: Double
    public var activeMinutes: Int
    public var averageRPE: Double?
    /// Sets at RPE 9 or more (failure-level effort).
    public var hardSets: Int
    public var exercises: [ExerciseSummary]
    /// Planned exercises of trained days with fewer sets than planned.
    public var skipped: [SkippedExercise]
    public var health: [HealthSummary]
    /// Sets logged per day, Monday first (7 entries), for charts.
    public var volumePerDayKg: [Double]
    /// Hard sets per muscle group, this week and the week before (`MuscleSets`), in
    /// the catalog's order of muscles; those with sets in neither week left out.
    public var muscles: [MuscleSets] = []
    /// The week's one-off moves of a training day: what the planner is told beside the
    /// adherence, so a day moved is not read as one missed and another done extra.
    public var moves: [DayMove] = []
    /// The dates another plan began to govern within the week: the plan replaced or
    /// revised mid-week.
    public var planChanges: [LocalDate] = []
}

/// A planned training day moved for one week (`plan.move`): `to` trains the day of `from`.
@Memberwise @Coded
public struct DayMove: Sendable, Equatable, MemberCodable {
    public var from: LocalDate
    public var to: LocalDate

    public init() { self.init(from: LocalDate(daysSinceEpoch: 0), to: LocalDate(daysSinceEpoch: 0)) }
}

/// The hard sets a muscle group got in a week: a counted set (warm-ups count 0) counts 1
/// for each primary muscle of its exercise and ½ for each secondary one, as the catalog
/// (`ExerciseCatalog`) gives them, or as the person gave them to an exercise of their
/// own (`CustomExercise`); other exercises count for none.
@Memberwise @Coded
public struct MuscleSets: Sendable, Equatable, MemberCodable {
    public var muscle: MuscleGroup
    public var sets: Double
    /// The same for the week before.
    @Member(key: "previousSets") public var previous: Double

    public init() { self.init(muscle: .chest, sets: 0, previous: 0) }

    /// The hard sets a plan's week would give each muscle group, in the catalog's order
    /// of muscles (its planned sets counted as logged ones are), and the planned names
    /// the catalog does not know, which count for none.
    public static func planned(_ plan: Plan, catalog: ExerciseCatalog = .builtIn) -> (muscles: [MuscleSets], unknown: [String]) {
        var perExercise: [String: Int] = [:]
        var unknown: [String] = []
        for exercise in plan.days.filter({ !$0.rest }).flatMap(\.exercises) {
            perExercise[exercise.name.exerciseKey, default: 0] += exercise.sets
            if catalog.exercise(named: exercise.name) == nil { unknown.append(exercise.name) }
        }
        let sets = tally(perExercise, catalog: catalog)
        let muscles = MuscleGroup.allCases.compactMap { muscle in sets[muscle].map { MuscleSets(muscle: muscle, sets: $0, previous: 0) } }
        return (muscles, ExerciseMatcher.distinct(unknown))
    }

    /// Each muscle's sets from counted sets per exercise key: the catalog's muscles of
    /// each exercise, else those given to one's own (`custom`, by key).
    public static func tally(_ setsPerExercise: [String: Int], catalog: ExerciseCatalog = .builtIn, custom: [String: CustomExercise] = [:])
        -> [MuscleGroup: Double]
    {
        var sets: [MuscleGroup: Double] = [:]
        for (key, count) in setsPerExercise {
            guard let muscles = catalog.muscles(ofKey: key, custom: custom) else { continue }
            for muscle in muscles.primary where muscle.isMuscle { sets[muscle, default: 0] += Double(count) }
            for muscle in muscles.secondary where muscle.isMuscle { sets[muscle, default: 0] += Double(count) / 2 }
        }
        return sets
    }
}

/// One exercise's week. Its figures are written rounded (kg to 0.01, the change to
/// 0.0001); reading gives back the rounded values.
@Memberwise @Coded
public struct ExerciseSummary: Sendable, Equatable, MemberCodable {
    /// This week's best against the best of the 4 weeks before (`SummaryBuilder`); with
    /// none there to hold it against, `returning` for an exercise not trained in them
    /// but before them, else `new`.
    public enum Trend: String, Sendable, CaseIterable { case progressing, stalled, regressed, returning, new }
    /// What the best set and the trend are measured in.
    public enum Measure: String, Sendable, CaseIterable { case estimatedOneRepMaxKg, reps, durationSeconds }

    public var name: String
    public var setsDone: Int
    public var setsPlanned: Int
    public var bestSet: SetFigures?
    public var measure: Measure
    /// This week's best in `measure` (the Epley estimate for weighted sets).
    @Member(.number, places: 2) public var best: Double?
    /// The best in the 4 weeks before, nil without history.
    @Member(.number, places: 2) public var previousBest: Double?
    /// (best − previous) / previous, nil without history.
    @Member(.number, places: 4) public var change: Double?
    public var trend: Trend

    public init() {
        self.init(name: "", setsDone: 0, setsPlanned: 0, bestSet: nil, measure: .reps, best: nil, previousBest: nil, change: nil, trend: .new)
    }
}

/// A set's figures.
@Memberwise @Coded
public struct SetFigures: Sendable, Equatable, MemberCodable {
    public var reps: Int?
    public var weightKg: Double?
    public var durationSeconds: Int?

    public init() {}
}

/// A planned exercise done short on a trained day.
@Memberwise @Coded
public struct SkippedExercise: Sendable, Equatable, MemberCodable {
    public var date: LocalDate
    public var name: String
    public var setsDone: Int
    public var setsPlanned: Int

    public init() { self.init(date: LocalDate(daysSinceEpoch: 0), name: "", setsDone: 0, setsPlanned: 0) }
}

/// One health type over the week.
@Memberwise
public struct HealthSummary: Sendable, Equatable {
    public var type: HealthType
    /// The week's average (or latest, for body mass).
    public var value: Double
    public var samples: Int
    /// The same figure before the week, nil without samples: the average of the
    /// `baselineWeeks` before for an averaged type, the week before's latest otherwise.
    public var previous: Double?
    /// The weeks an averaged figure is held against.
    public static let baselineWeeks = 4
    public var change: Double? { previous.map { value - $0 } }
}

/// Every member at its zero, for reading into.
extension WeeklySummary: Blank {
    public init() {
        self.init(weekStart: LocalDate(daysSinceEpoch: 0), plannedDays: [], dueDays: [], completedPlannedDays: [], missedDays: [], sessions: 0,
                  adherence: nil, sets: 0, reps: 0, volumeKg: 0, activeMinutes: 0, averageRPE: nil, hardSets: 0, exercises: [], skipped: [],
                  health: [], volumePerDayKg: [])
    }
}
