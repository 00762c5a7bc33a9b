import SessionCore

/// A plan as stored: the domain plan plus the ids other records refer to.
public struct StoredPlan: Sendable, Equatable {
    public let id: Int64
    public let importedAtMs: Int64
    public let active: Bool
    public let plan: Plan
    /// Row ids parallel to `plan.days`.
    public let dayIDs: [Int64]
    /// Planned-exercise row ids parallel to each day's `exercises`.
    public let exerciseIDs: [[Int64]]
}

/// One line of `plan.list`.
public struct PlanSummary: Sendable, Equatable {
    public let id: Int64
    public let name: String
    public let weekStart: LocalDate
    public let active: Bool
    public let importedAtMs: Int64
    /// The plan this one is a new version of.
    public let revises: Int64?
}

/// What `insertPlan` stored: the new plan's id, and whether it is now the active plan
/// (asked for, or the first plan stored).
public struct InsertedPlan: Sendable, Equatable {
    public let id: Int64
    public let active: Bool
}

/// A kept planner attempt with its row id, time and the plan it became, if any.
public struct StoredAttempt: Sendable, Equatable {
    public let id: Int64
    public let atMs: Int64
    public let planID: Int64?
    public let attempt: PlannerAttempt
}

/// What the plan calendar is derived from: every plan, and every plan event in the
/// order it happened with its time and the day it happened on.
public struct PlanTimeline: Sendable, Equatable {
    /// A stored plan event.
    public struct Event: Sendable, Equatable {
        public let id: Int64
        public let atMs: Int64
        public let kind: PlanCalendar.Event.Kind
        /// The day it happened on, in the daemon's zone then; nil for one not dated yet.
        public let date: LocalDate?
        /// An activation made with its plan's import (at the same instant).
        public var withImport = false
    }

    public let plans: [PlanCalendar.Plan]
    public let events: [Event]

    /// The calendar these give, each event on the day it kept, or else dated by
    /// `date(ofMs:)`, made on its instant's day.
    public func calendar(date: (Int64) -> LocalDate) -> PlanCalendar {
        PlanCalendar(plans: plans, events: events.map { event in
            let made = date(event.atMs)
            return PlanCalendar.Event(event.kind, on: event.date ?? made, madeOn: min(made, event.date ?? made), withImport: event.withImport)
        })
    }
}
