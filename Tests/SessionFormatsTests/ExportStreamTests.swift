import JSON
import SessionCore
import SessionFormats
import SessionRPC
import Testing

/// sessiond's own JSON export read a workout at a time, and any export written a page
/// at a time: the same workouts and the same bytes as read or written whole.
@Suite struct ExportStreamTests {
    /// Bytes handed out at most `step` at a time, noting the furthest read.
    final class TrickleSource: ByteSource {
        let bytes: [UInt8]
        let step: Int
        private(set) var reads = 0

        init(_ text: String, step: Int) {
            bytes = Array(text.utf8)
            self.step = step
        }

        func read(at offset: Int, count: Int, into buffer: inout [UInt8]) -> Int {
            reads += 1
            guard offset < bytes.count else { return 0 }
            let end = min(bytes.count, offset + min(count, step))
            buffer.append(contentsOf: bytes[offset..<end])
            return end - offset
        }
    }

    private func workouts(_ count: Int, setsEach: Int) -> [HistoryWorkout] {
        (0..<count).map { day in
            var workout = HistoryWorkout(start: LocalDateTime(date: LocalDate(daysSinceEpoch: 20_000 + day), secondOfDay: 64_800), durationSeconds: 3600,
                                         title: day % 2 == 0 ? "Legs \"heavy\"" : "Push, light", note: day % 3 == 0 ? "a note with ] and } and \\" : nil,
                                         sets: (0..<setsEach).map { HistorySet(exercise: "Squat", reps: $0 + 1, weightKg: 60 + Double($0)) })
            workout.startedAt = "\(workout.start)+02:00"
            return workout
        }
    }

    /// A member no reader of this version knows (a later version's) is passed over
    /// unparsed, its bytes let go as they pass, wherever it stands: the archive and the
    /// workouts read as without it. Parsed, a hundred megabytes of it took gigabytes.
    @Test func aMemberNoReaderKnowsIsPassedOverUnread() throws {
        let workout = #"{"start": "2026-11-30T18:00:00", "title": "Legs", "durationSeconds": 3600, "sets": [{"exercise": "Squat", "reps": 5, "weightKg": 100}]}"#
        // Not JSON inside (NaN, a bare word): only its brackets and quotes are followed.
        let later = #"[NaN, {"a": "]}\"", "b": [1, 2, later]}, Infinity]"#
        let exports = [
            #"{"format": "sessiond-history", "version": 2, "later": \#(later), "health": [], "workouts": [\#(workout)]}"#,
            #"{"format": "sessiond-history", "version": 2, "workouts": [\#(workout)], "later": \#(later)}"#,
        ]
        for text in exports {
            var items: [ExportStream.Item] = []
            var stream = try ExportStream(source: TrickleSource(text, step: 3)) { item in
                items.append(item)
                return nil
            }
            #expect(items.isEmpty, "the archive's one array is empty")
            #expect(!stream.members.contains { $0.key == "later" }, "\(stream.members.map(\.key))")
            #expect(stream.members.first?.key == "format")
            let first = try #require(try stream.next())
            #expect(first.value["title"] == "Legs")
            #expect(try stream.next() == nil)
            let read = try TrackerExport.read(Array(text.utf8))
            #expect(read.workouts.count == 1 && read.workouts[0].sets.count == 1, "\(text)")
        }
    }

