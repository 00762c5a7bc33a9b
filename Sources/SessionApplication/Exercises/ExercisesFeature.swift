import SessionCore
import SessionRPC
import SessionStore

/// The exercises: the catalog and one's own, an exercise's history and suggestion, own
/// rests, and the names typed resolved to exercises (`exercise.*`), over the shared core
/// (`ServiceFeature`). Reached as `service.exercises`.
struct ExercisesFeature: ServiceFeature {
    /// The service whose database, clock and request time it works with.
    let service: SessionService
}

extension ExercisesFeature {
    /// `exercise.list`: the catalog's exercises whose names have every word searched,
    /// then the person's own (logged names the catalog does not know).
    func listExercises(_ params: ExerciseList.Params) throws -> ExerciseList.Result {
        let limit = params.limit ?? SessionLimits.listLimit.upperBound
        let search = params.search ?? ""
        let catalogued = ExerciseCatalog.builtIn.search(search).map(ExerciseInfo.init)
        let custom = try database.exercises.customExercises()
        // Those defined, then those only logged; each once.
        let names = ExerciseMatcher.distinct(custom.values.map(\.name).sorted() + (try database.history.loggedExerciseNames(limit: SessionLimits.listLimit.upperBound)))
        let own = names.filter { ExerciseCatalog.builtIn.exercise(named: $0) == nil && ExerciseCatalog.matches($0, search: search) }
        return ResultList(Array((catalogued + own.map { name in custom[name.exerciseKey].map(ExerciseInfo.init) ?? ExerciseInfo { $0.name = name } }).prefix(limit)))
    }

    /// `exercise.define`: a name of one's own given equipment and muscles; a catalog
    /// name (or an alias of one) is refused, naming the catalog's exercise.
    func defineExercise(_ params: ExerciseDefine.Params) throws -> ExerciseInfo {
        if let exercise = try service.identity(ofKey: params.exercise.exerciseKey).catalogued {
            throw SessionError.exerciseRefused("\"\(params.exercise)\" is \(exercise.name) of the exercise catalog, which knows its muscles")
        }
        let custom = CustomExercise(
            name: try database.exercises.loggedName(exerciseKey: params.exercise.exerciseKey) ?? params.exercise,
            equipment: params.equipment.flatMap(Equipment.init(rawValue:)),
            primary: params.primaryMuscles.compactMap(MuscleGroup.init(rawValue:)),
            secondary: (params.secondaryMuscles ?? []).compactMap(MuscleGroup.init(rawValue:)),
            countsBodyMass: params.countsBodyMass ?? false)
        try database.exercises.defineExercise(custom)
        return ExerciseInfo(custom)
    }

    /// `exercise.get`: the exercise the words name (`lookUp`, the rule every command
    /// reads names by), with its counts, records and last session; words naming nothing
    /// are refused with the closest names, words naming several with them.
    func exercise(_ params: ExerciseGet.Params) throws -> ExerciseGet.Result {
        let (name, exercise) = try lookUp(params.exercise)
        let info = exercise.catalogued.map(ExerciseInfo.init) ?? exercise.custom.map(ExerciseInfo.init) ?? ExerciseInfo { $0.name = name }
        let counts = try database.exercises.exerciseCounts(exerciseKey: exercise.key)
        // At most a session's bound of its sets: a session stored before sessions had one
        // may hold any number.
        let last = try database.history.lastSession(exerciseKey: exercise.key, maximumSets: SessionLimits.setsPerSession)
        var result = ExerciseGet.Result(exercise: info, sessions: counts.sessions, sets: counts.sets, bests: try database.sessions.bests(exerciseKey: exercise.key),
                                        last: last)
        result.suggestion = try suggestion(for: exercise, last: last)
        return result
    }

