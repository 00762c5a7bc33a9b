import SessionCore
import JSON

/// `plan.activate`: makes a stored plan the active one.
public enum PlanActivate: MethodContract {
    public static let method = MethodDescription(
        name: "plan.activate", summary: "Make a stored plan the active one.",
        errors: [.planNotFound], events: [PlanActivatedEvent.self])

    @CodedParams
    public struct Params: MethodParams {
        @Param(.id, "the plan to activate")
        public var planID: Int64

        public init() { planID = 0 }
    }

    @Coded
    public struct Result: CodedResult {
        public var planID: Int64 = 0
        /// As `plan.import`'s: the date it governs from when that is tomorrow.
        @Member(.omitted) public var governsFrom: LocalDate?
    }
}

/// `plan.activated`, published by `plan.activate` (and `plan.import` when the imported plan becomes the active one).
public enum PlanActivatedEvent: EventContract {
    public static let event = EventDescription(type: "plan.activated", summary: "Another plan became the active one (plan.import, plan.activate).")

    @Coded
    public struct Payload: CodedResult, Equatable {
        public var planID: Int64 = 0
    }
}
