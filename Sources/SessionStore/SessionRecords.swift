import SessionCore
import SessionMacros

/// A workout session row.
public struct SessionRecord: Sendable, Equatable {
    public let id: Int64
    /// Nil for a free session (no plan day).
    public let planDayID: Int64?
    public let date: LocalDate
    public let title: String
    public let carriedOver: Bool
    public let startedAtMs: Int64
    public let endedAtMs: Int64?
    public let pausedSinceMs: Int64?
    public let pausedTotalMs: Int64
    public let rpe: Double?
    public let note: String?
    /// What a watch measured over it (an imported activity); nil otherwise.
    public var averageHeartRate: Int?
    public var maximumHeartRate: Int?
    public var energyKcal: Double?

    /// True until finished.
    public var isActive: Bool { endedAtMs == nil }
    /// True while paused.
    public var isPaused: Bool { pausedSinceMs != nil }
}

/// A logged set row.
public struct SetRecord: Sendable, Equatable {
    public let id: Int64
    public let sessionID: Int64
    public let plannedExerciseID: Int64?
    public let exerciseName: String
    public let setNumber: Int
    /// Counted sets of this exercise in the session when it was logged, itself included.
    public let progressSets: Int
    public let kind: SetKind
    public let reps: Int?
    public let weightKg: Double?
    public let durationSeconds: Int?
    public let rpe: Double?
    public let note: String?
    public let loggedAtMs: Int64
    public let requestID: String?
    /// What the set beat when logged.
    public let records: RecordKinds
    /// The Epley estimate it added to the exercise's bests (none for warm-ups).
    public let oneRepMaxKg: Double?
}

/// A set to store, with what logging it decided (`SetDecision`).
@Memberwise
public struct NewSet: Sendable {
    public var sessionID: Int64
    public var plannedExerciseID: Int64?
    public var exerciseName: String
    public var kind: SetKind
    public var reps: Int?
    public var weightKg: Double?
    public var durationSeconds: Int?
    public var rpe: Double?
    public var note: String?
    public var loggedAtMs: Int64
    public var requestID: String?
    public var decision: SetDecision
    /// The superset's label, nil for a set done on its own.
    public var superset: String? = nil
}

/// A plan day row with its plan.
public struct PlanDayRecord: Sendable, Equatable {
    public let id: Int64
    public let planID: Int64
    public let date: LocalDate
    public let title: String
    public let rest: Bool
}

/// One line of `session.list`.
public struct SessionListing: Sendable, Equatable {
    public let session: SessionRecord
    public let sets: Int
    public let volumeKg: Double
}


extension SetRecord {
    /// The set with new values; its id, session, exercise, number and time stay.
    public func edited(kind: SetKind, reps: Int?, weightKg: Double?, durationSeconds: Int?, rpe: Double?, note: String?) -> SetRecord {
        SetRecord(id: id, sessionID: sessionID, plannedExerciseID: plannedExerciseID, exerciseName: exerciseName, setNumber: setNumber,
                  progressSets: progressSets, kind: kind, reps: reps, weightKg: weightKg, durationSeconds: durationSeconds, rpe: rpe, note: note,
                  loggedAtMs: loggedAtMs, requestID: requestID, records: records, oneRepMaxKg: oneRepMaxKg)
    }
}

/// An exercise's volume in a finished session (reps × kg of its counted sets with a
/// load), under a name it was logged as there, and its best session volume before.
public struct SessionVolume: Sendable, Equatable {
    public let exerciseKey: String
    public let name: String
    public let volumeKg: Double
    public let previousBestKg: Double?
}
