import SessionCore
import JSON

/// `plan.get`: a stored plan with the ids sessions refer to.
public enum PlanGet: MethodContract {
    public static let method = MethodDescription(
        name: "plan.get", summary: "A plan with its days and planned exercises and their ids.",
        errors: [.planNotFound, .noActivePlan], readsOnly: true, repliesLarge: true)
    public typealias Result = PlanDocument

    @CodedParams
    public struct Params: MethodParams {
        /// Default: the active plan (with `current`, the current plan).
        @Param(.id, "default: the active plan, or with current the current plan")
        public var planID: Int64?
        /// True, without `planID` or `date`: the current plan, the one a change made now
        /// changes: the plan governing today, or tomorrow when today was trained already;
        /// the active plan while none governs (next week's, imported before any for this).
        @Param(.bool, "true, without planId or date: the plan governing today (tomorrow when today was trained), else the active plan")
        public var current: Bool?
        /// The plan that covers this day instead (kept for past days, carried over to
        /// later weeks): not with `planID`.
        @Param(.date, "instead of planId: the plan that covers this day (as sessions and summaries take it)")
        public var date: LocalDate?

        public mutating func validate(_ params: inout SessionRPC.Params) { params.failWeekPastTheLastDate("date", date) }

        /// The current plan's params (`current`), what a person's "the plan" means.
        public static var currentPlan: Params { Params { $0.current = true } }
    }
}

/// A stored plan: the domain plan with its row ids and import facts.
public struct PlanDocument: CodedResult, Equatable {
    public var planID: Int64 = 0
    public var active = false
    /// RFC 3339 in the daemon's zone.
    public var importedAt = ""
    public var plan = Plan(name: "", weekStart: LocalDate(daysSinceEpoch: 0), days: [])
    /// Row ids parallel to `plan.days`.
    public var dayIDs: [Int64] = []
    /// Planned-exercise row ids parallel to each day's exercises.
    public var exerciseIDs: [[Int64]] = []
    /// True for the current plan (`Params.current`): a new version of it is activated,
    /// to govern from today (tomorrow when today was trained).
    public var current = false
    /// Asked for by date: the Monday of the later week this plan was carried over to.
    public var carriedOverTo: LocalDate?
    /// Asked for by date: each date of its week as the plan calendar has it (which plan
    /// governs it, the day it trains); empty when asked for by id.
    public var week: [CalendarDay] = []

    public init() {}

    public init(planID: Int64, active: Bool, importedAt: String, plan: Plan, dayIDs: [Int64], exerciseIDs: [[Int64]], carriedOverTo: LocalDate? = nil) {
        precondition(dayIDs.count == plan.days.count && zip(exerciseIDs, plan.days).allSatisfy { $0.count == $1.exercises.count },
                     "one id per day and per exercise")
        self.planID = planID
        self.active = active
        self.importedAt = importedAt
        self.plan = plan
        self.dayIDs = dayIDs
        self.exerciseIDs = exerciseIDs
        self.carriedOverTo = carriedOverTo
    }

    public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.id("planId", &planID)
        try coder.string("name", &plan.name)
        try coder.date("weekStart", &plan.weekStart)
        try coder.bool("active", &active)
        try coder.flag("current", &current)
        try coder.timestamp("importedAt", &importedAt)
        try coder.omitted("carriedOverTo", &carriedOverTo)
        try coder.parts("week", &week)
        // The days with their ids, as the wire has them; read, they are taken apart again.
        var days = zip(plan.days, zip(dayIDs, exerciseIDs)).map { Day(day: $0, id: $1.0, exerciseIDs: $1.1) }
        try coder.objects("days", &days)
        if coder.reads {
            plan.days = days.map(\.day)
            dayIDs = days.map(\.id)
            exerciseIDs = days.map { $0.exercises.map(\.id) }
        }
    }

    /// The plan day `calendarDay` trains, when it is one of this plan's (its `week`
    /// entries, asked for by date, name the plan and day each date trains, one-off
    /// moves applied); nil on a rest day, a date before any plan was in force, or one
    /// another plan governs.
    public func planDay(of calendarDay: CalendarDay) -> PlanDay? {
        guard !calendarDay.rest, calendarDay.planID == planID, let index = dayIDs.firstIndex(where: { $0 == calendarDay.planDayID }) else { return nil }
        return plan.days[index]
    }

    /// The plan day `date` of this plan's `week` trains (`planDay(of:)`).
    public func planDay(on date: LocalDate) -> PlanDay? {
        week.first { $0.date == date }.flatMap(planDay(of:))
    }

    /// A stored day: its row id, the day's own members, and its exercises with theirs.
    struct Day: CodedObject {
        var id: Int64 = 0
        var day = PlanDay()
        var exercises: [Exercise] = []

        init() {}

        init(day: PlanDay, id: Int64, exerciseIDs: [Int64]) {
            self.id = id
            self.day = day
            exercises = zip(day.exercises, exerciseIDs).enumerated().map { Exercise(id: $1.1, position: $0 + 1, exercise: $1.0) }
        }

        mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
            try coder.id("planDayId", &id)
            try day.codeHeader(&coder)
            try coder.objects("exercises", &exercises)
            if coder.reads { day.exercises = exercises.map(\.exercise) }
        }
    }

    /// A stored planned exercise: its row id and position, then its own members.
    @Coded
    struct Exercise: CodedObject {
        @Member(key: "plannedExerciseId") var id: Int64 = 0
        var position = 0
        @Member(.members) var exercise = PlannedExercise()

        init() {}

        init(id: Int64, position: Int, exercise: PlannedExercise) {
            (self.id, self.position, self.exercise) = (id, position, exercise)
        }
    }
}

/// A date as the plan calendar has it: the plan governing it (none: unplanned, before
/// any plan was in force) and the plan day it trains, moved there when a one-off move
/// put another day's training on it.
@Coded
public struct CalendarDay: CodedObject, Equatable, Sendable {
    public var date = LocalDate(daysSinceEpoch: 0)
    @Member(.omitted) public var planID: Int64?
    @Member(.omitted) public var planDayID: Int64?
    @Member(.omitted) public var title: String?
    public var rest = true
    /// The date of its week whose training it took by a one-off move, when it is not
    /// its own.
    @Member(.omitted) public var movedFrom: LocalDate?
}
