import SessionCore
import SessionRPC
import SessionStore
import Testing

@testable import SessionApplication

/// The layout an import's chunk waits on disk in (`StagedChunk`): every member of a
/// workout and a set comes back as it was sent.
@Suite struct StagedChunkTests {
    /// A workout with every member given, and one with none of the optional ones.
    private func workouts() -> [HistoryWorkout] {
        var full = HistoryWorkout(start: LocalDateTime(date: LocalDate(daysSinceEpoch: -400), secondOfDay: 86_399), durationSeconds: 4_321,
                                  title: "Beine – \"schwer\"", note: "a note with \\ and é and 🏋", rpe: 8.5, sets: [])
        full.averageHeartRate = 131
        full.maximumHeartRate = 177
        full.energyKcal = 412.25
        full.startedAt = "2024-10-01T18:00:00.250+02:00"
        var day = PlanDayReference()
        day.planID = 9_007_199_254_740_993
        day.weekday = .sunday
        day.carriedOver = true
        full.planDay = day
        full.date = LocalDate(daysSinceEpoch: 20_001)
        var first = HistorySet(exercise: "Back Squat", kind: .warmup, reps: 5, weightKg: 0.1 + 0.2, distanceM: 1_609.344, durationSeconds: 90,
                               rpe: 7.5, note: "knees out", superset: "A")
        first.loggedAt = "2024-10-01T18:03:00Z"
        var second = HistorySet(exercise: "Back Squat", kind: .drop, reps: -3, weightKg: -20)
        second.weightKg = -0.0
        let third = HistorySet(exercise: "", kind: .failure)
        let fourth = HistorySet(exercise: "Bench Press", reps: Int.max, weightKg: .greatestFiniteMagnitude)
        full.sets = [first, second, third, fourth, HistorySet(exercise: "Bench Press")]
        let bare = HistoryWorkout(start: LocalDateTime(date: LocalDate(daysSinceEpoch: 0), secondOfDay: 0), durationSeconds: nil, title: "", note: nil,
                                  sets: [HistorySet(exercise: "Bench Press", reps: Int.min)])
        return [full, bare, bare]
    }

    @Test func everyMemberOfAWorkoutAndASetReadsBackAsWritten() throws {
        let sent = workouts()
        let read = try StagedChunk(bytes: StagedChunk(workouts: sent, archive: HistoryArchive()).bytes)
        #expect(read.workouts == sent)
        #expect(read.workouts[0].sets[1].weightKg?.sign == .minus, "-0 keeps its sign")
        #expect(read.archive.isEmpty)
        // A layout that forgot a member would drop it without a word: these count them
        // (a new member must be written and read by StagedChunk, and set above).
        #expect(Mirror(reflecting: sent[0]).children.count == 12, "HistoryWorkout's members")
        #expect(Mirror(reflecting: sent[0].sets[0]).children.count == 10, "HistorySet's members")
        #expect(Mirror(reflecting: PlanDayReference()).children.count == 3, "PlanDayReference's members")
        for workout in [sent[0]] {
            #expect(Mirror(reflecting: workout).children.allSatisfy { "\($0.value)" != "nil" }, "the full workout gives every member")
            #expect(Mirror(reflecting: workout.sets[0]).children.allSatisfy { "\($0.value)" != "nil" }, "the full set gives every member")
        }
    }

    @Test func anArchiveFollowsTheWorkouts() throws {
        let archive = HistoryArchive.threeBodyMasses
        for sent in [workouts(), []] {
            let read = try StagedChunk(bytes: StagedChunk(workouts: sent, archive: archive).bytes)
            #expect(read.workouts == sent)
            #expect(read.archive == archive)
        }
    }

    @Test func aDamagedChunkIsAnErrorNeverAShortImport() throws {
        let bytes = StagedChunk(workouts: workouts(), archive: HistoryArchive()).bytes
        // Cut anywhere, the chunk does not read (its last byte ends the last set's last number).
        for length in [1, bytes.count / 3, bytes.count - 1] {
            #expect(throws: StorageError.self, "\(length) of \(bytes.count) bytes") { _ = try StagedChunk(bytes: Array(bytes[..<length])) }
        }
        #expect(throws: StorageError.self, "a count past the end") { _ = try StagedChunk(bytes: [0xFF, 0x01]) }
        #expect(try StagedChunk(bytes: [0, 0]).workouts.isEmpty)
        #expect(throws: StorageError.self, "no archive length") { _ = try StagedChunk(bytes: [0]) }
        #expect(throws: StorageError.self, "a byte past the end") { _ = try StagedChunk(bytes: bytes + [0]) }
    }

    @Test func aChunkWithAnArchiveCutAnywhereDoesNotRead() throws {
        var archive = HistoryArchive()
        var sample = ArchivedHealthSample()
        sample.type = .sleepHours
        sample.value = 7.5
        sample.date = LocalDate(daysSinceEpoch: 20_000)
        sample.recordedAt = "2024-10-01T07:00:00Z"
        archive.health = [sample]
        let whole = StagedChunk(workouts: workouts(), archive: archive).bytes
        let workoutsAlone = StagedChunk(workouts: workouts(), archive: HistoryArchive()).bytes
        // Cut where the workouts end, it would read as a chunk without its archive were
        // the archive's length not written.
        for length in [workoutsAlone.count - 1, workoutsAlone.count, workoutsAlone.count + 1, whole.count - 1] {
            #expect(throws: StorageError.self, "\(length) of \(whole.count) bytes") { _ = try StagedChunk(bytes: Array(whole[..<length])) }
        }
        #expect(try StagedChunk(bytes: whole).archive == archive)
    }

    @Test func damagedNumbersAndTextAreErrorsNotCrashes() throws {
        // One workout whose date is 2^62 days on: a date that does not exist.
        let farDate: [UInt8] = [1, 0, 0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01, 0, 0, 0, 0]
        #expect(throws: StorageError.self) { _ = try StagedChunk(bytes: farDate) }
        // A time of day past midnight (86,400 s, zigzag-coded), then a title that is not UTF-8.
        #expect(throws: StorageError.self) { _ = try StagedChunk(bytes: [1, 0, 0, 0x80, 0xC6, 0x0A, 0, 0, 0]) }
        #expect(throws: StorageError.self) { _ = try StagedChunk(bytes: [1, 0, 0, 0, 2, 0xC3, 0x28, 0, 0]) }
        // The same bytes with a title that reads do read.
        #expect(try StagedChunk(bytes: [1, 0, 0, 0, 2, 0xC3, 0xA9, 0, 0]).workouts.first?.title == "é")
    }
}

extension HistoryArchive {
    /// An archive of three mornings' body masses (80, 80.33…, 80.67 kg from
    /// 2024-10-04), with numbers that keep every bit of a double.
    static var threeBodyMasses: HistoryArchive {
        var archive = HistoryArchive()
        archive.health = (0..<3).map { day in
            var sample = ArchivedHealthSample()
            sample.type = .bodyMassKg
            sample.value = 80 + Double(day) / 3
            sample.date = LocalDate(daysSinceEpoch: 20_000 + day)
            sample.recordedAt = "2024-10-0\(day + 1)T07:00:00Z"
            return sample
        }
        return archive
    }
}
