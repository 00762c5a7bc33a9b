import Testing
import TestSupport

import SessionCore
@testable import SessionFormats

/// `FitActivity` on files made here with every numeric field declared as a float64, so
/// that each can hold what a damaged or hostile file may: NaN, ±infinity, 1e300, −5,
/// ±2^63. Each such value is refused with its message's byte or read within the
/// bounds the daemon takes; none stops the process. Chained files keep their own sets.
@Suite struct FitActivityTests {
    static let start = FitBytes.start

    static func fields(start: Double = start) -> [FitBytes.Message] { FitBytes.strength(start: start) }

    static func file(_ messages: [FitBytes.Message]) -> [UInt8] { FitBytes.file(messages) }

    static func message(_ global: UInt16, _ fields: [(UInt8, Double)]) -> [UInt8] { FitBytes.message((global, fields)) }

    static let hostile: [Double] = [.nan, .infinity, -.infinity, 1e300, -5, 9_223_372_036_854_775_808, -9_223_372_036_854_775_808]

    @Test func theActivityMadeHereReads() throws {
        #expect(FitBytes.crc(Array("123456789".utf8)) == FitFile.crc(Array("123456789".utf8)[...]), "the tests' CRC is the reader's")
        let activity = try FitActivity(bytes: Self.file(Self.fields()))
        let workouts = activity.workouts { LocalDateTime(unixSeconds: $0 / 1000, offsetSeconds: 0) }
        #expect(workouts.count == 1 && workouts[0].sets.count == 3 && workouts[0].sets[0].weightKg == 100 && workouts[0].sets[0].reps == 5)
        #expect(workouts[0].durationSeconds == 1800 && workouts[0].averageHeartRate == 120 && workouts[0].start.description == "2025-12-01T19:00:00")
    }

    /// Every numeric field of every message, each hostile value in turn.
    @Test func everyNumericFieldHoldingAnImpossibleValueIsRefusedByItsByteOrReadWithinBounds() {
        let base = Self.fields()
        var refused = 0, read = 0
        for (index, message) in base.enumerated() {
            for (position, field) in message.fields.enumerated() where field.0 != 254 {
                for value in Self.hostile {
                    var messages = base
                    messages[index].fields[position].1 = value
                    let bytes = Self.file(messages)
                    let what = "message \(message.global) field \(field.0) = \(value)"
                    do {
                        let activity = try FitActivity(bytes: bytes)
                        for workout in activity.workouts(localTime: { LocalDateTime(unixSeconds: $0 / 1000, offsetSeconds: 0) }) {
                            #expect(workout.durationSeconds.map(SessionLimits.durationSeconds.contains) ?? true, "\(what)")
                            #expect(workout.averageHeartRate.map(HistoryLimits.heartRate.contains) ?? true, "\(what)")
                            #expect(workout.energyKcal.map(HistoryLimits.energyKcal.contains) ?? true, "\(what)")
                            for set in workout.sets {
                                #expect(set.reps.map(SessionLimits.reps.contains) ?? true, "\(what)")
                                #expect(set.weightKg.map(SessionLimits.weightKg.contains) ?? true, "\(what)")
                                #expect(set.durationSeconds.map(SessionLimits.durationSeconds.contains) ?? true, "\(what)")
                                #expect(set.distanceM.map(HistoryLimits.distanceM.contains) ?? true, "\(what)")
                            }
                        }
                        read += 1
                    } catch {
                        // Refused at a byte of the file, by what is wrong.
                        #expect((0...bytes.count).contains(error.offset) && !error.message.isEmpty, "\(what): \(error)")
                        refused += 1
                    }
                }
            }
        }
        #expect(refused > 0 && read > 0, "some values are refusals (a weight of inf), some are no value (a heart rate of -5)")
    }

