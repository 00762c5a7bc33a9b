/// What changed from one plan to another (`sessionctl plan diff`), day by day and
/// exercise by exercise. Days are matched by weekday, as a plan carries over by
/// weekday; exercises by their key (`String.exerciseKey`: case and spacing aside), in
/// the later plan's order, so an exercise that moved within its day is not reported.
public struct PlanDiff: Sendable, Equatable {
    /// One weekday's changes; nil members did not change.
    public struct Day: Sendable, Equatable {
        public let weekday: Weekday
        /// Its title before and after, when it changed (nil: no such day then).
        public var title: (before: String?, after: String?)?
        /// A rest day before and after, when that changed.
        public var rest: (before: Bool, after: Bool)?
        public var added: [PlannedExercise] = []
        public var removed: [PlannedExercise] = []
        public var changed: [Change] = []

        public var isEmpty: Bool { title == nil && rest == nil && added.isEmpty && removed.isEmpty && changed.isEmpty }

        public static func == (lhs: Day, rhs: Day) -> Bool {
            lhs.weekday == rhs.weekday && lhs.title?.before == rhs.title?.before && lhs.title?.after == rhs.title?.after
                && lhs.rest?.before == rhs.rest?.before && lhs.rest?.after == rhs.rest?.after
                && lhs.added == rhs.added && lhs.removed == rhs.removed && lhs.changed == rhs.changed
        }
    }

    /// An exercise in both, with what differs.
    public struct Change: Sendable, Equatable {
        public let before: PlannedExercise
        public let after: PlannedExercise
        /// The fields that differ, by name: sets, reps, time, weight, rest, superset,
        /// description, name (its spelling).
        public let fields: [String]
    }

    public let days: [Day]

    public var isEmpty: Bool { days.isEmpty }

    public init(from before: Plan, to after: Plan) {
        var days: [Day] = []
        for weekday in Weekday.allCases {
            let old = before.days.first { $0.weekday == weekday }
            let new = after.days.first { $0.weekday == weekday }
            guard old != nil || new != nil else { continue }
            var day = Day(weekday: weekday)
            if old?.title != new?.title { day.title = (old?.title, new?.title) }
            let (wasRest, isRest) = (old.map(\.rest) ?? true, new.map(\.rest) ?? true)
            if wasRest != isRest { day.rest = (wasRest, isRest) }
            let oldExercises = old?.exercises ?? []
            let newExercises = new?.exercises ?? []
            for exercise in newExercises {
                guard let match = oldExercises.first(where: { $0.name.exerciseKey == exercise.name.exerciseKey }) else {
                    day.added.append(exercise)
                    continue
                }
                let fields = Self.differences(match, exercise)
                if !fields.isEmpty { day.changed.append(Change(before: match, after: exercise, fields: fields)) }
            }
            day.removed = oldExercises.filter { exercise in !newExercises.contains { $0.name.exerciseKey == exercise.name.exerciseKey } }
            if !day.isEmpty { days.append(day) }
        }
        self.days = days
    }

    static func differences(_ old: PlannedExercise, _ new: PlannedExercise) -> [String] {
        var fields: [String] = []
        if old.name != new.name { fields.append("name") }
        if old.sets != new.sets { fields.append("sets") }
        if old.reps != new.reps || old.repsMax != new.repsMax || old.amrap != new.amrap { fields.append("reps") }
        if old.durationSeconds != new.durationSeconds { fields.append("time") }
        if old.weightKg != new.weightKg { fields.append("weight") }
        if old.restSeconds != new.restSeconds { fields.append("rest") }
        if old.superset != new.superset { fields.append("superset") }
        if old.description != new.description { fields.append("description") }
        return fields
    }
}