    /// Today's weight for the exercise, as `status` gives it (`suggestion(plan:…)`):
    /// for the active session's plan row of it, else the first row of it with a rep
    /// target of the plan of record for today (today's day first: the plan governing
    /// today, which may be another than the active one, imported for a later week);
    /// from its sets in the active session, else those of the last session before it
    /// (`last` without an active session). Nil without a row or a last time.
    private func suggestion(for exercise: ExerciseIdentity, last: ExerciseHistory.Session?) throws -> PreviousSets.Suggestion? {
        guard last != nil else { return nil }
        let active = try database.sessions.activeSession()
        let sessionRows = try active?.planDayID.map { try database.plans.plannedExercises(dayID: $0) } ?? []
        func ofExercise(_ row: PlannedExercise) -> Bool { row.reps != nil && (try? service.identity(ofKey: row.name.exerciseKey).key) == exercise.key }
        func ofRecord() throws -> PlannedExercise? {
            let calendar = try service.plans.planCalendar(), today = clock.localDate(atMs: nowMs)
            let todays = try service.plans.planDay(on: today, in: calendar).map { try database.plans.plannedExercises(dayID: $0.day.id).map(\.exercise) } ?? []
            let plan = try calendar.governingPlan(of: today).map { try database.plans.planExercises(planID: $0.id) } ?? []
            return todays.first(where: ofExercise) ?? plan.first(where: ofExercise)
        }
        guard let plan = try service.sessions.plannedExercise(key: exercise.key, in: sessionRows).map(\.exercise).flatMap({ $0.reps != nil ? $0 : nil })
            ?? ofRecord(),
            let before = try active.map({ try service.sessions.lastTime(of: exercise.key, before: $0) }) ?? last
        else { return nil }
        var weightsKg: [Double]?
        return try service.sessions.suggestion(plan: plan, exercise: exercise, session: active, lastTime: before, weightsKg: &weightsKg)
    }

    /// `exercise.history`: a page of the history of the exercise the words name
    /// (`lookUp`), under the name every output gives it.
    func exerciseHistory(_ params: ExerciseHistoryGet.Params) throws -> ExerciseHistoryGet.Result {
        let (name, exercise) = try lookUp(params.exercise)
        let key = exercise.key
        let before = try service.sessions.cursor(params.before)
        // By the page, whatever the history holds: a chart's sessions as figures summed
        // by SQLite, sets at most `pageSets` a page.
        let page = params.sets == false
            ? try database.history.exerciseHistorySummary(exerciseKey: key, from: params.from, to: params.to, before: before, limit: params.limit,
                                                  maximumSessions: HistoryLimits.pageSessions)
            : try database.history.exerciseHistory(exerciseKey: key, from: params.from, to: params.to, before: before, limit: params.limit,
                                           maximumSets: HistoryLimits.pageSets)
        var history = page.history
        history.name = name
        return ExerciseHistoryGet.Result(history, next: page.next, countsBodyMass: exercise.countsBodyMass)
    }
}

extension ExercisesFeature {
    /// `exercise.rest`: the person's own rest for the exercise the words name, read as
    /// every command reads a name (`lookUp`).
    func setExerciseRest(_ params: ExerciseRest.Params) throws -> ExerciseRest.Result {
        let (name, exercise) = try lookUp(params.exercise)
        try database.exercises.setExerciseRest(exerciseKey: exercise.key, seconds: params.seconds)
        return ExerciseRest.Result { $0.exercise = name; $0.seconds = params.seconds }
    }

    /// `exercise.rests`: every exercise's own rest, by name.
    func exerciseRests() throws -> [ExerciseRest.Result] {
        try database.exercises.exerciseRests().sorted { $0.key < $1.key }.map { key, seconds in
            try ExerciseRest.Result {
                $0.exercise = try ExerciseCatalog.builtIn.exercise(key: key)?.name ?? database.exercises.loggedName(exerciseKey: key) ?? key
                $0.seconds = seconds
            }
        }
    }
}

extension ExercisesFeature {
    /// The exercises: listed, defined, looked up, their history and own rests.
    static let routes: [DaemonRoute] = [
        DaemonRoute(ExerciseList.self) { params, service in Outcome(try service.exercises.listExercises(params)) },
        DaemonRoute(ExerciseGet.self) { params, service in Outcome(try service.exercises.exercise(params)) },
        DaemonRoute(ExerciseDefine.self) { params, service in Outcome(try service.exercises.defineExercise(params)) },
        DaemonRoute(ExerciseRest.self) { params, service in Outcome(try service.exercises.setExerciseRest(params)) },
        DaemonRoute(ExerciseRests.self) { _, service in Outcome(ResultList(try service.exercises.exerciseRests())) },
        DaemonRoute(ExerciseHistoryGet.self) { params, service in Outcome(try service.exercises.exerciseHistory(params)) },
    ]
}
