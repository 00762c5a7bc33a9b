import Foundation
import Testing
import TestSupport

import SessionCore
@testable import SessionFormats

/// The seeds `make fuzz` starts from (Tests/Fuzz/make_seeds.py: FIT, CSV and JSON
/// exports and health exports with NaN, infinities, 1e300, −5 and ±2^63 in each numeric
/// field) read as the fuzz target reads them: each is refused or read within the
/// daemon's bounds.
@Suite struct FuzzSeedTests {
    /// The seeds' names, written into `directory` by make_seeds.py.
    static func makeSeeds(in directory: String) throws -> [String] {
        let made = try runProcess("/usr/bin/env", ["python3", Fixtures.packageRoot + "/Tests/Fuzz/make_seeds.py", directory])
        try #require(made.status == 0, "\(made.stderr)")
        return try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    @Test func everySeedIsRefusedOrReadWithinBounds() throws {
        let directory = Fixtures.temporaryDirectory("seeds")
        defer { Fixtures.removeTree(directory) }
        let names = try Self.makeSeeds(in: directory)
        #expect(names.count > 200)
        var refused = 0
        for name in names where !Self.healthPrefixes.contains(where: name.hasPrefix) {
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

    static let healthPrefixes = ["apple-health-", "health-auto-export-", "google-fit-"]

    /// Each health seed is refused whole or read into days the daemon takes; of each
    /// reader's seeds some read (their implausible values left out and counted) and some
    /// are refused (a value that is no number).
    @Test func everyHealthSeedIsRefusedOrReadIntoPlausibleDays() throws {
        let directory = Fixtures.temporaryDirectory("seeds")
        defer { Fixtures.removeTree(directory) }
        let names = try Self.makeSeeds(in: directory)
        var outcomes: [String: (read: Int, refused: Int, leftOut: Int)] = [:]
        for name in names {
            guard let prefix = Self.healthPrefixes.first(where: name.hasPrefix) else { continue }
            let path = directory + "/" + name
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            let reader = name.hasPrefix("apple-health-zip") ? "apple-health-zip" : prefix
            var days: HealthDays.Accumulator?
            var leftOut = 0
            switch reader {
            case "apple-health-":
                let health = try? AppleHealthReader()
                if let health, (try? health.feed(bytes, count: bytes.count)) != nil, (try? health.finish()) != nil {
                    (days, leftOut) = (health.days, health.leftOut.count)
                }
            case "apple-health-zip":
                let fd = open(path, O_RDONLY)
                try #require(fd >= 0)
                defer { close(fd) }
                if let health = try? AppleHealthReader.read(zip: try ZipArchive(fd: fd)) { (days, leftOut) = (health.days, health.leftOut.count) }
            case "health-auto-export-":
                if let read = try? HealthAutoExportReader.read(bytes) { (days, leftOut) = (read.days, read.leftOut.count) }
            default:
                if let read = try? GoogleFitReader.read(bytes) { (days, leftOut) = (read.days, read.leftOut.count) }
            }
            var outcome = outcomes[reader] ?? (0, 0, 0)
            if var days {
                outcome.read += 1
                outcome.leftOut += leftOut
                for day in try days.days() {
                    #expect(day.type.problem(with: day.value) == nil, "\(name): \(day.type) \(day.value) on \(day.date)")
                }
            } else {
                outcome.refused += 1
            }
            outcomes[reader] = outcome
        }
        #expect(outcomes.count == 4, "\(outcomes.keys.sorted())")
        for (reader, outcome) in outcomes {
            #expect(outcome.read > 0 && outcome.refused > 0 && outcome.leftOut > 0, "\(reader): \(outcome)")
        }
    }
}
