import CLinux
import SessionCore
import SessionRPC
import SessionStore

/// The history: imported in chunks, exported, archived and restored, and the database
/// backed up (`history.*`, `database.backup`), over the shared core (`ServiceFeature`).
/// Reached as `service.history`.
struct HistoryFeature: ServiceFeature {
    /// The service whose database, clock, request time and staged imports it works with.
    let service: SessionService
}

extension HistoryFeature {
    /// Stages a chunk; with `done`, stores everything staged under the id in this
    /// group commit (or, in a dry run, counts it), skipping workouts already stored;
    /// with `cancel`, drops the import.
    func importHistory(_ params: HistoryImport.Params) throws -> HistoryImport.Result {
        let key = service.importKey(params.importID)
        if params.cancel {
            service.staging.cancel(key)
            malloc_trim(0)
            return HistoryImport.Result {
                $0.importID = params.importID
                $0.staged = 0
                $0.done = false
                $0.dryRun = false
                $0.imported = nil
                $0.skipped = 0
            }
        }
        let dates = RecordedDates.range(today: clock.localDate(atMs: nowMs))
        let outside = params.workouts.indices.filter { !dates.contains(params.workouts[$0].start.date) }
        if !outside.isEmpty {
            throw RPCError.invalidParams(outside.prefix(50).map { index in
                PathMessage(path: "params.workouts[\(index)].start", message: "\(params.workouts[index].start.date) lies outside \(dates.lowerBound)…\(dates.upperBound)")
            })
        }
        try service.health.checkRecordedDates(params.archive.health, param: "health")
        let staged = try service.staging.add(params.workouts, archive: params.archive, chunk: params.chunk, to: key, source: params.source,
                                             done: params.done, nowMs: nowMs)
        if let stored = staged.result, params.done { return stored }  // done sent again: what it stored
        // Every chunk sent is stored, or nothing: `done`'s own number counts the chunks
        // before it when it carries none.
        if params.done { try service.staging.checkComplete(key, count: params.workouts.isEmpty && params.archive.isEmpty ? params.chunk : params.chunk + 1) }
        guard params.done else {
            return HistoryImport.Result {
                $0.importID = params.importID
                $0.staged = staged.count
                $0.done = false
                $0.dryRun = params.dryRun
                $0.imported = nil
                $0.skipped = 0
            }
        }
        do {
            return try finishImport(params, key: key, staged: staged)
        } catch let error where !(error is StorageError) {
            // Refused for what it holds: what was staged goes once this commits (a group
            // commit that runs the request again reads it again), and takes up no room
            // of the client's imports. A storage failure keeps it, for `done` again.
            service.afterCommit.append { $0.staging.cancel(key) }
            throw error
        }
    }

