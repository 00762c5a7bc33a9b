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
    /// What `data` carries besides `reason` (`ErrorData`), nil for nothing: declared
    /// with the error, documented by `rpc.discover`, the only type the daemon may give
    /// it (`RPCError.application`) and the one a client reads (`RPCError.data(as:)`).
    public let data: (any CodedObject.Type)?

    public init(code: Int, reason: String, data: (any CodedObject.Type)? = nil) {
        precondition((-32099)...(-32000) ~= code, "application error codes are -32000…-32099")
        self.code = code
        self.reason = reason
        self.data = data
    }

    public static func == (left: ApplicationError, right: ApplicationError) -> Bool {
        left.code == right.code && left.reason == right.reason
    }

    /// A JSON Schema of `data`: `reason` and the data type's members, those left out in
    /// one of its shapes not required.
    public var dataSchema: JSONValue {
        let members = data?.schema
        let properties = [(key: "reason", value: JSONValue.obj(["const": .string(reason)]))] + (members?["properties"]?.objectPairs ?? [])
        let required = [JSONValue.string("reason")] + (members?["required"]?.arrayValue ?? [])
        return .obj(["type": "object", "properties": .object(properties), "required": .array(required)])
    }

    /// An OpenRPC Error Object: its code, its reason as the message, the data's schema.
    public var documented: JSONValue {
        .obj(["code": JSONValue(code), "message": .string(reason), "data": dataSchema])
    }

    public static let noActiveSession = ApplicationError(code: -32001, reason: "no_active_session")
    public static let sessionAlreadyActive = ApplicationError(code: -32002, reason: "session_already_active", data: ErrorData.Session.self)
    public static let sessionNotFound = ApplicationError(code: -32003, reason: "session_not_found", data: ErrorData.Session.self)
    public static let sessionNotActive = ApplicationError(code: -32004, reason: "session_not_active", data: ErrorData.Session.self)
    public static let timeBeforeSessionStart = ApplicationError(code: -32005, reason: "time_before_session_start", data: ErrorData.SessionStart.self)
    public static let confirmationRequired = ApplicationError(code: -32006, reason: "confirmation_required")
    public static let timeOutsideSession = ApplicationError(code: -32007, reason: "time_outside_session", data: ErrorData.OutsideSession.self)
    public static let dayInFuture = ApplicationError(code: -32008, reason: "day_in_future", data: ErrorData.Day.self)
    public static let noRestTimer = ApplicationError(code: -32009, reason: "no_rest_timer")
    public static let planInvalid = ApplicationError(code: -32010, reason: "plan_invalid", data: ErrorData.Problems.self)
    public static let planNotFound = ApplicationError(code: -32011, reason: "plan_not_found", data: ErrorData.Plan.self)
    public static let noActivePlan = ApplicationError(code: -32012, reason: "no_active_plan")
    public static let planDayNotFound = ApplicationError(code: -32013, reason: "plan_day_not_found", data: ErrorData.PlanDay.self)
    public static let plannedExerciseNotFound = ApplicationError(code: -32014, reason: "planned_exercise_not_found", data: ErrorData.PlannedExercise.self)
    public static let exerciseNotInSession = ApplicationError(code: -32015, reason: "exercise_not_in_session", data: ErrorData.NotInSession.self)
    public static let unknownExercise = ApplicationError(code: -32016, reason: "unknown_exercise", data: ErrorData.UnknownExercise.self)
    public static let ambiguousExercise = ApplicationError(code: -32017, reason: "ambiguous_exercise", data: ErrorData.AmbiguousExercise.self)
    public static let aliasRefused = ApplicationError(code: -32018, reason: "alias_refused", data: ErrorData.Alias.self)
    public static let exerciseRefused = ApplicationError(code: -32019, reason: "exercise_refused")
    public static let setNotFound = ApplicationError(code: -32020, reason: "set_not_found", data: ErrorData.Set.self)
    public static let noSetToUndo = ApplicationError(code: -32021, reason: "no_set_to_undo", data: ErrorData.SetsLeft.self)
    public static let implausibleSet = ApplicationError(code: -32022, reason: "implausible_set", data: ErrorData.ImplausibleSet.self)
    /// The session holds `SessionLimits.setsPerSession` sets: the next is refused.
    public static let sessionFull = ApplicationError(code: -32023, reason: "session_full", data: ErrorData.SessionFull.self)
    public static let dayTrained = ApplicationError(code: -32024, reason: "day_trained", data: ErrorData.Day.self)
    public static let permissionDenied = ApplicationError(code: -32030, reason: "permission_denied", data: ErrorData.Peer.self)
    public static let tooManyConnections = ApplicationError(code: -32031, reason: "too_many_connections")
    /// A batch's large replies passed the per-line budget: the rest were not run.
    public static let replyTooLarge = ApplicationError(code: -32032, reason: "reply_too_large", data: ErrorData.Budget.self)
    public static let importRefused = ApplicationError(code: -32040, reason: "import_refused")
    public static let backupFailed = ApplicationError(code: -32041, reason: "backup_failed")
    /// One user's imports under way hold their bound of bytes (`HistoryLimits.stagedBytesPerUser`).
    public static let stagingFull = ApplicationError(code: -32042, reason: "staging_full", data: ErrorData.Budget.self)
    public static let storageError = ApplicationError(code: -32050, reason: "storage_error")

    /// Every application error, by code: what `rpc.discover` lists (`x-errors`).
    public static let all: [ApplicationError] = [
        noActiveSession, sessionAlreadyActive, sessionNotFound, sessionNotActive, timeBeforeSessionStart, confirmationRequired,
        timeOutsideSession, dayInFuture, noRestTimer, planInvalid, planNotFound, noActivePlan, planDayNotFound, plannedExerciseNotFound,
        exerciseNotInSession, unknownExercise, ambiguousExercise, aliasRefused, exerciseRefused, setNotFound, noSetToUndo, implausibleSet, sessionFull,
        dayTrained, permissionDenied, tooManyConnections, replyTooLarge, importRefused, backupFailed, stagingFull, storageError,
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

    /// An application error of `kind` that carries nothing but its reason, with a
    /// message for people.
    public static func application(_ kind: ApplicationError, message: String) -> RPCError {
        assert(kind.data == nil, "\(kind.reason) carries \(kind.data.map { String(describing: $0) } ?? ""): give it")
        return RPCError(code: kind.code, message: message, data: .obj(["reason": .string(kind.reason)]))
    }

    /// An application error of `kind` with a message for people and its `data`: the
    /// reason, then the members of the type `kind` declares (checked in debug builds:
    /// the tests run them).
    public static func application<Data: CodedObject>(_ kind: ApplicationError, message: String, data: Data) -> RPCError {
        assert(kind.data.map { ObjectIdentifier($0) } == ObjectIdentifier(Data.self), "\(kind.reason): data is not of its declared type")
        var writer = JSONWriter(capacity: 128)
        writer.object {
            $0.member("reason", kind.reason)
            data.encodeMembers(to: &$0)
        }
        return RPCError(code: kind.code, message: message, data: try? JSONParser.parse(bytes: writer.bytes))
    }

    /// `data` read as the type its error declares (`ErrorData`); nil when it is not one.
    public func data<Data: CodedObject>(as type: Data.Type) -> Data? {
        data.flatMap { try? Data(json: $0) }
    }

    /// True when this is the application error `kind`.
    public func `is`(_ kind: ApplicationError) -> Bool {
        code == kind.code && data?["reason"]?.stringValue == kind.reason
    }
}
