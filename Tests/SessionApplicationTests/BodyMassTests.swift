import Foundation
import JSON
import SessionCore
import TestSupport
import Testing

@testable import SessionApplication

/// A body-weight lift counts the body mass in force on its session's date — the latest
/// weighing dated on or before it, the last of that day — whatever order the weighings
/// and the sets arrive in: weighings entered after the sets, a restore that stores them
/// before, and a session moved to another day all read alike.
@Suite struct BodyMassTests {
    /// A weighing: its day, when it was taken (the last of a day counts), the mass.
    typealias Weighing = (date: String, at: String, kg: Double)

    /// The mass in force on `date` among `weighings`, worked out by the test.
    static func mass(on date: String, _ weighings: [Weighing]) -> Double? {
        weighings.filter { $0.date <= date }.max { ($0.date, $0.at) < ($1.date, $1.at) }?.kg
    }

    /// Epley over body mass plus added load: (mass + load) × (1 + reps / 30).
    static func epley(mass: Double, load: Double?, reps: Int) -> Double {
        (mass + (load ?? 0)) * (1 + Double(reps) / 30)
    }

    static func weigh(_ client: InProcess, _ weighing: Weighing) throws {
        _ = try client.call("health.record", .obj(["type": "bodyMassKg", "value": .number(weighing.kg), "date": .string(weighing.date),
                                                  "time": .string(weighing.at)]))
    }

    /// The sessions: a day and its pull-ups (reps, added load).
    static let sessions: [(date: String, sets: [(reps: Int, load: Double?)])] = [
        ("2026-09-28", [(8, nil), (6, nil)]),  // before any weighing: no estimate, ranked by reps
        ("2026-10-05", [(6, 10), (5, 12.5)]),
        ("2026-10-08", [(8, nil)]),
        ("2026-10-12", [(6, 12.5), (4, 15)]),
        ("2026-10-19", [(7, 10), (5, 15)]),
        ("2026-10-21", [(6, 12.5)]),
        ("2026-10-26", [(10, nil), (6, 10)]),
        ("2026-11-02", [(5, 17.5), (3, 20)]),
    ]

    /// One weighing before the sessions were logged; the rest entered afterwards, for
    /// days they were logged on or before (one a later weighing of a day already had one).
    static let before: [Weighing] = [("2026-10-05", Wall.at("2026-10-05T06:00:00"), 80)]
    static let after: [Weighing] = [
        ("2026-10-12", Wall.at("2026-10-12T06:00:00"), 82), ("2026-10-05", Wall.at("2026-10-05T20:00:00"), 80.6), ("2026-10-26", Wall.at("2026-10-26T06:00:00"), 78.5),
        ("2026-10-20", Wall.at("2026-10-20T06:00:00"), 79),
    ]

    /// Logs the sessions into `client` with the weighings before and after them, those
    /// after one by one (`health.record`) or, `imported`, all in one `health.import`.
    static func train(_ client: InProcess, imported: Bool = false) throws {
        for weighing in before { try weigh(client, weighing) }
        for session in sessions {
            try Workout.backfill(client, start: Wall.at(session.date + "T12:00:00"), end: Wall.at(session.date + "T13:00:00"),
                                 sets: session.sets.map { ("Pull-Up", $0.reps, $0.load) })
        }
        guard imported else {
            for weighing in after { try weigh(client, weighing) }
            return
        }
        let samples = after.map { JSONValue.obj(["type": "bodyMassKg", "value": .number($0.kg), "date": .string($0.date), "recordedAt": .string($0.at)]) }
        _ = try client.call("health.import", .obj(["importId": "scale", "chunk": 0, "samples": .array(samples)]))
        _ = try client.call("health.import", .obj(["importId": "scale", "done": true]))
    }

    /// `client`'s best estimate of each session, as `exercise.history` gives them.
    static func shownBests(_ client: InProcess) throws -> [Double?] {
        try (client.call("exercise.history", .obj(["exercise": "Pull-Up"]))["sessions"]?.arrayValue ?? []).map { $0["bestOneRepMaxKg"]?.numberValue }
    }

    /// True when `shown` are `expected` as `exercise.history` rounds them (to 0.1 kg).
    static func same(_ shown: [Double?], _ expected: [Double?]) -> Bool {
        shown.count == expected.count && zip(shown, expected).allSatisfy { shown, expected in
            shown == nil ? expected == nil : abs((shown ?? 0) - (expected ?? .nan)) < 0.051
        }
    }

    /// Each session's best estimate as the test works it out, nil without a body mass.
    static func expectedBests() -> [Double?] {
        sessions.map { session in
            mass(on: session.date, before + after).map { mass in session.sets.map { epley(mass: mass, load: $0.load, reps: $0.reps) }.max() ?? 0 }
        }
    }