    /// `history.import`'s `done`: the staged import read back, checked and stored (or,
    /// in a dry run, counted).
    private func finishImport(_ params: HistoryImport.Params, key: ImportStaging.Key, staged: ImportStaging.Staged) throws -> HistoryImport.Result {
        // Read back from disk only now, and let go of when this returns.
        let (workouts, archive) = try service.staging.contents(of: key)
        // An archive (sessiond's own export) first: its plans are what its sessions
        // trained. A dry run checks it as the restore would, storing nothing.
        if params.dryRun { try checkRestore(archive) }
        let planIDs = archive.isEmpty || params.dryRun ? [:] : try restore(archive)
        // Sessiond's own export is in the order it was recorded: kept so.
        var sessions = try HistoryWorkout.merging(workouts, keepingOrder: staged.source == "json").map { try importedSession($0, planIDs: planIDs) }
        let given = sessions.count
        for session in sessions {
            for set in session.workout.sets where (set.weightKg ?? 0) < 0 {
                try service.checkAssistance(set.weightKg, of: service.identity(ofKey: set.exercise.exerciseKey), name: set.exercise,
                                    path: "params.workouts", on: session.workout.start.date)
            }
        }
        // The new ones only, in place: one array of the import's size at a time.
        try database.history.keepNewImports(&sessions)
        // A watch's recording of a session tracked here gives that session its heart
        // rate and energy instead of becoming a second session.
        var measured: [Int64] = []
        if let source = staged.source, HistoryImport.measuringSources.contains(source) {
            try sessions.keep { session in
                guard let tracked = try database.sessions.trackedSession(overlapping: session.startedAtMs, session.endedAtMs) else { return true }
                measured.append(tracked)
                let workout = session.workout
                if !params.dryRun {
                    try database.sessions.setMeasured(sessionID: tracked, averageHeartRate: workout.averageHeartRate,
                                             maximumHeartRate: workout.maximumHeartRate, energyKcal: workout.energyKcal)
                }
                return false
            }
        }
        // Entered afterwards here (track, or a program without a source): it trained the
        // plan day of its date like a live session.
        if staged.source == nil {
            let calendar = try service.plans.planCalendar()  // read once for the import's sessions
            sessions = try sessions.map { try placedOnPlanDay($0, in: calendar) }
            if params.refuseImplausible == true { try checkPlausible(sessions) }
        }
        if !params.dryRun { try database.history.insertImported(sessions, source: staged.source) }
        let counts = HistoryCounts(sessions.lazy.map(\.workout))
        var result = try HistoryImport.Result {
            $0.importID = params.importID
            $0.staged = staged.count
            $0.done = true
            $0.dryRun = params.dryRun
            $0.imported = counts
            $0.skipped = given - sessions.count - measured.count
            $0.names = try exercisesOf(counts.names)
        }
        result.measured = measured
        // A dry run stored nothing, and lets its chunks go once it commits (a group
        // commit that runs it again reads them again): what it counted is the answer.
        guard !params.dryRun else {
            service.afterCommit.append {
                $0.staging.cancel(key)
                malloc_trim(0)
            }
            return result
        }
        // The workouts are let go of only once this commits: a group commit that runs
        // the request again needs them.
        service.staging.done(key, with: result)
        // An import's workouts took tens of MiB (about 230 bytes a set); malloc keeps
        // what was freed unless asked, and a daemon runs for months.
        service.afterCommit.append { _ in malloc_trim(0) }
        return result
    }
}

extension HistoryFeature {
    /// What each imported name became: the catalog's exercise (by any of its names, or
    /// through an alias), another exercise an alias names, or (nil) a name of one's own.
    func exercisesOf(_ names: [String]) throws -> [HistoryImport.Name] {
        try names.map { name in
            let key = name.exerciseKey
            return try HistoryImport.Name { $0.name = name; $0.exercise = try service.resolvedName(service.identity(ofKey: key), typedKey: key) }
        }
    }

    /// A workout ready to store: at its exact start and with its sets' times when it
    /// has them (sessiond's own export), else at its wall-clock start; on the plan day
    /// it names, among the archive's plans (`planIDs`).
    func importedSession(_ workout: HistoryWorkout, planIDs: [Int64: Int64]) throws -> ImportedSession {
        var session = ImportedSession(workout: workout, startedAtMs: workout.startedAt.flatMap(RFC3339.parse) ?? clock.ms(of: workout.start),
                                      date: workout.date ?? workout.start.date)
        // A set never lies before its session began: one a file logged earlier (a watch's
        // clock set back) is logged at the start.
        let times = workout.sets.compactMap { $0.loggedAt.flatMap(RFC3339.parse) }
        if times.count == workout.sets.count { session.loggedAtMs = times.map { max($0, session.startedAtMs) } }
        if let reference = workout.planDay, let planID = planIDs[reference.planID],
            let day = try database.plans.planDay(planID: planID, weekday: reference.weekday) {
            session = try placed(session, on: day, carriedOver: reference.carriedOver)
        }
        return session
    }

    /// `session` on the plan day of its date, if that is a training day: each set counts
    /// against the day's planned exercise its name names, as `log` matches a name (the
    /// same exercise key, an alias's exercise).
    func placedOnPlanDay(_ session: ImportedSession, in calendar: PlanCalendar) throws -> ImportedSession {
        guard let (day, choice) = try service.plans.planDay(on: session.date, in: calendar), !day.rest else { return session }
        return try placed(session, on: day, carriedOver: choice.carriedOver)
    }

    /// `session` on `day`: each set counts against the day's planned exercise its name
    /// names, as `log` matches a name.
    func placed(_ session: ImportedSession, on day: PlanDayRecord, carriedOver: Bool) throws -> ImportedSession {
        let planned = try database.plans.plannedExercises(dayID: day.id)
        var placed = session
        placed.planDayID = day.id
        placed.carriedOver = carriedOver
        placed.plannedExerciseIDs = try session.workout.sets.map { set in
            let key = set.exercise.exerciseKey
            return try service.sessions.plannedExercise(key: database.exercises.alias(key)?.nameKey ?? key, in: planned)?.id
        }
        return placed
    }

