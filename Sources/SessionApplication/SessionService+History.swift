import CLinux
import SessionCore
import SessionRPC
import SessionStore

/// Workouts staged by `history.import` calls until the one that says `done`, each
/// import under the id its client chose and the uid that sent it: another user can
/// neither see, store nor cancel it, nor use up its room.
struct ImportStaging {
    /// An import: its id as the client chose it, and the uid of the connection.
    struct Key: Hashable {
        let owner: UInt32
        let id: String
    }

    struct Staged {
        /// Chunks by number: a chunk sent again (a retry, or the group commit running
        /// a request twice) replaces itself.
        private(set) var chunks: [Int: [HistoryWorkout]] = [:]
        /// The archive parts of each chunk (sessiond's own export).
        private(set) var archives: [Int: HistoryArchive] = [:]
        var source: String?
        var touchedMs: Int64 = 0
        /// What its `done` stored, once that committed: the workouts are let go and
        /// this answers a `done` sent again (a client's retry) until it expires.
        var result: HistoryImport.Result?
        /// The same for a `health.import`.
        var healthResult: HealthImport.Result?
        /// True once its `done` committed.
        var isDone: Bool { result != nil || healthResult != nil }

        var workouts: [HistoryWorkout] { chunks.keys.sorted().flatMap { chunks[$0] ?? [] } }
        /// The archive's parts, chunk by chunk.
        var archive: HistoryArchive {
            var whole = HistoryArchive()
            for chunk in archives.keys.sorted() { whole.append(archives[chunk] ?? HistoryArchive()) }
            return whole
        }
        var count: Int { chunks.values.reduce(0) { $0 + $1.count } }
        /// Sets in its chunks, kept as they are staged (asked at every chunk).
        private(set) var sets = 0
        /// Its chunks' bytes as sent (`ImportStaging.bytes`), the same.
        private(set) var bytes = 0
        private var chunkBytes: [Int: Int] = [:]

        /// Puts a chunk in place of the one of its number, if any. An archive's items
        /// count as sets towards the bound on what is staged.
        mutating func stage(_ workouts: [HistoryWorkout], archive: HistoryArchive, chunk: Int) {
            sets += ImportStaging.sets(in: workouts) - (chunks[chunk].map(ImportStaging.sets(in:)) ?? 0)
            sets += ImportStaging.items(in: archive) - (archives[chunk].map(ImportStaging.items(in:)) ?? 0)
            let chunkBytes = ImportStaging.bytes(in: workouts) + ImportStaging.bytes(in: archive)
            bytes += chunkBytes - (self.chunkBytes[chunk] ?? 0)
            self.chunkBytes[chunk] = chunkBytes
            chunks[chunk] = workouts
            archives[chunk] = archive.isEmpty ? nil : archive
        }

        /// Lets go of the workouts (after `done`).
        mutating func release() {
            chunks = [:]
            archives = [:]
            chunkBytes = [:]
            sets = 0
            bytes = 0
        }
    }

    /// Imports one user may stage at once, at most.
    static let maximumImports = 4
    /// An import that got no call this long is dropped with what it staged
    /// (`HistoryLimits.stagedExpirySeconds`).
    static let expiryMs = Int64(HistoryLimits.stagedExpirySeconds) * 1000
    /// What a `done` stored answers a `done` sent again (a lost reply) this long.
    static let resultExpiryMs: Int64 = 15 * 60 * 1000

    private(set) var imports: [Key: Staged] = [:]
    /// Sets all imports under way may hold together: what they cost the daemon's memory
    /// (about 230 bytes a set) stays bounded whoever sends them. Those of users other
    /// than root and the daemon's own hold at most half of it together, so that they
    /// cannot take all of it from the daemon's own user.
    let maximumSets: Int
    var maximumUnprivilegedSets: Int { maximumSets / 2 }
    /// Bytes (as sent) all imports under way may hold together, and those of users other
    /// than root and the daemon's own: what bounds the memory they take whatever the
    /// sets hold (a note may have 4,000 bytes).
    let maximumBytes: Int
    var maximumUnprivilegedBytes: Int { maximumBytes / 2 }
    /// Bytes (as sent) one user's imports may hold together: root's and the daemon's
    /// own user's (`HistoryLimits.stagedBytesPerUser`, room for a restore of a lifetime),
    /// another user's a quarter of it.
    func maximumBytes(of owner: UInt32) -> Int {
        isPrivileged(Key(owner: owner, id: "")) ? maximumBytesPerUser : maximumBytesPerUser / 4
    }
    let maximumBytesPerUser: Int
    /// The daemon's own user: it and root are privileged.
    let ownUID: UInt32

