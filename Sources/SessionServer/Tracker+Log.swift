import SessionCore
import SessionRPC
import SessionStore

/// What `session.log` was asked to store, validated.
struct LogInput {
    var sessionID: Int64?
    var plannedExerciseID: Int64?
    var exercise: String?
    var reps: Int?
    var weightKg: Double?
    var durationSeconds: Int?
    var rpe: Double?
    var kind: SetKind = .normal
    var note: String?
    var requestID: String?
    var atMs: Int64?
}

extension Tracker {
    /// `session.log`: stores a set against a planned exercise or an off-plan name.
    /// A retry with the same requestId returns the first result and stores nothing.
    func log(_ input: LogInput) throws -> Outcome {
        if let requestID = input.requestID, let earlier = try database.set(requestID: requestID) {
            return Outcome(try logResult(earlier))
        }
        let session = try resolveSession(input.sessionID)
        let loggedAt = input.atMs ?? nowMs
        guard loggedAt >= session.startedAtMs else { throw SessionError.timeBeforeSessionStart(startedAtMs: session.startedAtMs) }
        let (plannedID, planned, name) = try resolveExercise(input, session: session)
        var reps = input.reps
        var weight = input.weightKg
        var duration = input.durationSeconds
        if let planned, reps == nil, weight == nil, duration == nil {
            reps = planned.reps
            weight = planned.weightKg
            duration = planned.durationSeconds
        }
        var effects = Effects()
        try resumeIfPaused(session, effects: &effects)
        let key = name.exerciseKey
        let previous = try database.latestProgress(sessionID: session.id, plannedExerciseID: plannedID, exerciseKey: key)
        let bests = try database.bests(exerciseKey: key)
        let record = PersonalRecord.check(kind: input.kind, weightKg: weight, reps: reps, bestOneRepMaxKg: bests.oneRepMaxKg, heaviestKg: bests.heaviestKg)
        let recordKinds = record.map { [$0.oneRepMax ? "oneRepMax" : nil, $0.weight ? "weight" : nil].compactMap { $0 }.joined(separator: ",") }
        let stored = try database.insertSet(NewSet(
            sessionID: session.id, plannedExerciseID: plannedID, exerciseName: name, setNumber: (previous?.setNumber ?? 0) + 1,
            progressSets: (previous?.progressSets ?? 0) + (input.kind.counts ? 1 : 0), kind: input.kind,
            reps: reps, weightKg: weight, durationSeconds: duration, rpe: input.rpe, note: input.note, loggedAtMs: loggedAt,
            requestID: input.requestID, personalRecord: recordKinds))
        let result = try logResult(stored)
        effects.sessionChanged = true
        effects.emit("set.logged", result.objectPairs ?? [])
        effects.rest = .cancel
        if let rest = planned?.restSeconds, rest > 0 {
            let endsAt = nowMs + Int64(rest) * 1000
            effects.rest = .start(RestTimer(sessionID: session.id, exercise: name, endsAtMs: endsAt))
            effects.emit("rest.started", [
                (key: "sessionId", value: JSONValue(Int(session.id))), (key: "exercise", value: .string(name)),
                (key: "seconds", value: JSONValue(rest)), (key: "endsAt", value: .string(clock.rfc3339(ms: endsAt))),
            ])
        }
        return Outcome(result, effects: effects)
    }

    /// The planned exercise named by id or by name (case-insensitive, in the session's
    /// day); an unknown name is an off-plan exercise.
    private func resolveExercise(_ input: LogInput, session: SessionRecord) throws -> (Int64?, PlannedExercise?, String) {
        if let plannedID = input.plannedExerciseID {
            guard let found = try database.plannedExercise(plannedID) else { throw SessionError.plannedExerciseNotFound(plannedID) }
            guard found.planDayID == session.planDayID else {
                throw SessionError.exerciseNotInSession(plannedExerciseID: plannedID, planDayID: session.planDayID)
            }
            return (plannedID, found.exercise, found.exercise.name)
        }
        let name = (input.exercise ?? "").collapsingWhitespace()
        let key = name.exerciseKey
        if let dayID = session.planDayID,
            let match = try database.plannedExercises(dayID: dayID).first(where: { $0.exercise.name.exerciseKey == key })
        {
            return (match.id, match.exercise, match.exercise.name)
        }
        return (nil, nil, name)
    }

    /// The reply to a stored set; the same for the first call and for a retry.
    func logResult(_ set: SetRecord) throws -> JSONValue {
        let planned = try set.plannedExerciseID.flatMap { try database.plannedExercise($0) }
        var pairs: [(key: String, value: JSONValue)] = [
            (key: "setId", value: JSONValue(Int(set.id))),
            (key: "sessionId", value: JSONValue(Int(set.sessionID))),
            (key: "setNumber", value: JSONValue(set.setNumber)),
            (key: "exercise", value: .string(set.exerciseName)),
            (key: "plannedExerciseId", value: JSONValue(set.plannedExerciseID.map(Int.init))),
            (key: "offPlan", value: .bool(set.plannedExerciseID == nil)),
            (key: "kind", value: .string(set.kind.rawValue)),
            (key: "reps", value: JSONValue(set.reps)),
            (key: "weightKg", value: JSONValue(set.weightKg)),
            (key: "durationSeconds", value: JSONValue(set.durationSeconds)),
            (key: "loggedAt", value: .string(clock.rfc3339(ms: set.loggedAtMs))),
            (key: "progress", value: .obj(["loggedSets": JSONValue(set.progressSets), "plannedSets": JSONValue(planned?.exercise.sets ?? 0)])),
            (key: "restSeconds", value: JSONValue(planned?.exercise.restSeconds)),
        ]
        if let rpe = set.rpe { pairs.append((key: "rpe", value: JSONValue(rpe))) }
        if let kinds = set.personalRecord, !kinds.isEmpty {
            pairs.append((key: "personalRecord", value: .obj([
                "kinds": .array(kinds.split(separator: ",").map { .string(String($0)) }),
                "estimatedOneRepMaxKg": JSONValue(Epley.oneRepMax(weightKg: set.weightKg, reps: set.reps).map { SessionView.round($0) }),
            ])))
        }
        return .object(pairs)
    }
}
