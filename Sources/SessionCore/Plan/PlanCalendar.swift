/// Which plan day a date trains: the plan covering its week, or the active plan
/// carried over by weekday when the date lies past the active plan's week and no newer
/// plan exists.
public enum PlanCalendar {
    /// A plan's week as storage knows it.
    public struct PlanWeek: Sendable, Equatable {
        public let planID: Int64
        public let weekStart: LocalDate
        public let active: Bool
        public init(planID: Int64, weekStart: LocalDate, active: Bool) {
            self.planID = planID
            self.weekStart = weekStart
            self.active = active
        }
    }

    /// The plan to use for `date` and whether it is carried over.
    public struct Choice: Sendable, Equatable {
        public let planID: Int64
        public let carriedOver: Bool
        public init(planID: Int64, carriedOver: Bool) {
            self.planID = planID
            self.carriedOver = carriedOver
        }
    }

    /// Picks the plan for `date` among `plans`: the active plan when its week holds the
    /// date; else the newest plan imported for that week; else the active plan carried
    /// over when the date is past its week and no plan of a later week exists.
    public static func choose(for date: LocalDate, plans: [PlanWeek]) -> Choice? {
        let monday = date.mondayOfWeek
        if let active = plans.first(where: { $0.active && $0.weekStart == monday }) {
            return Choice(planID: active.planID, carriedOver: false)
        }
        if let covering = plans.filter({ $0.weekStart == monday }).max(by: { $0.planID < $1.planID }) {
            return Choice(planID: covering.planID, carriedOver: false)
        }
        guard let active = plans.first(where: \.active), active.weekStart < monday,
            !plans.contains(where: { $0.weekStart > active.weekStart })
        else { return nil }
        return Choice(planID: active.planID, carriedOver: true)
    }

    /// The plan of each day from `first` through `last` (those that have one), as
    /// `choose` picks it among `plans`: what a change of the plans must not alter for
    /// days already past.
    public static func choices(from first: LocalDate, through last: LocalDate, plans: [PlanWeek]) -> [(date: LocalDate, choice: Choice)] {
        guard first <= last, !plans.isEmpty else { return [] }
        return (first.daysSinceEpoch...last.daysSinceEpoch).compactMap { day in
            let date = LocalDate(daysSinceEpoch: day)
            return choose(for: date, plans: plans).map { (date: date, choice: $0) }
        }
    }

    /// `plan` moved to the week starting `monday`, each day on the same weekday: how a
    /// carried-over plan trains that week.
    public static func carry(_ plan: Plan, to monday: LocalDate) -> Plan {
        let offset = monday.daysSinceEpoch - plan.weekStart.daysSinceEpoch
        var moved = plan
        moved.weekStart = monday
        for index in moved.days.indices { moved.days[index].date = moved.days[index].date.adding(days: offset) }
        return moved
    }
}
