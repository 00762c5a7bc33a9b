import SessionCore
import SessionRPC
import SessionStore
import JSON

/// The sessions: started, logged into, edited, paused, resumed, undone, finished and read
/// back (`session.*`), over the shared core (`ServiceFeature`) at the time of the request
/// served. Reached as `service.sessions`; its routes sit beside each group of handlers.
struct SessionsFeature: ServiceFeature {
    /// The service whose database, clock and request time it works with.
    let service: SessionService
}

extension SessionsFeature {
    /// `session.start`: the plan day of the date (or the one named), else a free session.
    func startSession(_ params: SessionStart.Params) throws -> Outcome {
        if let active = try database.sessions.activeSession() { throw SessionError.sessionAlreadyActive(sessionID: active.id) }
        let startedAt = params.at?.ms ?? nowMs
        if let date = params.date, let at = params.at, clock.localDate(atMs: at.ms) != date {
            throw RPCError.invalidParams([PathMessage(path: "params.date", message: "\(date) is not the day of at (\(at.text), \(clock.localDate(atMs: at.ms)) here); give one or make them agree")])
        }
        let day = params.date ?? clock.localDate(atMs: startedAt)
        let today = clock.localDate(atMs: nowMs)
        // A date named alone must not lie ahead; a start `at` a few minutes ahead (another
        // device's clock, accepted up to the params' bound) keeps its own day even when
        // that is tomorrow, just before midnight.
        if day > today, params.at == nil { throw SessionError.dayInFuture(day, today: today) }
        var planDay: PlanDayRecord?
        var carriedOver = false
        if let planDayID = params.planDayID {
            guard let found = try database.plans.planDay(planDayID) else { throw SessionError.planDayNotFound(planDayID) }
            planDay = found
        } else if let found = try service.plans.planDay(on: day, in: service.plans.planCalendar()) {
            planDay = found.day
            carriedOver = found.choice.carriedOver
        }
        if planDay?.rest == true { planDay = nil }
        let title = planDay?.title ?? "Free session"
        let id = try database.sessions.insertSession(planDayID: planDay?.id, date: day, title: title, carriedOver: carriedOver && planDay != nil, startedAtMs: startedAt)
        guard let session = try database.sessions.session(id) else { throw SessionError.sessionNotFound(id) }
        var effects = Effects()
        effects.sessionChanged = true
        effects.factsChanged = true
        effects.emit(SessionStartedEvent.self, .init { $0.sessionID = id; $0.title = title; $0.planDayID = planDay?.id })
        return Outcome(try snapshot(of: session), effects: effects)
    }

    /// `session.pause`: idempotent.
    func pauseSession(_ id: Int64?) throws -> Outcome {
        let session = try service.resolveSession(id)
        var effects = Effects()
        if !session.isPaused {
            try database.sessions.updatePause(sessionID: session.id, pausedSinceMs: nowMs, pausedTotalMs: session.pausedTotalMs)
            effects.sessionChanged = true
            effects.emit(SessionPausedEvent.self, SessionReference { $0.sessionID = session.id })
        }
        return Outcome(try snapshot(id: session.id), effects: effects)
    }

    /// `session.resume`: idempotent; the paused time is excluded from the duration.
    func resumeSession(_ id: Int64?) throws -> Outcome {
        let session = try service.resolveSession(id)
        var effects = Effects()
        try resumeIfPaused(session, effects: &effects)
        return Outcome(try snapshot(id: session.id), effects: effects)
    }

    /// Resumes a paused session (logging a set does too).
    func resumeIfPaused(_ session: SessionRecord, effects: inout Effects) throws {
        guard let since = session.pausedSinceMs else { return }
        try database.sessions.updatePause(sessionID: session.id, pausedSinceMs: nil, pausedTotalMs: session.pausedTotalMs + max(0, nowMs - since))
        effects.sessionChanged = true
        effects.emit(SessionResumedEvent.self, SessionReference { $0.sessionID = session.id })
    }

