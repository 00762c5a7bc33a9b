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

    /// An import's facts; its chunks themselves are on disk (`StagingStore`) until
    /// its `done` reads them (`contents(of:)`).
    struct Staged {
        /// What a chunk holds, counted as it was staged.
        struct Chunk {
            var workouts = 0
            var healthSamples = 0
            /// Its workouts' sets and its archive's items.
            var sets = 0
            /// Its bytes as sent (`ImportStaging.bytes`).
            var bytes = 0

            /// The counts of a chunk of `workouts` and `archive`.
            init(workouts: [HistoryWorkout], archive: HistoryArchive) {
                self.workouts = workouts.count
                healthSamples = archive.health.count
                sets = ImportStaging.sets(in: workouts) + ImportStaging.items(in: archive)
                bytes = ImportStaging.bytes(in: workouts) + ImportStaging.bytes(in: archive)
            }
        }

        /// Chunks by number: a chunk sent again (a retry, or the group commit running
        /// a request twice) replaces itself.
        private(set) var chunks: [Int: Chunk] = [:]
        var source: String?
        var touchedMs: Int64 = 0
        /// What its `done` stored, once that committed: the chunks are let go and
        /// this answers a `done` sent again (a client's retry) until it expires.
        var result: HistoryImport.Result?
        /// The same for a `health.import`.
        var healthResult: HealthImport.Result?
        /// True once its `done` committed.
        var isDone: Bool { result != nil || healthResult != nil }

        /// Workouts in its chunks.
        private(set) var count = 0
        /// Health samples in its chunks' archives (what a `health.import` stages).
        private(set) var healthSamples = 0
        /// Sets in its chunks, and its archives' items.
        private(set) var sets = 0
        /// Its chunks' bytes as sent (`ImportStaging.bytes`).
        private(set) var bytes = 0

        /// Counts a chunk in place of the one of its number, if any. An archive's items
        /// count as sets towards the bound on what is staged.
        mutating func stage(_ chunk: Chunk, number: Int) {
            let old = chunks[number]
            count += chunk.workouts - (old?.workouts ?? 0)
            healthSamples += chunk.healthSamples - (old?.healthSamples ?? 0)
            sets += chunk.sets - (old?.sets ?? 0)
            bytes += chunk.bytes - (old?.bytes ?? 0)
            chunks[number] = chunk
        }

        /// The first run of chunk numbers missing below `count` (the chunks a `done` says
        /// came before it), or below the highest staged; nil when 0, 1, … are all here.
        func missingChunks(below count: Int) -> ClosedRange<Int>? {
            let end = max(count, (chunks.keys.max() ?? -1) + 1)
            guard let first = (0..<end).first(where: { chunks[$0] == nil }) else { return nil }
            let next = (first..<end).first { chunks[$0] != nil } ?? end
            return first...(next - 1)
        }

        /// Forgets the chunks (after `done`).
        mutating func release() {
            chunks = [:]
            count = 0
            healthSamples = 0
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
    /// The imports a `done` stored in the group commit under way (`done`).
    private var doneUncommitted: Set<Key> = []
    /// Where the chunks wait, on disk.
    let disk = StagingStore()
    /// Sets all imports under way may hold together: what they cost on disk, and the
    /// daemon's memory while a `done` stores them (about 230 bytes a set), stays bounded
    /// whoever sends them. Those of users other
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
    /// Root's and the daemon's own user's bound (`maximumBytes(of:)`).
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

    /// Adds a chunk (to disk); refuses a new import while its user has
    /// `maximumImports` staged, more than `HistoryLimits.workoutsPerImport` workouts in
    /// one, more than `maximumSets` sets or `maximumBytes` bytes in all and, from an
    /// unprivileged user, more than half of either in such users' imports. A refused
    /// chunk leaves every import as it was; so does one the disk could not take (its
    /// `StorageError`).
    mutating func add(_ workouts: [HistoryWorkout], archive: HistoryArchive = HistoryArchive(), chunk: Int, to key: Key, source: String?,
                      done: Bool = false, nowMs: Int64) throws -> Staged {
        // One untouched for 60 seconds is gone, this one too: its next chunk is refused.
        expire(nowMs: nowMs)
        // Stored already: a `done` again is answered with what it stored (the caller
        // reads `result`); a chunk would be staged for nothing, and is refused.
        if let held = imports[key], held.isDone {
            guard done else { throw HistoryImportError.alreadyStored }
            return held
        }
        if imports[key] == nil, imports.filter({ $0.key.owner == key.owner && !$0.value.isDone }).count >= Self.maximumImports {
            throw HistoryImportError.tooManyImports(Self.maximumImports)
        }
        var staged = imports[key] ?? Staged()
        // `staged` is a copy: a refusal below leaves the import as it was.
        let holdsSome = !workouts.isEmpty || !archive.isEmpty
        // An import begins at chunk 0: a later one for an import not held follows
        // chunks that were dropped (60 s without a call, or the daemon restarted).
        if imports[key] == nil, holdsSome, chunk > 0 { throw HistoryImportError.chunksMissing(0...(chunk - 1)) }
        if holdsSome {  // a call without workouts (done) leaves the chunks as they are
            staged.stage(Staged.Chunk(workouts: workouts, archive: archive), number: chunk)
            try checkBounds(staged, of: key)
        }
        guard staged.count <= HistoryLimits.workoutsPerImport else { throw HistoryImportError.tooLarge(HistoryLimits.workoutsPerImport) }
        if holdsSome {
            do throws(SQLiteError) { try disk.put(owner: key.owner, id: key.id, chunk: chunk, body: StagedChunk(workouts: workouts, archive: archive).bytes) } catch {
                throw StorageError.sqlite(error)
            }
        }
        staged.source = source ?? staged.source
        staged.touchedMs = nowMs
        imports[key] = staged
        return staged
    }

    /// Throws when `staged` in place of `key`'s import would hold more than a bound.
    private func checkBounds(_ staged: Staged, of key: Key) throws(HistoryImportError) {
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

    /// Throws when `key`'s import lacks a chunk its `done` stores: one below `count`
    /// (the chunks that call says came before it, or it with them) or between those
    /// staged. What a `done` stores is then every chunk sent, or nothing; the import so
    /// refused is dropped with what it staged, giving its place back: it is sent again
    /// from chunk 0. (A group commit that runs the batch again finds it gone: refused
    /// still, naming every chunk before the `done`.)
    mutating func checkComplete(_ key: Key, count: Int) throws(HistoryImportError) {
        guard let missing = (imports[key] ?? Staged()).missingChunks(below: count) else { return }
        cancel(key)
        throw .chunksMissing(missing)
    }

    /// Everything `key`'s import staged, read back from disk chunk by chunk in the
    /// order of their numbers: its workouts, and its archive's parts.
    func contents(of key: Key) throws -> (workouts: [HistoryWorkout], archive: HistoryArchive) {
        var workouts: [HistoryWorkout] = []
        var archive = HistoryArchive()
        do {
            try disk.forEachChunk(owner: key.owner, id: key.id) { body in
                let chunk = try StagedChunk(bytes: body)
                workouts += chunk.workouts
                archive.append(chunk.archive)
            }
        } catch let error as SQLiteError {
            throw StorageError.sqlite(error)
        }
        return (workouts, archive)
    }

    /// Drops the imports that got no call for `expiryMs` (a `done` one's result after
    /// `resultExpiryMs`), and their chunks on disk; true when one that
    /// held workouts went.
    @discardableResult
    mutating func expire(nowMs: Int64) -> Bool {
        var dropped: [Key] = []
        imports = imports.filter { entry in
            let keep = nowMs - entry.value.touchedMs < (entry.value.isDone ? Self.resultExpiryMs : Self.expiryMs)
            if !keep, !entry.value.isDone { dropped.append(entry.key) }
            return keep
        }
        for gone in dropped { forget(gone) }
        return !dropped.isEmpty
    }

    /// When the next import expires (`expire`), nil when none is staged.
    var nextExpiryMs: Int64? {
        imports.values.map { $0.touchedMs + ($0.isDone ? Self.resultExpiryMs : Self.expiryMs) }.min()
    }

    /// Drops an import and whatever it staged.
    mutating func cancel(_ key: Key) {
        imports[key] = nil
        forget(key)
    }

    /// Keeps what an import's `done` stored, in the group commit under way: a `done`
    /// again, in the same commit or after it, is answered with it. Its chunks are let go
    /// of once the commit is made (`committed`); should the commit run again or fail
    /// (`rolledBack`), the import is pending again, its chunks still staged.
    mutating func done(_ key: Key, with result: HistoryImport.Result) {
        guard imports[key]?.isDone == false else { return }
        imports[key]?.result = result
        doneUncommitted.insert(key)
    }

    /// The same for a `health.import`.
    mutating func done(_ key: Key, with result: HealthImport.Result) {
        guard imports[key]?.isDone == false else { return }
        imports[key]?.healthResult = result
        doneUncommitted.insert(key)
    }

    /// After the commit: the imports done in it keep only their results.
    mutating func committed() {
        for key in doneUncommitted where imports[key] != nil {
            imports[key]?.release()
            forget(key)
        }
        doneUncommitted = []
    }

    /// The commit runs again, or failed: what its `done`s stored was not kept.
    mutating func rolledBack() {
        rolledBack(since: [])
    }

    /// The imports done so far in the group commit under way: what a request that fails
    /// alone (in its own savepoint) is undone back to (`rolledBack(since:)`).
    var doneSoFar: Set<Key> { doneUncommitted }

    /// A request that failed alone: what its `done`s stored (those not in `earlier`)
    /// was undone with it, and they are pending again.
    mutating func rolledBack(since earlier: Set<Key>) {
        for key in doneUncommitted where !earlier.contains(key) {
            imports[key]?.result = nil
            imports[key]?.healthResult = nil
        }
        doneUncommitted = earlier
    }

    /// Removes `key`'s chunks from disk; the file itself once no import holds any. A
    /// disk that fails here closes the file, which drops every chunk with it: the
    /// imports that still had some are dropped too, as if they had expired.
    private mutating func forget(_ key: Key) {
        // The last import holding chunks: closing drops them with the file, without
        // deleting each row first.
        guard imports.contains(where: { $0.key != key && !$0.value.chunks.isEmpty }) else {
            disk.close()
            return
        }
        do {
            try disk.remove(owner: key.owner, id: key.id)
        } catch {
            disk.close()
            imports = imports.filter { $0.value.isDone || $0.value.chunks.isEmpty }
        }
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
    /// Chunks of the import are not staged: dropped, or never sent.
    case chunksMissing(ClosedRange<Int>)
    /// A chunk for an import its `done` stored already.
    case alreadyStored

    /// What becomes of an import a client left part-way (a sessionctl stopped by Ctrl-C),
    /// which the bounds above still count.
    static let unfinished = "; one left unfinished (a sessionctl stopped part-way) is dropped \(HistoryLimits.stagedExpirySeconds) s after its last chunk"

    var description: String {
        switch self {
        case .tooManyImports(let count): return "\(count) imports of yours are already under way; finish one (done) or cancel one" + Self.unfinished
        case .tooLarge(let count): return "an import holds at most \(NumberText.grouped(count)) workouts"
        case .tooManySets(let count): return "the imports under way may hold at most \(count) sets together; store (done) or cancel one first" + Self.unfinished
        case .tooManyUnprivilegedSets(let count):
            return "the imports of users other than root and sessiond's own may hold at most \(count) sets together; store (done) or cancel one first" + Self.unfinished
        case .tooManyBytes(let bytes): return "the imports under way may hold at most \(bytes >> 20) MiB together; store (done) or cancel one first" + Self.unfinished
        case .tooManyUnprivilegedBytes(let bytes):
            return "the imports of users other than root and sessiond's own may hold at most \(bytes >> 20) MiB together; store (done) or cancel one first" + Self.unfinished
        case .tooManyBytesForUser(let bytes):
            let bound = bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB"
            return "your imports under way may hold at most \(bound) together (as sent); store (done) or cancel one first" + Self.unfinished
        case .alreadyStored:
            return "this import was stored by its done already; another import takes an importId of its own"
        case .chunksMissing(let chunks):
            let which = chunks.count == 1 ? "chunk \(chunks.lowerBound) is" : "chunks \(chunks.lowerBound) to \(chunks.upperBound) are"
            return "\(which) not staged (an import is dropped 60 seconds after its last call, and when the daemon restarts); send it again from chunk 0"
        }
    }
}
