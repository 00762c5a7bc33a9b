import SessionCore
import SessionRPC
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
        staging.done(k("a"), with: .init {
            $0.importID = "a"
            $0.staged = 10
            $0.done = true
            $0.dryRun = false
            $0.imported = nil
            $0.skipped = 0
        })
        staging.committed()
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

    @Test func chunksWaitOnDiskAndAreReadBackAsSentUntilTheirImportGoes() throws {
        var staging = ImportStaging()
        var sent = workouts(3, setsEach: 2)
        sent[0].note = "a note with \"quotes\", a backslash \\ and é"
        sent[0].sets[1].kind = .warmup
        sent[0].sets[1].superset = "A"
        sent[1].startedAt = "2024-10-01T18:00:00.250+02:00"
        sent[1].sets[0].loggedAt = "2024-10-01T18:03:00Z"
        sent[1].sets[1].weightKg = 0.1 + 0.2  // a number written must read back to the same bits
        sent[2].averageHeartRate = 131
        sent[2].energyKcal = 412.5
        sent[2].date = LocalDate(daysSinceEpoch: 20_001)
        let archive = HistoryArchive.threeBodyMasses
        _ = try staging.add(workouts(5, setsEach: 1), chunk: 0, to: k("a"), source: nil, nowMs: 0)
        _ = try staging.add(Array(sent[1...]), chunk: 1, to: k("a"), source: "strong", nowMs: 0)
        // Sent again (a retry), after chunk 1: it replaces itself, on disk too, and is
        // read back first, by its number.
        let staged = try staging.add(Array(sent[..<1]), archive: archive, chunk: 0, to: k("a"), source: nil, nowMs: 0)
        #expect(staged.count == 3 && staged.healthSamples == 3 && staged.sets == 6 + 3, "\(staged.count) workouts, \(staged.sets) sets and items")
        #expect(staging.disk.isOpen)
        let read = try staging.contents(of: k("a"))
        #expect(read.workouts == sent, "the workouts as sent, in the order of their chunks' numbers")
        #expect(read.archive == archive)
        #expect(try staging.contents(of: k("a", owner: 1_000)).workouts.isEmpty, "another user's import of the same id is its own")
        staging.cancel(k("a"))
        #expect(try staging.contents(of: k("a")).workouts.isEmpty)
        #expect(!staging.disk.isOpen, "with nothing staged, the file is closed (and so gone)")
    }

    @Test func aStoredOrExpiredImportLeavesNothingOnDisk() throws {
        var staging = ImportStaging()
        _ = try staging.add(workouts(2, setsEach: 3), chunk: 0, to: k("old"), source: nil, nowMs: 0)
        _ = try staging.add(workouts(2, setsEach: 3), chunk: 0, to: k("stored"), source: nil, nowMs: ImportStaging.expiryMs / 2)
        staging.done(k("stored"), with: HistoryImport.Result { $0.importID = "stored"; $0.done = true })
        staging.committed()
        #expect(try staging.contents(of: k("stored")).workouts.isEmpty, "a stored import's chunks went with its commit")
        #expect(staging.disk.isOpen, "another import still holds chunks")
        let dropped = staging.expire(nowMs: ImportStaging.expiryMs + 1)
        #expect(dropped)
        let stored = staging.imports[k("stored")]
        #expect(!staging.disk.isOpen && stored?.result != nil, "only the stored one's answer is left")
    }

    /// A `done` whose commit runs again, or fails, stored nothing: the import is pending
    /// again with its chunks, and a `done` then stores it. Once stored, a chunk more is
    /// refused, and a `done` again is answered with what it stored.
    @Test func aDoneRolledBackLeavesTheImportPendingAndOneStoredTakesNoMoreChunks() throws {
        var staging = ImportStaging()
        _ = try staging.add(workouts(2, setsEach: 3), chunk: 0, to: k("a"), source: nil, nowMs: 0)
        staging.done(k("a"), with: HistoryImport.Result { $0.importID = "a"; $0.done = true })
        #expect(staging.imports[k("a")]?.result != nil, "a second done in the same commit is answered")
        staging.rolledBack()
        #expect(staging.imports[k("a")]?.result == nil)
        #expect(try staging.contents(of: k("a")).workouts.count == 2, "its chunks are still staged")

        staging.done(k("a"), with: HistoryImport.Result { $0.importID = "a"; $0.done = true })
        staging.committed()
        #expect(try staging.contents(of: k("a")).workouts.isEmpty)
        #expect(throws: HistoryImportError.alreadyStored) {
            _ = try staging.add(self.workouts(1, setsEach: 1), chunk: 1, to: self.k("a"), source: nil, nowMs: 1)
        }
        #expect(try staging.add(workouts(1, setsEach: 1), chunk: 1, to: k("a"), source: nil, done: true, nowMs: 1).result?.importID == "a")
    }

    /// A request that fails alone in a group commit that goes on (its savepoint undone):
    /// its import's `done` is forgotten, an earlier request's kept.
    @Test func aDoneOfARequestThatFailedAloneIsForgottenAndTheOthersKept() throws {
        var staging = ImportStaging()
        _ = try staging.add(workouts(1, setsEach: 1), chunk: 0, to: k("kept"), source: nil, nowMs: 0)
        _ = try staging.add(workouts(1, setsEach: 1), chunk: 0, to: k("failed"), source: nil, nowMs: 0)
        staging.done(k("kept"), with: HistoryImport.Result { $0.importID = "kept"; $0.done = true })
        let before = staging.doneSoFar
        staging.done(k("failed"), with: HistoryImport.Result { $0.importID = "failed"; $0.done = true })
        staging.rolledBack(since: before)
        staging.committed()
        let kept = try staging.contents(of: k("kept")).workouts.count
        let failed = try staging.contents(of: k("failed")).workouts.count
        #expect(staging.imports[k("kept")]?.result != nil && kept == 0)
        #expect(staging.imports[k("failed")]?.result == nil && failed == 1, "pending again, its chunk staged")
    }
}
