import SessionCore
import SessionRPC
import SessionStore
import SessionSystem
import JSON

/// The daemon's domain service: the core the features share (`ServiceFeature`), on top
/// of storage and the pure rules; each feature (`sessions`, `exercises`, `history`,
/// `health`, `plans`, `summary`, `aliases`, `restTimer`) is a type holding its handlers
/// and routes in its own folder. Lives on the database thread only; every method runs
/// inside the current group commit, so its writes become durable together before any
/// reply is sent. A method that does more than reply (events, the rest timer) returns
/// that in its `Outcome`.
package final class SessionService: MethodContext {
    let database: Database
    let clock: LocalClock
    /// When the daemon started, on the monotonic clock: its uptime is not moved by a
    /// step of the wall clock.
    package let startedMonotonicMs: Int64
    /// The time of the request being served (read once per batch).
    var nowMs: Int64 = 0
    /// The uid of the connection whose request is being served.
    var callerUID: UInt32 = 0
    /// `history.import` chunks waiting for their last call.
    var staging = ImportStaging()
    /// `database.backup` copies waiting to be read.
    var backups = BackupCopies()
    /// The rest timer the committed requests left running, the one the serving loop
    /// runs too (`DatabaseThread.rest`); a snapshot shows it while it has time left.
    package let rest = SharedRestSchedule()
    /// The serving loop's counts of its clients, which it publishes (`daemon.status`).
    package let serving = SharedServingCounts()
    /// What the requests of the current group commit let go of once it commits (never
    /// before: a retried attempt runs them again and needs it all).
    var afterCommit: [(SessionService) -> Void] = []

    init(database: Database, clock: LocalClock) {
        self.database = database
        self.clock = clock
        self.startedMonotonicMs = LocalClock.monotonicMs()
        instant = { clock.ms(of: $0) }
        localDate = { clock.localDate(atMs: $0) }
        database.plans.datesEvents { clock.localDate(atMs: $0) }
        BackupCopies.removeLeftovers(of: database.path)
    }

    /// The import `id` names for the caller: each user's ids are its own.
    func importKey(_ id: String) -> ImportStaging.Key { ImportStaging.Key(owner: callerUID, id: id) }

    /// Places a wall-clock time in the daemon's zone: made once, not per request.
    private let instant: @Sendable (LocalDateTime) -> Int64
    /// An instant's date in the daemon's zone: made once, not per request.
    private let localDate: @Sendable (Int64) -> LocalDate

    /// What params are checked against: the request's time, in the daemon's zone.
    package var decoding: DecodingContext { DecodingContext(nowMs: nowMs, instant: instant, localDate: localDate) }

    /// Readies the service for the next request.
    func begin(nowMs: Int64) {
        self.nowMs = nowMs
        afterCommit = []
    }

    /// Forgets what the requests of a group commit that runs again, or failed, asked to
    /// be done after it.
    func rolledBack() {
        afterCommit = []
        staging.rolledBack()
    }

    /// Runs what the committed requests let go of.
    func committed() {
        staging.committed()
        let steps = afterCommit
        afterCommit = []
        for step in steps { step(self) }
    }

    /// The body mass a set of `exercise` counts on top of its load (`SetDecision`): for
    /// a body-weight exercise the latest on or before the session's date, else nil.
    func bodyMass(for exercise: ExerciseIdentity, session: SessionRecord) throws -> Double? {
        exercise.countsBodyMass ? try database.health.bodyMassKg(onOrBefore: session.date) : nil
    }

    /// The exercise an exercise key names (`ExerciseCatalog.identityKey`): the catalog's,
    /// else the alias's, else the key's own; the catalog is asked once, as logging a set
    /// asks for every set.
    ///
    /// The walk is `ExerciseCatalog.identityKey`'s, written out: through the catalog's
    /// closure-taking form it cost 900 instructions more per set logged (the closure
    /// and the call across modules are not specialised away).
    func identity(ofKey key: String) throws -> ExerciseIdentity {
        if let exercise = ExerciseCatalog.builtIn.exercise(key: key) { return ExerciseIdentity(key: exercise.key, catalogued: exercise, custom: nil) }
        let target = try database.exercises.alias(key)?.nameKey
        if let target, let exercise = ExerciseCatalog.builtIn.exercise(key: target) { return ExerciseIdentity(key: exercise.key, catalogued: exercise, custom: nil) }
        let own = target ?? key
        let custom = try database.exercises.customExercises()
        return ExerciseIdentity(key: own, catalogued: nil, custom: custom.isEmpty ? nil : custom[own])
    }

    /// Refuses a load below zero (assistance taken off the body mass) for an exercise
    /// that does not count body mass, at `path`: there it would be no load at all.
    func checkAssistance(_ weightKg: Double?, of exercise: ExerciseIdentity, name: String, path: String, on date: LocalDate? = nil) throws {
        guard let weightKg, weightKg < 0, !exercise.countsBodyMass else { return }
        let set = date.map { "the set of \(name) on \($0)" } ?? name
        throw RPCError.invalidParams([PathMessage(path: path, message: "\(set): a load below zero (\(JSONValue.number(weightKg).jsonText) kg) is assistance, "
            + "which only an exercise that counts body mass takes (an assisted pull-up or dip)")])
    }

    /// Throws `implausibleSet` when a set of `exercise`, typed as `name`, looks mistyped
    /// (`SetPlausibility`), against its planned exercise's weight and the bests stored:
    /// what an import of sets typed afterwards and an edit ask, as `session.log` does.
    func checkPlausible(reps: Int?, weightKg: Double?, plannedExerciseID: Int64?, of exercise: ExerciseIdentity, name: String) throws {
        let plannedWeight = try plannedExerciseID.flatMap { try database.plans.plannedExercise($0)?.exercise.weightKg }
        if let doubt = SetPlausibility.doubt(reps: reps, weightKg: weightKg, plannedWeightKg: plannedWeight,
                                             heaviestKg: try database.sessions.bests(exerciseKey: exercise.key).heaviestKg,
                                             equipment: exercise.equipment ?? Equipment.stated(in: name)) {
            throw SessionError.implausibleSet(doubt, exercise: name)
        }
    }

    /// The name an exercise typed as `typedKey` goes by: the catalog's, else (typed as
    /// an alias) the alias's exercise's; nil for a name of one's own.
    func resolvedName(_ exercise: ExerciseIdentity, typedKey: String) throws -> String? {
        if let catalogued = exercise.catalogued { return catalogued.name }
        return exercise.key == typedKey ? nil : try database.exercises.alias(typedKey)?.name
    }

    /// The health values and the profile, at the time of the request being served.
    var health: HealthFeature { HealthFeature(service: self) }
    /// The sessions: started, logged into, edited, finished and read back.
    var sessions: SessionsFeature { SessionsFeature(service: self) }
    /// The exercises, their history and rests, and names resolved to exercises.
    var exercises: ExercisesFeature { ExercisesFeature(service: self) }
    /// The history imported, exported, archived and restored, and the backups.
    var history: HistoryFeature { HistoryFeature(service: self) }
    /// The plans and the plan calendar, at the time of the request being served.
    var plans: PlansFeature { PlansFeature(database: database, clock: clock, nowMs: nowMs) }
    /// The weekly summary, the prompt and the month calendar, at the time of the
    /// request being served.
    var summary: SummaryFeature { SummaryFeature(database: database, clock: clock, nowMs: nowMs) }

    /// The aliases, over the exercises store.
    var aliases: AliasesFeature { AliasesFeature(database: database) }
    /// The rest timer, at the time of the request being served.
    var restTimer: RestFeature { RestFeature(rest: rest, clock: clock, nowMs: nowMs) }

    /// The active session, or the session named, which must still be active.
    func resolveSession(_ id: Int64?) throws -> SessionRecord {
        if let id {
            guard let session = try database.sessions.session(id) else { throw SessionError.sessionNotFound(id) }
            if !session.isActive { throw SessionError.sessionNotActive(id) }
            return session
        }
        guard let session = try database.sessions.activeSession() else { throw SessionError.noActiveSession }
        return session
    }

    /// `daemon.status`.
    /// `daemon.status` in a batch: the answer the loop gives (`LoopService`), from the
    /// database as it is inside this transaction.
    func status() throws -> DaemonStatus.Result {
        LoopService(facts: try DaemonFacts(reading: database), databasePath: database.path, startedMonotonicMs: startedMonotonicMs, clock: clock,
                    nowMs: nowMs, serving: serving.current).status()
    }
}

/// The exercise a set is of: the key its sets are kept under, and the catalog's entry
/// when the catalog knows it, or what the person gave an exercise of their own.
struct ExerciseIdentity {
    let key: String
    let catalogued: CatalogExercise?
    let custom: CustomExercise?
    var countsBodyMass: Bool { catalogued?.countsBodyMass ?? custom?.countsBodyMass ?? false }
    var equipment: Equipment? { catalogued?.equipment ?? custom?.equipment }
}