    init(maximumSets: Int = HistoryLimits.stagedSets, maximumBytes: Int = HistoryLimits.stagedBytes,
         maximumBytesPerUser: Int = HistoryLimits.stagedBytesPerUser, ownUID: UInt32 = getuid()) {
        self.maximumSets = maximumSets
        self.maximumBytes = maximumBytes
        self.maximumBytesPerUser = maximumBytesPerUser
        self.ownUID = ownUID
    }

    /// True for root's and the daemon's own user's imports.
    func isPrivileged(_ key: Key) -> Bool { key.owner == 0 || key.owner == ownUID }

    static func sets(in workouts: [HistoryWorkout]) -> Int { workouts.reduce(0) { $0 + $1.sets.count } }
    /// At least the bytes `workouts` took in their call (`HistoryWorkout.encodedByteBound`).
    static func bytes(in workouts: [HistoryWorkout]) -> Int { workouts.reduce(0) { $0 + $1.encodedByteBound } }
    /// The bytes of an archive's parts: each plan's JSON, and a bound of the others'
    /// (an alias, a rest, a plan event or a health sample is under 400 bytes).
    static func bytes(in archive: HistoryArchive) -> Int {
        archive.plans.reduce(0) { $0 + $1.plan.jsonText.utf8.count } + 400 * (items(in: archive) - archive.plans.count)
    }

    static func items(in archive: HistoryArchive) -> Int {
        archive.aliases.count + archive.exercises.count + archive.rests.count + archive.plans.count + archive.events.count + archive.health.count + (archive.profile == nil ? 0 : 1)
    }

    /// Adds a chunk; refuses a new import while its user has `maximumImports` staged,
    /// more than `HistoryLimits.workoutsPerImport` workouts in one, more than
    /// `maximumSets` sets or `maximumBytes` bytes in all and, from an unprivileged user,
    /// more than half of either in such users' imports. A refused chunk leaves every
    /// import as it was.
    mutating func add(_ workouts: [HistoryWorkout], archive: HistoryArchive = HistoryArchive(), chunk: Int, to key: Key, source: String?,
                      nowMs: Int64) throws(HistoryImportError) -> Staged {
        expire(nowMs: nowMs, keeping: key)
        if imports[key] == nil, imports.filter({ $0.key.owner == key.owner && !$0.value.isDone }).count >= Self.maximumImports {
            throw .tooManyImports(Self.maximumImports)
        }
        var staged = imports[key] ?? Staged()
        // `staged` is a copy: a refusal below leaves the import as it was.
        if !workouts.isEmpty || !archive.isEmpty {  // a call without workouts (done) leaves the chunks as they are
            staged.stage(workouts, archive: archive, chunk: chunk)
            let others = imports.filter { $0.key != key }
            let own = others.filter { $0.key.owner == key.owner }.values.reduce(0) { $0 + $1.bytes } + staged.bytes
            guard own <= maximumBytes(of: key.owner) else { throw .tooManyBytesForUser(maximumBytes(of: key.owner)) }
            guard others.values.reduce(0, { $0 + $1.sets }) + staged.sets <= maximumSets else { throw .tooManySets(maximumSets) }
            guard others.values.reduce(0, { $0 + $1.bytes }) + staged.bytes <= maximumBytes else { throw .tooManyBytes(maximumBytes) }
            if !isPrivileged(key) {
                let unprivileged = others.filter { !isPrivileged($0.key) }.values
                if unprivileged.reduce(0, { $0 + $1.sets }) + staged.sets > maximumUnprivilegedSets { throw .tooManyUnprivilegedSets(maximumUnprivilegedSets) }
                if unprivileged.reduce(0, { $0 + $1.bytes }) + staged.bytes > maximumUnprivilegedBytes { throw .tooManyUnprivilegedBytes(maximumUnprivilegedBytes) }
            }
        }
        guard staged.count <= HistoryLimits.workoutsPerImport else { throw .tooLarge(HistoryLimits.workoutsPerImport) }
        staged.source = source ?? staged.source
        staged.touchedMs = nowMs
        imports[key] = staged
        return staged
    }

