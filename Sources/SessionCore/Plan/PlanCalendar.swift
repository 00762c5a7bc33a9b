import SessionMacros

/// Which plan governed each date, and which of its days the date trains: derived from
/// the stored plans and the plan events (activations and one-off moves) alone, so every
/// command that asks gets the same answer, a restore that brings the same events back
/// gets the same calendar, and nothing is written at chosen moments to keep it.
///
/// The rules:
/// * The plan that governs a date is the one in force when the date ended (midnight in
///   the daemon's zone); the current date and later ones belong to the plan in force
///   now, but for a date trained already when a plan was activated (below). An event
///   is dated by the day it happened on (in the daemon's zone then, kept with it): it
///   governs that day and later ones, never a day that had ended before it. An
///   activation made on a day trained already (`isTrained`) is dated the day after
///   (`activationDate`): the day keeps the plan it was trained under. A date that
///   ended before any plan was in force is unplanned: neither planned nor missed.
/// * A plan is in force from its activation (an import that activates it, `plan.activate`,
///   a new version of the active plan) until the next activation; a plan whose week
///   starts later does not govern the dates before that week, which keep the plan in
///   force before it.
/// * A date of the governing plan's week trains the plan's day of that weekday; a date
///   past its week trains it carried over by weekday, so training never stops because
///   the planner did not run. Each activation keeps to a last day, past which a plan
///   made for a later week that has been in force takes over: made (the day it was
///   made, not one it was put off to) before its plan's week ended, that week's Sunday;
///   made after, none (an earlier week's plan chosen to go on); a new version activated
///   with its import, its own week and what the plan it revises kept to, or the Sunday
///   of the week it was made in when that one went on. This week's plan imported
///   again, edited or redone after next week's came in keeps to this week.
/// * A one-off move swaps the days two dates of one week train, as a calendar moves an
///   appointment; it applies while the governing plan of the date is the plan it was
///   made under or a later version of it, but for a version that traded the two days
///   itself (`plan move --every-week`: each weekday trains what the other did, by title
///   and exercises), which made the move for every week; an edit of the days (a title,
///   a prescription) keeps it. It applies only to dates that had not ended when it was
///   made. Moves apply in the order they were made.
public struct PlanCalendar: Sendable {
    /// A stored plan as the calendar needs it.
    @Memberwise
    public struct Plan: Sendable, Equatable {
        public let id: Int64
        public let weekStart: LocalDate
        /// The plan this one is a new version of.
        public var revises: Int64? = nil
        /// What each weekday trains, Monday first: its day's title and its exercises'
        /// names in order, one per line; "" for a rest day or none.
        public var trains: [String] = Array(repeating: "", count: 7)

        /// What `weekday` trains.
        func trains(on weekday: Weekday) -> String { trains.indices.contains(weekday.rawValue - 1) ? trains[weekday.rawValue - 1] : "" }
    }

    /// Something that changed which plan or which day governs dates.
    public struct Event: Sendable, Equatable {
        public enum Kind: Sendable, Hashable {
            /// The plan became the one in force.
            case activated(planID: Int64)
            /// The days `from` and `to` (one week) swapped what they train under the plan.
            case moved(planID: Int64, from: LocalDate, to: LocalDate)
        }

        public let kind: Kind
        /// The date (daemon's zone) the event happened on; for an activation, the date it
        /// governs from (`activationDate`: the next one when that day was trained).
        public let date: LocalDate
        /// The date it was made on: `date`, but for an activation put off to the next day.
        public let madeOn: LocalDate
        /// An activation made with its plan's import (a new version's, as `plan set` makes it).
        public let withImport: Bool

        public init(_ kind: Kind, on date: LocalDate, madeOn: LocalDate? = nil, withImport: Bool = false) {
            self.kind = kind
            self.date = date
            self.madeOn = madeOn ?? date
            self.withImport = withImport
        }
    }

    /// What a date trains.
    @Memberwise
    public struct Choice: Sendable, Equatable {
        /// The governing plan.
        public let planID: Int64
        /// The weekday of the plan's day the date trains: its own, unless moved.
        public let weekday: Weekday
        /// The date lies past the plan's week: the plan is carried over.
        public let carriedOver: Bool

        /// True when a move put another day's training (or rest) on the date.
        public func isMoved(on date: LocalDate) -> Bool { weekday != date.weekday }

        /// The date of `date`'s week whose day it trains when a move put it there; nil
        /// for its own.
        public func movedFrom(on date: LocalDate) -> LocalDate? {
            isMoved(on: date) ? date.dayOfWeek(weekday) : nil
        }
    }

    private let plans: [Int64: Plan]
    /// In the order they happened.
    private let events: [Event]