    /// Throws `implausibleSet` for the first set of `sessions` that looks mistyped
    /// (`SetPlausibility`), against its planned exercise's weight and the bests stored.
    func checkPlausible(_ sessions: [ImportedSession]) throws {
        for session in sessions {
            for (index, set) in session.workout.sets.enumerated() {
                let plannedID = session.plannedExerciseIDs.isEmpty ? nil : session.plannedExerciseIDs[index]
                try service.checkPlausible(reps: set.reps, weightKg: set.weightKg, plannedExerciseID: plannedID,
                                           of: try service.identity(ofKey: set.exercise.exerciseKey), name: set.exercise)
            }
        }
    }
}

extension HistoryFeature {
    /// A page of finished sessions as workouts, in the daemon's zone; a session of more
    /// sets than a workout holds as consecutive workouts of its start and title.
    func exportHistory(_ params: HistoryExport.Params) throws -> HistoryExport.Result {
        let limit = params.limit ?? HistoryLimits.exportPage.upperBound
        let after = params.after.map { HistoryStore.ExportCursor(sessionID: $0, setID: params.afterSet) }
        let (page, next) = try database.history.exportSessions(from: params.from, to: params.to, after: after, limit: limit, maximumSets: HistoryLimits.pageSets)
        // Each plan day once: a page's sessions mostly train a few.
        var days: [Int64: PlanDayRecord] = [:]
        var workouts: [HistoryWorkout] = []
        for exported in page {
            let session = exported.session
            let active = max(0, (session.endedAtMs ?? session.startedAtMs) - session.startedAtMs - session.pausedTotalMs)
            var workout = HistoryWorkout(start: clock.localDateTime(atMs: session.startedAtMs), durationSeconds: Int(active / 1000), title: session.title,
                                         note: session.note, rpe: session.rpe, sets: [])
            workout.startedAt = clock.rfc3339(ms: session.startedAtMs)
            (workout.averageHeartRate, workout.maximumHeartRate, workout.energyKcal) = (session.averageHeartRate, session.maximumHeartRate, session.energyKcal)
            if session.date != workout.start.date { workout.date = session.date }
            if let dayID = session.planDayID, let day = try days[dayID] ?? database.plans.planDay(dayID) {
                days[dayID] = day
                workout.planDay = PlanDayReference { $0.planID = day.planID; $0.weekday = day.date.weekday; $0.carriedOver = session.carriedOver }
            }
            let sets = exported.sets.map { row in
                let set = row.set
                var exportedSet = HistorySet(exercise: set.exerciseName, kind: set.kind, reps: set.reps, weightKg: set.weightKg, distanceM: row.distanceM,
                                             durationSeconds: set.durationSeconds, rpe: set.rpe, note: set.note, superset: row.superset)
                exportedSet.loggedAt = clock.rfc3339(ms: set.loggedAtMs)
                return exportedSet
            }
            var start = 0
            repeat {
                let end = min(start + HistoryLimits.setsPerWorkout, sets.count)
                var part = workout
                part.sets = Array(sets[start..<end])
                workouts.append(part)
                start = end
            } while start < sets.count
        }
        return HistoryExport.Result { $0.workouts = workouts; $0.next = next?.sessionID; $0.nextSet = next?.setID }
    }
}

extension HistoryFeature {
    func loggedExercises(_ params: HistoryExercises.Params) throws -> HistoryExercises.Result {
        let rows = try database.history.loggedExercises(limit: params.limit ?? SessionLimits.listLimit.upperBound, counts: params.counts ?? true)
        return ResultList(rows.map { item in HistoryExercises.Exercise {
            $0.name = item.name
            $0.sets = item.sets
            $0.lastLoggedAt = clock.rfc3339(ms: item.lastLoggedAtMs)
        } })
    }
}

extension HistoryFeature {
    /// Importing and exporting the history, and the exercises logged.
    static let routes: [DaemonRoute] = [
        DaemonRoute(HistoryImport.self) { params, service in Outcome(try service.history.importHistory(params)) },
        DaemonRoute(HistoryExport.self) { params, service in Outcome(try service.history.exportHistory(params)) },
        DaemonRoute(HistoryExercises.self) { params, service in Outcome(try service.history.loggedExercises(params)) },
    ]
}
