import SessionCore
import SessionRPC
import SessionStore

extension SessionRecord {
    /// Running, paused or finished.
    var state: SessionSnapshot.State {
        endedAtMs != nil ? .finished : (isPaused ? .paused : .running)
    }

    /// Active seconds up to the session's end, or up to `nowMs` while it runs.
    func durationSeconds(nowMs: Int64) -> Int {
        Int(SessionClock.activeMs(
            startedAtMs: startedAtMs, endMs: endedAtMs ?? nowMs, pausedTotalMs: pausedTotalMs, pausedSinceMs: pausedSinceMs) / 1000)
    }
}

extension SessionService {
    /// The session's progress against its plan day (the rules are SessionCore's).
    func progress(of session: SessionRecord) throws -> SessionProgress {
        let planned = try session.planDayID.map { try database.plannedExercises(dayID: $0) } ?? []
        // The latest set matters only within a superset.
        let last = planned.contains { $0.exercise.superset != nil } ? try database.lastPlannedExercise(sessionID: session.id) : nil
        return SessionProgress(planned: planned, tally: try database.sessionTally(sessionID: session.id), lastPlannedID: last)
    }

    /// What `session.start`, `session.pause`, `session.resume` and `session.current`
    /// return for a session.
    func snapshot(of session: SessionRecord) throws -> SessionSnapshot {
        let progress = try progress(of: session)
        return SessionSnapshot(
            sessionID: session.id, state: session.state, date: session.date.description, title: session.title,
            planDayID: session.planDayID, carriedOver: session.carriedOver, startedAt: clock.rfc3339(ms: session.startedAtMs),
            endedAt: session.endedAtMs.map { clock.rfc3339(ms: $0) }, durationSeconds: session.durationSeconds(nowMs: nowMs),
            sets: progress.countedSets, volumeKg: progress.volumeKg, completion: progress.completion,
            exercises: progress.planned,
            offPlan: progress.offPlan, next: progress.next, rpe: session.rpe, note: session.note,
            rest: rest.running.flatMap { timer in
                timer.sessionID == session.id && timer.endsAtMs > nowMs
                    ? SessionSnapshot.Rest(exercise: timer.exercise, endsAt: clock.rfc3339(ms: timer.endsAtMs), secondsLeft: Int((timer.endsAtMs - nowMs + 999) / 1000))
                    : nil
            },
            previous: try previousSets(of: session, planned: progress.planned.map(\.exercise), offPlan: progress.offPlan.map(\.name)))
    }

    /// Each exercise's sets in the last session before `session` that had it: two index
    /// seeks each (`Database.exerciseHistory` with a cursor and a limit). A planned one
    /// with a rep target also gets today's suggested weight (`suggestion`).
    func previousSets(of session: SessionRecord, planned: [PlannedExercise], offPlan: [String]) throws -> [PreviousSets] {
        var weightsKg: [Double]?  // the profile's, read once and only when needed
        let rows = planned.map { (name: $0.name, plan: Optional($0)) } + offPlan.map { (name: $0, plan: nil) }
        return try rows.compactMap { row in
            let exercise = try identity(ofKey: row.name.exerciseKey)
            guard let last = try lastTime(of: exercise.key, before: session) else { return nil }
            let suggestion = try row.plan.flatMap { try self.suggestion(plan: $0, exercise: exercise, session: session, lastTime: last, weightsKg: &weightsKg) }
            return PreviousSets(exercise: row.name, session: last, suggestion: suggestion)
        }
    }

    /// Today's weight for the plan row `plan` of `exercise` by `DoubleProgression`'s
    /// rule: from its sets in `session` (the one it is done in today, nil for none),
    /// else from `lastTime`'s, never below the plan's weight before today's first.
    /// `weightsKg` holds the profile's weights once read.
    func suggestion(plan: PlannedExercise, exercise: ExerciseIdentity, session: SessionRecord?, lastTime: ExerciseHistory.Session,
                    weightsKg: inout [Double]?) throws -> PreviousSets.Suggestion? {
        guard plan.reps != nil else { return nil }
        let today = try session.map { try database.exerciseSets(sessionID: $0.id, exerciseKey: exercise.key) } ?? []
        if weightsKg == nil { weightsKg = try database.profile().weightsKg }
        return PreviousSets.Suggestion(plan: plan, today: today, lastTime: lastTime, equipment: exercise.equipment, availableKg: weightsKg ?? [])
    }

    /// The last session before `session` with sets of the exercise kept under `key`.
    func lastTime(of key: String, before session: SessionRecord) throws -> ExerciseHistory.Session? {
        try database.exerciseHistory(exerciseKey: key, from: nil, to: nil, before: session, limit: 1).history.sessions.last
    }

    /// The snapshot of the session `id` as stored now.
    func snapshot(id: Int64) throws -> SessionSnapshot {
        guard let session = try database.session(id) else { throw SessionError.sessionNotFound(id) }
        return try snapshot(of: session)
    }
}

extension SessionService {
    /// `session.get`: the session named, else the active one, else the latest, with
    /// its sets as logged, a page of them (`SessionGet.setsPage`): the work of one call
    /// has a bound whatever the session holds.
    func sessionDetail(_ params: SessionGet.Params) throws -> SessionGet.Result {
        let id = params.sessionID
        let found = try id.map { try database.session($0) } ?? (try database.activeSession() ?? database.latestSession())
        guard let session = found else {
            if let id { throw SessionError.sessionNotFound(id) }
            throw SessionError.noActiveSession
        }
        let page = try database.sessionSetsPage(session.id, after: params.after, limit: params.limit ?? SessionGet.setsPage.upperBound)
        let sets = page.sets.map { row in
            let set = row.set
            return SessionGet.LoggedSet(
                setID: set.id, exercise: set.exerciseName, setNumber: set.setNumber, kind: set.kind, reps: set.reps, weightKg: set.weightKg,
                durationSeconds: set.durationSeconds, distanceM: row.distanceM, rpe: set.rpe, note: set.note, superset: row.superset,
                loggedAt: clock.rfc3339(ms: set.loggedAtMs), records: set.records.names)
        }
        var result = SessionGet.Result(
            sessionID: session.id, date: session.date.description, title: session.title, state: session.state,
            startedAt: clock.rfc3339(ms: session.startedAtMs), endedAt: session.endedAtMs.map(clock.rfc3339(ms:)),
            durationSeconds: session.durationSeconds(nowMs: nowMs), rpe: session.rpe, note: session.note, sets: sets)
        (result.averageHeartRate, result.maximumHeartRate, result.energyKcal) = (session.averageHeartRate, session.maximumHeartRate, session.energyKcal)
        result.next = page.next
        return result
    }
}
