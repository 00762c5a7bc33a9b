import Foundation
import Testing
import TestSupport
import SessionCore
import JSON

/// session.log's `position`, `match`, `new` and `count`: the daemon reads an exercise as
/// a person names it, so `sessionctl log` needs one round trip.
@Suite struct ExerciseMatchTests {
    /// `sessionctl log` sends its sets and the read for its "next:" line in one write.
    @Test func sessionctlLogIsOneRoundTrip() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        try Workout.importMonday(try daemon.client(), exercises: Workout.namesSharingWords)
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
        // The start of a name too: the daemon reads it as it reads log's words.
        let relay = try SocketRelay(path: daemon.directory + "/relay.sock", upstream: daemon.socketPath)
        #expect(try runProcess(Binaries.sessionctl, ["--socket", relay.path, "progress", "lat"]).status == 0)
        #expect(relay.roundTrips() == 1)
        // track asks the daemon's zone (whose yesterday it is), then the names once
        // however many exercises it has, then stores.
        let tracking = try SocketRelay(path: daemon.directory + "/relay.sock", upstream: daemon.socketPath)
        let tracked = try runProcess(Binaries.sessionctl, ["--socket", tracking.path, "track", "yesterday", "18:00-19:00", "lat", "3x10@50,", "sled", "20s,", "lat", "8"])
        #expect(tracked.status == 0, "\(tracked.stderr)")
        #expect(tracking.roundTrips() == 3)
        let lines = try runProcess(Binaries.sessionctl, ["--socket", daemon.socketPath, "status", "--json"])
        let status = try JSONParser.parse(lines.stdout)
        #expect(status["sets"] == 6 && status["exercises"]?[3]?["loggedSets"] == 1, "\(lines.stdout)")
        let typo = try runProcess(Binaries.sessionctl, ["--socket", daemon.socketPath, "log", "overhed", "5"])
        #expect(typo.status == 1 && typo.stderr.contains("did you mean Overhead Press?"), "\(typo.stderr)")
        let ambiguous = try runProcess(Binaries.sessionctl, ["--socket", daemon.socketPath, "log", "la", "5", "--json"])
        let refusal = try JSONParser.parse(ambiguous.stdout)
        #expect(ambiguous.status == 1 && refusal["error"]?["data"]?["reason"] == "ambiguous_exercise")
    }
}
