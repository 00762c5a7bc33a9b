import Glibc
import ArgumentParsing
import SessionCore
import SessionRPC
import JSON
import SessionFormats

/// A JSON writer that outlives each use of it (`JSONWriter` is not copyable: a struct
/// holding one could not be copied either).
final class ParamsBuffer {
    var writer: JSONWriter

    init(capacity: Int) { writer = JSONWriter(capacity: capacity) }
}

/// Sends an export's workouts as they are read, in chunks that keep each request line
/// well under the daemon's 1 MiB limit, under one import id; the last call stores them.
/// The connection is made when the first chunk is ready; the first failure (the daemon
/// unreachable, a chunk refused) stops the sending and is thrown by `finish`, so that a
/// file's own problems, found later, are still what is reported.
struct HistoryUpload {
    /// A heavy user's five years are about 50 MB; this leaves room.
    static let maximumFileBytes = 512 << 20
    /// The encoded workouts of one call, at most, by their byte bounds (each workout is
    /// encoded once, when its chunk is sent; the line limit is 1 MiB).
    static let chunkBytes = 512 << 10

    /// Chunks sent before the oldest one's reply is awaited: the daemon decodes one
    /// while this process reads and encodes the next.
    static let window = 3

    let importID: String
    let source: String
    private let connect: () throws -> SocketClient
    private var client: SocketClient?
    private var chunk: [HistoryWorkout] = []
    private var chunkSize = 0
    /// Chunks sent so far.
    private var sent = 0
    private var unanswered: [Int] = []
    private var failure: (any Error)?
    /// Where each chunk's params are written, kept from chunk to chunk: a fresh buffer
    /// a chunk (and the copies a request line made of it) faulted in new pages every
    /// time, ~16,000 page faults for a 250,000-row file (docs/performance.md).
    private let paramsBuffer = ParamsBuffer(capacity: chunkBytes + (64 << 10))

    /// `source` as `history.import` keeps it with each session: a `TrackerExport.Format`
    /// or a health export's (`HistoryImport.measuringSources`).
    init(source: String, connect: @escaping () throws -> SocketClient) {
        importID = Self.newImportID("import")
        self.source = source
        self.connect = connect
    }

    /// A client's id for one staged import (`history.import`, `health.import`): this
    /// process and a random number, so two imports at once never share one.
    static func newImportID(_ prefix: String) -> String {
        var random = SystemRandomNumberGenerator()
        return "\(prefix)-\(getpid())-\(random.next() as UInt64)"
    }

    /// Adds a workout, sending the chunk before it when it is full.
    mutating func add(_ workout: HistoryWorkout) {
        let size = workout.encodedByteBound
        if !chunk.isEmpty, chunkSize + size > Self.chunkBytes || chunk.count == HistoryLimits.workoutsPerChunk { flush() }
        chunk.append(workout)
        chunkSize += size
    }

    /// Sends an archive's parts (sessiond's own export) ahead of the workouts, in calls
    /// of a bounded size: the profile and aliases, then the plans, the plan events and
    /// the health samples.
    mutating func add(_ archive: HistoryArchive) {
        guard !archive.isEmpty else { return }
        send(HistoryArchive {
            $0.profile = archive.profile
            $0.aliases = archive.aliases
            $0.exercises = archive.exercises
            $0.rests = archive.rests
        })
        var plans: [ArchivedPlan] = []
        var planBytes = 0
        for plan in archive.plans {
            let size = plan.jsonBytes.count
            if !plans.isEmpty, planBytes + size > Self.chunkBytes || plans.count == HistoryArchiveGet.plansPage.upperBound {
                send(HistoryArchive { $0.plans = plans })
                plans = []
                planBytes = 0
            }
            plans.append(plan)
            planBytes += size
        }
        if !plans.isEmpty { send(HistoryArchive { $0.plans = plans }) }
        // A plan event or a sample is under 200 bytes: 2,000 fit a call.
        for start in stride(from: 0, to: archive.events.count, by: 2000) {
            send(HistoryArchive { $0.events = Array(archive.events[start..<min(start + 2000, archive.events.count)]) })
        }
        for start in stride(from: 0, to: archive.health.count, by: 2000) {
            send(HistoryArchive { $0.health = Array(archive.health[start..<min(start + 2000, archive.health.count)]) })
        }
    }

    private mutating func send(_ archive: HistoryArchive) {
        guard !archive.isEmpty else { return }
        var params = HistoryImport.Params { $0.importID = importID; $0.chunk = sent; $0.workouts = []; $0.done = false; $0.source = source }
        params.archive = archive
        send(params)
    }

    private mutating func flush() {
        defer {
            chunk = []
            chunkSize = 0
        }
        guard !chunk.isEmpty else { return }
        send(HistoryImport.Params { $0.importID = importID; $0.chunk = sent; $0.workouts = chunk; $0.done = false; $0.source = source })
    }

    /// Sends one call of the import, its reply awaited later (`window`).
    private mutating func send(_ params: HistoryImport.Params) {
        guard failure == nil else { return }
        do {
            let client = try self.client ?? connect()
            self.client = client
            paramsBuffer.writer.removeAll()
            params.encoded.encode(to: &paramsBuffer.writer)
            unanswered.append(try paramsBuffer.writer.withBytes { json in try client.send(HistoryImport.name, paramsJSON: json) })
            sent += 1
            if unanswered.count >= Self.window { _ = try client.reply(to: unanswered.removeFirst()).value() }
        } catch {
            failure = error
        }
    }

    /// Sends the rest and stores everything (with `dryRun`, only counts it).
    mutating func finish(dryRun: Bool, context: CommandContext) throws -> HistoryImport.Result {
        flush()
        if failure == nil, let client {
            do {
                for id in unanswered { _ = try client.reply(to: id).value() }
                unanswered = []
            } catch {
                failure = error
            }
        }
        if let failure {
            cancel()
            throw failure
        }
        let client = try self.client ?? connect()
        return try context.call(client, HistoryImport.self, HistoryImport.Params {
            $0.importID = importID
            $0.chunk = sent
            $0.workouts = []
            $0.done = true
            $0.dryRun = dryRun
            $0.source = source
        })
    }

    /// Drops whatever was sent, at once rather than when the daemon lets an untouched
    /// import expire (60 seconds, holding one of its 4 places). Best effort: the import
    /// is refused either way.
    mutating func cancel() {
        guard sent > 0, let client else { return }
        _ = try? client.request(SocketClient.Call(HistoryImport.self, .cancelling(importID))).value()
    }
}