    /// `events` in the order they happened (ties on a date in that order too).
    public init(plans: [Plan], events: [Event]) {
        self.plans = Dictionary(plans.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.events = events
    }

    /// The plan governing `date`, nil when none was in force for it.
    public func governingPlan(of date: LocalDate) -> Plan? {
        // Each activation by the date, with the last day it keeps to before a plan made for
        // a later week takes over: its plan's Sunday when made before that week ended; none
        // (it goes on) when made after; for a new version made with its import, as its
        // predecessor's latest activation did, and at least to the Sunday of the week it
        // was made in (a change for the week at hand), and its own.
        var inForce: [(plan: Plan, keepsTo: LocalDate?)] = []
        var latest: [Int64: LocalDate?] = [:]
        for event in events where event.date <= date {
            guard case .activated(let id) = event.kind, let plan = plans[id] else { continue }
            let sunday = plan.weekStart.adding(days: 6)
            var keepsTo: LocalDate? = event.madeOn <= sunday ? sunday : nil
            if event.withImport, let previous = predecessors(of: plan).lazy.compactMap({ latest[$0] }).first {
                keepsTo = max(previous ?? event.madeOn.mondayOfWeek.adding(days: 6), sunday)
            }
            latest[id] = keepsTo
            if plan.weekStart <= date { inForce.append((plan, keepsTo)) }
        }
        guard let latestWeek = inForce.lazy.map(\.plan.weekStart).max() else { return nil }
        // Past the day it keeps to, a plan gives way to one made for a later week.
        return inForce.last { candidate in
            guard let keepsTo = candidate.keepsTo else { return true }
            return date <= keepsTo || latestWeek <= keepsTo
        }?.plan
    }

    /// The dates of the week of `monday` governed by another plan than the day before
    /// (a plan replaced or revised mid-week); none in a week under one plan, nor where
    /// the week's first plan begins.
    public func planChanges(weekOf monday: LocalDate) -> [LocalDate] {
        let governing = (0..<7).map { choice(for: monday.adding(days: $0))?.planID }
        return (1..<7).compactMap { index in
            guard let before = governing[index - 1], let now = governing[index], before != now else { return nil }
            return monday.adding(days: index)
        }
    }

    /// What `date` trains: its governing plan, and that plan's day for it after the
    /// moves that apply; nil for an unplanned date.
    public func choice(for date: LocalDate) -> Choice? {
        guard let plan = governingPlan(of: date) else { return nil }
        let carriedOver = date > plan.weekStart.adding(days: 6)
        let monday = date.mondayOfWeek
        // The weekday each date of the week trains, moved as the moves say.
        var trains = (0..<7).map { monday.adding(days: $0).weekday }
        let lineage = versions(of: plan)
        for event in events {
            guard case .moved(let planID, let from, let to) = event.kind, Self.isValidMove(from: from, to: to, madeOn: event.date),
                from.mondayOfWeek == monday, lineage.contains(planID), let madeUnder = plans[planID],
                !Self.traded(from.weekday, to.weekday, in: plan, against: madeUnder)
            else { continue }
            let (a, b) = (from.daysSinceEpoch - monday.daysSinceEpoch, to.daysSinceEpoch - monday.daysSinceEpoch)
            trains.swapAt(a, b)
        }
        return Choice(planID: plan.id, weekday: trains[date.daysSinceEpoch - monday.daysSinceEpoch], carriedOver: carriedOver)
    }

    /// Each date from `first` through `last` with what it trains (unplanned dates left out).
    public func choices(from first: LocalDate, through last: LocalDate) -> [(date: LocalDate, choice: Choice)] {
        guard first <= last else { return [] }
        return (first.daysSinceEpoch...last.daysSinceEpoch).compactMap { day in
            let date = LocalDate(daysSinceEpoch: day)
            return choice(for: date).map { (date: date, choice: $0) }
        }
    }

    /// True when `plan` trades the two weekdays `madeUnder` trains differently: each
    /// trains what the other did.
    static func traded(_ first: Weekday, _ second: Weekday, in plan: Plan, against madeUnder: Plan) -> Bool {
        let (was, were) = (madeUnder.trains(on: first), madeUnder.trains(on: second))
        return was != were && plan.trains(on: first) == were && plan.trains(on: second) == was
    }

    /// `plan` and the plans it is a later version of.
    private func versions(of plan: Plan) -> Set<Int64> { Set([plan.id] + predecessors(of: plan)) }

    /// The plans `plan` is a later version of, the one it revises first.
    private func predecessors(of plan: Plan) -> [Int64] {
        var ids: [Int64] = []
        var next = plan.revises
        while let id = next, id != plan.id, !ids.contains(id) {
            ids.append(id)
            next = plans[id]?.revises
        }
        return ids
    }

    /// True when a date's training has been done, or begun: it trains (its governing
    /// plan's day for it is no rest day) and holds a session, finished or still running.
    /// What it trains then stays as it is: a plan activated that day governs from the
    /// next (`activationDate`), and a move does not take its training away (plan.move),
    /// either of which would turn its session extra and leave the training missed. A
    /// rest day or a day no plan governs is never trained: a session on it is extra,
    /// and may become a new plan's or a moved day's training.
    public static func isTrained(trains: Bool, holdsSession: Bool) -> Bool {
        trains && holdsSession
    }

    /// The date an activation made on `today` governs from: today, or tomorrow when
    /// today is trained already (`isTrained`).
    public static func activationDate(madeOn today: LocalDate, todayTrained: Bool) -> LocalDate {
        todayTrained ? today.adding(days: 1) : today
    }

    /// True when a move made on `date` may swap `from` and `to`: two different dates
    /// of one week, neither ended.
    public static func isValidMove(from: LocalDate, to: LocalDate, madeOn date: LocalDate) -> Bool {
        from != to && from.mondayOfWeek == to.mondayOfWeek && from >= date && to >= date
    }

    /// `plan` moved to the week starting `monday`, each day on the same weekday: how a
    /// carried-over plan trains that week.
    public static func carry(_ plan: SessionCore.Plan, to monday: LocalDate) -> SessionCore.Plan {
        let offset = monday.daysSinceEpoch - plan.weekStart.daysSinceEpoch
        var moved = plan
        moved.weekStart = monday
        for index in moved.days.indices { moved.days[index].date = moved.days[index].date.adding(days: offset) }
        return moved
    }
}
