import Foundation
import JSON
import SessionCore
import SessionStore
import Testing
import TestSupport

/// A session stored before sessions had a bound of 2,000 sets is handed out in pages,
/// and `sessionctl show` follows them: every set is shown, as before.
@Suite struct SessionPagesTests {
    /// A finished session of `sets` sets of curls, written into a new database at `path`
    /// past the daemon (which refuses a session's 2,001st set); its id. The database is
    /// closed when this returns.
    private func storeSession(sets: Int, at path: String) throws -> Int64 {
        let database = try Database(path: path)
        let date = LocalDate(daysSinceEpoch: Int(Date().timeIntervalSince1970 / 86_400) - 3)
        let start = Int64(date.daysSinceEpoch) * 86_400_000 + 9 * 3_600_000
        var id: Int64 = 0
        try database.groupCommit { _ in
            id = try database.sessions.insertSession(planDayID: nil, date: date, title: "Before the bound", carriedOver: false, startedAtMs: start)
            for set in 0..<sets {
                let decision = SetDecision(exerciseKey: "curl".exerciseKey, kind: .normal, reps: 10, weightKg: 12,
                                           previous: SetNumbering(setNumber: set, countedSets: set), bests: .none)
                _ = try database.sessions.insertSet(NewSet(sessionID: id, plannedExerciseID: nil, exerciseName: "Curl", kind: .normal, reps: 10, weightKg: 12,
                                                  durationSeconds: nil, rpe: nil, note: nil, loggedAtMs: start + Int64(set) * 1000, requestID: nil,
                                                  decision: decision))
            }
            try database.sessions.finishSession(id, endedAtMs: start + Int64(sets) * 1000 + 1000, pausedTotalMs: 0, rpe: nil, note: nil)
        }
        return id
    }

    @Test func sessionctlShowFollowsTheSetPagesOfASessionLargerThanTheBound() throws {
        let directory = Fixtures.temporaryDirectory("pages")
        let sets = SessionLimits.setsPerSession + 7
        let id = try storeSession(sets: sets, at: directory + "/sessiond.db")
        let daemon = try DaemonProcess(directory: directory)
        defer { daemon.cleanUp() }
        let first = try daemon.client().call("session.get", .obj(["sessionId": JSONValue(Int(id))]))
        #expect(first["sets"]?.arrayValue?.count == SessionLimits.setsPerSession && first["next"]?.intValue != nil, "one reply holds a page")
        let json = try daemon.ctl(["show", String(id), "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let shown = try JSONParser.parse(json.stdout)
        let ids = shown["sets"]?.arrayValue?.compactMap { $0["setId"]?.intValue } ?? []
        #expect(ids.count == sets && Set(ids).count == sets && ids == ids.sorted(), "every set once, in order: \(ids.count)")
        let text = try daemon.ctl(["show", String(id)])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.components(separatedBy: "\n").filter { $0.contains("  set ") }.count == sets)
    }
}
