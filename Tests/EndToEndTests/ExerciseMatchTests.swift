import Foundation
import Testing
import TestSupport
import SessionCore
import JSON

/// session.log's `position`, `match`, `new` and `count`: the daemon reads an exercise as
/// a person names it, so `sessionctl log` needs one round trip.
@Suite struct ExerciseMatchTests {
    static let exercises = """
        {"name": "Overhead Press", "sets": 3, "reps": 5, "weightKg": 40}, {"name": "Lat Pulldown", "sets": 3, "reps": 10},
        {"name": "Lateral Raise", "sets": 3, "reps": 12}, {"name": "Plank", "sets": 3, "durationSeconds": 45}
        """

    func log(_ client: RPCClient, _ params: JSONValue) throws -> JSONValue {
        try client.request("session.log", params)
    }

    @Test func positionsWordsAndCountsResolveAsAPersonMeansThem() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        let plan = try Workout.importMonday(client, exercises: Self.exercises)
        let ids = plan["days"]?[0]?["exercises"]?.arrayValue?.map { $0["plannedExerciseId"] } ?? []
        _ = try client.call("session.start", .obj(["date": "2026-11-30"]))
        #expect(try client.call("session.log", .obj(["position": 2, "count": 8]))["plannedExerciseId"] == ids[1])
        let lat = try client.call("session.log", .obj(["match": "lat"]))
        #expect(lat["plannedExerciseId"] == ids[1] && lat["reps"] == 8 && lat["filledFrom"] == "lastSet",
                "a whole word beats a prefix; no numbers: the set just done again")
        let plank = try client.call("session.log", .obj(["match": "PLANK", "count": 50]))
        #expect(plank["durationSeconds"] == 50 && plank["reps"] == .null, "a plain count is seconds for what the plan times")
        #expect(try client.call("session.log", .obj(["match": "over", "count": 8]))["reps"] == 8)

        let ambiguous = try log(client, .obj(["match": "la"]))
        #expect(ambiguous["error"]?["code"] == -32017 && ambiguous["error"]?["data"]?["reason"] == "ambiguous_exercise")
        #expect(ambiguous["error"]?["data"]?["matches"]?.arrayValue?.map { $0["position"] } == [2, 3], "\(ambiguous)")
        let typo = try log(client, .obj(["match": "overhed", "count": 5]))
        #expect(typo["error"]?["code"] == -32016 && typo["error"]?["data"]?["suggestions"]?[0] == "Overhead Press", "\(typo)")
        let past = try log(client, .obj(["position": 5]))
        #expect(past["error"]?["data"]?["reason"] == "unknown_exercise" && past["error"]?["data"]?["plannedExercises"] == 4)
        #expect(try client.call("session.current")["sets"] == 4, "refusals store nothing")

        let new = try client.call("session.log", .obj(["match": "Sled  Push", "new": true, "durationSeconds": 20]))
        #expect(new["exercise"] == "Sled Push" && new["offPlan"] == true)
        _ = try client.call("session.finish")
        // A free session: no positions; names of earlier sessions, of the active plan's
        // days and aliases still match.
        _ = try client.call("session.start", .obj(["date": "2026-12-01"]))
        #expect(try log(client, .obj(["position": 1]))["error"]?["data"]?["plannedExercises"] == 0)
        #expect(try client.call("session.log", .obj(["match": "sled", "count": 30]))["exercise"] == "Sled Push")
        let lateral = try client.call("session.log", .obj(["match": "lateral", "count": 12, "weightKg": 8]))
        #expect(lateral["exercise"] == "Lateral Raise" && lateral["offPlan"] == true, "Monday's name, off-plan on Tuesday: \(lateral)")
        let planTypo = try log(client, .obj(["match": "pulldwn", "count": 10]))
        #expect(planTypo["error"]?["data"]?["suggestions"]?[0] == "Lat Pulldown", "the plan's name before the catalog's: \(planTypo)")
        #expect(try client.call("session.log", .obj(["match": "ohp", "count": 5, "weightKg": 40]))["exercise"] == "Overhead Press",
                "the catalog's abbreviation")
    }

    @Test func theExerciseIsNamedOnceAndNewOnlyWithWords() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        try Workout.importMonday(client, exercises: Self.exercises)
        _ = try client.call("session.start", .obj(["date": "2026-11-30"]))
        let cases: [(JSONValue, String)] = [
            (.obj(["exercise": "Plank", "match": "plank"]), "params.match"),
            (.obj(["position": 1, "plannedExerciseId": 1]), "params.position"),
            (.obj(["exercise": "Plank", "new": true]), "params.new"),
            (.obj(["match": "plank", "count": 5, "reps": 5]), "params.count"),
            (.obj(["match": " "]), "params.match"),
            (.obj(["position": 0]), "params.position"),
        ]
        for (params, path) in cases {
            let reply = try log(client, params)
            let paths = reply["error"]?["data"]?["errors"]?.arrayValue?.compactMap { $0["path"]?.stringValue } ?? []
            #expect(reply["error"]?["code"] == -32602 && paths.contains(path), "\(params): \(reply)")
        }
        #expect(try client.call("session.current")["sets"] == 0)
    }

    /// `sessionctl log` sends its sets and the read for its "next:" line in one write.
    @Test func sessionctlLogIsOneRoundTrip() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        try Workout.importMonday(try daemon.client(), exercises: Self.exercises)
        _ = try daemon.client().call("session.start", .obj(["date": "2026-11-30"]))
        for words in [["lat", "10", "50"], ["3", "3x12@8"], ["sled", "push", "--new", "20s"], ["plank", "45"]] {
            let relay = try SocketRelay(path: daemon.directory + "/relay.sock", upstream: daemon.socketPath)
            let run = try runProcess(Binaries.sessionctl, ["--socket", relay.path, "log"] + words)
            #expect(run.status == 0, "\(words): \(run.stderr)")
            #expect(relay.roundTrips() == 1, "\(words)")
        }
        // A name as logged is one trip: its history, asked for as typed.
        let named = try SocketRelay(path: daemon.directory + "/relay.sock", upstream: daemon.socketPath)
        #expect(try runProcess(Binaries.sessionctl, ["--socket", named.path, "progress", "lat", "pulldown"]).status == 0)
        #expect(named.roundTrips() == 1)
        // The start of a name asks, waits and asks again: the word as typed (no such
        // exercise), the names it may mean (aliases and history, one trip), then that
        // exercise's history.
        let relay = try SocketRelay(path: daemon.directory + "/relay.sock", upstream: daemon.socketPath)
        #expect(try runProcess(Binaries.sessionctl, ["--socket", relay.path, "progress", "lat"]).status == 0)
        #expect(relay.roundTrips() == 3)
        // track asks for the names once however many exercises it has, then stores.
        let tracking = try SocketRelay(path: daemon.directory + "/relay.sock", upstream: daemon.socketPath)
        let tracked = try runProcess(Binaries.sessionctl, ["--socket", tracking.path, "track", "yesterday", "18:00-19:00", "lat", "3x10@50,", "sled", "20s,", "lat", "8"])
        #expect(tracked.status == 0, "\(tracked.stderr)")
        #expect(tracking.roundTrips() == 2)
        let lines = try runProcess(Binaries.sessionctl, ["--socket", daemon.socketPath, "status", "--json"])
        let status = try JSONParser.parse(lines.stdout)
        #expect(status["sets"] == 6 && status["exercises"]?[3]?["loggedSets"] == 1, "\(lines.stdout)")
        let typo = try runProcess(Binaries.sessionctl, ["--socket", daemon.socketPath, "log", "overhed", "5"])
        #expect(typo.status == 1 && typo.stderr.contains("did you mean Overhead Press?"), "\(typo.stderr)")
        let ambiguous = try runProcess(Binaries.sessionctl, ["--socket", daemon.socketPath, "log", "la", "5", "--json"])
        let refusal = try JSONParser.parse(ambiguous.stdout)
        #expect(ambiguous.status == 2 && refusal["error"]?["data"]?["reason"] == "ambiguous_exercise")
    }
}