    /// Drops the imports that got no call for `expiryMs` (a `done` one's result after
    /// `resultExpiryMs`), except `key`'s; true when one that held workouts went.
    @discardableResult
    mutating func expire(nowMs: Int64, keeping key: Key? = nil) -> Bool {
        var dropped = false
        imports = imports.filter { entry in
            let keep = entry.key == key || nowMs - entry.value.touchedMs < (entry.value.isDone ? Self.resultExpiryMs : Self.expiryMs)
            if !keep, !entry.value.isDone { dropped = true }
            return keep
        }
        return dropped
    }

    /// When the next import expires (`expire`), nil when none is staged.
    var nextExpiryMs: Int64? {
        imports.values.map { $0.touchedMs + ($0.isDone ? Self.resultExpiryMs : Self.expiryMs) }.min()
    }

    /// Drops an import and whatever it staged.
    mutating func cancel(_ key: Key) {
        imports[key] = nil
    }

    /// After the `done` call's commit: keeps only its result.
    mutating func complete(_ key: Key, with result: HistoryImport.Result) {
        imports[key]?.release()
        imports[key]?.result = result
    }

    /// The same for a `health.import`.
    mutating func complete(_ key: Key, with result: HealthImport.Result) {
        imports[key]?.release()
        imports[key]?.healthResult = result
    }
}

/// Why an import cannot be staged.
enum HistoryImportError: Error, Equatable, CustomStringConvertible {
    case tooManyImports(Int)
    case tooLarge(Int)
    case tooManySets(Int)
    case tooManyUnprivilegedSets(Int)
    case tooManyBytes(Int)
    case tooManyUnprivilegedBytes(Int)
    /// One user's imports would hold more than their bound (`ImportStaging.maximumBytes(of:)`).
    case tooManyBytesForUser(Int)

    var description: String {
        switch self {
        case .tooManyImports(let count): return "\(count) imports of yours are already under way; finish one (done) or cancel one"
        case .tooLarge(let count): return "an import holds at most \(count) workouts"
        case .tooManySets(let count): return "the imports under way may hold at most \(count) sets together; store (done) or cancel one first"
        case .tooManyUnprivilegedSets(let count):
            return "the imports of users other than root and sessiond's own may hold at most \(count) sets together; store (done) or cancel one first"
        case .tooManyBytes(let bytes): return "the imports under way may hold at most \(bytes >> 20) MiB together; store (done) or cancel one first"
        case .tooManyUnprivilegedBytes(let bytes):
            return "the imports of users other than root and sessiond's own may hold at most \(bytes >> 20) MiB together; store (done) or cancel one first"
        case .tooManyBytesForUser(let bytes):
            let bound = bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB"
            return "your imports under way may hold at most \(bound) together (as sent); store (done) or cancel one first"
        }
    }
}

