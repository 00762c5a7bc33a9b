import SessionCore
import SessionRPC
import SessionStore

extension ExercisesFeature {
    /// What `words` name by the one rule (`ExerciseResolver`), among `day` (the day's
    /// exercises) and what this database knows: its aliases, the exercises defined as
    /// one's own, every exercise logged and the active plan's, the last three read only
    /// when the words are none of the catalog's names or an alias.
    func resolveName(_ words: String, isNew: Bool = false, day: [ExerciseMatcher.Candidate]) throws -> ExerciseResolver.Resolved {
        try ExerciseResolver.resolve(words, isNew: isNew, day: day, aliases: try database.exercises.aliases().mapValues(\.name)) {
            ExerciseResolver.Known(
                own: try database.exercises.customExercises().values.map(\.name).sorted(),
                logged: try database.history.loggedExerciseNames(limit: SessionLimits.listLimit.upperBound) + database.plans.activePlanExerciseNames())
        }
    }

    /// A plan day's exercises as the rule reads them: with their ids and positions.
    func plannedCandidates(_ planned: [(id: Int64, exercise: PlannedExercise)]) -> [ExerciseMatcher.Candidate] {
        planned.enumerated().map { ExerciseMatcher.Candidate(id: $1.id, position: $0 + 1, name: $1.exercise.name) }
    }

    /// The exercises of `session`'s day, as the rule reads them: its plan day's with
    /// their ids and positions, then those it logged off-plan.
    func dayCandidates(of session: SessionRecord, planned: [(id: Int64, exercise: PlannedExercise)]) throws -> [ExerciseMatcher.Candidate] {
        let rows = plannedCandidates(planned)
        let offPlan = try database.sessions.sessionTally(sessionID: session.id).filter { $0.plannedExerciseID == nil }.map { ExerciseMatcher.Candidate(offPlan: $0.name) }
        return rows + offPlan
    }

    /// The day a name is read in outside a session's `log`: the active session's, else
    /// the plan day today trains by the plan calendar (none on a rest day or without a plan).
    func todaysCandidates() throws -> [ExerciseMatcher.Candidate] {
        if let session = try database.sessions.activeSession() {
            return try dayCandidates(of: session, planned: try session.planDayID.map { try database.plans.plannedExercises(dayID: $0) } ?? [])
        }
        let today = clock.localDate(atMs: nowMs)
        guard let (day, _) = try service.plans.planDay(on: today, in: service.plans.planCalendar()), !day.rest else { return [] }
        return plannedCandidates(try database.plans.plannedExercises(dayID: day.id))
    }

    /// The exercise a lookup's `words` name (`exercise.get`, `exercise.history`): by the
    /// rule, in today's day, and the name every output gives it. Words naming nothing
    /// throw `noSuchExercise` with the closest names; several, `ambiguousExercise`.
    func lookUp(_ words: String) throws -> (name: String, exercise: ExerciseIdentity) {
        let resolved: ExerciseResolver.Resolved
        do {
            resolved = try resolveName(words, day: try todaysCandidates())
        } catch SessionError.unknownExercise(let typed, let suggestions) {
            throw SessionError.noSuchExercise(typed, suggestions: suggestions)
        }
        let exercise = try service.identity(ofKey: resolved.name.exerciseKey)
        return (displayName(of: exercise, written: resolved.name), exercise)
    }

    /// The name every output gives an exercise (`ExerciseCatalog.displayName`): the
    /// catalog's, else the name one's own was defined by, else `written`.
    func displayName(of exercise: ExerciseIdentity, written: String) -> String {
        ExerciseCatalog.builtIn.displayName(ofKey: exercise.key, own: exercise.custom?.name ?? written)
    }
}
