import SessionCore

/// `profile.get`: goals, equipment and available weights, as the planner is told.
public enum ProfileGet: MethodContract {
    public static let name = "profile.get"
    public static let summary = "Goals, equipment and available weights, as the planner is told."
    public static let readsOnly = true
    public typealias Params = NoParams
    public typealias Result = ProfileResult
}
