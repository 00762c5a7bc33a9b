import JSON
import SessionCore

// The change feed's records as `changes.since` hands them out and `changes.apply` reads
// them, each member declared once.

/// A session's members as the change feed carries them.
extension SyncedSession: CodedObject {
    public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.date("date", &date)
        try coder.string("title", &title)
        try coder.bool("carriedOver", &carriedOver)
        try coder.int("startedAtMs", &startedAtMs, in: SessionLimits.instantMs)
        try coder.int("endedAtMs", &endedAtMs, in: SessionLimits.instantMs)
        try coder.int("pausedSinceMs", &pausedSinceMs, in: SessionLimits.instantMs)
        try coder.int("pausedTotalMs", &pausedTotalMs, in: SessionLimits.instantMs)
        try coder.number("rpe", &rpe, in: 1...10)
        try coder.string("note", &note)
        try coder.string("source", &source)
        try coder.string("importKey", &importKey)
        try coder.int("averageHeartRate", &averageHeartRate, in: HistoryLimits.heartRate)
        try coder.int("maximumHeartRate", &maximumHeartRate, in: HistoryLimits.heartRate)
        try coder.number("energyKcal", &energyKcal, in: HistoryLimits.energyKcal)
        try coder.string("endHlc", &endHlc)
        try coder.check(endHlc.map { HybridTimestamp(text: $0) != nil && endedAtMs != nil } ?? true, "endHlc",
                        "a hybrid clock reading, only with endedAtMs")
        try coder.check(title.count <= SyncChange.maximumTextLength && (note?.count ?? 0) <= SyncChange.maximumTextLength,
                        "title", "at most \(SyncChange.maximumTextLength) characters")
    }
}

/// A set's members, its session named by uid.
extension SyncedSet: CodedObject {
    public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.string("sessionUid", &sessionUID)
        try coder.check(SyncChange.isUID(sessionUID), "sessionUid", "32 lowercase hexadecimal digits")
        try coder.string("exerciseName", &exerciseName)
        try coder.string("exerciseKey", &exerciseKey)
        try coder.check(!exerciseKey.isEmpty && exerciseKey.count <= SyncChange.maximumTextLength, "exerciseKey", "a key of 1 to \(SyncChange.maximumTextLength) characters")
        // Numbers within the bounds a logged or imported set keeps (sets stored before
        // sessions were bounded are numbered past `setsPerSession`).
        try coder.int("setNumber", &setNumber, in: 1...Int(Int32.max))
        try coder.int("progressSets", &progressSets, in: 0...Int(Int32.max))
        try coder.choice("kind", &kind)
        try coder.int("reps", &reps, in: SessionLimits.reps)
        try coder.number("weightKg", &weightKg, in: SessionLimits.loggedWeightKg)
        try coder.int("durationSeconds", &durationSeconds, in: SessionLimits.durationSeconds)
        try coder.number("rpe", &rpe, in: 1...10)
        try coder.string("note", &note)
        try coder.number("e1rmKg", &e1rmKg, in: SessionLimits.oneRepMaxKg)
        try coder.number("recordWeightKg", &recordWeightKg, in: SessionLimits.loggedWeightKg)
        try coder.int("loggedAtMs", &loggedAtMs, in: SessionLimits.instantMs)
        try coder.string("personalRecord", &personalRecord)
        try coder.number("distanceM", &distanceM, in: HistoryLimits.distanceM)
        try coder.string("superset", &superset)
        try coder.string("muscles", &muscles)
        try coder.check(exerciseName.count <= SyncChange.maximumTextLength && (note?.count ?? 0) <= SyncChange.maximumTextLength,
                        "exerciseName", "at most \(SyncChange.maximumTextLength) characters")
    }
}

/// A health sample's members.
extension SyncedHealthSample: CodedObject {
    public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.string("type", &type)
        try coder.check(HealthType(rawValue: type) != nil, "type", "one of \(HealthType.allCases.map(\.rawValue).joined(separator: ", "))")
        try coder.number("value", &value)
        try coder.check(HealthType(rawValue: type).map { $0.bounds.contains(value) } ?? true, "value", "within the type's bounds")
        try coder.date("date", &date)
        try coder.int("recordedAtMs", &recordedAtMs, in: SessionLimits.instantMs)
        try coder.string("source", &source)
        try coder.check((source?.count ?? 0) <= SyncChange.maximumTextLength, "source", "at most \(SyncChange.maximumTextLength) characters")
    }
}

