import Foundation
import JSON
import SessionCore
import Testing
import TestSupport

@testable import SessionFormats

/// The health readers and the zip reader fed NaN, ±infinity, 1e300, −5 and ±2^63 in
/// each numeric field: each is refused with its place, or left out and counted where a
/// value may be missing, and none stops the process.
@Suite struct HealthReaderBoundsTests {
    /// The values, as a file writes them.
    static let hostile = ["NaN", "inf", "-inf", "1e300", "-5", "9223372036854775808", "-9223372036854775808"]

    // MARK: Apple Health

    /// An export.xml of one record of each kept type and a strength workout with
    /// statistics; `change` rewrites one attribute.
    static func export(_ change: (inout [String: [String: String]]) -> Void = { _ in }) -> String {
        var elements: [String: [String: String]] = [
            "steps": ["type": "HKQuantityTypeIdentifierStepCount", "unit": "count", "value": "500"],
            "rhr": ["type": "HKQuantityTypeIdentifierRestingHeartRate", "unit": "count/min", "value": "55"],
            "hrv": ["type": "HKQuantityTypeIdentifierHeartRateVariabilitySDNN", "unit": "ms", "value": "40"],
            "mass": ["type": "HKQuantityTypeIdentifierBodyMass", "unit": "kg", "value": "80"],
            "fat": ["type": "HKQuantityTypeIdentifierBodyFatPercentage", "unit": "%", "value": "0.2"],
            "workout": ["workoutActivityType": "HKWorkoutActivityTypeTraditionalStrengthTraining", "duration": "45", "durationUnit": "min",
                        "totalEnergyBurned": "300", "totalEnergyBurnedUnit": "kcal"],
            "heart": ["type": "HKQuantityTypeIdentifierHeartRate", "unit": "count/min", "average": "120", "maximum": "150"],
            "energy": ["type": "HKQuantityTypeIdentifierActiveEnergyBurned", "unit": "kcal", "sum": "280"],
        ]
        change(&elements)
        let times = #"startDate="2026-11-24 08:00:00 +0100" endDate="2026-11-24 08:45:00 +0100""#
        func attributes(_ key: String) -> String {
            (elements[key] ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\"\($0.value)\"" }.joined(separator: " ")
        }
        let records = ["steps", "rhr", "hrv", "mass", "fat"].map { "  <Record \(attributes($0)) sourceName=\"Watch\" \(times)/>" }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_GB">
            \(records.joined(separator: "\n"))
              <Workout \(attributes("workout")) \(times)>
                <WorkoutStatistics \(attributes("heart")) \(times)/>
                <WorkoutStatistics \(attributes("energy")) \(times)/>
              </Workout>
            </HealthData>

            """
    }

    static func readApple(_ text: String) throws -> AppleHealthReader {
        let reader = try AppleHealthReader()
        let bytes = Array(text.utf8)
        try reader.feed(bytes, count: bytes.count)
        try reader.finish()
        return reader
    }

    @Test func theAppleExportMadeHereReads() throws {
        let reader = try Self.readApple(Self.export())
        #expect(reader.kept == 5 && reader.days.added == 5 && reader.leftOut.count == 0)
        #expect(reader.workouts.count == 1 && reader.workouts[0].durationSeconds == 2700 && reader.workouts[0].averageHeartRate == 120)
    }

    /// Hexadecimal, which strtod reads (0x50 as 80), is no number Apple writes: a
    /// record or a workout's duration so written is refused by its place.
    @Test func anAppleNumberInHexadecimalIsNoNumber() throws {
        let mass = #expect(throws: (any Error).self) { _ = try Self.readApple(Self.export { $0["mass"]?["value"] = "0x50" }) }
        #expect("\(mass.map { "\($0)" } ?? "")".contains("line 6, column 3: a HKQuantityTypeIdentifierBodyMass record whose value is no number"))
        let workout = #expect(throws: (any Error).self) { _ = try Self.readApple(Self.export { $0["workout"]?["duration"] = "0x2D" }) }
        #expect("\(workout.map { "\($0)" } ?? "")".contains("duration \"0x2D\" is no length of time"))
        #expect(TrackerExport.duration("0x10") == nil && TrackerExport.duration("16") == 16, "Strong's Duration")
    }

    @Test func everyAppleNumberIsRefusedWithItsLineOrLeftOutOrNone() throws {
        for (element, attribute) in [("steps", "value"), ("rhr", "value"), ("hrv", "value"), ("mass", "value"), ("fat", "value"),
                                     ("workout", "duration"), ("workout", "totalEnergyBurned"), ("heart", "average"), ("heart", "maximum"),
                                     ("energy", "sum")] {
            for value in Self.hostile {
                let what = "\(element) \(attribute)=\(value)"
                let text = Self.export { $0[element]?[attribute] = value }
                do {
                    let reader = try Self.readApple(text)
                    if element == "workout" && attribute == "duration" || attribute == "value" && value != "-5" && Double(value)?.isFinite != true {
                        Issue.record("\(what) read")
                    }
                    // A record's value outside its bounds is left out, counted, by its place.
                    if attribute == "value" {
                        #expect(reader.kept == 4 && reader.leftOut.count == 1, "\(what)")
                        #expect(reader.leftOut.warning?.contains("record ") == true, "\(what): \(reader.leftOut.warning ?? "")")
                    }
                    let workout = try #require(reader.workouts.first, "\(what)")
                    #expect(workout.durationSeconds.map(SessionLimits.durationSeconds.contains) ?? true)
                    if element == "heart" { #expect(workout.averageHeartRate == nil, "\(what): an implausible rate is none") }
                    #expect(workout.energyKcal.map { HistoryLimits.energyKcal.contains($0) } ?? true, "\(what)")
                } catch let failure as AppleHealthReader.Failure {
                    // Refused at its line.
                    #expect(failure.line > 2, "\(what): \(failure)")
                }
            }
        }
    }

    /// A body mass is read in the unit the file names: pounds, grams, stone and ounces
    /// are converted to kilograms, and one in a unit not known for a mass is left out by
    /// its place, not taken as kilograms. Both readers, alike.
    @Test func aBodyMassIsReadInItsUnitAndOneInAnUnknownUnitIsLeftOut() throws {
        let kilograms: [(unit: String, value: String, kg: Double)] = [
            ("kg", "80", 80), ("lb", "176", 176 * 0.45359237), ("g", "80000", 80), ("st", "12.5", 12.5 * 6.35029318), ("oz", "2822", 2822 * 0.028349523125),
        ]
        for (unit, value, kg) in kilograms {
            let apple = try Self.readApple(Self.export { $0["mass"] = ["type": "HKQuantityTypeIdentifierBodyMass", "unit": unit, "value": value] })
            let auto = try HealthAutoExportReader.read(Array(String(decoding: Self.autoExport("", ""), as: UTF8.self)
                .replacingOccurrences(of: #""units": "kg", "data": [{"date": "2026-11-24 07:00:00 +0100", "qty": 80}"#,
                                      with: #""units": "\#(unit)", "data": [{"date": "2026-11-24 07:00:00 +0100", "qty": \#(value)}"#).utf8))
            var (appleDays, autoDays) = (apple.days, auto.days)
            for (reader, days) in [("apple", try appleDays.days()), ("auto-export", try autoDays.days())] {
                let mass = days.first { $0.type == .bodyMassKg }?.value
                #expect(mass.map { abs($0 - kg) < 1e-9 } == true, "\(reader) \(value) \(unit): \(mass.map(String.init(describing:)) ?? "none")")
            }
        }
        for unit in ["furlong", "mg", "stone "] {
            let apple = try Self.readApple(Self.export { $0["mass"]?["unit"] = unit })
            #expect(apple.kept == 4 && apple.leftOut.warning?.contains("a unit not known for it") == true, "\(unit): \(apple.leftOut.warning ?? "")")
            let auto = try HealthAutoExportReader.read(Array(String(decoding: Self.autoExport("", ""), as: UTF8.self)
                .replacingOccurrences(of: #""units": "kg""#, with: #""units": "\#(unit)""#).utf8))
            #expect(auto.kept == 3 && auto.leftOut.warning?.contains("$.data.metrics[0].data[0]") == true, "\(unit): \(auto.leftOut.warning ?? "")")
        }
    }

    // MARK: Health Auto Export

    /// Health Auto Export's JSON with `value` (JSON number text) at one place.
    static func autoExport(_ place: String, _ value: String) -> [UInt8] {
        func number(_ name: String, _ normal: String) -> String { place == name ? value : normal }
        return Array("""
            {"data": {"metrics": [
              {"name": "weight_body_mass", "units": "kg", "data": [{"date": "2026-11-24 07:00:00 +0100", "qty": \(number("mass", "80"))}]},
              {"name": "resting_heart_rate", "units": "count/min", "data": [{"date": "2026-11-24 07:00:00 +0100", "Avg": \(number("rhr", "55"))}]},
              {"name": "step_count", "units": "count", "data": [{"date": "2026-11-24 07:00:00 +0100", "qty": \(number("steps", "900"))}]},
              {"name": "sleep_analysis", "units": "hr", "data": [{"sleepEnd": "2026-11-24 07:00:00 +0100", "asleep": \(number("sleep", "7.5")), "core": \(number("core", "0"))}]}
            ],
            "workouts": [{"name": "Traditional Strength Training", "start": "2026-11-24 08:00:00 +0100", "end": "2026-11-24 08:45:00 +0100",
              "duration": \(number("duration", "2700")), "activeEnergyBurned": {"qty": \(number("energy", "300")), "units": "kcal"},
              "heartRate": {"avg": {"qty": \(number("avg", "120")), "units": "bpm"}, "max": {"qty": \(number("max", "150")), "units": "bpm"}}}]}}
            """.utf8)
    }

    /// A strength workout longer than a day (a watch left recording, an end of
    /// 9999-12-31) is stored without a duration, said as a value left out, by both
    /// readers: it was stored as exactly 24:00:00 without a word.
    @Test func aWorkoutLongerThanADayIsStoredWithoutADurationAndSaid() throws {
        let apple = try Self.readApple(Self.export { $0["workout"]?["duration"] = "4320" })
        #expect(apple.workouts.first?.durationSeconds == nil, "\(apple.workouts)")
        #expect(apple.leftOut.warning?.contains("workout 1: a strength workout of 72 h 0 min, longer than a day: stored without a duration") == true,
                "\(apple.leftOut.warning ?? "")")
        let auto = try HealthAutoExportReader.read(Self.autoExport("duration", "259200"))
        #expect(auto.workouts.first?.durationSeconds == nil && auto.kept == 4, "\(auto.workouts)")
        #expect(auto.leftOut.warning?.contains("$.data.workouts[0]: a strength workout of 72 h 0 min") == true, "\(auto.leftOut.warning ?? "")")
        #expect(try HealthAutoExportReader.read(Self.autoExport("duration", "86400")).workouts.first?.durationSeconds == 86_400, "a day is the bound")
    }

    @Test func everyAutoExportNumberIsRefusedWithItsPathOrLeftOutOrNone() throws {
        let normal = try HealthAutoExportReader.read(Self.autoExport("", ""))
        #expect(normal.kept == 4 && normal.workouts.first?.durationSeconds == 2700 && normal.workouts.first?.maximumHeartRate == 150)
        // JSON has no NaN or infinity: 1e400 is the nearest a file comes.
        for place in ["mass", "rhr", "steps", "sleep", "core", "duration", "energy", "avg", "max"] {
            for value in ["1e300", "-1e300", "1e400", "-5", "9223372036854775808", "-9223372036854775808"] {
                let what = "\(place) = \(value)"
                do {
                    let read = try HealthAutoExportReader.read(Self.autoExport(place, value))
                    #expect(place != "duration", "\(what) read: no such duration is a length of time")
                    if ["mass", "rhr", "steps"].contains(place) {
                        #expect(read.kept == 3 && read.leftOut.count == 1 && read.leftOut.warning?.contains("$.data.metrics[") == true, "\(what): \(read.leftOut)")
                    }
                    let workout = try #require(read.workouts.first)
                    #expect(workout.durationSeconds.map(SessionLimits.durationSeconds.contains) ?? true, "\(what)")
                    if place == "avg" || place == "max" { #expect(workout.averageHeartRate == nil, "\(what)") }
                    #expect(workout.energyKcal.map { HistoryLimits.energyKcal.contains($0) } ?? true, "\(what)")
                } catch let error as JSONReadError {
                    #expect(place == "duration" && error.path == "$.data.workouts[0].duration", "\(what): \(error)")
                } catch {
                    // The parser's own refusal of a number past a double (1e400), with its place.
                    #expect(value == "1e400" || value == "-1e400", "\(what): \(error)")
                }
            }
        }
    }

    // MARK: Google Fit

    @Test func everyGoogleFitNumberIsRefusedWithItsLineOrLeftOut() throws {
        for column in ["Step count", "Average weight (kg)"] {
            for value in Self.hostile {
                let steps = column == "Step count" ? value : "9000"
                let weight = column == "Average weight (kg)" ? value : "80"
                let text = "Date,Step count,Average weight (kg)\n2026-11-23,8000,79.5\n2026-11-24,\(steps),\(weight)\n"
                do {
                    let read = try GoogleFitReader.read(Array(text.utf8))
                    #expect(Double(value)?.isFinite == true, "\(column) \(value) read")
                    #expect(read.days.added == 3 && read.leftOut.count == 1 && read.leftOut.warning?.contains("line 3") == true, "\(column) \(value)")
                } catch let failure as GoogleFitReader.Failure {
                    #expect(failure.line == 3 && Double(value)?.isFinite != true, "\(column) \(value): \(failure)")
                }
            }
        }
        // A day's row twice (two Takeouts joined) would add its steps twice: refused,
        // both lines named.
        #expect {
            try GoogleFitReader.read(Array("Date,Step count,Average weight (kg)\n2020-01-01,5000,80\n2020-01-02,4000,80\n2020-01-01,5000,90\n".utf8))
        } throws: { error in
            (error as? GoogleFitReader.Failure).map { $0.line == 4 && $0.message.hasPrefix("2020-01-01 has a row on line 2 too") } == true
        }
        // Hexadecimal, which strtod reads as 72, is no number a person or an app writes.
        #expect {
            try GoogleFitReader.read(Array("Date,Step count,Average weight (kg)\n2026-11-23,8000,79.5\n2026-11-24,9000,0x48\n".utf8))
        } throws: { error in
            (error as? GoogleFitReader.Failure).map { $0.line == 3 && $0.message == "Average weight (kg) \"0x48\" is not a number" } == true
        }
    }

    // MARK: Zip

    /// Little-endian bytes of `value`, `width` of them.
    static func le(_ value: UInt64, _ width: Int) -> [UInt8] { (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) } }

    /// An end of central directory record (no comment) for `count` entries of a
    /// directory of `size` bytes at `offset`.
    static func endRecord(count: UInt64, size: UInt64, offset: UInt64) -> [UInt8] {
        le(0x0605_4B50, 4) + le(0, 4) + le(count, 2) + le(count, 2) + le(size, 4) + le(offset, 4) + le(0, 2)
    }

    static func zipFailure(_ bytes: [UInt8]) throws -> String? {
        let directory = Fixtures.temporaryDirectory("zip")
        defer { Fixtures.removeTree(directory) }
        let path = directory + "/export.zip"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        do {
            let archive = try ZipArchive(fd: fd)
            for entry in archive.entries { try archive.read(entry) { _ in } }
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func forgedZip64OffsetsAreADamagedArchive() throws {
        // A locator that points at 2^63, and at 2^64 − 1.
        for offset: UInt64 in [1 << 63, UInt64.max] {
            let locator = Self.le(0x0706_4B50, 4) + Self.le(0, 4) + Self.le(offset, 8) + Self.le(1, 4)
            let failure = try Self.zipFailure(locator + Self.endRecord(count: 0xFFFF, size: 0xFFFF_FFFF, offset: 0xFFFF_FFFF))
            #expect(failure?.contains("a damaged zip archive") == true, "\(offset): \(failure ?? "read")")
        }
        // A ZIP64 end record whose directory's offset and size add past 2^64.
        for (size, offset) in [(UInt64(100), UInt64.max - 10), (UInt64.max, UInt64(1) << 63), (UInt64(0), UInt64(1) << 63)] {
            var record = Self.le(0x0606_4B50, 4) + Self.le(44, 8) + Self.le(45, 2) + Self.le(45, 2) + Self.le(0, 4) + Self.le(0, 4)
            record += Self.le(1, 8) + Self.le(1, 8) + Self.le(size, 8) + Self.le(offset, 8)
            let locator = Self.le(0x0706_4B50, 4) + Self.le(0, 4) + Self.le(0, 8) + Self.le(1, 4)
            let failure = try Self.zipFailure(record + locator + Self.endRecord(count: 0xFFFF, size: 0xFFFF_FFFF, offset: 0xFFFF_FFFF))
            #expect(failure?.contains("a damaged zip archive") == true, "\(size) at \(offset): \(failure ?? "read")")
        }
        // An entry whose ZIP64 extra field puts its local header at 2^63 and past.
        for headerOffset: UInt64 in [1 << 63, UInt64.max - 5] {
            let name = Array("export.xml".utf8)
            var entry = Self.le(0x0201_4B50, 4) + Self.le(20, 2) + Self.le(45, 2) + Self.le(0, 2) + Self.le(0, 2) + Self.le(0, 4)
            entry += Self.le(0, 4) + Self.le(0, 4) + Self.le(0, 4) + Self.le(UInt64(name.count), 2) + Self.le(12, 2) + Self.le(0, 2)
            entry += Self.le(0, 2) + Self.le(0, 2) + Self.le(0, 4) + Self.le(0xFFFF_FFFF, 4) + name
            entry += Self.le(1, 2) + Self.le(8, 2) + Self.le(headerOffset, 8)
            let failure = try Self.zipFailure(entry + Self.endRecord(count: 1, size: UInt64(entry.count), offset: 0))
            #expect(failure?.contains("a damaged zip archive") == true, "\(headerOffset): \(failure ?? "read")")
        }
    }

    /// An extra field that says it is longer than what is left of its entry's extra
    /// bytes, with the entry last in the directory: never read past the directory
    /// (index out of range, a trap); the ZIP64 field so is damage, another is passed over.
    @Test func anExtraFieldRunningPastItsEntryIsADamagedArchive() throws {
        let name = Array("export.xml".utf8)
        let local = Self.le(0x0403_4B50, 4) + Self.le(20, 2) + [UInt8](repeating: 0, count: 22) + Self.le(UInt64(name.count), 2) + Self.le(0, 2) + name
        for (id, claimed, present) in [(UInt64(1), UInt64(8), 0), (1, 16, 8), (0x5455, 200, 5), (1, 0xFFFF, 0), (0x5455, 0xFFFF, 0)] {
            var entry = Self.le(0x0201_4B50, 4) + Self.le(20, 2) + Self.le(20, 2) + Self.le(0, 2) + Self.le(0, 2) + Self.le(0, 4)
            entry += Self.le(0, 4) + Self.le(0, 4) + Self.le(0xFFFF_FFFF, 4) + Self.le(UInt64(name.count), 2)
            entry += Self.le(UInt64(4 + present), 2) + Self.le(0, 2) + Self.le(0, 2) + Self.le(0, 2) + Self.le(0, 4) + Self.le(0, 4) + name
            entry += Self.le(id, 2) + Self.le(claimed, 2) + [UInt8](repeating: 0xFF, count: present)
            let failure = try Self.zipFailure(local + entry + Self.endRecord(count: 1, size: UInt64(entry.count), offset: UInt64(local.count)))
            // Another field's length is passed over: the sizes the record gives stand (all
            // ones here, which the entry's bytes then are not).
            let said = id == 1 ? "the ZIP64 field of entry 1 of its central directory runs past the entry's" : "export.xml is 0 bytes, not the 4294967295 its directory says"
            #expect(failure?.contains(said) == true, "field \(id) of \(claimed) bytes, \(present) there: \(failure ?? "read")")
        }
    }
}
