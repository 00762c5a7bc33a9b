import Foundation
import Testing
import TestSupport

import SessionCore
@testable import SessionFormats

/// The seeds `make fuzz` starts from (Tests/Fuzz/make_seeds.py: FIT, CSV and JSON
/// exports with NaN, infinities, 1e300, −5 and ±2^63 in each numeric field) read as the
/// fuzz target reads them: each is refused or read within the daemon's bounds.
@Suite struct FuzzSeedTests {
    @Test func everySeedIsRefusedOrReadWithinBounds() throws {
        let directory = Fixtures.temporaryDirectory("seeds")
        defer { Fixtures.removeTree(directory) }
        let made = try runProcess("/usr/bin/env", ["python3", Fixtures.packageRoot + "/Tests/Fuzz/make_seeds.py", directory])
        try #require(made.status == 0, "\(made.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(names.count > 200)
        var refused = 0
        for name in names {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)))
            #expect(bytes.count <= 4096, "\(name): within the fuzzer's -max_len")
            guard let read = try? TrackerExport.read(bytes) else {
                refused += 1
                continue
            }
            for workout in read.workouts {
                #expect(workout.durationSeconds.map(SessionLimits.durationSeconds.contains) ?? true, "\(name)")
                #expect(workout.averageHeartRate.map(HistoryLimits.heartRate.contains) ?? true, "\(name)")
                #expect(workout.energyKcal.map { HistoryLimits.energyKcal.contains($0) } ?? true, "\(name)")
                for set in workout.sets {
                    #expect(set.reps.map(SessionLimits.reps.contains) ?? true, "\(name)")
                    #expect(set.weightKg.map { SessionLimits.loggedWeightKg.contains($0) } ?? true, "\(name)")
                    #expect(set.durationSeconds.map(SessionLimits.durationSeconds.contains) ?? true, "\(name)")
                    #expect(set.distanceM.map { HistoryLimits.distanceM.contains($0) } ?? true, "\(name)")
                    #expect(set.rpe.map { SessionLimits.rpe.contains($0) } ?? true, "\(name)")
                }
            }
        }
        #expect(refused > 0 && refused < names.count, "\(refused) of \(names.count) refused")
    }
}
