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

extension SessionsFeature {
    /// The session's progress against its plan day (the rules are SessionCore's).
    func progress(of session: SessionRecord) throws -> SessionProgress {
        let planned = try session.planDayID.map { try database.plans.plannedExercises(dayID: $0) } ?? []
        // The latest set decides what comes next (a plan's day only).
        let last = planned.isEmpty ? nil : try database.sessions.lastPlannedExercise(sessionID: session.id)
        return SessionProgress(planned: planned, tally: try database.sessions.sessionTally(sessionID: session.id), lastPlannedID: last)
    }

    /// What `session.start`, `session.pause`, `session.resume` and `session.current`
    /// return for a session.
    func snapshot(of session: SessionRecord) throws -> SessionSnapshot {
        let progress = try progress(of: session)
        return try SessionSnapshot {
            $0.sessionID = session.id
            $0.state = session.state
            $0.date = session.date.description
            $0.title = session.title
            $0.planDayID = session.planDayID
            $0.carriedOver = session.carriedOver
            $0.startedAt = clock.rfc3339(ms: session.startedAtMs)
            $0.endedAt = session.endedAtMs.map { clock.rfc3339(ms: $0) }
            $0.durationSeconds = session.durationSeconds(nowMs: nowMs)
            $0.sets = progress.countedSets
            $0.volumeKg = progress.volumeKg
            $0.completion = progress.completion
            $0.exercises = progress.planned
            $0.offPlan = progress.offPlan
            $0.next = progress.next
            $0.rpe = session.rpe
            $0.note = session.note
            $0.rest = service.rest.running.flatMap { timer in
                    timer.sessionID == session.id && timer.endsAtMs > nowMs
                        ? SessionSnapshot.Rest {
                            $0.exercise = timer.exercise
                            $0.endsAt = clock.rfc3339(ms: timer.endsAtMs)
                            $0.secondsLeft = Int((timer.endsAtMs - nowMs + 999) / 1000)
                        }
                        : nil
                }
            $0.previous = try previousSets(of: session, planned: progress.planned.map(\.exercise), offPlan: progress.offPlan.map(\.name))
        }
    }

    /// Each exercise's sets in the last session before `session` that had it: two index
    /// seeks each (`HistoryStore.exerciseHistory` with a cursor and a limit). A planned one
    /// with a rep target also gets today's suggested weight (`suggestion`).
    func previousSets(of session: SessionRecord, planned: [PlannedExercise], offPlan: [String]) throws -> [PreviousSets] {
        var weightsKg: [Double]?  // the profile's, read once and only when needed
        let rows = planned.map { (name: $0.name, plan: Optional($0)) } + offPlan.map { (name: $0, plan: nil) }
        return try rows.compactMap { row in
            let exercise = try service.identity(ofKey: row.name.exerciseKey)
            guard let last = try lastTime(of: exercise.key, before: session) else { return nil }
            let suggestion = try row.plan.flatMap { try self.suggestion(plan: $0, exercise: exercise, session: session, lastTime: last, weightsKg: &weightsKg) }
            return PreviousSets(exercise: row.name, session: last, countsBodyMass: exercise.countsBodyMass, suggestion: suggestion)
        }
    }

    /// Today's weight for the plan row `plan` of `exercise` by `DoubleProgression`'s
    /// rule: from its sets in `session` (the one it is done in today, nil for none),
    /// else from `lastTime`'s, never below the plan's weight before today's first.
    /// `weightsKg` holds the profile's weights once read.
    func suggestion(plan: PlannedExercise, exercise: ExerciseIdentity, session: SessionRecord?, lastTime: ExerciseHistory.Session,
                    weightsKg: inout [Double]?) throws -> PreviousSets.Suggestion? {
        guard plan.reps != nil else { return nil }
        let today = try session.map { try database.sessions.exerciseSets(sessionID: $0.id, exerciseKey: exercise.key) } ?? []
        if weightsKg == nil { weightsKg = try database.profile.profile().weightsKg }
        return PreviousSets.Suggestion(plan: plan, today: today, lastTime: lastTime, equipment: exercise.equipment, availableKg: weightsKg ?? [])
    }

    /// The last session before `session` with sets of the exercise kept under `key`.
    func lastTime(of key: String, before session: SessionRecord) throws -> ExerciseHistory.Session? {
        try database.history.exerciseHistory(exerciseKey: key, from: nil, to: nil, before: session, limit: 1).history.sessions.last
    }

    /// The snapshot of the session `id` as stored now.
    func snapshot(id: Int64) throws -> SessionSnapshot {
        guard let session = try database.sessions.session(id) else { throw SessionError.sessionNotFound(id) }
        return try snapshot(of: session)
    }
}

extension SessionsFeature {
    /// `session.get`: the session named, else the active one, else the latest, with
    /// its sets as logged, a page of them (`SessionGet.setsPage`): the work of one call
    /// has a bound whatever the session holds.
    func sessionDetail(_ params: SessionGet.Params) throws -> SessionGet.Result {
        let id = params.sessionID
        let found = try id.map { try database.sessions.session($0) } ?? (try database.sessions.activeSession() ?? database.sessions.latestSession())
        guard let session = found else {
            if let id { throw SessionError.sessionNotFound(id) }
            throw SessionError.noActiveSession
        }
        let page = try database.history.sessionSetsPage(session.id, after: params.after, limit: params.limit ?? SessionGet.setsPage.upperBound)
        // Whether each exercise counts the body mass, asked once per name.
        var countsBodyMass: [String: Bool] = [:]
        let sets = try page.sets.map { row in
            let set = row.set
            let counts = try countsBodyMass[set.exerciseName] ?? service.identity(ofKey: set.exerciseName.exerciseKey).countsBodyMass
            countsBodyMass[set.exerciseName] = counts
            return SessionGet.LoggedSet {
                $0.setID = set.id
                $0.exercise = set.exerciseName
                $0.setNumber = set.setNumber
                $0.kind = set.kind
                $0.reps = set.reps
                $0.weightKg = set.weightKg
                $0.durationSeconds = set.durationSeconds
                $0.distanceM = row.distanceM
                $0.rpe = set.rpe
                $0.note = set.note
                $0.superset = row.superset
                $0.loggedAt = clock.rfc3339(ms: set.loggedAtMs)
                $0.records = set.records.names
                $0.countsBodyMass = counts
            }
        }
        var result = SessionGet.Result {
            $0.sessionID = session.id
            $0.date = session.date.description
            $0.title = session.title
            $0.state = session.state
            $0.startedAt = clock.rfc3339(ms: session.startedAtMs)
            $0.endedAt = session.endedAtMs.map(clock.rfc3339(ms:))
            $0.durationSeconds = session.durationSeconds(nowMs: nowMs)
            $0.rpe = session.rpe
            $0.note = session.note
            $0.sets = sets
        }
        (result.averageHeartRate, result.maximumHeartRate, result.energyKcal) = (session.averageHeartRate, session.maximumHeartRate, session.energyKcal)
        result.next = page.next
        return result
    }
}

extension SessionsFeature {
    /// One session's sets, paged.
    static let detailRoutes: [DaemonRoute] = [
        DaemonRoute(SessionGet.self) { params, service in Outcome(try service.sessions.sessionDetail(params)) },
    ]
}