    /// `session.finish`.
    func finishSession(_ params: SessionFinish.Params) throws -> Outcome {
        let session = try service.resolveSession(params.sessionID)
        // A set never lies outside its session: an end given before the latest set is
        // refused, naming it. Without `at`, now, but never before the start or that set
        // (either may lie a little ahead: another device's clock); a plain call is
        // never refused for that.
        let latest = try database.sessions.latestSet(sessionID: session.id)
        let endedAt = params.at?.ms ?? max(nowMs, session.startedAtMs, latest?.loggedAtMs ?? 0)
        guard endedAt >= session.startedAtMs else { throw SessionError.timeBeforeSessionStart(startedAtMs: session.startedAtMs) }
        if let latest, endedAt < latest.loggedAtMs {
            throw SessionError.timeOutsideSession(
                "Session \(session.id) cannot end at \(clock.wallText(ms: endedAt)): \(outside(latest).description) lies after it; "
                    + "finish at or after that time, or remove that set first (sessionctl undo \(latest.id))", set: outside(latest))
        }
        let pausedTotal = session.pausedTotalMs + (session.pausedSinceMs.map { max(0, endedAt - $0) } ?? 0)
        let volumes = try database.sessions.finishSession(session.id, endedAtMs: endedAt, pausedTotalMs: pausedTotal, rpe: params.rpe, note: params.note)
        guard let finished = try database.sessions.session(session.id) else { throw SessionError.sessionNotFound(session.id) }
        let progress = try progress(of: finished)
        var result = SessionFinish.Result {
            $0.sessionID = session.id
            $0.durationSeconds = finished.durationSeconds(nowMs: endedAt)
            $0.sets = progress.countedSets
            $0.volumeKg = progress.volumeKg
            $0.completion = progress.completion
            $0.planDayID = finished.planDayID
            $0.title = finished.title
            $0.startedAt = clock.rfc3339(ms: finished.startedAtMs)
            $0.endedAt = clock.rfc3339(ms: endedAt)
        }
        result.records = volumes.compactMap { item in
            // The first session with volume is a baseline.
            guard let best = item.previousBestKg, item.volumeKg > best + 1e-9 else { return nil }
            return VolumeRecord {
                $0.exercise = ExerciseCatalog.builtIn.exercise(key: item.exerciseKey)?.name ?? item.name
                $0.volumeKg = item.volumeKg
                $0.previousKg = best
            }
        }
        var effects = Effects()
        effects.sessionChanged = true
        effects.factsChanged = true
        // The rest between sets ends with the session: no bell after the workout.
        effects.rest = .cancel
        effects.emit(SessionFinishedEvent.self, result)
        return Outcome(result, effects: effects)
    }

    /// `session.abort`: the session and its sets are deleted: the active one, or the
    /// one `id` names, running or, with `confirm`, finished (a session entered by
    /// mistake; a caller that means the running one is not taken at its word after
    /// another device finished it).
    func abortSession(_ id: Int64?, confirm: Bool) throws -> Outcome {
        guard let session = try id.map({ try database.sessions.session($0) }) ?? database.sessions.activeSession() else {
            throw id.map { SessionError.sessionNotFound($0) } ?? SessionError.noActiveSession
        }
        if !session.isActive, !confirm {
            throw SessionError.confirmationRequired("Session \(session.id) of \(session.date) is finished: discarding it removes it from the history, on every device")
        }
        try database.sessions.deleteSession(session.id)
        var effects = Effects()
        effects.factsChanged = true
        if session.isActive {
            effects.sessionChanged = true
            effects.rest = .cancel
        }
        effects.emit(SessionAbortedEvent.self, SessionReference { $0.sessionID = session.id })
        return Outcome(SessionAbort.Result { $0.sessionID = session.id }, effects: effects)
    }

