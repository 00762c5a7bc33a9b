import SessionCore
import JSON

/// `plan.list`: every stored plan, newest first.
public enum PlanList: MethodContract {
    public static let method = MethodDescription(
        name: "plan.list", summary: "Every stored plan, newest first.",
        readsOnly: true, repliesLarge: true)
    public typealias Params = NoParams
    public typealias Result = ResultList<Listing>

    /// One plan of the list.
    @Coded
    public struct Listing: CodedResult, ResultItem, Equatable {
        public var planID: Int64 = 0
        public var name = ""
        public var weekStart = LocalDate(daysSinceEpoch: 0)
        public var active = false
        @Member(.timestamp) public var importedAt = ""
        /// The plan this one is a new version of (`plan redo`), or nil.
        public var revises: Int64?
        /// True for the plan governing today (`plan.get`'s default), which need not be
        /// the active one: next week's plan is active once imported.
        @Member(.flag) public var governsToday = false
    }
}