    /// What sessionctl export --format json gathers: every page of `history.export` and
    /// every part of `history.archive`; stored into `target` as sessionctl import sends
    /// them (the archive's parts ahead of the workouts, source `json`).
    static func restore(from source: InProcess, into target: InProcess) throws -> JSONValue {
        var chunks: [[(key: String, value: JSONValue)]] = []
        for part in ["settings", "plans", "events", "health"] {
            var after: JSONValue = .null
            repeat {
                var params: [(key: String, value: JSONValue)] = [("part", .string(part))]
                if after != .null { params.append(("after", after)) }
                let page = try source.call("history.archive", .object(params))
                var chunk: [(key: String, value: JSONValue)] = []
                for name in ["aliases", "exercises", "rests", "plans", "events", "health"] {
                    if let items = page[name], items.arrayValue?.isEmpty == false { chunk.append((name, items)) }
                }
                if let profile = page["profile"], profile != .null { chunk.append(("profile", [profile])) }
                if !chunk.isEmpty { chunks.append(chunk) }
                after = page["next"] ?? .null
            } while after != .null
        }
        var after: JSONValue = .null
        repeat {
            let page = try source.call("history.export", after == .null ? .obj([:]) : .obj(["after": after]))
            chunks.append([("workouts", page["workouts"] ?? [])])
            after = page["next"] ?? .null
        } while after != .null
        for (number, chunk) in chunks.enumerated() {
            _ = try target.call("history.import", .object([("importId", "restore"), ("chunk", JSONValue(number)), ("source", "json")] + chunk))
        }
        return try target.call("history.import", .obj(["importId": "restore", "done": true]))
    }

    /// The weeks the sessions span, each a Monday.
    static let weeks = ["2026-09-28", "2026-10-05", "2026-10-12", "2026-10-19", "2026-10-26", "2026-11-02"]

    /// What a person reads of the lift: each week's summary, its records, its history.
    static func views(_ client: InProcess) throws -> [JSONValue] {
        try weeks.map { try client.call("summary.weekly", .obj(["weekStart": .string($0)])) }
            + [try client.call("exercise.get", .obj(["exercise": "Pull-Up"])), try client.call("exercise.history", .obj(["exercise": "Pull-Up"]))]
    }

    @Test func aRestoreReadsPullUpsAsTheOriginalWithWeighingsEnteredAfterTheSets() throws {
        let original = try InProcess()
        try Self.train(original)
        let expected = Self.expectedBests()
        #expect(expected.first == .some(nil) && expected.dropFirst().allSatisfy { $0 != nil })

        // The original, with the weighings entered after its sets, reads as the facts say.
        let shown = try Self.shownBests(original)
        #expect(Self.same(shown, expected), "\(shown) against \(expected)")
        let records = try original.call("exercise.get", .obj(["exercise": "Pull-Up"]))
        let bestEver = expected.compactMap { $0 }.max() ?? 0
        #expect(abs((records["bestOneRepMaxKg"]?.numberValue ?? 0) - bestEver) < 0.006, "\(records) against \(bestEver)")
        #expect(records["heaviestKg"] == 20 && records["mostReps"] == 10 && records["bestSetVolumeKg"] == 87.5, "\(records)")
        // The week of 2026-10-12 against the four before it: estimates, not reps.
        let week = try original.call("summary.weekly", .obj(["weekStart": "2026-10-12"]))
        let pullUps = try #require(week["exercises"]?.arrayValue?.first { $0["name"] == "Pull-Up" }, "\(week)")
        let previous = expected[0..<3].compactMap { $0 }.max() ?? 0
        #expect(pullUps["measure"] == "estimatedOneRepMaxKg", "\(pullUps)")
        #expect(abs((pullUps["best"]?.numberValue ?? 0) - (expected[3] ?? 0)) < 0.006, "\(pullUps)")
        #expect(abs((pullUps["previousBest"]?.numberValue ?? 0) - previous) < 0.006, "\(pullUps) against \(previous)")

        // Restored into an empty daemon (the weighings stored before the sets there), it
        // reads the same.
        let restored = try InProcess()
        let imported = try Self.restore(from: original, into: restored)
        #expect(imported["imported"]?["workouts"] == JSONValue(Self.sessions.count), "\(imported)")
        let originalViews = try Self.views(original)
        let restoredViews = try Self.views(restored)
        for (index, (was, now)) in zip(originalViews, restoredViews).enumerated() {
            #expect(now == was, "view \(index): restored \(now.jsonText), original \(was.jsonText)")
        }
    }

    /// Weighings imported after the sets in one call, out of order, count as entered one
    /// by one.
    @Test func weighingsImportedAfterTheSetsCountAsEnteredOneByOne() throws {
        let client = try InProcess()
        try Self.train(client, imported: true)
        let shown = try Self.shownBests(client)
        #expect(Self.same(shown, Self.expectedBests()), "\(shown) against \(Self.expectedBests())")
    }

