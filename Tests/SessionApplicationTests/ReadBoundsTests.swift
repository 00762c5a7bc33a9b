import JSON
import SessionCore
import SessionRPC
import SessionStore
import Testing
import TestSupport

@testable import SessionApplication

/// What one request may cost whatever the database holds: a session stored before
/// sessions had a bound (`SessionLimits.setsPerSession`) is read a page at a time, and
/// the last session `exercise.get` shows is cut at that bound.
@Suite struct ReadBoundsTests {
    /// A finished session of `sets` sets of `exercise`, written past the service (which
    /// refuses a session's set past the bound), as an older database may hold one.
    private func storeSession(_ app: InProcess, sets: Int, exercise: String = "Belt Squat") throws -> Int64 {
        let database = app.application.database
        let date = LocalDate(daysSinceEpoch: 20_000)
        let start = Int64(date.daysSinceEpoch) * 86_400_000
        var id: Int64 = 0
        try database.groupCommit { _ in
            id = try database.sessions.insertSession(planDayID: nil, date: date, title: "Before the bound", carriedOver: false, startedAtMs: start)
            for set in 0..<sets {
                let decision = SetDecision(exerciseKey: exercise.exerciseKey, kind: .normal, reps: 1 + set % 20, weightKg: 60,
                                           previous: SetNumbering(setNumber: set, countedSets: set), bests: .none)
                _ = try database.sessions.insertSet(NewSet(sessionID: id, plannedExerciseID: nil, exerciseName: exercise, kind: .normal, reps: 1 + set % 20,
                                                  weightKg: 60, durationSeconds: nil, rpe: nil, note: nil, loggedAtMs: start + Int64(set) * 1000,
                                                  requestID: nil, decision: decision))
            }
            try database.sessions.finishSession(id, endedAtMs: start + Int64(sets) * 1000 + 1000, pausedTotalMs: 0, rpe: nil, note: nil)
        }
        return id
    }

    @Test func sessionGetPagesASessionLargerThanTheBoundAndTheWholeOfOneWithin() throws {
        let app = try InProcess()
        let sets = SessionLimits.setsPerSession + 3
        let id = try storeSession(app, sets: sets)
        let first = try app.call("session.get", .obj(["sessionId": JSONValue(Int(id))]))
        let firstSets = try #require(first["sets"]?.arrayValue)
        #expect(firstSets.count == SessionLimits.setsPerSession, "a page holds at most a session's bound")
        let next = try #require(first["next"]?.intValue, "more follow: \(first["next"] ?? .null)")
        #expect(next == firstSets.last?["setId"]?.intValue, "next is the page's last set")
        let second = try app.call("session.get", .obj(["sessionId": JSONValue(Int(id)), "after": JSONValue(next)]))
        #expect(second["sets"]?.arrayValue?.count == 3 && second["next"] == .null, "the last page: \(second["next"] ?? .null)")
        // Pages of two follow one another in order, and together are every set once.
        var ids: [Int] = []
        var after: JSONValue = .null
        repeat {
            let page = try app.call("session.get", .obj(["sessionId": JSONValue(Int(id)), "after": after, "limit": 700]))
            ids += page["sets"]?.arrayValue?.compactMap { $0["setId"]?.intValue } ?? []
            after = page["next"] ?? .null
        } while !after.isNull
        #expect(ids.count == sets && ids == ids.sorted() && Set(ids).count == sets)
        // A session within the bound comes whole, as before, with no next.
        _ = try app.call("session.start")
        for _ in 0..<3 { _ = try app.call("session.log", .obj(["exercise": "Row", "reps": 8])) }
        let active = try app.call("session.get")
        #expect(active["sets"]?.arrayValue?.count == 3 && active["next"] == .null)
        let refused = try app.request("session.get", .obj(["limit": JSONValue(SessionLimits.setsPerSession + 1)]))
        #expect(refused["error"]?["code"] == -32602, "a page larger than the bound is refused: \(refused)")
    }

    @Test func exerciseGetShowsAtMostTheBoundOfItsLastSession() throws {
        let app = try InProcess()
        _ = try storeSession(app, sets: SessionLimits.setsPerSession + 5)
        let exercise = try app.call("exercise.get", .obj(["exercise": "belt squat"]))
        #expect(exercise["lastSets"]?.arrayValue?.count == SessionLimits.setsPerSession, "cut at the bound")
        #expect(exercise["sets"] == JSONValue(SessionLimits.setsPerSession + 5), "the count is of every set")
        #expect(exercise["lastSets"]?[0]?["setNumber"] == 1, "the first sets as logged")
        #expect(DaemonRoutes.table.resolve("exercise.get").repliesLarge, "a batch of it is budgeted on the database thread")
    }

    /// The methods that only read are declared so, and say so in rpc.discover: a
    /// hung-up client's calls of them are not run. Those that write, even when they
    /// reply at length (an alias set, the change feed's push cursor), are not.
    @Test func theMethodsThatOnlyReadSaySo() throws {
        for name in ["rpc.discover", "plan.list", "plan.get", "session.get", "history.export", "summary.weekly", "exercise.get", "no.such.method"] {
            #expect(DaemonRoutes.table.resolve(name).readsOnly, "\(name)")
        }
        for name in ["session.log", "session.start", "health.record", "exercise.alias", "changes.since", "changes.apply", "plan.import"] {
            #expect(!DaemonRoutes.table.resolve(name).readsOnly, "\(name)")
        }
        let methods = try #require(DaemonRoutes.table.openRPC["methods"]?.arrayValue)
        let said = Set(methods.filter { $0["x-reads-only"] == true }.compactMap { $0["name"]?.stringValue })
        #expect(said.contains("plan.list") && said.contains("rpc.discover") && !said.contains("session.log"), "\(said.sorted())")
    }

    @Test func everyMethodTakesNoMoreParamsThanALineMayCarry() throws {
        let methods = try #require(DaemonRoutes.table.openRPC["methods"]?.arrayValue)
        for method in methods {
            let count = method["params"]?.arrayValue?.count ?? 0
            #expect(count <= JSONRPC.maximumParams, "\(method["name"] ?? .null) takes \(count)")
        }
    }
}
