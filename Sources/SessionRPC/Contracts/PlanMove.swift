import SessionCore
import JSON

/// `plan.move`: a one-off move of a day, as a calendar moves an appointment: the days
/// two dates of this week train swap (a rest day and a training day trade), under the
/// plan governing them, and the plan itself stays as it is. `plan.import` with
/// `revises` changes the plan for every week instead.
public enum PlanMove: MethodContract {
    public static let method = MethodDescription(
        name: "plan.move", summary: "Swap what two days of this week train (a one-off move, not a change of the plan); a day that has ended, or a training day trained already, cannot move.",
        errors: [.planNotFound, .dayTrained])

    @CodedParams
    public struct Params: MethodParams {
        @Param(.date, "the day whose training moves (today or later)")
        public var from: LocalDate?
        @Param(.date, "the day it moves to, in the same week (today or later); its own training moves to from")
        public var to: LocalDate?

        public mutating func validate(_ params: inout SessionRPC.Params) {
            if from == nil, !params.failed("from") { params.fail("from", "is required") }
            if to == nil, !params.failed("to") { params.fail("to", "is required") }
        }
    }

    /// One of the two days, as it trains after the move.
    @Coded
    public struct Day: CodedObject, Equatable {
        public var date = LocalDate(daysSinceEpoch: 0)
        /// The plan day it trains now; nil when the plan has none for it.
        public var planDayID: Int64?
        public var title = ""
        public var rest = true
    }

    @Coded
    public struct Result: CodedResult {
        /// The plan the move was made under.
        public var planID: Int64 = 0
        public var from = Day()
        public var to = Day()
    }
}
