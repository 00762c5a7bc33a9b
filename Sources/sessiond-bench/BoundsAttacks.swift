import Glibc
import Dispatch
import JSON
import SessionCore
import SessionRPC
import SessionStore
import SessionSystem

/// The attacks on the daemon's bounds of memory and work per job: lines whose tape is
/// many times their length, imports staged and never finished, and reads of a session
/// stored before sessions had a bound (`legacySession`).
extension AttackBenchmark {
    /// The exercise of the legacy session: the only one logged under this name.
    static let legacyExercise = "Belt Squat"

    /// Adds a finished session of `sets` sets of `legacyExercise` to the database at
    /// `path`, written past the daemon (which refuses a session's 2,001st set), as a
    /// database from before the bound may hold; returns its id.
    static func addLegacySession(path: String, sets: Int) throws -> Int64 {
        let database = try Database(path: path)
        let date = HistoryBenchmark.today.adding(days: -1)
        let start = Int64(date.daysSinceEpoch) * 86_400_000 + 6 * 3_600_000
        var id: Int64 = 0
        var failure: Error?
        try database.groupCommit { _ in
            do {
                id = try database.sessions.insertSession(planDayID: nil, date: date, title: "Before the bound", carriedOver: false, startedAtMs: start)
                for set in 0..<sets {
                    let decision = SetDecision(exerciseKey: legacyExercise.exerciseKey, kind: .normal, reps: 5, weightKg: 60 + Double(set % 40),
                                               previous: SetNumbering(setNumber: set, countedSets: set), bests: .none)
                    _ = try database.sessions.insertSet(NewSet(
                        sessionID: id, plannedExerciseID: nil, exerciseName: legacyExercise, kind: .normal, reps: 5, weightKg: 60 + Double(set % 40),
                        durationSeconds: nil, rpe: nil, note: nil, loggedAtMs: start + Int64(set) * 100, requestID: nil, decision: decision))
                }
                try database.sessions.finishSession(id, endedAtMs: start + Int64(sets) * 100 + 60_000, pausedTotalMs: 0, rpe: nil, note: nil)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return id
    }

    /// `connections` clients at once, each sending one `session.log` line whose `note`
    /// is an array of `values` zeros (about 2 bytes a value, 56 bytes of tape each: a
    /// 500 KB line keeps 14 MB parsed until its job is answered), reading its error,
    /// again and again.
    static func arrayParams(socket: String, connections: Int, values: Int, stop: StopFlag) {
        let zeros = Array(repeating: "0", count: values).joined(separator: ",")
        let line = #"{"jsonrpc":"2.0","id":1,"method":"session.log","params":{"exercise":"x","reps":5,"note":["# + zeros + "]}}"
        while !stop.raised {
            DispatchQueue.concurrentPerform(iterations: connections) { _ in
                guard let client = try? SocketClient(path: socket) else { return }
                _ = try? client.send(line: line)
                _ = try? client.readLine()
            }
        }
    }

    /// `connections` clients at once, each sending all but the end of a line as long as
    /// a line may be (1 MiB), as fast as the daemon reads it, and never its end, until
    /// the stop; then they close.
    static func unfinishedLines(socket: String, connections count: Int, stop: StopFlag) {
        let prefix = #"{"jsonrpc":"2.0","id":1,"method":"session.log","params":{"exercise":"x","reps":5,"note":""#
        let line = Array((prefix + String(repeating: "x", count: (1 << 20) - prefix.utf8.count - 16)).utf8)
        var connections: [(fd: Int32, sent: Int)] = (0..<count).compactMap { _ in
            let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            guard fd >= 0, UnixAddress.withAddress(socket, { connect(fd, $0, $1) }) == 0 else { return nil }
            return (fd, 0)
        }
        defer { for connection in connections { close(connection.fd) } }
        while !stop.raised {
            for index in connections.indices where connections[index].sent < line.count {
                let sent = line.withUnsafeBytes { bytes -> Int in
                    guard let base = bytes.baseAddress else { return 0 }
                    return Glibc.send(connections[index].fd, base + connections[index].sent, bytes.count - connections[index].sent, Int32(MSG_NOSIGNAL))
                }
                if sent > 0 { connections[index].sent += sent }
            }
            usleep(10_000)
        }
    }

    /// One client that stages `history.import` chunks (200 workouts of 10 sets, about
    /// 250 KB as counted) under four import ids and never says `done`, until `bytes`
    /// are sent or a chunk is refused. Returns how the last chunk was answered.
    static func stagedImports(socket: String, bytes: Int) -> String {
        guard let client = try? SocketClient(path: socket) else { return "no connection" }
        let set = HistorySet(exercise: "Back Squat", kind: .normal, reps: 5, weightKg: 100)
        var workouts: [HistoryWorkout] = []
        let first = HistoryBenchmark.today.adding(days: -3_000)
        for index in 0..<HistoryLimits.workoutsPerChunk {
            workouts.append(HistoryWorkout(start: LocalDateTime(date: first.adding(days: index), secondOfDay: 64_800), durationSeconds: 3600,
                                           title: "Staged", note: nil, rpe: nil, sets: Array(repeating: set, count: 10)))
        }
        let chunkBytes = workouts.reduce(0) { $0 + $1.encodedByteBound }
        var sent = 0
        var chunk = 0
        while sent < bytes {
            let params = HistoryImport.Params { $0.importID = "staged-\(chunk % 4)"; $0.chunk = chunk / 4; $0.workouts = workouts; $0.done = false }
            guard let reply = try? client.request(SocketClient.Call(HistoryImport.self, params)) else { return "connection lost" }
            if case .error(let error) = reply { return error.data?["reason"]?.stringValue ?? error.message }
            sent += chunkBytes
            chunk += 1
        }
        return "\(sent >> 20) MiB staged"
    }

    /// `clients` connections each reading the session `id` whole, a page at a time
    /// (`session.get` with `after`), again and again.
    static func sessionReads(socket: String, clients: Int, id: Int64, stop: StopFlag) {
        DispatchQueue.concurrentPerform(iterations: clients) { _ in
            guard let client = try? SocketClient(path: socket) else { return }
            while !stop.raised {
                var after: JSONValue = .null
                repeat {
                    guard case .success(let page)? = try? client.call("session.get", .obj(["sessionId": JSONValue(Int(id)), "after": after])) else { return }
                    after = page["next"] ?? .null
                } while !after.isNull && !stop.raised
            }
        }
    }

    /// One connection sending batch lines of 100 `exercise.get` of the legacy session's
    /// exercise and reading the replies, again and again.
    static func exerciseBatches(socket: String, stop: StopFlag) {
        let batch = "[" + Array(repeating: #"{"jsonrpc":"2.0","id":1,"method":"exercise.get","params":{"exercise":"\#(legacyExercise)"}}"#, count: JSONRPC.maximumBatch)
            .joined(separator: ",") + "]"
        guard let client = try? SocketClient(path: socket) else { return }
        while !stop.raised {
            guard (try? client.send(line: batch)) != nil, (try? client.readLine()) != nil else { return }
        }
    }
}
