import SessionCore
import Testing

@testable import SessionApplication

/// What the daemon holds for `history.import` between chunks and `done`.
@Suite struct ImportStagingTests {
    private func workouts(_ count: Int, setsEach: Int) -> [HistoryWorkout] {
        (0..<count).map { day in
            HistoryWorkout(start: LocalDateTime(date: LocalDate(daysSinceEpoch: 20_000 + day), secondOfDay: 64_800), durationSeconds: 3600,
                           title: "Legs", note: nil, sets: Array(repeating: HistorySet(exercise: "Squat", reps: 5, weightKg: 100), count: setsEach))
        }
    }

    /// Root's import `id`.
    private func k(_ id: String, owner: UInt32 = 0) -> ImportStaging.Key { ImportStaging.Key(owner: owner, id: id) }

    @Test func theSetsOfEveryImportUnderWayAreBoundedTogether() throws {
        var staging = ImportStaging(maximumSets: 100)
        _ = try staging.add(workouts(4, setsEach: 10), chunk: 0, to: k("a"), source: nil, nowMs: 0)
        _ = try staging.add(workouts(5, setsEach: 10), chunk: 0, to: k("b"), source: nil, nowMs: 0)
        #expect(throws: HistoryImportError.self, "90 staged: 20 more would pass the bound") {
            _ = try staging.add(self.workouts(2, setsEach: 10), chunk: 1, to: k("a"), source: nil, nowMs: 0)
        }
        #expect(staging.imports[k("a")]?.sets == 40 && staging.imports[k("b")]?.sets == 50, "a refused chunk leaves every import as it was")
        // A chunk sent again replaces itself: only the difference counts.
        #expect(try staging.add(workouts(5, setsEach: 10), chunk: 0, to: k("a"), source: nil, nowMs: 0).sets == 50)
        staging.cancel(k("b"))
        #expect(try staging.add(workouts(5, setsEach: 10), chunk: 1, to: k("a"), source: nil, nowMs: 0).sets == 100, "a cancelled import frees its share")
        staging.complete(k("a"), with: .init {
            $0.importID = "a"
            $0.staged = 10
            $0.done = true
            $0.dryRun = false
            $0.imported = nil
            $0.skipped = 0
        })
        #expect(try staging.add(workouts(10, setsEach: 10), chunk: 0, to: k("c"), source: nil, nowMs: 0).sets == 100, "a stored import holds no sets")
    }

    @Test func anUntouchedImportExpiresAndFreesItsShare() throws {
        var staging = ImportStaging(maximumSets: 10)
        _ = try staging.add(workouts(1, setsEach: 10), chunk: 0, to: k("old"), source: nil, nowMs: 0)
        #expect(throws: HistoryImportError.self) { _ = try staging.add(self.workouts(1, setsEach: 1), chunk: 0, to: k("new"), source: nil, nowMs: 1000) }
        #expect(try staging.add(workouts(1, setsEach: 10), chunk: 0, to: k("new"), source: nil, nowMs: ImportStaging.expiryMs + 1).sets == 10)
        #expect(staging.imports[k("old")] == nil)
    }

    @Test func eachUserHasItsOwnImportsAndOthersCannotTakeAllTheRoom() throws {
        var staging = ImportStaging(maximumSets: 100, ownUID: 1_000)
        let nobody: UInt32 = 65_534
        // Another user's four imports block its own fifth, not root's first.
        for id in ["a", "b", "c", "d"] { _ = try staging.add(workouts(1, setsEach: 1), chunk: 0, to: k(id, owner: nobody), source: nil, nowMs: 0) }
        #expect(throws: HistoryImportError.self) {
            _ = try staging.add(self.workouts(1, setsEach: 1), chunk: 0, to: self.k("e", owner: nobody), source: nil, nowMs: 0)
        }
        _ = try staging.add(workouts(1, setsEach: 1), chunk: 0, to: k("a"), source: nil, nowMs: 0)
        // The same id is two imports for two users: cancelling one leaves the other.
        staging.cancel(k("a"))
        #expect(staging.imports[k("a", owner: nobody)]?.sets == 1 && staging.imports[k("a")] == nil)
        // Such users together hold at most half the sets; root has the rest.
        #expect(throws: HistoryImportError.self, "4 staged: 47 more would pass 50") {
            _ = try staging.add(self.workouts(47, setsEach: 1), chunk: 1, to: self.k("a", owner: nobody), source: nil, nowMs: 0)
        }
        #expect(try staging.add(workouts(46, setsEach: 1), chunk: 1, to: k("a", owner: nobody), source: nil, nowMs: 0).sets == 47)
        #expect(try staging.add(workouts(50, setsEach: 1), chunk: 0, to: k("root"), source: nil, nowMs: 0).sets == 50)
    }
}
