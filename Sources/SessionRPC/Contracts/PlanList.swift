import SessionCore
import JSON

/// `plan.list`: every stored plan, newest first.
public enum PlanList: MethodContract {
    public static let name = "plan.list"
    public static let summary = "Every stored plan, newest first."
    public static let repliesLarge = true
    public typealias Params = NoParams
    public typealias Result = ResultList<Listing>

    /// One plan of the list.
    public struct Listing: CodedResult, ResultItem, Equatable {
        public var planID: Int64 = 0
        public var name = ""
        public var weekStart = LocalDate(daysSinceEpoch: 0)
        public var active = false
        public var importedAt = ""
        /// The plan this one is a new version of (`plan redo`), or nil.
        public var revises: Int64?

        public init() {}

        public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
            try coder.id("planId", &planID)
            try coder.string("name", &name)
            try coder.date("weekStart", &weekStart)
            try coder.bool("active", &active)
            try coder.timestamp("importedAt", &importedAt)
            try coder.id("revises", &revises)
        }
    }
}
