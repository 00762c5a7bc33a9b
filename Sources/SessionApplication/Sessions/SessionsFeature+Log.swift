import SessionCore
import SessionRPC
import SessionStore
import JSON

extension SessionsFeature {
    /// `session.log`: stores a set against a planned exercise or an off-plan name.
    /// A retry with the same requestId returns the first result and stores nothing.
    func log(_ input: SessionLog.Params) throws -> Outcome {
        if let requestID = input.requestID, let earlier = try database.sessions.set(requestID: requestID) {
            let planned = try earlier.plannedExerciseID.flatMap { try database.plans.plannedExercise($0) }
            let exercise = try service.identity(ofKey: earlier.exerciseName.exerciseKey)
            return Outcome(logResult(earlier, planned: planned?.exercise, ownRest: try ownRest(exercise.key), countsBodyMass: exercise.countsBodyMass),
                           effects: Effects())
        }
        // A retry of a call whose set was removed since: what it logged is gone, and
        // logging it again would undo the undo.
        if let requestID = input.requestID, let removed = try database.sessions.retiredSet(requestID: requestID) {
            throw SessionError.requestSpent(requestID: requestID, setID: removed)
        }
        let session = try loggingSession(input.sessionID)
        // Without `at`, now (a finished session: its end); but never before the start,
        // which a client may have given a little in the future (clock skew): a plain
        // call is never refused for that.
        let loggedAt = input.at?.ms ?? session.endedAtMs ?? max(nowMs, session.startedAtMs)
        guard loggedAt >= session.startedAtMs else { throw SessionError.timeBeforeSessionStart(startedAtMs: session.startedAtMs) }
        if let end = session.endedAtMs, loggedAt > end {
            throw SessionError.timeOutsideSession("The time given lies after session \(session.id) ended (\(clock.wallText(ms: end)))")
        }
        let (plannedID, planned, name, resolved) = try resolveExercise(input, session: session)
        let exercise = try resolved ?? service.identity(ofKey: name.exerciseKey)
        try service.checkAssistance(input.weightKg, of: exercise, name: name, path: "params.weightKg")
        let key = exercise.key
        var reps = input.reps
        var weight = input.weightKg
        var duration = input.durationSeconds
        if let count = input.count {
            // "log plank 45": a plain number is seconds for what the plan times.
            if let planned, planned.durationSeconds != nil, planned.reps == nil { duration = count } else { reps = count }
        }
        // No numbers: the fill rule (SetFill) — today's plan, else this session's last
        // set, else last time; reps or a time without a weight: the weight by it.
        var filled: SessionLog.Result.Filled?
        // Last time's session, read at most once (nil inside: there is none).
        var lastSession: ExerciseHistory.Session??
        if weight == nil, reps == nil && duration == nil || SetFill.fillsWeight(kind: input.kind, countsBodyMass: exercise.countsBodyMass) {
            let lastSet = { () throws -> SetFill.Numbers? in
                try self.database.sessions.lastCountedSet(sessionID: session.id, exerciseKey: key)
                    .map { SetFill.Numbers(reps: $0.reps, weightKg: $0.weightKg, durationSeconds: $0.durationSeconds) }
            }
            let lastTime = { () throws -> SetFill.Numbers? in
                let earlier = try self.lastTime(of: key, before: session)
                lastSession = .some(earlier)
                return earlier?.countedSets.first.map { SetFill.Numbers(reps: $0.reps, weightKg: $0.weightKg, durationSeconds: $0.durationSeconds) }
            }
            if reps == nil, duration == nil {
                guard let (numbers, source) = try SetFill.numbers(kind: input.kind, countsBodyMass: exercise.countsBodyMass, lastSet: lastSet, planned: planned,
                                                                  lastTime: lastTime) else {
                    throw RPCError.invalidParams([PathMessage(path: "params.reps", message: "is needed: \(name) has no earlier set to repeat and no plan to follow")])
                }
                (reps, weight, duration, filled) = (numbers.reps, numbers.weightKg, numbers.durationSeconds, source)
            } else if let (kg, source) = try SetFill.weight(kind: input.kind, countsBodyMass: exercise.countsBodyMass, lastSet: lastSet, planned: planned,
                                                            lastTime: lastTime) {
                (weight, filled) = (kg, source)
            }
        }
        var effects = Effects()
        effects.events.reserveCapacity(2)  // set.logged, and rest.started most of the time
        if session.isActive { try resumeIfPaused(session, effects: &effects) }
        let (bests, previous) = try database.sessions.loggingState(exerciseKey: key, sessionID: session.id, plannedExerciseID: plannedID)
        if input.refuseImplausible == true,
            let doubt = SetPlausibility.doubt(reps: reps, weightKg: weight, plannedWeightKg: planned?.weightKg, heaviestKg: bests.heaviestKg,
                                              equipment: exercise.equipment ?? Equipment.stated(in: name)) {
            throw SessionError.implausibleSet(doubt, exercise: name)
        }
        let decision = SetDecision(
            exerciseKey: key, kind: input.kind, reps: reps, weightKg: weight,
            previous: previous,
            bests: bests, countsBodyMass: exercise.countsBodyMass,
            bodyMassKg: try service.bodyMass(for: exercise, session: session))
        // The one bound on a session's sets, which imports and exports keep too; asked
        // before `with` writes a superset label.
        guard try database.sessions.setCount(sessionID: session.id, atMost: SessionLimits.setsPerSession) < SessionLimits.setsPerSession else {
            throw SessionError.sessionFull(sessionID: session.id, maximumSets: SessionLimits.setsPerSession)
        }
        let superset = try input.superset ?? planned?.superset ?? input.with.map { try supersetLabel(with: $0, session: session) }
        let stored = try database.sessions.insertSet(NewSet(
            sessionID: session.id, plannedExerciseID: plannedID, exerciseName: name, kind: input.kind,
            reps: reps, weightKg: weight, durationSeconds: duration, rpe: input.rpe, note: input.note, loggedAtMs: loggedAt,
            requestID: input.requestID, decision: decision, superset: superset))
        // A set added to a finished session adds to its volume, counted at its finish.
        if !session.isActive { try database.sessions.raiseSessionVolumeBest(sessionID: session.id, exerciseKey: key) }
        // Within a planned superset the rest comes after the round: A1, A2, rest.
        let roundUnfinished = try planned?.superset != nil && plannedID.map {
            SessionProgress.roundUnfinished(after: $0, planned: try progress(of: session).planned)
        } == true
        var reply = logResult(stored, planned: planned, ownRest: try ownRest(key), countsBodyMass: exercise.countsBodyMass, roundUnfinished: roundUnfinished)
        reply.filledFrom = filled
        if input.withLastTime == true, let previous = try lastSession ?? lastTime(of: key, before: session) {
            let counted = previous.countedSets
            if let match = counted.indices.contains(decision.countedSets - 1) ? counted[decision.countedSets - 1] : counted.last {
                reply.lastTime = SessionLog.Result.LastTime {
                    $0.date = previous.date.description
                    $0.reps = match.reps
                    $0.weightKg = match.weightKg
                    $0.durationSeconds = match.durationSeconds
                }
            }
        }
        // Boxed once: the reply and the set.logged event carry the same result.
        let result: any JSONEncodable & Sendable = reply
        effects.events.append(Event(SetLoggedEvent.self, boxed: result))
        // A set added to a finished session afterwards starts no rest.
        guard session.isActive else { return Outcome(result, effects: effects) }
        effects.sessionChanged = true
        effects.rest = .cancel
        if let rest = reply.restSeconds {
            let endsAt = nowMs + Int64(rest) * 1000
            let timer = RestTimer(sessionID: session.id, exercise: name, endsAtMs: endsAt)
            effects.rest = .start(timer)
            effects.events.append(timer.startedEvent(seconds: rest))
        }
        return Outcome(result, effects: effects)
    }

