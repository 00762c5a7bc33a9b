import SessionCore
import SessionFormats
import Testing
import TestSupport

@testable import SessionStore

/// What a transaction remembers stays true through the stores' one observer: inside one
/// group commit (where the memo lasts), a write through each store, a read that the
/// memo keeps, a second write, and the read again gives the stored rows (each checked
/// against SQL of its own), never the remembered answer.
@Suite struct StoreObserverTests {
    let directory = Fixtures.temporaryDirectory("store-observer")
    var path: String { directory + "/sessiond.db" }

    /// A set of `name` after `previous` sets of it, as logging would decide it.
    func newSet(session: Int64, name: String, previous: Int, reps: Int, weight: Double?, countsBodyMass: Bool? = nil, bodyMassKg: Double? = nil) -> NewSet {
        NewSet(sessionID: session, plannedExerciseID: nil, exerciseName: name, kind: .normal, reps: reps, weightKg: weight, durationSeconds: nil,
               rpe: nil, note: nil, loggedAtMs: Int64(previous + 1), requestID: nil,
               decision: SetDecision(exerciseKey: name.exerciseKey, kind: .normal, reps: reps, weightKg: weight,
                                     previous: previous == 0 ? nil : SetNumbering(setNumber: previous, countedSets: previous), bests: .none,
                                     countsBodyMass: countsBodyMass, bodyMassKg: bodyMassKg))
    }

