import SessionMacros

/// Options for one import.
@Memberwise
public struct PlanImportOptions: Sendable {
    /// Today in the daemon's time zone (the domain never reads a clock).
    public var today: LocalDate
    /// The Monday of the plan's week. Nil: the Monday of the first explicit date in the
    /// plan, else the Monday of `today`.
    public var weekStart: LocalDate? = nil
    /// When set, every training day keeps its first N unique exercises and is padded to
    /// N with named fillers, as on-device planners do. Off by default.
    public var exercisesPerDay: Int? = nil
    /// What a bare number under `weight` (no unit anywhere) is read as: the person's
    /// unit preference, kilograms unless said.
    public var bareWeightInPounds: Bool = false
    /// A plan stored already (restored from an archive, or another device's) may be of
    /// any week `PlanLimits.weekStarts` has: one stored before weeks before 1970 were
    /// refused as typos still restores. A new plan's week is `PlanLimits.planWeekStarts`.
    public var storedBefore: Bool = false
}

/// A successful import: the normalised plan and one warning per change made to it.
@Memberwise
public struct ImportedPlan: Sendable {
    public let plan: Plan
    public let warnings: [PathMessage]
}

/// An import that failed: every problem found, each with its path in the document.
/// Nothing of the plan may be stored.
public struct PlanImportError: Error, Sendable, Equatable {
    public let errors: [PathMessage]

    /// The import refused for `errors`.
    public init(errors: [PathMessage]) { self.errors = errors }
}
