import SessionCore
import Testing

@testable import SessionServer

/// What the daemon holds for `history.import` between chunks and `done`.
@Suite struct ImportStagingTests {
    private func workouts(_ count: Int, setsEach: Int) -> [HistoryWorkout] {
        (0..<count).map { day in
            HistoryWorkout(start: LocalDateTime(date: LocalDate(daysSinceEpoch: 20_000 + day), secondOfDay: 64_800), durationSeconds: 3600,
                           title: "Legs", note: nil, sets: Array(repeating: HistorySet(exercise: "Squat", reps: 5, weightKg: 100), count: setsEach))
        }
    }

    @Test func theSetsOfEveryImportUnderWayAreBoundedTogether() throws {
        var staging = ImportStaging(maximumSets: 100)
        _ = try staging.add(workouts(4, setsEach: 10), chunk: 0, to: "a", source: nil, nowMs: 0)
        _ = try staging.add(workouts(5, setsEach: 10), chunk: 0, to: "b", source: nil, nowMs: 0)
        #expect(throws: HistoryImportError.self, "90 staged: 20 more would pass the bound") {
            _ = try staging.add(self.workouts(2, setsEach: 10), chunk: 1, to: "a", source: nil, nowMs: 0)
        }
        #expect(staging.imports["a"]?.sets == 40 && staging.imports["b"]?.sets == 50, "a refused chunk leaves every import as it was")
        // A chunk sent again replaces itself: only the difference counts.
        #expect(try staging.add(workouts(5, setsEach: 10), chunk: 0, to: "a", source: nil, nowMs: 0).sets == 50)
        staging.cancel("b")
        #expect(try staging.add(workouts(5, setsEach: 10), chunk: 1, to: "a", source: nil, nowMs: 0).sets == 100, "a cancelled import frees its share")
        staging.complete("a", with: .init(importID: "a", staged: 10, done: true, dryRun: false, imported: nil, skipped: 0))
        #expect(try staging.add(workouts(10, setsEach: 10), chunk: 0, to: "c", source: nil, nowMs: 0).sets == 100, "a stored import holds no sets")
    }

    @Test func anUntouchedImportExpiresAndFreesItsShare() throws {
        var staging = ImportStaging(maximumSets: 10)
        _ = try staging.add(workouts(1, setsEach: 10), chunk: 0, to: "old", source: nil, nowMs: 0)
        #expect(throws: HistoryImportError.self) { _ = try staging.add(self.workouts(1, setsEach: 1), chunk: 0, to: "new", source: nil, nowMs: 1000) }
        #expect(try staging.add(workouts(1, setsEach: 10), chunk: 0, to: "new", source: nil, nowMs: ImportStaging.expiryMs + 1).sets == 10)
        #expect(staging.imports["old"] == nil)
    }
}