    /// An archive's arrays are read an item at a time and kept as the archive's parts,
    /// so an item that is no part is refused by its path at once: millions of numbers
    /// in their place are never held as a JSON tree (50 MB of them took 1.3 GB).
    @Test func anArchivesArraysAreReadAnItemAtATime() throws {
        let workout = #"{"start": "2026-11-30T18:00:00", "title": "Legs", "durationSeconds": 3600, "sets": [{"exercise": "Squat", "reps": 5, "weightKg": 100}]}"#
        let alias = #"{"alias": "ohp", "name": "Overhead Press"}"#
        let numbers = Array(repeating: "0", count: 1_000_000).joined(separator: ",")
        let refused = #"{"format": "sessiond-history", "version": 2, "aliases": [\#(alias), \#(numbers)], "workouts": [\#(workout)]}"#
        var handed = 0
        #expect(throws: (any Error).self) {
            _ = try ExportStream(source: TrickleSource(refused, step: 1 << 16)) { item in
                handed += 1
                return item.value.objectPairs == nil ? "\(item.key)[\(item.index)] is no object" : nil
            }
        }
        #expect(handed == 2, "the reading stops at the first item refused")
        func failure(_ text: String) -> String {
            do {
                _ = try TrackerExport.Reader(json: TrickleSource(text, step: 1 << 16))
                return "read"
            } catch {
                return error.description
            }
        }
        #expect(failure(refused) == "line 1: export.aliases[1] should be an object")
        let fine = #"{"aliases": [\#(alias), \#(alias)], "format": "sessiond-history", "version": 2, "workouts": [\#(workout)], "profile": null}"#
        let reader = try TrackerExport.Reader(json: TrickleSource(fine, step: 5))
        #expect(reader.archive.aliases.count == 2 && reader.archive.aliases[1].name == "Overhead Press")
        #expect(failure(#"{"format": "sessiond-history", "version": 2, "aliases": 5, "workouts": []}"#).contains("export.aliases should be an array"))
        // A part that is no array is read whole, and refused as it is.
        #expect(failure(#"{"format": "sessiond-history", "version": 2, "profile": [1, 2], "workouts": []}"#).contains("export.profile should be"))
    }

    /// A workout larger than any workout is said to be so, not to be no JSON.
    @Test func aWorkoutLargerThanAnyIsSaidToBeSo() throws {
        let note = String(repeating: "n", count: ExportStream.maximumWorkoutBytes)
        let text = #"{"format": "sessiond-history", "version": 2, "workouts": [{"title": "Legs", "note": "\#(note)"}]}"#
        var reader = try TrackerExport.Reader(json: TrickleSource(text, step: 1 << 20))
        #expect(reader.next() == nil && reader.problems.count == 1)
        let said = reader.problems.first?.message ?? ""
        #expect(said.contains("is larger than 8 MiB, more than an export holds there") && !said.contains("not JSON"), "\(said)")
    }

    /// A UTF-8 byte-order mark before the JSON (an editor's, Windows') begins the text,
    /// not the JSON: the export and a health app's JSON read as without it.
    @Test func aByteOrderMarkBeforeTheJSONIsPassedOver() throws {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let text = TrackerExport.write(workouts(3, setsEach: 2), as: .json, archive: HistoryArchive(), timeZone: "Europe/Berlin")
        let plain = try TrackerExport.read(Array(text.utf8))
        let marked = try TrackerExport.read(mark + Array(text.utf8))
        #expect(marked == plain && marked.format == .json && marked.workouts.count == 3)
        let health = #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [{"date": "2024-01-01 00:00:00 +0000", "qty": 9000}]}]}}"#
        let read = try HealthAutoExportReader.read { JSONStreamReader(bytes: mark + Array(health.utf8)) }
        #expect(read.records == 1 && read.kept == 1, "\(read)")
        // Only the whole mark: a text that begins with a part of it is no JSON.
        #expect(throws: (any Error).self) { try HealthAutoExportReader.read { JSONStreamReader(bytes: [0xEF] + Array(health.utf8)) } }
        #expect(ByteOrderMark.text(of: mark + Array(" \n{".utf8)).elementsEqual(Array("{".utf8)) && ByteOrderMark.length([0xEF, 0xBB]) == 0)
    }

    @Test func aJSONExportReadInTricklesGivesTheWorkoutsAndArchiveReadWhole() throws {
        let written = workouts(30, setsEach: 7)
        var archive = HistoryArchive()
        archive.aliases = [ArchivedAlias { $0.alias = "ohp"; $0.name = "Overhead Press" }]
        let text = TrackerExport.write(written, as: .json, archive: archive, timeZone: "Europe/Berlin")
        let whole = try TrackerExport.read(Array(text.utf8))
        for step in [1, 7, 4096] {
            var reader = try TrackerExport.Reader(json: TrickleSource(text, step: step))
            var read: [HistoryWorkout] = []
            while let workout = reader.next() { read.append(workout) }
            #expect(!reader.hasProblems, "\(reader.problems)")
            #expect(read == written && HistoryWorkout.merging(read, keepingOrder: true) == whole.workouts)
            #expect(reader.archive.aliases == archive.aliases)
        }
    }

    @Test func anArchiveAfterTheWorkoutsIsReadBeforeThem() throws {
        let text = #"""
            {"format": "sessiond-history", "workouts": [
              {"start": "2025-01-02T18:00:00", "title": "A", "sets": [{"exercise": "Squat", "reps": 5}]},
              {"start": "2025-01-03T18:00:00", "title": "B", "sets": []}
            ], "version": 2, "aliases": [{"alias": "sq", "name": "Squat"}]}
            """#
        var reader = try TrackerExport.Reader(json: TrickleSource(text, step: 5))
        #expect(reader.archive.aliases.map(\.alias) == ["sq"])
        #expect(reader.next()?.title == "A" && reader.next()?.title == "B" && reader.next() == nil)
        #expect(!reader.hasProblems)
    }

    @Test func aBadWorkoutIsAProblemWithItsPathAfterTheGoodOnesBeforeIt() throws {
        let good = #"{"start": "2025-01-02T18:00:00", "title": "A", "sets": [{"exercise": "Squat", "reps": 5}]}"#
        let bad = #"{"start": "2025-01-02T19:00:00", "title": "B", "sets": [{"exercise": "Squat", "reps": 5000}]}"#
        let text = #"{"format": "sessiond-history", "workouts": ["# + [good, good, bad, good].joined(separator: ",") + "]}"
        var reader = try TrackerExport.Reader(json: TrickleSource(text, step: 16))
        var read = 0
        while reader.next() != nil { read += 1 }
        #expect(read == 2)
        #expect(reader.problems.map(\.message) == ["export.workouts[2].sets[0].reps should be a whole number from 0 to 1000, got 5000"], "\(reader.problems)")

        // Cut short, or no export at all: refused before any workout is read.
        #expect(throws: TrackerExport.Failure.self) { _ = try TrackerExport.Reader(json: TrickleSource(String(text.prefix(text.count - 40)), step: 16)) }
        #expect(throws: TrackerExport.Failure.self) { _ = try TrackerExport.Reader(json: TrickleSource(#"{"format": "strong", "workouts": []}"#, step: 3)) }
        #expect(throws: TrackerExport.Failure.self) { _ = try TrackerExport.Reader(json: TrickleSource(#"[1, 2]"#, step: 3)) }
        #expect(throws: TrackerExport.Failure.self) { _ = try TrackerExport.Reader(json: TrickleSource(#"{"format": "sessiond-history"} x"#, step: 3)) }
    }

    /// A workout's startedAt is its start in some time zone; an export of a version no
    /// sessionctl wrote yet is refused whole. Each problem is named by its path.
    @Test func aWorkoutsTimesAgreeAndALaterVersionIsRefused() throws {
        func problems(_ workout: String, version: String = "2") -> [String] {
            let text = #"{"format": "sessiond-history", "version": \#(version), "workouts": [\#(workout)]}"#
            do {
                var reader = try TrackerExport.Reader(json: TrickleSource(text, step: 64))
                while reader.next() != nil {}
                return reader.problems.map(\.message)
            } catch {
                return error.problems.map(\.message)
            }
        }
        func workout(start: String = "2025-03-05T09:40:00", startedAt: String = "2025-03-05T09:40:00.000+01:00", loggedAt: String = "2025-03-05T09:45:00.000+01:00") -> String {
            #"{"start": "\#(start)", "startedAt": "\#(startedAt)", "durationSeconds": 3060, "title": "B", "sets": ["#
                + #"{"exercise": "Bench Press", "reps": 10, "loggedAt": "2025-03-05T09:50:00.000+01:00"}, {"exercise": "Bench Press", "reps": 10, "loggedAt": "\#(loggedAt)"}]}"#
        }
        #expect(problems(workout()).isEmpty)
        #expect(problems(workout(startedAt: "2025-03-05T08:40:00Z")).isEmpty, "the same instant, in UTC")
        #expect(problems(workout(start: "2025-03-05T22:40:00", startedAt: "2025-03-05T22:40:00+14:00")).isEmpty, "a zone 14 hours ahead")
        #expect(problems(workout(start: "2020-01-01T09:40:00")) == [
            "export.workouts[0].startedAt should be the instant of start (2020-01-01T09:40:00) in a time zone, within a day of it, got 2025-03-05T09:40:00.000+01:00"])
        #expect(problems(workout(start: "2025-03-06T09:41:00")) == [
            "export.workouts[0].startedAt should be the instant of start (2025-03-06T09:41:00) in a time zone, within a day of it, got 2025-03-05T09:40:00.000+01:00"])
        #expect(problems(workout(loggedAt: "2000-01-01T00:00:00.000+01:00")).isEmpty, "the daemon logs it at the start")
        #expect(problems(workout(), version: "99") == [
            "export.version should be 1 or 2, got 99: a later sessionctl wrote it, or another program"])
        #expect(problems(workout(), version: "1").isEmpty)
    }

    /// Written a page at a time, each format is the file written whole; the parts of
    /// one session go on counting its sets (Strong's set order, Hevy's index).
    @Test func anExportWrittenPageByPageIsTheExportWrittenWhole() {
        var all = workouts(12, setsEach: 5)
        // Two parts of one session, as an export of a session of more sets than a workout holds gives them.
        var part = all[11]
        part.sets = [HistorySet(exercise: "Squat", reps: 1, weightKg: 70)]
        all.append(part)
        for format in TrackerExport.Format.written {
            var whole = TrackerExport.Writer(format: format)
            var joined = Array(all[0..<11]) + [all[11]]
            joined[11].sets += part.sets
            let expected = whole.header(archive: nil, timeZone: nil) + whole.workouts(joined) + whole.trailer()
            var paged = TrackerExport.Writer(format: format)
            var bytes = paged.header(archive: nil, timeZone: nil)
            for start in stride(from: 0, to: all.count, by: 5) { bytes += paged.workouts(Array(all[start..<min(start + 5, all.count)])) }
            bytes += paged.trailer()
            if format == .json {
                // JSON keeps the parts apart; read back and joined, they are the session.
                let read = try? TrackerExport.read(bytes)
                #expect(read?.workouts == HistoryWorkout.merging(joined), "\(format)")
                #expect(String(decoding: bytes, as: UTF8.self) == TrackerExport.write(all, as: .json))
            } else {
                #expect(String(decoding: bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self), "\(format)")
            }
        }
    }

    /// A CSV workout of more rows than a workout holds comes out as parts of at most
    /// that many sets, which `merging` joins.
    @Test func aCSVWorkoutOfMoreSetsThanAWorkoutHoldsComesInParts() throws {
        let rows = HistoryLimits.setsPerWorkout * 2 + 10
        var csv = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE\n"
        for set in 1...rows { csv += "2025-01-02 09:00:00,\"Day\",60m,\"Squat\",\(set),40,5,0,0,\n" }
        var reader = try TrackerExport.Reader(bytes: Array(csv.utf8))
        var parts: [Int] = []
        while let workout = reader.next() { parts.append(workout.sets.count) }
        #expect(parts == [HistoryLimits.setsPerWorkout, HistoryLimits.setsPerWorkout, 10])
        #expect(try TrackerExport.read(Array(csv.utf8)).workouts.map(\.sets.count) == [rows])
    }
}