    /// The same for an exercise of one's own defined to count body mass: an import
    /// counts it as logging does.
    @Test func anOwnExerciseCountingBodyMassRestoresAlike() throws {
        let original = try InProcess()
        _ = try original.call("exercise.define", .obj(["exercise": "Rope Climb Pull", "primaryMuscles": ["lats"], "countsBodyMass": true]))
        try Self.weigh(original, ("2026-10-01", Wall.at("2026-10-01T06:00:00"), 75))
        try Workout.backfill(original, start: Wall.at("2026-10-05T12:00:00"), end: Wall.at("2026-10-05T13:00:00"), sets: [("Rope Climb Pull", 5, 5)])
        let before = try original.call("exercise.history", .obj(["exercise": "Rope Climb Pull"]))
        #expect(abs((before["sessions"]?[0]?["bestOneRepMaxKg"]?.numberValue ?? 0) - Self.epley(mass: 75, load: 5, reps: 5)) < 0.051, "\(before)")
        let restored = try InProcess()
        _ = try Self.restore(from: original, into: restored)
        #expect(try restored.call("exercise.history", .obj(["exercise": "Rope Climb Pull"])) == before)
        #expect(try restored.call("exercise.get", .obj(["exercise": "Rope Climb Pull"])) == original.call("exercise.get", .obj(["exercise": "Rope Climb Pull"])))
        // Defined not to count it after all: its sets are estimated on the load alone.
        _ = try original.call("exercise.define", .obj(["exercise": "Rope Climb Pull", "primaryMuscles": ["lats"], "countsBodyMass": false]))
        let after = try original.call("exercise.get", .obj(["exercise": "Rope Climb Pull"]))
        #expect(abs((after["bestOneRepMaxKg"]?.numberValue ?? 0) - (Epley.oneRepMax(weightKg: 5, reps: 5) ?? 0)) < 0.006, "\(after)")
    }

    /// A session moved to another day counts that day's body mass; a name aliased to a
    /// body-weight lift counts it from then on.
    @Test func aMovedSessionAndAnAliasFollowTheBodyMassRule() throws {
        let client = try InProcess()
        // A time of the daemon's own day, so the day a session counts for is the one meant.
        let clock = client.application.clock
        func at(_ text: String) throws -> String { clock.rfc3339(ms: clock.ms(of: try #require(LocalDateTime(text)))) }
        try Self.weigh(client, ("2026-10-01", Wall.at("2026-10-01T06:00:00"), 70))
        try Self.weigh(client, ("2026-10-12", Wall.at("2026-10-12T12:00:00"), 90))
        try Workout.backfill(client, start: at("2026-10-12T00:30"), end: at("2026-10-12T01:30"), sets: [("Dips", 6, 10)])
        func best(_ name: String) throws -> Double? { try client.call("exercise.get", .obj(["exercise": .string(name)]))["bestOneRepMaxKg"]?.numberValue }
        #expect(abs((try best("Dips") ?? 0) - Self.epley(mass: 90, load: 10, reps: 6)) < 0.006)
        // Started before midnight: the session and its set count for the day before.
        let session = try #require(try client.call("session.list").arrayValue?.first?["sessionId"])
        let moved = try client.call("session.edit", .obj(["sessionId": session, "startedAt": .string(try at("2026-10-11T23:50"))]))
        #expect(moved["date"] == "2026-10-11", "\(moved)")
        #expect(abs((try best("Dips") ?? 0) - Self.epley(mass: 70, load: 10, reps: 6)) < 0.006, "the body mass in force on 2026-10-11")

        // A name of one's own, estimated on its load alone, then made another name of Pull-Up.
        try Workout.backfill(client, start: at("2026-10-14T18:00"), end: at("2026-10-14T19:00"), sets: [("Gym Rings Chins", 5, 10)])
        #expect(abs((try best("Gym Rings Chins") ?? 0) - (Epley.oneRepMax(weightKg: 10, reps: 5) ?? 0)) < 0.006)
        _ = try client.call("exercise.alias", .obj(["alias": "Gym Rings Chins", "name": "Pull-Up"]))
        #expect(abs((try best("Pull-Up") ?? 0) - Self.epley(mass: 90, load: 10, reps: 5)) < 0.006, "the alias's sets count body mass now")
        _ = try client.call("exercise.alias", .obj(["alias": "Gym Rings Chins"]))
        #expect(abs((try best("Gym Rings Chins") ?? 0) - (Epley.oneRepMax(weightKg: 10, reps: 5) ?? 0)) < 0.006, "and on its load alone again")
    }

    /// A weighing entered for an earlier day, and the lift read in the same batch (one
    /// group commit): the read already counts it.
    @Test func aReadAfterAWeighingInOneBatchCountsIt() throws {
        let client = try InProcess()
        try Workout.backfill(client, start: Wall.at("2026-10-12T12:00:00"), end: Wall.at("2026-10-12T13:00:00"), sets: [("Dips", 6, 10)])
        let line = """
            [{"jsonrpc":"2.0","id":1,"method":"health.record","params":{"type":"bodyMassKg","value":70,"date":"2026-10-01","time":"\(Wall.at("2026-10-01T06:00:00"))"}},\
            {"jsonrpc":"2.0","id":2,"method":"exercise.get","params":{"exercise":"Dips"}}]
            """
        let replies = try JSONParser.parse(try #require(client.send(line: line)))
        let read = try #require(replies.arrayValue?.first { $0["id"] == 2 }?["result"], "\(replies)")
        #expect(abs((read["bestOneRepMaxKg"]?.numberValue ?? 0) - Self.epley(mass: 70, load: 10, reps: 6)) < 0.006, "\(read)")
    }
}
