import CLinux
import SessionCore
import SessionRPC

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
