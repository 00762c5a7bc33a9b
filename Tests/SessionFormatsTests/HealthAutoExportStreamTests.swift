import Glibc
import Foundation
import JSON
import SessionCore
import Testing
import TestSupport

@testable import SessionFormats

/// Health Auto Export's JSON read streaming: a file far past what a whole parse would
/// hold in memory gives the daily values its data points make, worked out here from
/// the numbers the file was made of; a metric's name and units may follow its data, as
/// the app writes them in any order.
@Suite struct HealthAutoExportStreamTests {
    /// `days` days from 2022-01-01 (local +0100): hourly steps, three weighings a day in
    /// pounds, a resting heart rate as Min/Avg/Max, and a minute-by-minute metric
    /// sessiond does not keep, which makes the file large.
    private static func document(days: Int) -> (text: String, steps: [String: Double], massKg: [String: Double], rhr: [String: Double], points: Int) {
        var steps: [String: Double] = [:]
        var massKg: [String: Double] = [:]
        var rhr: [String: Double] = [:]
        var stepPoints: [String] = []
        var massPoints: [String] = []
        var rhrPoints: [String] = []
        var energyPoints: [String] = []
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        for day in 0..<days {
            let date = LocalDate(daysSinceEpoch: 18_993 + day).description
            for hour in 0..<24 {
                let count = (day * 7 + hour * 13) % 500 + 1
                steps[date, default: 0] += Double(count)
                stepPoints.append(#"{"date":"\#(date) \#(two(hour)):10:00 +0100","qty":\#(count),"source":"Watch"}"#)
                for minute in stride(from: 0, to: 60, by: 2) {
                    energyPoints.append(#"{"qty":0.\#(minute + 1),"date":"\#(date) \#(two(hour)):\#(two(minute)):00 +0100"}"#)
                }
            }
            for (index, hour) in [7, 12, 21].enumerated() {
                let pounds = 170 + Double((day + index * 3) % 20) / 4
                massPoints.append(#"{"qty":\#(pounds),"date":"\#(date) \#(two(hour)):00:00 +0100","source":"Scale"}"#)
                massKg[date] = pounds * 0.453_592_37  // the last of the day
            }
            let average = 50 + day % 9
            rhr[date] = Double(average)
            rhrPoints.append(#"{"Min":\#(average - 2),"Avg":\#(average),"Max":\#(average + 3),"date":"\#(date) 06:00:00 +0100"}"#)
        }
        let text = """
            {"data":{"metrics":[
            {"data":[\(stepPoints.joined(separator: ",\n"))],"units":"count","name":"step_count"},
            {"name":"active_energy","units":"kJ","data":[\(energyPoints.joined(separator: ",\n"))]},
            {"units":"lb","data":[\(massPoints.joined(separator: ","))],"name":"weight_body_mass"},
            {"name":"resting_heart_rate","data":[\(rhrPoints.joined(separator: ","))],"units":"count/min"},
            {"name":"basal_body_temperature","units":"degC","data":[]}
            ],"workouts":[]}}
            """
        return (text, steps, massKg, rhr, stepPoints.count + massPoints.count + rhrPoints.count + energyPoints.count)
    }

    @Test func aLargeFileGivesTheDailyValuesOfItsPoints() throws {
        let made = Self.document(days: 400)
        let bytes = Array(made.text.utf8)
        #expect(bytes.count > 12 << 20, "past what a whole parse was allowed: \(bytes.count) bytes")
        let directory = Fixtures.temporaryDirectory("auto-export")
        defer { Fixtures.removeTree(directory) }
        let path = directory + "/HealthAutoExport.json"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let fd = open(path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        // As sessionctl reads it: its first bytes already taken to tell what it is.
        var head = [UInt8](repeating: 0, count: 100)
        #expect(read(fd, &head, head.count) == head.count)
        var read = try HealthAutoExportReader.read(fd: fd, prefix: head)
        #expect(read.records == made.points, "every data point counted, of every metric")
        #expect(read.kept == 400 * (24 + 3 + 1), "the points of the metrics kept")
        let days = try read.days.days()
        func values(_ type: HealthType) -> [String: Double] {
            Dictionary(uniqueKeysWithValues: days.filter { $0.type == type }.map { ($0.date.description, $0.value) })
        }
        #expect(values(.steps) == made.steps)
        #expect(values(.restingHeartRate) == made.rhr)
        let mass = values(.bodyMassKg)
        #expect(mass.count == made.massKg.count && mass.allSatisfy { abs($0.value - (made.massKg[$0.key] ?? 0)) < 1e-9 })
    }

    @Test func standardInputIsReadTwiceThroughATemporaryCopy() throws {
        let made = Self.document(days: 1)
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let bytes = Array(made.text.utf8)
        try #require(bytes.count < 60_000, "fits the pipe's buffer")
        #expect(write(ends[1], bytes, bytes.count) == bytes.count)
        close(ends[1])
        var read = try HealthAutoExportReader.read(fd: ends[0])
        #expect(read.records == made.points)
        #expect(Dictionary(uniqueKeysWithValues: try read.days.days().filter { $0.type == .steps }.map { ($0.date.description, $0.value) }) == made.steps)
    }

    /// What comes through a pipe is copied up to a bound, and refused before any copy
    /// when it does not begin as a JSON object; a device is no file to read twice.
    @Test func aStreamIsCopiedUpToItsBoundAndOneThatIsNoJSONIsRefusedAtOnce() throws {
        func piped(_ bytes: [UInt8], maximum: Int) throws -> String? {
            var ends: [Int32] = [-1, -1]
            try #require(pipe(&ends) == 0)
            defer { close(ends[0]) }
            #expect(write(ends[1], bytes, bytes.count) == bytes.count)
            close(ends[1])
            do {
                _ = try HealthAutoExportReader.read(fd: ends[0], maximumSpooled: maximum)
                return nil
            } catch {
                return "\(error)"
            }
        }
        let made = Array(Self.document(days: 1).text.utf8)
        #expect(try piped(made, maximum: made.count) == nil)
        #expect(try piped(made, maximum: made.count - 1)?.hasPrefix("more than") == true)
        #expect(try piped([0, 0, 0], maximum: 1 << 20) == "not Health Auto Export's JSON: it does not begin with {")
        let zero = open("/dev/zero", O_RDONLY)
        defer { close(zero) }
        #expect(throws: HealthAutoExportReader.Failure.self) { _ = try HealthAutoExportReader.read(fd: zero) }
    }

    @Test func aDocumentCutShortOrOfTheWrongShapeIsRefusedAtItsPlace() throws {
        let text = Self.document(days: 1).text
        #expect(throws: JSONParser.Failure.self) { try HealthAutoExportReader.read(Array(text.dropLast(30).utf8)) }
        do {
            _ = try HealthAutoExportReader.read(Array(#"{"data":{"metrics":[{"name":"step_count","data":[{"date":"2022-01-01 07:00:00 +0100","qty":5},7]}]}}"#.utf8))
            Issue.record("a data point that is no object was read")
        } catch let error as JSONReadError {
            #expect(error.path == "$.data.metrics[0].data[1]", "\(error)")
        }
        do {
            _ = try HealthAutoExportReader.read(Array(#"{"data":{"metrics":[{"units":"count","data":[]}]}}"#.utf8))
            Issue.record("a metric without a name was read")
        } catch let error as JSONReadError {
            #expect(error.path == "$.data.metrics[0].name", "\(error)")
        }
        #expect(throws: JSONReadError.self) { try HealthAutoExportReader.read(Array(#"{"metrics":[]}"#.utf8)) }
    }
}