extension SessionService {
    /// Stages a chunk; with `done`, stores everything staged under the id in this
    /// group commit (or, in a dry run, counts it), skipping workouts already stored;
    /// with `cancel`, drops the import.
    func importHistory(_ params: HistoryImport.Params) throws -> HistoryImport.Result {
        let key = importKey(params.importID)
        if params.cancel {
            staging.cancel(key)
            malloc_trim(0)
            return HistoryImport.Result(importID: params.importID, staged: 0, done: false, dryRun: false, imported: nil, skipped: 0)
        }
        let dates = RecordedDates.range(today: clock.localDate(atMs: nowMs))
        let outside = params.workouts.indices.filter { !dates.contains(params.workouts[$0].start.date) }
        if !outside.isEmpty {
            throw RPCError.invalidParams(outside.prefix(50).map { index in
                PathMessage(path: "params.workouts[\(index)].start", message: "\(params.workouts[index].start.date) lies outside \(dates.lowerBound)…\(dates.upperBound)")
            })
        }
        try checkRecordedDates(params.archive.health, param: "health")
        let staged = try staging.add(params.workouts, archive: params.archive, chunk: params.chunk, to: key, source: params.source, nowMs: nowMs)
        if let stored = staged.result, params.done { return stored }  // done sent again: what it stored
        guard params.done else {
            return HistoryImport.Result(importID: params.importID, staged: staged.count, done: false, dryRun: params.dryRun, imported: nil, skipped: 0)
        }
        // An archive (sessiond's own export) first: its plans are what its sessions trained.
        let archive = staged.archive
        let planIDs = archive.isEmpty || params.dryRun ? [:] : try restore(archive)
        // Sessiond's own export is in the order it was recorded: kept so.
        let sessions = try HistoryWorkout.merging(staged.workouts, keepingOrder: staged.source == "json").map { try importedSession($0, planIDs: planIDs) }
        for session in sessions {
            for set in session.workout.sets where (set.weightKg ?? 0) < 0 {
                try checkAssistance(set.weightKg, of: identity(ofKey: set.exercise.exerciseKey), name: set.exercise,
                                    path: "params.workouts", on: session.workout.start.date)
            }
        }
        var new = try database.newImports(sessions)
        // A watch's recording of a session tracked here gives that session its heart
        // rate and energy instead of becoming a second session.
        var measured: [Int64] = []
        if let source = staged.source, HistoryImport.measuringSources.contains(source) {
            new = try new.filter { session in
                guard let tracked = try database.trackedSession(overlapping: session.startedAtMs, session.endedAtMs) else { return true }
                measured.append(tracked)
                let workout = session.workout
                if !params.dryRun {
                    try database.setMeasured(sessionID: tracked, averageHeartRate: workout.averageHeartRate,
                                             maximumHeartRate: workout.maximumHeartRate, energyKcal: workout.energyKcal)
                }
                return false
            }
        }
        // Entered afterwards here (track, or a program without a source): it trained the
        // plan day of its date like a live session.
        if staged.source == nil {
            new = try new.map(placedOnPlanDay)
            if params.refuseImplausible == true { try checkPlausible(new) }
        }
        if !params.dryRun { try database.insertImported(new, source: staged.source) }
        let counts = HistoryCounts(new.map(\.workout))
        var result = HistoryImport.Result(importID: params.importID, staged: staged.count, done: true, dryRun: params.dryRun,
                                          imported: counts, skipped: sessions.count - new.count - measured.count, names: try exercisesOf(counts.names))
        result.measured = measured
        // Let go of the workouts only once this commits: a group commit that runs the
        // request again needs them.
        afterCommit.append {
            $0.staging.complete(key, with: result)
            // An import's workouts took tens of MiB (about 230 bytes a set); malloc keeps
            // what was freed unless asked, and a daemon runs for months.
            malloc_trim(0)
        }
        return result
    }
}

extension SessionService {
    /// What each imported name became: the catalog's exercise (by any of its names, or
    /// through an alias), another exercise an alias names, or (nil) a name of one's own.
    func exercisesOf(_ names: [String]) throws -> [HistoryImport.Name] {
        try names.map { name in
            let key = name.exerciseKey
            return HistoryImport.Name(name: name, exercise: try resolvedName(identity(ofKey: key), typedKey: key))
        }
    }

    /// A workout ready to store: at its exact start and with its sets' times when it
    /// has them (sessiond's own export), else at its wall-clock start; on the plan day
    /// it names, among the archive's plans (`planIDs`).
    func importedSession(_ workout: HistoryWorkout, planIDs: [Int64: Int64]) throws -> ImportedSession {
        var session = ImportedSession(workout: workout, startedAtMs: workout.startedAt.flatMap(RFC3339.parse) ?? clock.ms(of: workout.start),
                                      date: workout.date ?? workout.start.date)
        let times = workout.sets.compactMap { $0.loggedAt.flatMap(RFC3339.parse) }
        if times.count == workout.sets.count { session.loggedAtMs = times }
        if let reference = workout.planDay, let planID = planIDs[reference.planID],
            let day = try database.planDay(planID: planID, weekday: reference.weekday) {
            session = try placed(session, on: day, carriedOver: reference.carriedOver)
        }
        return session
    }

    /// `session` on the plan day of its date, if that is a training day: each set counts
    /// against the day's planned exercise its name names, as `log` matches a name (the
    /// same exercise key, an alias's exercise).
    func placedOnPlanDay(_ session: ImportedSession) throws -> ImportedSession {
        guard let (day, choice) = try planDay(on: session.date, in: planCalendar()), !day.rest else { return session }
        return try placed(session, on: day, carriedOver: choice.carriedOver)
    }