    /// A weight of infinity names the set message's byte and the field.
    @Test func aWeightOfInfinityIsRefusedAtItsMessage() throws {
        var messages = Self.fields()
        messages[2].fields[3].1 = .infinity
        let bytes = Self.file(messages)
        let before = messages[..<2].flatMap { Self.message($0.global, $0.fields) }.count
        // The header, the messages before, the definition (6 + 3 per field) and the record header.
        let offset = 14 + before + 6 + 3 * messages[2].fields.count + 1
        #expect(throws: FitFile.Failure(offset: offset, message: "weight of inf in message 225 is outside -1000–1000 kg")) {
            try FitActivity(bytes: bytes)
        }
    }

    /// Chained files, each with its header and CRC: each session takes its own file's
    /// sets, and copies of one activity are one workout.
    @Test func chainedFilesKeepTheirOwnSets() throws {
        let one = Self.file(Self.fields())
        let copies = try FitActivity(bytes: Array((0..<100).map { _ in one }.joined()))
        #expect(copies.sessions.count == 100)
        #expect(copies.sessions.allSatisfy { copies.sets(of: $0).count == 3 }, "each session its own three sets")
        let workouts = copies.workouts { LocalDateTime(unixSeconds: $0 / 1000, offsetSeconds: 0) }
        #expect(workouts.count == 1 && workouts[0].sets.count == 3, "\(workouts.count) workouts, \(workouts.first?.sets.count ?? 0) sets")
        // Another activity a day later: a workout of its own, with its own three sets.
        let later = Self.file(Self.fields(start: Self.start + 86_400))
        let two = try FitActivity(bytes: one + later).workouts { LocalDateTime(unixSeconds: $0 / 1000, offsetSeconds: 0) }
        #expect(two.map(\.sets.count) == [3, 3] && two[0].start != two[1].start)
    }

    /// One file of two sessions: each takes, in file order, the sets that started
    /// within it and those that say no start, and the heart rates read within it, the
    /// sets and readings given out of order. The test picks them out itself.
    @Test func eachSessionOfAFileTakesTheSetsAndReadingsWithinIt() throws {
        let s = Self.start
        let sessions: [(start: Double, seconds: Double)] = [(s, 600), (s + 1000, 600)]
        // (starts after s, or nil: no start); a set's reps are its place + 1.
        let setStarts: [Double?] = [700, 1100, 100, nil, 1200, 50]
        let readings: [(Double, Double)] = [(1300, 140), (60, 100), (200, 110), (1010, 150), (900, 180)]
        var messages: [FitBytes.Message] = [(0, [(0, 4)])]
        for (time, bpm) in readings { messages.append((20, [(253, s + time), (3, bpm)])) }
        for (index, at) in setStarts.enumerated() {
            var fields: [(UInt8, Double)] = [(254, Double(index)), (0, 30_000), (3, Double(index + 1)), (4, 1600), (5, 1), (7, 28)]
            if let at { fields.append((6, s + at)) }
            messages.append((225, fields))
        }
        for session in sessions {
            let end = session.start + session.seconds, ms = session.seconds * 1000
            messages.append((18, [(253, end), (2, session.start), (7, ms), (8, ms), (9, 0), (11, 250), (5, 10), (6, 20)]))
        }
        let workouts = try FitActivity(bytes: Self.file(messages)).workouts { LocalDateTime(unixSeconds: $0 / 1000, offsetSeconds: 0) }
        #expect(workouts.count == 2)
        for (workout, session) in zip(workouts, sessions) {
            let within = { (at: Double) in at >= session.start - s && at <= session.start - s + session.seconds }
            let reps = setStarts.enumerated().filter { $0.element.map(within) ?? true }.map { $0.offset + 1 }
            #expect(workout.sets.map(\.reps) == reps, "\(session)")
            let bpm = readings.filter { within($0.0) }.map(\.1)
            #expect(workout.averageHeartRate == Int((bpm.reduce(0, +) / Double(bpm.count)).rounded()) && workout.maximumHeartRate == Int(bpm.max() ?? 0),
                    "\(session): \(String(describing: workout.averageHeartRate)), \(String(describing: workout.maximumHeartRate))")
        }
    }

    /// A session of more sets than a workout may hold is refused at its message, not
    /// sent to the daemon as a line too long.
    @Test func aSessionOfTooManySetsIsRefused() throws {
        var messages = Self.fields()
        let set = messages[2]
        messages.insert(contentsOf: Array(repeating: set, count: HistoryLimits.setsPerWorkout), at: 2)
        let count = messages.filter { $0.global == 225 }.count
        #expect {
            try FitActivity(bytes: Self.file(messages))
        } throws: { error in
            (error as? FitFile.Failure)?.message == "a session of \(count) sets; a workout holds at most \(HistoryLimits.setsPerWorkout)"
        }
    }

    /// Sessions, set messages and heart-rate records are kept until the whole file is
    /// read: past the most a file may hold, the first one more is refused at its byte
    /// (rests between sets count as sets), before millions of them are held. Bounds of
    /// 1,000 here; a file's are an import's 100,000 workouts, 200,000 and 2,000,000.
    @Test func aFileOfMoreSessionsSetsOrHeartRatesThanAFileHoldsIsRefusedAtTheFirstOneMore() throws {
        #expect(FitActivity.maximumSets == 200_000 && FitActivity.maximumHeartRates == 2_000_000)
        #expect(FitActivity.maximumSessions == HistoryLimits.workoutsPerImport)
        let base = Self.fields()
        let bound = 1000
        var rest = try #require(base.first { $0.global == 225 })
        rest.fields = rest.fields.filter { $0.0 != 5 } + [(5, 0)]  // not active: a rest
        let record = try #require(base.first { $0.global == 20 })
        let session = try #require(base.first { $0.global == 18 })
        for (extra, what) in [(rest, "set messages"), (record, "heart-rate records"), (session, "sessions")] {
            let at = try #require(base.firstIndex { $0.global == extra.global })
            for count in [bound - base.filter({ $0.global == extra.global }).count, bound + 1] {
                var messages = base
                messages.insert(contentsOf: Array(repeating: extra, count: count), at: at)
                let bytes = Self.file(messages)
                do {
                    _ = try FitActivity(bytes: bytes, maximumSets: bound, maximumHeartRates: bound, maximumSessions: bound)
                    #expect(count < bound, "\(what): \(count) more read")
                } catch {
                    // The definition before the first message of its kind, then one record of
                    // the same size each: the first one more is past `bound` of them.
                    #expect(count > bound && error.message.hasPrefix("more than 1,000 \(what)") && error.offset < bytes.count, "\(what): \(error)")
                }
            }
        }
    }

    /// A FIT time below 0x10000000 counts from the device's power-on: it dates nothing.
    /// A session's start of 0 is dated by its timestamp less its elapsed time; a session
    /// with no time that is a date is refused at its byte.
    @Test func aTimeCountedFromPowerOnDatesNothing() throws {
        let base = Self.fields()
        let index = try #require(base.firstIndex { $0.global == 18 })
        var relativeStart = base
        relativeStart[index].fields = relativeStart[index].fields.map { $0.0 == 2 ? (2, 0) : $0 }
        let workouts = try FitActivity(bytes: Self.file(relativeStart)).workouts { LocalDateTime(unixSeconds: $0 / 1000, offsetSeconds: 0) }
        // The test's own reading: the session's timestamp (start + 1800) less its 1,800 s,
        // an hour ahead on the wall clock as the activity message's local time has it.
        let expected = LocalDateTime(unixSeconds: Int64(Self.start) + FitFile.epochOffsetSeconds, offsetSeconds: 3600)
        #expect(workouts.map(\.start) == [expected], "\(workouts.map(\.start))")
        var noDate = relativeStart
        noDate[index].fields = noDate[index].fields.map { $0.0 == 253 ? (253, 5000) : $0 }
        // The session's data begins after the messages before it and its own definition.
        let offset = 14 + noDate[..<index].map { Self.message($0.global, $0.fields).count }.reduce(0, +) + 6 + 3 * noDate[index].fields.count + 1
        #expect(throws: FitFile.Failure(offset: offset, message: "a session message without a start time or a timestamp that is a date "
                                        + "(a time below \(0x1000_0000) counts from the device's power-on)")) {
            try FitActivity(bytes: Self.file(noDate))
        }
    }

    /// A session whose timer ran on for days ends with its last set, its sets within
    /// it, and says so at its byte; one whose sets say no time is stored without a
    /// duration.
    @Test func aSessionLongerThanADayEndsWithItsLastSetAndIsWarnedOf() throws {
        var messages = Self.fields()
        let index = try #require(messages.firstIndex { $0.global == 18 })
        let days = 3 * 86_400.0
        messages[index].fields = messages[index].fields.map { $0.0 == 7 || $0.0 == 8 ? ($0.0, days * 1000) : $0.0 == 253 ? (253, Self.start + days) : $0 }
        let activity = try FitActivity(bytes: Self.file(messages))
        let workout = try #require(activity.workouts { LocalDateTime(unixSeconds: $0 / 1000, offsetSeconds: 0) }.first)
        // The test's count: the last set starts 12 s in and lasts 30 s.
        let sets = messages.filter { $0.global == 225 }
        let lastEnd = sets.compactMap { set in set.fields.first { $0.0 == 6 }.map { $0.1 + (set.fields.first { $0.0 == 0 }?.1 ?? 0) / 1000 } }.max() ?? 0
        #expect(workout.durationSeconds == Int(lastEnd - Self.start), "\(String(describing: workout.durationSeconds))")
        let end = RFC3339.utc(seconds: Int64(lastEnd) + FitFile.epochOffsetSeconds)
        #expect(workout.sets.allSatisfy { ($0.loggedAt ?? "") <= end }, "\(workout.sets.map(\.loggedAt))")
        let offset = 14 + messages[..<index].map { Self.message($0.global, $0.fields).count }.reduce(0, +) + 6 + 3 * messages[index].fields.count + 1
        #expect(activity.warnings.map(\.description) == ["byte \(offset): the session started \(RFC3339.utc(seconds: Int64(Self.start) + FitFile.epochOffsetSeconds)): "
                                                          + "an elapsed time of 72h 0m is longer than a day (a timer left running?); stored as ending with its last set, at \(end)"],
                "\(activity.warnings)")
        // Its heart rate from the records within it as stored: not one two days on (the
        // session's own average and maximum left out, so the records count).
        var recorded = messages
        recorded[index].fields.removeAll { $0.0 == 16 || $0.0 == 17 }
        recorded.insert((20, [(253, Self.start + 2 * 86_400), (3, 180)]), at: index)
        let withRecords = try #require(try FitActivity(bytes: Self.file(recorded)).workouts { LocalDateTime(unixSeconds: $0 / 1000, offsetSeconds: 0) }.first)
        let within = messages.filter { $0.global == 20 }.compactMap { $0.fields.first { $0.0 == 3 }?.1 }
        #expect(withRecords.averageHeartRate == Int(within.reduce(0, +) / Double(within.count)) && withRecords.maximumHeartRate == Int(within.max() ?? 0),
                "\(String(describing: withRecords.averageHeartRate)) \(String(describing: withRecords.maximumHeartRate))")
        // Without set times: no duration.
        var untimed = messages
        for set in untimed.indices where untimed[set].global == 225 { untimed[set].fields.removeAll { $0.0 == 6 } }
        let plain = try FitActivity(bytes: Self.file(untimed))
        #expect(plain.workouts { LocalDateTime(unixSeconds: $0 / 1000, offsetSeconds: 0) }.first?.durationSeconds == nil)
        #expect(plain.warnings.first?.message.hasSuffix("stored without a duration") == true, "\(plain.warnings)")
    }

    /// A FIT file cut inside its header, and bytes no text has, are said to be so by
    /// `TrackerExport`, not read as a CSV header and printed.
    @Test func aCutHeaderAndBinaryBytesAreNamedNotPrinted() {
        let cut = Array(Self.file(Self.fields()).prefix(10))
        #expect(throws: TrackerExport.Failure(problems: [CSVTable.Failure(line: 0, message: "byte 10: the file header is cut short: 10 bytes of its 14")])) {
            try TrackerExport.read(cut)
        }
        let binary: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00, 0x2C, 0x0A, 0x01, 0x2C, 0x02]
        #expect {
            try TrackerExport.read(binary)
        } throws: { error in
            let text = "\(error)"
            return text.contains("binary data") && !text.contains("ELF")
        }
    }
}
