import SessionCore
import JSON

/// `plan.list`: every stored plan, newest first.
public enum PlanList: MethodContract {
    public static let name = "plan.list"
    public static let summary = "Every stored plan, newest first."
    public typealias Params = NoParams
    public typealias Result = ResultList<Listing>

    /// One plan of the list.
    public struct Listing: ResultItem, Equatable {
        public let planID: Int64
        public let name: String
        public let weekStart: LocalDate
        public let active: Bool
        public let importedAt: String
        /// The plan this one is a new version of (`plan redo`), or nil.
        public let revises: Int64?

        public init(planID: Int64, name: String, weekStart: LocalDate, active: Bool, importedAt: String, revises: Int64? = nil) {
            self.planID = planID
            self.name = name
            self.weekStart = weekStart
            self.active = active
            self.importedAt = importedAt
            self.revises = revises
        }

        public static let schema = Schema.object([
            "planId": Schema.integer, "name": Schema.string, "weekStart": Schema.date, "active": Schema.boolean, "importedAt": Schema.timestamp,
            "revises": Schema.nullable(Schema.integer),
        ])

        public func encodeMembers(to writer: inout JSONWriter) {
            writer.member("planId", planID)
            writer.member("name", name)
            writer.member("weekStart", weekStart.description)
            writer.member("active", active)
            writer.member("importedAt", importedAt)
            writer.member("revises", revises)
        }

        public init(reader: JSONReader) throws(JSONReadError) {
            guard let week = LocalDate(try reader.string("weekStart")) else {
                throw JSONReadError(path: "result.weekStart", expected: "a date as YYYY-MM-DD")
            }
            self.init(planID: try reader.id("planId"), name: try reader.string("name"), weekStart: week, active: try reader.bool("active"),
                      importedAt: try reader.string("importedAt"), revises: try reader.optionalID("revises"))
        }
    }
}
