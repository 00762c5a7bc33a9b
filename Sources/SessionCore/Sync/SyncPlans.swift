// Plans and the events of the plan calendar as another device stores them. A plan
// travels as it was imported (its source text, parsed again on arrival) and is never
// activated by its arrival; each activation and each one-off move of a day is a record
// of its own (`SyncedPlanEvent`), and the active plan is the plan of the activation
// with the latest hybrid clock reading (ties, one transaction's, to the greater uid),
// on every device alike.
// Neither is ever changed or deleted once made: applying one held already changes nothing.

/// A plan as imported: what `plan.import` stored of it, its revised plan by uid.
public struct SyncedPlan: Sendable, Equatable, Blank {
    /// Its name as stored where it was imported.
    public var name = ""
    /// The Monday its week starts on.
    public var weekStart = LocalDate(daysSinceEpoch: 0)
    /// When it was imported, in Unix milliseconds.
    public var importedAtMs = 0
    /// The plan JSON as received (`plan.source`), which the receiving device imports.
    public var source = ""
    /// The uid of the plan it revises (`plan redo`), nil for none.
    public var revisesUID: String?
    /// The dates of its week with something to train, comma-separated (YYYY-MM-DD):
    /// what a coach's view of adherence reads. Derived: a device that applies the plan
    /// imports its source and ignores it.
    public var trainingDates: String?
    /// The request id it was imported with (`plan.import`'s, a delivery's), nil for
    /// none: the device that applies it keeps it, so an import there with the same
    /// request id is answered with this plan. Its uid is the one the request id and the
    /// plan's week give.
    public var requestID: String?

    public init() {}
}

/// An event of the plan calendar: an activation of a plan, or a one-off move of two
/// dates' days under it.
public struct SyncedPlanEvent: Sendable, Equatable, Blank {
    /// The kinds of event.
    public enum Kind: String, Sendable, CaseIterable {
        /// The plan became the active plan.
        case activate
        /// Two dates' days of one week swapped under the plan, once.
        case move
    }

    /// What happened.
    public var kind = Kind.activate
    /// The plan it concerns, by its uid.
    public var planUID = ""
    /// When it happened on its device, in Unix milliseconds.
    public var atMs = 0
    /// A move's day whose training moves, nil for an activation.
    public var fromDate: LocalDate?
    /// A move's day it moves to, nil for an activation.
    public var toDate: LocalDate?
    /// The day it happened on, in its device's zone then (nil from a build before events
    /// kept their day: the device that applies it dates it in its own zone).
    public var date: LocalDate?

    public init() {}
}
