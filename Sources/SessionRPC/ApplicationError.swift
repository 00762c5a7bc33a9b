import SessionCore
import JSON

/// The protocol's application errors (JSON-RPC 2.0 §5.1, -32000…-32099): a code and a
/// stable `reason`, named once for the daemon (`ErrorMapping`) and its clients
/// (sessionctl tells them apart by these). Codes are grouped per domain:
/// -32000…-32009 sessions, -32010…-32019 plans, -32020…-32029 sets,
/// -32030…-32039 access and the daemon's bounds, -32050 storage (docs/protocol.md).
public struct ApplicationError: Sendable, Equatable {
    public let code: Int
    public let reason: String
    /// The members `data` carries besides `reason`, each with a JSON Schema of its
    /// value: declared with the error, listed by `rpc.discover` and held to by every
    /// error the daemon builds (`RPCError.application`).
    public let members: [Member]

    public struct Member: Sendable, Equatable {
        public let name: String
        public let schema: JSONValue
        /// False for a member of one of several shapes (`position` or `match`).
        public let always: Bool
    }

    public init(code: Int, reason: String, _ members: [Member] = []) {
        precondition((-32099)...(-32000) ~= code, "application error codes are -32000…-32099")
        self.code = code
        self.reason = reason
        self.members = members
    }

    /// A member of `data` every error of this kind carries.
    public static func always(_ name: String, _ schema: JSONValue) -> Member { Member(name: name, schema: schema, always: true) }
    /// A member of one of the error's shapes.
    public static func sometimes(_ name: String, _ schema: JSONValue) -> Member { Member(name: name, schema: schema, always: false) }

    /// A JSON Schema of `data`: `reason` and the members, those carried always required.
    public var dataSchema: JSONValue {
        let properties = [(key: "reason", value: JSONValue.obj(["const": .string(reason)]))] + members.map { (key: $0.name, value: $0.schema) }
        let required = ["reason"] + members.filter(\.always).map(\.name)
        return .obj(["type": "object", "properties": .object(properties), "required": .array(required.map(JSONValue.string))])
    }

    /// An OpenRPC Error Object: its code, its reason as the message, the data's schema.
    public var documented: JSONValue {
        .obj(["code": JSONValue(code), "message": .string(reason), "data": dataSchema])
    }

    private static let ids = Schema.integer
    private static let names = Schema.array(Schema.string)