    /// `session` on `day`: each set counts against the day's planned exercise its name
    /// names, as `log` matches a name.
    func placed(_ session: ImportedSession, on day: PlanDayRecord, carriedOver: Bool) throws -> ImportedSession {
        let planned = try database.plannedExercises(dayID: day.id)
        var placed = session
        placed.planDayID = day.id
        placed.carriedOver = carriedOver
        placed.plannedExerciseIDs = try session.workout.sets.map { set in
            let key = set.exercise.exerciseKey
            return try plannedExercise(key: database.alias(key)?.nameKey ?? key, in: planned)?.id
        }
        return placed
    }

    /// Throws `implausibleSet` for the first set of `sessions` that looks mistyped
    /// (`SetPlausibility`), against its planned exercise's weight and the bests stored.
    func checkPlausible(_ sessions: [ImportedSession]) throws {
        for session in sessions {
            for (index, set) in session.workout.sets.enumerated() {
                let plannedID = session.plannedExerciseIDs.isEmpty ? nil : session.plannedExerciseIDs[index]
                let plannedWeight = try plannedID.flatMap { try database.plannedExercise($0)?.exercise.weightKg }
                let exercise = try identity(ofKey: set.exercise.exerciseKey)
                let bests = try database.bests(exerciseKey: exercise.key)
                if let doubt = SetPlausibility.doubt(reps: set.reps, weightKg: set.weightKg, plannedWeightKg: plannedWeight, heaviestKg: bests.heaviestKg,
                                                     equipment: exercise.equipment ?? Equipment.stated(in: set.exercise)) {
                    throw SessionError.implausibleSet(doubt, exercise: set.exercise)
                }
            }
        }
    }
}

extension SessionService {
    /// A page of finished sessions as workouts, in the daemon's zone; a session of more
    /// sets than a workout holds as consecutive workouts of its start and title.
    func exportHistory(_ params: HistoryExport.Params) throws -> HistoryExport.Result {
        let limit = params.limit ?? HistoryLimits.exportPage.upperBound
        let after = params.after.map { Database.ExportCursor(sessionID: $0, setID: params.afterSet) }
        let (page, next) = try database.exportSessions(from: params.from, to: params.to, after: after, limit: limit, maximumSets: HistoryLimits.pageSets)
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
            if let dayID = session.planDayID, let day = try days[dayID] ?? database.planDay(dayID) {
                days[dayID] = day
                workout.planDay = PlanDayReference(planID: day.planID, weekday: day.date.weekday, carriedOver: session.carriedOver)
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
        return HistoryExport.Result(workouts: workouts, next: next?.sessionID, nextSet: next?.setID)
    }
}

extension SessionService {
    func loggedExercises(_ params: HistoryExercises.Params) throws -> HistoryExercises.Result {
        let rows = try database.loggedExercises(limit: params.limit ?? SessionLimits.listLimit.upperBound, counts: params.counts ?? true)
        return ResultList(rows.map { HistoryExercises.Exercise(name: $0.name, sets: $0.sets, lastLoggedAt: clock.rfc3339(ms: $0.lastLoggedAtMs)) })
    }
}

extension SessionService {
    /// `exercise.list`: the catalog's exercises whose names have every word searched,
    /// then the person's own (logged names the catalog does not know).
    func listExercises(_ params: ExerciseList.Params) throws -> ExerciseList.Result {
        let limit = params.limit ?? SessionLimits.listLimit.upperBound
        let search = params.search ?? ""
        let catalogued = ExerciseCatalog.builtIn.search(search).map(ExerciseInfo.init)
        let custom = try database.customExercises()
        // Those defined, then those only logged; each once.
        let names = ExerciseMatcher.distinct(custom.values.map(\.name).sorted() + (try database.loggedExerciseNames(limit: SessionLimits.listLimit.upperBound)))
        let own = names.filter { ExerciseCatalog.builtIn.exercise(named: $0) == nil && ExerciseCatalog.matches($0, search: search) }
        return ResultList(Array((catalogued + own.map { custom[$0.exerciseKey].map(ExerciseInfo.init) ?? ExerciseInfo(custom: $0) }).prefix(limit)))
    }

