import SessionCore
import JSON

/// The protocol's application errors (JSON-RPC 2.0 §5.1, -32000…-32099): a code and a
/// stable `reason`, named once for the daemon (`ErrorMapping`) and its clients
/// (sessionctl tells them apart by these). Codes are grouped per domain:
/// -32000…-32009 sessions, -32010…-32019 plans, -32020…-32029 sets,
/// -32030…-32039 access, -32050 storage (docs/protocol.md).
public struct ApplicationError: Sendable, Equatable {
    public let code: Int
    public let reason: String

    public init(code: Int, reason: String) {
        precondition((-32099)...(-32000) ~= code, "application error codes are -32000…-32099")
        self.code = code
        self.reason = reason
    }

    public static let noActiveSession = ApplicationError(code: -32001, reason: "no_active_session")
    public static let sessionAlreadyActive = ApplicationError(code: -32002, reason: "session_already_active")
    public static let sessionNotFound = ApplicationError(code: -32003, reason: "session_not_found")
    public static let sessionNotActive = ApplicationError(code: -32004, reason: "session_not_active")
    public static let timeBeforeSessionStart = ApplicationError(code: -32005, reason: "time_before_session_start")
    public static let confirmationRequired = ApplicationError(code: -32006, reason: "confirmation_required")
    public static let timeOutsideSession = ApplicationError(code: -32007, reason: "time_outside_session")
    public static let dayInFuture = ApplicationError(code: -32008, reason: "day_in_future")
    public static let noRestTimer = ApplicationError(code: -32009, reason: "no_rest_timer")
    public static let planInvalid = ApplicationError(code: -32010, reason: "plan_invalid")
    public static let planNotFound = ApplicationError(code: -32011, reason: "plan_not_found")
    public static let noActivePlan = ApplicationError(code: -32012, reason: "no_active_plan")
    public static let planDayNotFound = ApplicationError(code: -32013, reason: "plan_day_not_found")
    public static let plannedExerciseNotFound = ApplicationError(code: -32014, reason: "planned_exercise_not_found")
    public static let exerciseNotInSession = ApplicationError(code: -32015, reason: "exercise_not_in_session")
    public static let unknownExercise = ApplicationError(code: -32016, reason: "unknown_exercise")
    public static let ambiguousExercise = ApplicationError(code: -32017, reason: "ambiguous_exercise")
    public static let aliasRefused = ApplicationError(code: -32018, reason: "alias_refused")
    public static let exerciseRefused = ApplicationError(code: -32019, reason: "exercise_refused")
    public static let setNotFound = ApplicationError(code: -32020, reason: "set_not_found")
    public static let noSetToUndo = ApplicationError(code: -32021, reason: "no_set_to_undo")
    public static let implausibleSet = ApplicationError(code: -32022, reason: "implausible_set")
    public static let permissionDenied = ApplicationError(code: -32030, reason: "permission_denied")
    public static let tooManyConnections = ApplicationError(code: -32031, reason: "too_many_connections")
    public static let importRefused = ApplicationError(code: -32040, reason: "import_refused")
    public static let backupFailed = ApplicationError(code: -32041, reason: "backup_failed")
    public static let storageError = ApplicationError(code: -32050, reason: "storage_error")

}

extension RPCError {
    /// JSON-RPC 2.0's own codes.
    public enum Code {
        public static let parseError = -32700
        public static let invalidRequest = -32600
        public static let methodNotFound = -32601
        public static let invalidParams = -32602
        public static let internalError = -32603
    }

    /// An application error of `kind` with a message for people and more details merged
    /// into `data` after the reason.
    public static func application(_ kind: ApplicationError, message: String, details: [(key: String, value: JSONValue)] = []) -> RPCError {
        RPCError(code: kind.code, message: message, data: .object([(key: "reason", value: .string(kind.reason))] + details))
    }

    /// True when this is the application error `kind`.
    public func `is`(_ kind: ApplicationError) -> Bool {
        code == kind.code && data?["reason"]?.stringValue == kind.reason
    }
}
