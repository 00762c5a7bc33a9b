import SessionCore
import SessionRPC
import SessionStore

/// A session with its progress against the plan day: what `session.current`,
/// `session.start` and `sessionctl status` show.
struct SessionView {
    /// One planned exercise and how many counted sets were logged against it.
    struct ExerciseProgress {
        let id: Int64
        let position: Int
        let exercise: PlannedExercise
        let logged: Int
        var done: Bool { logged >= exercise.sets }
    }

    let session: SessionRecord
    let tally: [ExerciseTally]
    let planned: [ExerciseProgress]

    init(session: SessionRecord, database: Database) throws {
        self.session = session
        let tally = try database.sessionTally(sessionID: session.id)
        self.tally = tally
        if let dayID = session.planDayID {
            planned = try database.plannedExercises(dayID: dayID).enumerated().map { offset, row in
                let logged = tally.filter { $0.plannedExerciseID == row.id }.reduce(0) { $0 + $1.countedSets }
                return ExerciseProgress(id: row.id, position: offset + 1, exercise: row.exercise, logged: logged)
            }
        } else {
            planned = []
        }
    }

    /// Counted (non-warm-up) sets.
    var countedSets: Int { tally.reduce(0) { $0 + $1.countedSets } }
    /// reps × kg over counted sets.
    var volumeKg: Double { tally.reduce(0) { $0 + $1.volumeKg } }

    /// Planned sets done over planned sets (each exercise capped at its plan); a free
    /// session is complete once it has a set.
    var completion: Double {
        let sets = plannedSets
        guard sets.planned > 0 else { return countedSets > 0 ? 1 : 0 }
        return (Double(sets.done) / Double(sets.planned) * 1000).rounded() / 1000
    }

    /// Planned sets done (each exercise capped at its plan) and planned sets in all.
    var plannedSets: (done: Int, planned: Int) {
        planned.reduce((0, 0)) { ($0.0 + min($1.logged, $1.exercise.sets), $0.1 + $1.exercise.sets) }
    }

    /// The first planned exercise with sets left, and the set that comes next.
    var next: (ExerciseProgress, setNumber: Int)? {
        planned.first { !$0.done }.map { ($0, $0.logged + 1) }
    }

    /// Off-plan exercises in the order first logged, with counted sets.
    var offPlan: [(name: String, logged: Int)] {
        tally.filter { $0.plannedExerciseID == nil }.map { (name: $0.name, logged: $0.countedSets) }
    }

    func durationSeconds(nowMs: Int64) -> Int { Self.durationSeconds(session, nowMs: nowMs) }

    /// Active seconds of a session up to its end, or up to now while it runs.
    static func durationSeconds(_ session: SessionRecord, nowMs: Int64) -> Int {
        let end = session.endedAtMs ?? nowMs
        return Int(SessionClock.activeMs(startedAtMs: session.startedAtMs, endMs: end, pausedTotalMs: session.pausedTotalMs, pausedSinceMs: session.pausedSinceMs) / 1000)
    }

    var state: String { Self.state(session) }

    /// "running", "paused" or "finished".
    static func state(_ session: SessionRecord) -> String {
        session.endedAtMs != nil ? "finished" : (session.isPaused ? "paused" : "running")
    }

    func json(clock: LocalClock, nowMs: Int64) -> JSONValue {
        var pairs: [(key: String, value: JSONValue)] = [
            (key: "sessionId", value: JSONValue(Int(session.id))),
            (key: "state", value: .string(state)),
            (key: "date", value: .string(session.date.description)),
            (key: "title", value: .string(session.title)),
            (key: "planDayId", value: JSONValue(session.planDayID.map(Int.init))),
            (key: "carriedOver", value: .bool(session.carriedOver)),
            (key: "startedAt", value: .string(clock.rfc3339(ms: session.startedAtMs))),
            (key: "endedAt", value: session.endedAtMs.map { .string(clock.rfc3339(ms: $0)) } ?? .null),
            (key: "durationSeconds", value: JSONValue(durationSeconds(nowMs: nowMs))),
            (key: "sets", value: JSONValue(countedSets)),
            (key: "volumeKg", value: JSONValue(Self.round(volumeKg))),
            (key: "completion", value: JSONValue(completion)),
            (key: "exercises", value: .array(planned.map { item in
                item.exercise.json(extra: [
                    (key: "plannedExerciseId", value: JSONValue(Int(item.id))),
                    (key: "position", value: JSONValue(item.position)),
                    (key: "loggedSets", value: JSONValue(item.logged)),
                    (key: "done", value: .bool(item.done)),
                ])
            })),
            (key: "offPlan", value: .array(offPlan.map { .obj(["name": .string($0.name), "loggedSets": JSONValue($0.logged)]) })),
        ]
        if let (item, setNumber) = next {
            pairs.append((key: "next", value: .obj([
                "plannedExerciseId": JSONValue(Int(item.id)), "name": .string(item.exercise.name),
                "setNumber": JSONValue(setNumber), "plannedSets": JSONValue(item.exercise.sets),
            ])))
        } else {
            pairs.append((key: "next", value: .null))
        }
        if let rpe = session.rpe { pairs.append((key: "rpe", value: JSONValue(rpe))) }
        if let note = session.note { pairs.append((key: "note", value: .string(note))) }
        return .object(pairs)
    }

    /// Kilograms to 0.01, so sums of floating-point products print cleanly.
    static func round(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}