    /// `session.current`: the active session with progress, or null.
    func currentSession() throws -> CurrentSession {
        CurrentSession(try database.sessions.activeSession().map { try snapshot(of: $0) })
    }

    /// `session.list`.
    func listSessions(_ params: SessionList.Params) throws -> SessionList.Result {
        ResultList(try database.sessions.listSessions(from: params.from, to: params.to, before: try cursor(params.before), limit: params.limit ?? SessionLimits.listDefault).map { listing in
            let session = listing.session
            return SessionList.Listing {
                $0.sessionID = session.id
                $0.date = session.date.description
                $0.title = session.title
                $0.state = session.state
                $0.startedAt = clock.rfc3339(ms: session.startedAtMs)
                $0.durationSeconds = session.durationSeconds(nowMs: nowMs)
                $0.sets = listing.sets
                $0.volumeKg = SessionProgress.roundKg(listing.volumeKg)
            }
        })
    }

    /// The session a `before` cursor names; session_not_found when there is none.
    func cursor(_ id: Int64?) throws -> SessionRecord? {
        try id.map { id in
            guard let session = try database.sessions.session(id) else { throw SessionError.sessionNotFound(id) }
            return session
        }
    }

    /// `session.undo`: removes a set (default: the last set of the active session), the
    /// sets named, or the active session's last few; all or none, each checked first.
    func undo(_ params: SessionUndo.Params) throws -> Outcome {
        let confirmed = params.confirm ?? false
        var sets: [SetRecord] = []
        if let ids = params.setIDs ?? params.setID.map({ [$0] }) {
            for id in ids {
                guard let found = try database.sessions.set(id) else { throw SessionError.setNotFound(id) }
                if !confirmed, let session = try database.sessions.session(found.sessionID), !session.isActive {
                    throw SessionError.confirmationRequired("Set \(id) belongs to session \(session.id) of \(session.date), which is finished: removing it changes that session's history")
                }
                sets.append(found)
            }
        } else {
            let session = try service.resolveSession(nil)
            let wanted = params.last ?? 1
            sets = try database.sessions.lastSets(sessionID: session.id, limit: wanted)
            guard !sets.isEmpty else { throw SessionError.noSetToUndo }
            guard sets.count == wanted else { throw SessionError.fewerSetsToUndo(asked: wanted, have: sets.count) }
        }
        for set in sets { try database.sessions.deleteSet(set.id) }
        let removed = sets.map { item in SessionUndo.Removed {
            $0.setID = item.id
            $0.sessionID = item.sessionID
            $0.exercise = item.exerciseName
            $0.setNumber = item.setNumber
        } }
        var effects = Effects()
        effects.sessionChanged = true
        effects.rest = .cancel
        // Watchers drop each set they showed.
        for item in removed { effects.emit(SetUndoneEvent.self, item) }
        return Outcome(SessionUndo.Result(removed: removed), effects: effects)
    }
}

extension SessionsFeature {
    /// Starting, pausing, finishing and listing sessions, and undoing a set.
    static let lifecycleRoutes: [DaemonRoute] = [
        DaemonRoute(SessionStart.self) { params, service in try service.sessions.startSession(params) },
        DaemonRoute(SessionPause.self) { params, service in try service.sessions.pauseSession(params.sessionID) },
        DaemonRoute(SessionResume.self) { params, service in try service.sessions.resumeSession(params.sessionID) },
        DaemonRoute(SessionUndo.self) { params, service in try service.sessions.undo(params) },
        DaemonRoute(SessionFinish.self) { params, service in try service.sessions.finishSession(params) },
        DaemonRoute(SessionAbort.self) { params, service in try service.sessions.abortSession(params.sessionID, confirm: params.confirm ?? false) },
        DaemonRoute(SessionCurrent.self) { _, service in Outcome(try service.sessions.currentSession()) },
        DaemonRoute(SessionList.self) { params, service in Outcome(try service.sessions.listSessions(params)) },
    ]
}