    public static let noActiveSession = ApplicationError(code: -32001, reason: "no_active_session")
    public static let sessionAlreadyActive = ApplicationError(code: -32002, reason: "session_already_active", [always("sessionId", ids)])
    public static let sessionNotFound = ApplicationError(code: -32003, reason: "session_not_found", [always("sessionId", ids)])
    public static let sessionNotActive = ApplicationError(code: -32004, reason: "session_not_active", [always("sessionId", ids)])
    public static let timeBeforeSessionStart = ApplicationError(code: -32005, reason: "time_before_session_start", [always("startedAtMs", ids)])
    public static let confirmationRequired = ApplicationError(code: -32006, reason: "confirmation_required")
    public static let timeOutsideSession = ApplicationError(code: -32007, reason: "time_outside_session")
    public static let dayInFuture = ApplicationError(code: -32008, reason: "day_in_future", [always("date", Schema.date), always("today", Schema.date)])
    public static let noRestTimer = ApplicationError(code: -32009, reason: "no_rest_timer")
    public static let planInvalid = ApplicationError(code: -32010, reason: "plan_invalid", [
        always("errors", Schema.array(Schema.object(["path": Schema.string, "message": Schema.string]))),
    ])
    public static let planNotFound = ApplicationError(code: -32011, reason: "plan_not_found", [sometimes("planId", ids), sometimes("date", Schema.date)])
    public static let noActivePlan = ApplicationError(code: -32012, reason: "no_active_plan")
    public static let planDayNotFound = ApplicationError(code: -32013, reason: "plan_day_not_found", [always("planDayId", ids)])
    public static let plannedExerciseNotFound = ApplicationError(code: -32014, reason: "planned_exercise_not_found", [always("plannedExerciseId", ids)])
    public static let exerciseNotInSession = ApplicationError(code: -32015, reason: "exercise_not_in_session", [
        always("plannedExerciseId", ids), always("sessionPlanDayId", Schema.nullable(ids)),
    ])
    public static let unknownExercise = ApplicationError(code: -32016, reason: "unknown_exercise", [
        sometimes("match", Schema.string), sometimes("suggestions", names), sometimes("position", ids), sometimes("plannedExercises", ids),
    ])
    public static let ambiguousExercise = ApplicationError(code: -32017, reason: "ambiguous_exercise", [
        always("match", Schema.string),
        always("matches", Schema.array(Schema.object(["name": Schema.string, "position": Schema.nullable(ids), "plannedExerciseId": Schema.nullable(ids)]))),
    ])
    public static let aliasRefused = ApplicationError(code: -32018, reason: "alias_refused", [always("alias", Schema.string)])
    public static let exerciseRefused = ApplicationError(code: -32019, reason: "exercise_refused")
    public static let setNotFound = ApplicationError(code: -32020, reason: "set_not_found", [always("setId", ids)])
    public static let noSetToUndo = ApplicationError(code: -32021, reason: "no_set_to_undo", [sometimes("sets", ids)])
    public static let implausibleSet = ApplicationError(code: -32022, reason: "implausible_set", [
        always("doubt", Schema.oneOf(["repsUnderLoad", "overBest"])), always("exercise", Schema.string), sometimes("reps", ids),
        sometimes("weightKg", Schema.number), sometimes("heaviestKg", Schema.number),
    ])
    public static let permissionDenied = ApplicationError(code: -32030, reason: "permission_denied", [sometimes("uid", ids)])
    public static let tooManyConnections = ApplicationError(code: -32031, reason: "too_many_connections")
    /// A batch's large replies passed the per-line budget: the rest were not run.
    public static let replyTooLarge = ApplicationError(code: -32032, reason: "reply_too_large", [always("budgetBytes", ids)])
    public static let importRefused = ApplicationError(code: -32040, reason: "import_refused")
    public static let backupFailed = ApplicationError(code: -32041, reason: "backup_failed")
    public static let storageError = ApplicationError(code: -32050, reason: "storage_error")

    /// Every application error, by code: what `rpc.discover` lists (`x-errors`).
    public static let all: [ApplicationError] = [
        noActiveSession, sessionAlreadyActive, sessionNotFound, sessionNotActive, timeBeforeSessionStart, confirmationRequired,
        timeOutsideSession, dayInFuture, noRestTimer, planInvalid, planNotFound, noActivePlan, planDayNotFound, plannedExerciseNotFound,
        exerciseNotInSession, unknownExercise, ambiguousExercise, aliasRefused, exerciseRefused, setNotFound, noSetToUndo, implausibleSet,
        permissionDenied, tooManyConnections, replyTooLarge, importRefused, backupFailed, storageError,
    ]

    /// What any method may answer besides its own errors: the database refusing a write.
    public static let common: [ApplicationError] = [storageError]
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
    /// The details must be members `kind` declares, with each it always carries
    /// (checked in debug builds: the tests run them).
    public static func application(_ kind: ApplicationError, message: String, details: [(key: String, value: JSONValue)] = []) -> RPCError {
        assert(details.allSatisfy { detail in kind.members.contains { $0.name == detail.key } }
               && kind.members.filter(\.always).allSatisfy { member in details.contains { $0.key == member.name } },
               "\(kind.reason): data \(details.map(\.key)) is not as declared (\(kind.members.map(\.name)))")
        return RPCError(code: kind.code, message: message, data: .object([(key: "reason", value: .string(kind.reason))] + details))
    }

    /// True when this is the application error `kind`.
    public func `is`(_ kind: ApplicationError) -> Bool {
        code == kind.code && data?["reason"]?.stringValue == kind.reason
    }
}