    /// The session a set goes into: the active one, or the one named, which may be
    /// finished (a forgotten set added afterwards).
    private func loggingSession(_ id: Int64?) throws -> SessionRecord {
        guard let id else { return try service.resolveSession(nil) }
        guard let session = try database.sessions.session(id) else { throw SessionError.sessionNotFound(id) }
        return session
    }

    /// The planned exercise named by id, position or words (`match`), or by name
    /// (case-insensitive, in the session's day); an unknown name is an off-plan exercise.
    /// The day's plan is read once, whichever way the exercise was named. A name the
    /// catalog knows is logged as the catalog names it. The last value is the exercise
    /// the set is of (`identity(ofKey:)`) when it was worked out on the way.
    private func resolveExercise(_ input: SessionLog.Params, session: SessionRecord) throws -> (Int64?, PlannedExercise?, String, ExerciseIdentity?) {
        if let plannedID = input.plannedExerciseID {
            guard let found = try database.plans.plannedExercise(plannedID) else { throw SessionError.plannedExerciseNotFound(plannedID) }
            guard found.planDayID == session.planDayID else {
                throw SessionError.exerciseNotInSession(plannedExerciseID: plannedID, planDayID: session.planDayID)
            }
            return (plannedID, found.exercise, found.exercise.name, nil)
        }
        let planned = try session.planDayID.map { try database.plans.plannedExercises(dayID: $0) } ?? []
        var typed = input.exercise ?? ""  // whitespace already collapsed by SessionLog.Params
        if input.position != nil || input.match != nil {
            switch try chooseExercise(input, session: session, planned: planned) {
            case .planned(let id):
                guard let row = planned.first(where: { $0.id == id }) else { throw SessionError.plannedExerciseNotFound(id) }
                return (row.id, row.exercise, row.exercise.name, nil)
            case .named(let name): typed = name
            }
        }
        // A catalog name or an alias ("ohp") names its exercise: the plan's, else by the
        // catalog's or the alias's name.
        let typedKey = typed.exerciseKey
        let exercise = try service.identity(ofKey: typedKey)
        if let match = try plannedExercise(key: exercise.key, in: planned) {
            return (match.id, match.exercise, match.exercise.name, exercise)
        }
        // Off-plan: as the catalog names it, else as the alias names it, else as typed.
        let name = try service.resolvedName(exercise, typedKey: typedKey) ?? typed
        return (nil, nil, name, exercise)
    }

