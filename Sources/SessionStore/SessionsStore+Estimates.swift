import SessionCore

/// A stored set's estimate is a function of what is stored (`StoredEstimate`): the set,
/// its session's date, its exercise's body-mass rule and the body mass in force on that
/// date. Whatever changes one of those after the set was stored decides the estimates
/// it touches again here, and the exercises' bests follow; logging a set pays nothing
/// for it.
extension SessionsStore {
    /// Whether the sets kept under `exerciseKey` count body mass: the catalog's flag for
    /// its exercises, else the person's own definition (`custom`), else not — what
    /// `SessionService.identity` gives a set as it is logged.
    static func countsBodyMass(exerciseKey: String, custom: [String: CustomExercise]) -> Bool {
        if let exercise = ExerciseCatalog.builtIn.exercise(key: exerciseKey) { return exercise.countsBodyMass }
        return custom[exerciseKey]?.countsBodyMass ?? false
    }

    /// The same, with one's own exercises read (once per transaction).
    func countsBodyMass(exerciseKey: String) throws -> Bool {
        Self.countsBodyMass(exerciseKey: exerciseKey, custom: try exercisesStore.customExercises())
    }

    /// Notes that the body mass in force may have changed from `date` on (a sample was
    /// stored for it). The body-weight sets it may change are estimated again once the
    /// request is done (`settleBodyMass`): once for all the samples it stored.
    func noteBodyMassChanged(on date: LocalDate) {
        let known = memo.bodyMassChanged ?? date...date
        memo.bodyMassChanged = min(known.lowerBound, date)...max(known.upperBound, date)
    }

    /// Estimates again the sets of every exercise that counts body mass whose body mass
    /// in force may have changed since it last ran: those dated from the earliest day a
    /// body mass was stored for up to the first day after the latest with a body mass
    /// of its own (from then on that one is in force, as before); a no-op when none
    /// was. Run at the end of each request and of each transaction of its own
    /// (`RequestScope.run`, `atomically`), so a reply and the next request read the
    /// figures the stored body mass decides. The sets are found from their sessions'
    /// dates (`session_by_date`, then each session's sets of the exercise): a weighing
    /// reads the sessions up to the next one, not the years behind them.
    func settleBodyMass() throws {
        guard let changed = memo.bodyMassChanged else { return }
        memo.bodyMassChanged = nil
        let custom = try exercisesStore.customExercises()
        let keys = try connection.prepare(Database.loggedKeys + "SELECT key FROM keys WHERE key IS NOT NULL").rows { $0.text("key") }
        let until = try connection.text("SELECT min(date) FROM health_sample WHERE type = ? AND date > ?",
                                        [HealthType.bodyMassKg.rawValue, changed.upperBound.description])
        var series: BodyMassSeries?
        let condition = until == nil ? "s.date >= ?2" : "s.date >= ?2 AND s.date < ?3"
        for key in keys where Self.countsBodyMass(exerciseKey: key, custom: custom) {
            try reestimate(exerciseKey: key, countsBodyMass: true, from: Self.datedSets, where: condition,
                           [key, changed.lowerBound.description] + (until.map { [$0] } ?? []), since: changed.lowerBound, series: &series)
        }
    }

    /// Estimates again every set kept under `exerciseKey` (its body-mass rule changed
    /// for some: an alias moved sets to it or back, its definition changed, the catalog
    /// took it over).
    func reestimate(exerciseKey: String) throws {
        var series: BodyMassSeries?
        try reestimate(exerciseKey: exerciseKey, countsBodyMass: countsBodyMass(exerciseKey: exerciseKey),
                       from: Database.exerciseSets + " CROSS JOIN session s ON s.id = e.session_id", where: "e.exercise_key = ?1", [exerciseKey],
                       since: nil, series: &series)
    }

    /// Estimates again a session's sets (its date changed).
    func reestimate(sessionID: Int64) throws {
        guard let date = try connection.text("SELECT date FROM session WHERE id = ?", [sessionID]).flatMap(LocalDate.init) else { return }
        let keys = try connection.prepare("SELECT DISTINCT exercise_key FROM logged_set WHERE session_id = ?").rows([sessionID]) { $0.text("exercise_key") }
        let custom = try exercisesStore.customExercises()
        var series: BodyMassSeries?
        // An estimate without body mass does not depend on the date.
        for key in keys where Self.countsBodyMass(exerciseKey: key, custom: custom) {
            try reestimate(exerciseKey: key, countsBodyMass: true, from: Self.datedSets, where: "s.id = ?2", [key, sessionID], since: date,
                           series: &series)
        }
    }

    /// Sessions and their sets of the exercise `?1`, for a FROM clause: `s` the session
    /// (found by its date or id), `l` each of its sets of the exercise
    /// (`logged_set_by_session_exercise`).
    static let datedSets = "session s CROSS JOIN logged_set l ON l.session_id = s.id AND l.exercise_key = ?1"

    /// Estimates again the sets of the exercise under `exerciseKey` that `source` and
    /// `condition` select (`l` the set, `s` its session), with the body mass of each
    /// set's date read once into `series` (from the mass in force on `since` on; all of
    /// it without) when the rule needs it; stores each estimate that changed and, when
    /// any did, the exercise's bests from its history.
    private func reestimate(exerciseKey: String, countsBodyMass: Bool, from source: String, where condition: String, _ values: [SQLBindable],
                            since: LocalDate?, series: inout BodyMassSeries?) throws {
        let sets = try connection.prepare(
            "SELECT l.id, s.date, l.kind, l.reps, l.weight_kg, l.e1rm_kg FROM \(source) WHERE \(condition)"
        ).rows(values) { row in
            StoredEstimate(setID: row.int64("id"), date: row.date("date"), kind: row.choice("kind"), reps: row.optionalInt("reps"),
                           weightKg: row.optionalDouble("weight_kg"), oneRepMaxKg: row.optionalDouble("e1rm_kg"))
        }
        guard !sets.isEmpty else { return }
        if countsBodyMass, series == nil { series = try healthStore.bodyMassSeries(since: since) }
        let bodyMass = series
        let revisions = sets.compactMap { $0.revised(countsBodyMass: countsBodyMass) { bodyMass?.kg(onOrBefore: $0) } }
        guard !revisions.isEmpty else { return }
        let update = try connection.prepare("UPDATE logged_set SET e1rm_kg = ? WHERE id = ?")
        for revision in revisions {
            try update.run { parameters throws(SQLiteError) in
                try parameters.bind(revision.oneRepMaxKg)
                try parameters.bind(revision.setID)
            }
        }
        try recomputeBests(exerciseKey: exerciseKey)
    }
}