    @Test func sessionsStoreWritesRenewTheActiveSessionTheSetCountAndTheBests() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        let sessions = database.sessions
        try database.groupCommit { _ in
            let first = try sessions.insertSession(planDayID: nil, date: Fixtures.monday, title: "A", carriedOver: false, startedAtMs: 1)
            #expect(try sessions.activeSession()?.id == first)
            #expect(database.context.memo.activeSession != nil, "remembered")
            try sessions.finishSession(first, endedAtMs: 2, pausedTotalMs: 0, rpe: nil, note: nil)
            #expect(try sessions.activeSession() == nil)

            let second = try sessions.insertSession(planDayID: nil, date: Fixtures.monday, title: "B", carriedOver: false, startedAtMs: 3)
            _ = try sessions.insertSet(newSet(session: second, name: "Zork Lift", previous: 0, reps: 5, weight: 60))
            let heavy = try sessions.insertSet(newSet(session: second, name: "Zork Lift", previous: 1, reps: 5, weight: 80))
            #expect(try sessions.setCount(sessionID: second, atMost: 100) == 2)
            #expect(database.context.memo.setCounts[second] == 2, "remembered")
            #expect(try sessions.bests(exerciseKey: "zork lift").heaviestKg == 80)
            try sessions.deleteSet(heavy.id)
            let count = try database.connection.scalar("SELECT count(*) FROM logged_set WHERE session_id = ?", [second])
            #expect(try sessions.setCount(sessionID: second, atMost: 100) == count.map(Int.init))
            let heaviest = try database.connection.prepare("SELECT max(weight_kg) AS w FROM logged_set WHERE exercise_key = 'zork lift'").row { $0.optionalDouble("w") }
            #expect(try sessions.bests(exerciseKey: "zork lift").heaviestKg == heaviest ?? nil)
        }
    }

    @Test func exercisesStoreWritesRenewAliasesDefinitionsAndRests() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        let exercises = database.exercises
        func storedRest(_ key: String) throws -> Int? {
            try database.connection.scalar("SELECT seconds FROM exercise_rest WHERE exercise_key = ?", [key]).map(Int.init)
        }
        try database.groupCommit { _ in
            _ = try exercises.setAlias("flat bench", name: "My Press")
            #expect(try exercises.aliases()["flat bench"]?.name == "My Press")
            #expect(database.context.memo.aliases != nil, "remembered")
            _ = try exercises.setAlias("flat bench", name: "Other Press")
            #expect(try exercises.aliases()["flat bench"]?.name == "Other Press")
            _ = try exercises.removeAlias("flat bench")
            #expect(try exercises.aliases().isEmpty)

            try exercises.defineExercise(CustomExercise(name: "Zork Dip", equipment: nil, primary: [], secondary: [], countsBodyMass: false))
            #expect(try exercises.customExercises()["zork dip"]?.countsBodyMass == false)
            #expect(database.context.memo.customExercises != nil, "remembered")
            try exercises.defineExercise(CustomExercise(name: "Zork Dip", equipment: nil, primary: [], secondary: [], countsBodyMass: true))
            #expect(try exercises.customExercises()["zork dip"]?.countsBodyMass == true)

            try exercises.setExerciseRest(exerciseKey: "zork dip", seconds: 90)
            #expect(try exercises.exerciseRests()["zork dip"] == storedRest("zork dip"))
            #expect(database.context.memo.exerciseRests != nil, "remembered")
            try exercises.setExerciseRest(exerciseKey: "zork dip", seconds: 120)
            #expect(try exercises.exerciseRests()["zork dip"] == storedRest("zork dip"))
            try exercises.setExerciseRest(exerciseKey: "zork dip", seconds: nil)
            #expect(try exercises.exerciseRests()["zork dip"] == nil)
        }
    }

    @Test func historyStoreImportsRenewTheBestsAndTheNextSetsId() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        let sessions = database.sessions
        try database.groupCommit { _ in
            let session = try sessions.insertSession(planDayID: nil, date: Fixtures.monday, title: "T", carriedOver: false, startedAtMs: 1)
            _ = try sessions.insertSet(newSet(session: session, name: "Zork Lift", previous: 0, reps: 5, weight: 60))
            #expect(try sessions.bests(exerciseKey: "zork lift").heaviestKg == 60)
            #expect(database.context.memo.nextSetID != nil, "remembered")
            let workout = HistoryWorkout(start: LocalDateTime(date: Fixtures.monday.adding(days: -7), secondOfDay: 0), durationSeconds: 60, title: "Old",
                                         note: nil, sets: [HistorySet(exercise: "Zork Lift", reps: 3, weightKg: 100)])
            try database.history.insertImported([ImportedSession(workout: workout, startedAtMs: -1_000_000, date: Fixtures.monday.adding(days: -7))],
                                                source: "strong")
            #expect(try sessions.bests(exerciseKey: "zork lift").heaviestKg == 100)
            let highest = try #require(try database.connection.scalar("SELECT max(id) FROM logged_set"))
            let next = try sessions.insertSet(newSet(session: session, name: "Zork Lift", previous: 1, reps: 5, weight: 60))
            #expect(next.id == highest + 1, "counted on from the imported sets, not the id remembered before")
        }
    }

    @Test func healthStoreBodyMassRenewsTheEstimatesAndBests() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        let sessions = database.sessions
        func storedEstimate() throws -> Double? {
            try database.connection.prepare("SELECT max(e1rm_kg) AS e FROM logged_set WHERE exercise_key = 'zork dip'").row { $0.optionalDouble("e") } ?? nil
        }
        try database.exercises.defineExercise(CustomExercise(name: "Zork Dip", equipment: nil, primary: [], secondary: [], countsBodyMass: true))
        try database.groupCommit { scope in
            // Each request settles the estimates its body masses change as it ends.
            _ = try scope.run { try database.health.insertHealthSample(type: .bodyMassKg, value: 80, date: Fixtures.monday, recordedAtMs: 1, source: nil) }
            let estimate = try scope.run { () throws -> Double? in
                let session = try sessions.insertSession(planDayID: nil, date: Fixtures.monday, title: "T", carriedOver: false, startedAtMs: 1)
                _ = try sessions.insertSet(newSet(session: session, name: "Zork Dip", previous: 0, reps: 10, weight: 0, countsBodyMass: true, bodyMassKg: 80))
                return try sessions.bests(exerciseKey: "zork dip").oneRepMaxKg
            }.get()
            #expect(estimate == (try storedEstimate()))
            #expect(database.context.memo.exercises["zork dip"]?.bests != nil, "remembered")
            _ = try scope.run { try database.health.insertHealthSample(type: .bodyMassKg, value: 90, date: Fixtures.monday, recordedAtMs: 2, source: nil) }
            let after = try scope.run { try sessions.bests(exerciseKey: "zork dip").oneRepMaxKg }.get()
            #expect(after == (try storedEstimate()))
            #expect((after ?? 0) > (estimate ?? 0), "the heavier body mass counts")
        }
    }

    @Test func plansAndProfileStoreWritesAreReadAsStored() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        let plan = try PlanImporter.importPlan(text: Fixtures.dumbbellPlan, options: PlanImportOptions(today: Fixtures.monday)).plan
        try database.groupCommit { _ in
            let first = try database.plans.insertPlan(plan, source: "1", importedAtMs: 1, activate: true).id
            #expect(try database.plans.activePlanID() == first)
            let second = try database.plans.insertPlan(plan, source: "2", importedAtMs: 2, activate: true).id
            #expect(try database.plans.activePlanID() == second)
            let activations = try database.connection.scalar("SELECT count(*) FROM plan_event WHERE kind = 'activate'")
            #expect(try database.plans.planTimeline().events.count == activations.map(Int.init))

            try database.profile.setProfile(Profile { $0.goals = "strength" }, updatedAtMs: 1)
            #expect(try database.profile.profile().goals == "strength")
            try database.profile.setProfile(Profile { $0.goals = "endurance" }, updatedAtMs: 2)
            #expect(try database.profile.profile().goals == "endurance")
        }
    }

    /// A row written around the stores (here the test's own SQL) is heard of too:
    /// SQLite's pre-update hook reports it to the same observer.
    @Test func aWriteAroundTheStoresIsHeardThroughTheHook() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        try database.groupCommit { _ in
            let id = try database.sessions.insertSession(planDayID: nil, date: Fixtures.monday, title: "A", carriedOver: false, startedAtMs: 1)
            #expect(try database.sessions.activeSession()?.id == id)
            try database.connection.run("UPDATE session SET ended_at_ms = 2 WHERE id = ?", [id])
            #expect(try database.sessions.activeSession() == nil)
        }
    }
}