    /// The planned exercise of `planned` whose name has the exercise key `key` (an
    /// alias's key already resolved to its exercise's), under aliases as well.
    func plannedExercise(key: String, in planned: [(id: Int64, exercise: PlannedExercise)]) throws -> (id: Int64, exercise: PlannedExercise)? {
        try planned.first { try database.exercises.canonicalKey($0.exercise.name.exerciseKey) == key }
    }

    /// What `position` names among the day's `planned` exercises, or `match` by the
    /// one rule of names (`resolveName`), the session's day being its plan day's
    /// exercises and what it logged off-plan.
    private func chooseExercise(_ input: SessionLog.Params, session: SessionRecord, planned: [(id: Int64, exercise: PlannedExercise)]) throws
        -> ExerciseChoice
    {
        if let position = input.position {
            return try ExerciseMatcher.resolve(position: position, planned: service.exercises.plannedCandidates(planned))
        }
        let resolved = try service.exercises.resolveName(input.match ?? "", isNew: input.isNew == true, day: try service.exercises.dayCandidates(of: session, planned: planned))
        if let id = resolved.day?.id { return .planned(id: id) }
        return .named(resolved.name)
    }

    /// The person's own rest for the exercise under `key` (`exercise.rest`), nil for none.
    func ownRest(_ key: String) throws -> Int? {
        let rests = try database.exercises.exerciseRests()
        return rests.isEmpty ? nil : rests[key]
    }

    /// The superset label a set done together with the exercise named `name` takes:
    /// that exercise's latest set's in the session, else a new letter given to that set
    /// too. A name with no set in the session is refused.
    private func supersetLabel(with name: String, session: SessionRecord) throws -> String {
        // The name as an exercise, else the session's exercise its words name ("curl"
        // for the Barbell Curl just done), as `match` finds names.
        var latest = try database.sessions.latestSuperset(sessionID: session.id, exerciseKey: try service.identity(ofKey: name.exerciseKey).key)
        if latest == nil {
            let names = try database.sessions.sessionTally(sessionID: session.id).map(\.name)
            if case .logged(let found) = ExerciseMatcher.match(name, in: names.map { ExerciseMatcher.Candidate(offPlan: $0) }) {
                latest = try database.sessions.latestSuperset(sessionID: session.id, exerciseKey: try service.identity(ofKey: found.exerciseKey).key)
            }
        }
        guard let latest else {
            throw SessionError.unknownExercise(name, suggestions: try database.sessions.sessionTally(sessionID: session.id).map(\.name))
        }
        if let label = latest.label { return label }
        let used = try database.sessions.supersetLabels(sessionID: session.id)
        let label = (65...90).lazy.map { String(UnicodeScalar(UInt8($0))) }.first { !used.contains($0) } ?? "S\(used.count + 1)"
        try database.sessions.setSuperset(setID: latest.setID, label: label)
        return label
    }

    /// The reply to a stored set; the same for the first call and for a retry. A set
    /// that leaves its superset's round unfinished has no rest.
    func logResult(_ set: SetRecord, planned: PlannedExercise?, ownRest: Int?, countsBodyMass: Bool, roundUnfinished: Bool = false) -> SessionLog.Result {
        SessionLog.Result {
            $0.countsBodyMass = countsBodyMass
            $0.setID = set.id
            $0.sessionID = set.sessionID
            $0.setNumber = set.setNumber
            $0.exercise = set.exerciseName
            $0.plannedExerciseID = set.plannedExerciseID
            $0.kind = set.kind
            $0.reps = set.reps
            $0.weightKg = set.weightKg
            $0.durationSeconds = set.durationSeconds
            $0.loggedAt = clock.rfc3339(ms: set.loggedAtMs)
            $0.progress.loggedSets = set.progressSets
            $0.progress.plannedSets = planned?.sets ?? 0
            $0.restSeconds = roundUnfinished ? nil : RestRule.seconds(kind: set.kind, planned: planned?.restSeconds, offPlan: set.plannedExerciseID == nil, own: ownRest)
            $0.rpe = set.rpe
            $0.personalRecord = set.records.isEmpty
                    ? nil : SessionLog.Result.Record { $0.kinds = set.records; $0.estimatedOneRepMaxKg = set.oneRepMaxKg.map(SessionProgress.roundKg) }
        }
    }
}

extension SessionsFeature {
    /// Logging a set.
    static let logRoutes: [DaemonRoute] = [
        DaemonRoute(SessionLog.self) { params, service in try service.sessions.log(params) },
    ]
}
