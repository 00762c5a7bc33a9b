import SessionCore
import SessionRPC
import SessionStore
import JSON

extension SessionsFeature {
    /// `session.editSet`: new values for a logged set, in the active or a finished
    /// session; its estimate is decided again and the exercise's bests follow.
    func editSet(_ params: SessionEditSet.Params) throws -> Outcome {
        guard let set = try database.sessions.set(params.setID) else { throw SessionError.setNotFound(params.setID) }
        guard let session = try database.sessions.session(set.sessionID) else { throw SessionError.sessionNotFound(set.sessionID) }
        let note = params.note.map { $0.isEmpty ? nil : $0 } ?? set.note
        let edited = set.edited(kind: params.kind ?? set.kind, reps: params.reps ?? set.reps, weightKg: params.weightKg ?? set.weightKg,
                                durationSeconds: params.durationSeconds ?? set.durationSeconds, rpe: params.rpe ?? set.rpe, note: note)
        let exercise = try service.identity(ofKey: set.exerciseName.exerciseKey)
        try service.checkAssistance(params.weightKg, of: exercise, name: set.exerciseName, path: "params.weightKg")
        if params.refuseImplausible == true, params.reps != nil || params.weightKg != nil {
            try service.checkPlausible(reps: edited.reps, weightKg: edited.weightKg, plannedExerciseID: set.plannedExerciseID, of: exercise, name: set.exerciseName)
        }
        let decision = SetDecision(
            exerciseKey: exercise.key, kind: edited.kind, reps: edited.reps, weightKg: edited.weightKg, previous: nil, bests: .none,
            countsBodyMass: exercise.countsBodyMass, bodyMassKg: try service.bodyMass(for: exercise, session: session))
        let stored = try database.sessions.updateSet(edited, decision: decision)
        let planned = try stored.plannedExerciseID.flatMap { try database.plans.plannedExercise($0) }
        let result = logResult(stored, planned: planned?.exercise, ownRest: try ownRest(exercise.key), countsBodyMass: exercise.countsBodyMass)
        var effects = Effects()
        effects.sessionChanged = session.isActive
        effects.emit(SetEditedEvent.self, result)
        return Outcome(result, effects: effects)
    }
}

extension SessionsFeature {
    /// `session.edit`: new times, title, effort or note for a session. A finished
    /// session's sets must lie within its new start and end; its date follows a new start.
    func editSession(_ params: SessionEdit.Params) throws -> Outcome {
        guard let session = try database.sessions.session(params.sessionID) else { throw SessionError.sessionNotFound(params.sessionID) }
        if params.endedAt != nil, session.isActive {
            throw SessionError.sessionNotActive(session.id)
        }
        // A start given to the minute the session already starts in is the start as it
        // is shown (sessionctl takes a time to the minute): it changes nothing, and
        // leaves the day the session counts for (one started for an earlier day keeps it).
        let newStart = params.startedAt.map(\.ms).flatMap { $0 / 60_000 == session.startedAtMs / 60_000 ? nil : $0 }
        let start = newStart ?? session.startedAtMs
        let end = params.endedAt?.ms ?? session.endedAtMs
        if let end, end <= start {
            throw SessionError.timeOutsideSession("Session \(session.id) would end (\(clock.wallText(ms: end))) before it starts (\(clock.wallText(ms: start)))")
        }
        // Every set stays inside: the earliest not before the new start, the latest not
        // after the new end.
        if newStart != nil, let first = try database.sessions.earliestSet(sessionID: session.id), first.loggedAtMs < start {
            throw SessionError.timeOutsideSession(
                "\(outside(first).description) of session \(session.id) lies before the new start (\(clock.wallText(ms: start)))", set: outside(first))
        }
        if params.endedAt != nil, let end, let last = try database.sessions.latestSet(sessionID: session.id), last.loggedAtMs > end {
            throw SessionError.timeOutsideSession(
                "\(outside(last).description) of session \(session.id) lies after the new end (\(clock.wallText(ms: end)))", set: outside(last))
        }
        let note = params.note.map { $0.isEmpty ? nil : $0 } ?? session.note
        // A new start dates the session anew; any other edit leaves the day it counts
        // for as it was (a session started for an earlier day keeps that day).
        let date = newStart.map { clock.localDate(atMs: $0) } ?? session.date
        try database.sessions.updateSession(session.id, date: date, title: params.title ?? session.title, startedAtMs: start,
                                   endedAtMs: end, rpe: params.rpe ?? session.rpe, note: note)
        var effects = Effects()
        effects.sessionChanged = session.isActive
        effects.factsChanged = session.isActive
        return Outcome(try sessionDetail(SessionGet.Params { $0.sessionID = session.id }), effects: effects)
    }
}

extension SessionsFeature {
    /// A logged set as a refusal names it (`SessionError.OutsideSet`).
    func outside(_ set: SetRecord) -> SessionError.OutsideSet {
        SessionError.OutsideSet(setID: set.id, exercise: set.exerciseName, setNumber: set.setNumber, loggedAt: clock.rfc3339(ms: set.loggedAtMs))
    }
}

extension SessionsFeature {
    /// Editing a logged set or a session.
    static let editRoutes: [DaemonRoute] = [
        DaemonRoute(SessionEditSet.self) { params, service in try service.sessions.editSet(params) },
        DaemonRoute(SessionEdit.self) { params, service in try service.sessions.editSession(params) },
    ]
}