/// A change's members: the record's state under its entity's name, or its tombstone.
extension SyncChange: CodedObject {
    public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.choice("entity", &entity)
        try coder.string("uid", &uid)
        try coder.check(Self.isUID(uid), "uid", "32 lowercase hexadecimal digits")
        try coder.string("hlc", &hlc)
        try coder.check(HybridTimestamp(text: hlc) != nil, "hlc", "a hybrid clock reading (13 digits-10 digits-device)")
        try coder.bool("deleted", &deleted)
        try coder.object("session", &session)
        try coder.object("set", &set)
        try coder.object("health", &health)
        try coder.object("profile", &profile)
        try coder.object("alias", &alias)
        try coder.object("exercise", &exercise)
        try coder.object("rest", &rest)
        try coder.object("share", &share)
        try coder.object("plan", &plan)
        try coder.object("planEvent", &planEvent)
        try coder.check(deleted || hasState, "session", "the \(entity.rawValue)'s state (or deleted: true)")
    }
}

extension SyncChange {
    /// The record's state alone, the member its entity names, as `code(_:)` writes it;
    /// nil for a tombstone or a change without it.
    public var state: (any JSONEncodable)? {
        if deleted { return nil }
        switch entity {
        case .session: return session
        case .set: return set
        case .health: return health
        case .profile: return profile
        case .alias: return alias
        case .exercise: return exercise
        case .rest: return rest
        case .share: return share
        case .plan: return plan
        case .planEvent: return planEvent
        }
    }
}

/// A share's member: the role, as `sync.share` takes it.
extension SyncedShare: CodedObject {
    public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.string("role", &role)
        try coder.check(SyncShare.roleProblem(role) == nil, "role", SyncShare.roleProblem(role) ?? "")
    }
}

/// An alias's members.
extension SyncedAlias: CodedObject {
    public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.string("alias", &alias)
        try coder.check(!alias.isEmpty && alias.count <= SyncChange.maximumTextLength, "alias", "a key of 1 to \(SyncChange.maximumTextLength) characters")
        try coder.string("name", &name)
        try coder.check(!name.isEmpty && name.count <= SyncChange.maximumTextLength, "name", "a name of 1 to \(SyncChange.maximumTextLength) characters")
    }
}

/// An exercise of one's own's members.
extension SyncedExercise: CodedObject {
    public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.string("name", &name)
        try coder.check(!name.isEmpty && name.count <= SyncChange.maximumTextLength, "name", "a name of 1 to \(SyncChange.maximumTextLength) characters")
        try coder.string("equipment", &equipment)
        try coder.check(equipment.map { Equipment(rawValue: $0) != nil } ?? true, "equipment", "one of \(Equipment.allCases.map(\.rawValue).joined(separator: ", "))")
        try coder.strings("primaryMuscles", &primaryMuscles)
        try coder.strings("secondaryMuscles", &secondaryMuscles)
        try coder.check((primaryMuscles + secondaryMuscles).allSatisfy { MuscleGroup(rawValue: $0) != nil }, "primaryMuscles", "muscle groups")
        try coder.bool("countsBodyMass", &countsBodyMass)
    }
}

/// A rest of one's own's members.
extension SyncedRest: CodedObject {
    public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.string("exerciseKey", &exerciseKey)
        try coder.check(!exerciseKey.isEmpty && exerciseKey.count <= SyncChange.maximumTextLength, "exerciseKey", "a key of 1 to \(SyncChange.maximumTextLength) characters")
        try coder.int("seconds", &seconds, in: 0...3600)
    }
}

/// A plan's members: as imported, its source the plan JSON as received.
extension SyncedPlan: CodedObject {
    /// A plan's source text, at most (a week's plan is a few kilobytes).
    public static let maximumSourceLength = 1_000_000

    public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.string("name", &name)
        try coder.check(name.count <= SyncChange.maximumTextLength, "name", "at most \(SyncChange.maximumTextLength) characters")
        try coder.date("weekStart", &weekStart)
        try coder.int("importedAtMs", &importedAtMs, in: SessionLimits.instantMs)
        try coder.string("source", &source)
        try coder.check(!source.isEmpty && source.utf8.count <= Self.maximumSourceLength, "source", "the plan JSON, 1 to \(Self.maximumSourceLength) bytes")
        try coder.string("revisesUid", &revisesUID)
        try coder.check(revisesUID.map(SyncChange.isUID) ?? true, "revisesUid", "32 lowercase hexadecimal digits")
        try coder.string("trainingDates", &trainingDates)
        try coder.string("requestId", &requestID)
        try coder.check(requestID.map { !$0.isEmpty && $0.count <= SessionLimits.requestIDLength } ?? true,
                        "requestId", "1 to \(SessionLimits.requestIDLength) characters, as plan.import takes it")
    }
}

/// A plan event's members: an activation, or a move with its two dates.
extension SyncedPlanEvent: CodedObject {
    public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.choice("kind", &kind)
        try coder.string("planUid", &planUID)
        try coder.check(SyncChange.isUID(planUID), "planUid", "32 lowercase hexadecimal digits")
        try coder.int("atMs", &atMs, in: SessionLimits.instantMs)
        try coder.date("fromDate", &fromDate)
        try coder.date("toDate", &toDate)
        try coder.date("date", &date)
        try coder.check((kind == .move) == (fromDate != nil && toDate != nil), "fromDate", "both dates for a move, neither for an activation")
    }
}
