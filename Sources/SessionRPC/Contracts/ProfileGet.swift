import SessionCore

/// `profile.get`: goals, equipment and available weights, as the planner is told.
public enum ProfileGet: MethodContract {
    public static let method = MethodDescription(
        name: "profile.get", summary: "Goals, equipment and available weights, as the planner is told.",
        readsOnly: true)
    public typealias Params = NoParams
    public typealias Result = ProfileResult
}