    /// `exercise.define`: a name of one's own given equipment and muscles; a catalog
    /// name (or an alias of one) is refused, naming the catalog's exercise.
    func defineExercise(_ params: ExerciseDefine.Params) throws -> ExerciseInfo {
        if let exercise = try identity(ofKey: params.exercise.exerciseKey).catalogued {
            throw SessionError.exerciseRefused("\"\(params.exercise)\" is \(exercise.name) of the exercise catalog, which knows its muscles")
        }
        let custom = CustomExercise(
            name: try database.loggedName(exerciseKey: params.exercise.exerciseKey) ?? params.exercise,
            equipment: params.equipment.flatMap(Equipment.init(rawValue:)),
            primary: params.primaryMuscles.compactMap(MuscleGroup.init(rawValue:)),
            secondary: (params.secondaryMuscles ?? []).compactMap(MuscleGroup.init(rawValue:)),
            countsBodyMass: params.countsBodyMass ?? false)
        try database.defineExercise(custom)
        return ExerciseInfo(custom)
    }

    /// `exercise.get`: the exercise the words name (`lookUp`, the rule every command
    /// reads names by), with its counts, records and last session; words naming nothing
    /// are refused with the closest names, words naming several with them.
    func exercise(_ params: ExerciseGet.Params) throws -> ExerciseGet.Result {
        let (name, exercise) = try lookUp(params.exercise)
        let info = exercise.catalogued.map(ExerciseInfo.init) ?? exercise.custom.map(ExerciseInfo.init) ?? ExerciseInfo(custom: name)
        let counts = try database.exerciseCounts(exerciseKey: exercise.key)
        // At most a session's bound of its sets: a session stored before sessions had one
        // may hold any number.
        let last = try database.lastSession(exerciseKey: exercise.key, maximumSets: SessionLimits.setsPerSession)
        var result = ExerciseGet.Result(exercise: info, sessions: counts.sessions, sets: counts.sets, bests: try database.bests(exerciseKey: exercise.key),
                                        last: last)
        result.suggestion = try suggestion(for: exercise, last: last)
        return result
    }

    /// Today's weight for the exercise, as `status` gives it (`suggestion(plan:…)`):
    /// for the active session's plan row of it, else the active plan's first row of it
    /// with a rep target; from its sets in the active session, else those of the last
    /// session before it (`last` without an active session). Nil without a row or a
    /// last time.
    private func suggestion(for exercise: ExerciseIdentity, last: ExerciseHistory.Session?) throws -> PreviousSets.Suggestion? {
        guard last != nil else { return nil }
        let active = try database.activeSession()
        let today = try active?.planDayID.map { try database.plannedExercises(dayID: $0) } ?? []
        guard let plan = try plannedExercise(key: exercise.key, in: today).map(\.exercise).flatMap({ $0.reps != nil ? $0 : nil })
            ?? database.activePlanExercises().first(where: { row in row.reps != nil && (try? identity(ofKey: row.name.exerciseKey).key) == exercise.key }),
            let before = try active.map({ try lastTime(of: exercise.key, before: $0) }) ?? last
        else { return nil }
        var weightsKg: [Double]?
        return try suggestion(plan: plan, exercise: exercise, session: active, lastTime: before, weightsKg: &weightsKg)
    }

    /// `exercise.history`: a page of the history of the exercise the words name
    /// (`lookUp`), under the name every output gives it.
    func exerciseHistory(_ params: ExerciseHistoryGet.Params) throws -> ExerciseHistoryGet.Result {
        let (name, exercise) = try lookUp(params.exercise)
        let key = exercise.key
        let before = try cursor(params.before)
        // By the page, whatever the history holds: a chart's sessions as figures summed
        // by SQLite, sets at most `pageSets` a page.
        let page = params.sets == false
            ? try database.exerciseHistorySummary(exerciseKey: key, from: params.from, to: params.to, before: before, limit: params.limit,
                                                  maximumSessions: HistoryLimits.pageSessions)
            : try database.exerciseHistory(exerciseKey: key, from: params.from, to: params.to, before: before, limit: params.limit,
                                           maximumSets: HistoryLimits.pageSets)
        var history = page.history
        history.name = name
        return ExerciseHistoryGet.Result(history, next: page.next)
    }
}
