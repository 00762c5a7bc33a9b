import JSON
import Testing
import TestSupport

@testable import SessionCore
@testable import SessionFormats

extension String {
    /// What the row reader reads a number field's bytes with, for the property below.
    fileprivate var plainDecimal: Double? { PlainDecimal.value(Array(utf8), commaSeparates: true) }
}

/// Reading Strong and Hevy exports as they occur in the wild, each quirk in a small
/// crafted file.
@Suite struct HistoryExportTests {
    private func read(_ text: String, format: TrackerExport.Format? = nil) throws -> TrackerExport.Result {
        try TrackerExport.read(Array(text.utf8), format: format)
    }

    private func failure(_ text: String) -> TrackerExport.Failure? {
        do throws(TrackerExport.Failure) {
            _ = try TrackerExport.read(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func strongTenColumnsWithWarmupsAndRestTimerRows() throws {
        let result = try read("""
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE
            2026-04-24 09:40:00,"Upper Body",1h 2m,"Bench Press (Barbell)",W,20.0,10.0,0,0.0,
            2026-04-24 09:40:00,"Upper Body",1h 2m,"Bench Press (Barbell)",1,74.99999999999999,5.0,0,0.0,8
            2026-04-24 09:40:00,"Upper Body",1h 2m,"Rest Timer",Rest Timer,0,0,0,90,
            2026-04-24 09:40:00,"Upper Body",1h 2m,"Plank",1,0,0,0,60.0,
            2026-04-24 09:40:00,"Upper Body",1h 2m,"Face Pull",1,0,0,0,0,
            """)
        #expect(result.format == .strong)
        let workout = try #require(result.workouts.first)
        #expect(result.workouts.count == 1 && workout.title == "Upper Body" && workout.durationSeconds == 3720)
        #expect(workout.start == LocalDateTime("2026-04-24T09:40:00"))
        #expect(workout.sets.map(\.exercise) == ["Bench Press (Barbell)", "Bench Press (Barbell)", "Plank"], "rest timers and empty rows are no sets")
        #expect(workout.sets[0].kind == .warmup && workout.sets[1].kind == .normal)
        #expect(workout.sets[1].weightKg == 75 && workout.sets[1].reps == 5 && workout.sets[1].rpe == 8, "float noise rounded off")
        #expect(workout.sets[2].durationSeconds == 60 && workout.sets[2].reps == nil)
        #expect(result.skippedRows == 2)
    }

    /// The row reader compares bytes: words for none and the rest timer in any case,
    /// spaces around fields, set orders as words.
    @Test func wordsForNoneAndRestTimersInAnyCase() throws {
        let result = try read("""
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE,Notes
            2026-04-24 09:40:00,A,51m,Squat, WARMUP ,N/A,5,none,NULL,None, none
            2026-04-24 09:40:00,A,51m,REST TIMER,rest,0,0,0,90,,
            2026-04-24 09:40:00,A,51m,  Squat  ,1, 100 ,5,,,8,Null
            """)
        let sets = try #require(result.workouts.first).sets
        #expect(sets.map(\.exercise) == ["Squat", "Squat"] && result.skippedRows == 1)
        #expect(sets[0].kind == .warmup && sets[0].weightKg == nil && sets[0].rpe == nil && sets[0].note == nil)
        #expect(sets[1].kind == .normal && sets[1].weightKg == 100 && sets[1].rpe == 8 && sets[1].note == nil)
        #expect("N/a".isASCIIWord(in: ["n/a"]) && !"n/ab".isASCIIWord(in: ["n/a"]) && !"né".isASCIIWord(in: ["ne"]))
    }

    @Test func strongWithSemicolonsUnitsNotesAndLineBreaksInQuotes() throws {
        let text = "\u{FEFF}\"Date\";\"Workout Name\";\"Duration\";\"Exercise Name\";\"Set Order\";\"Weight\";\"Weight Unit\";\"Reps\";\"RPE\";\"Distance\";\"Distance Unit\";\"Seconds\";\"Notes\";\"Workout Notes\"\r\n"
            + "\"2017-05-12 19:00:00\";\"Legs\";\"35min\";\"Squat\";\"1\";\"225\";\"lbs\";\"5\";\"\";\"\";\"\";\"\";\"felt \"\"heavy\"\"\nbut ok\";\"good day\"\r\n"
            + "\"2017-05-12 19:00:00\";\"Legs\";\"35min\";\"Squat\";\"2\";\"100\";\"kg\";\"5\";\"\";\"\";\"\";\"\";\"\";\"good day\"\r\n"
            + "\"2017-05-12 19:00:00\";\"Legs\";\"35min\";\"Row\";\"1\";\"\";\"\";\"\";\"\";\"2\";\"km\";\"600\";\"\";\"good day\""
        let result = try read(text)
        let workout = try #require(result.workouts.first)
        #expect(workout.durationSeconds == 35 * 60 && workout.note == "good day")
        #expect(workout.sets[0].weightKg == 102.1, "225 lb as the plan importer converts it")
        #expect(workout.sets[0].note == "felt \"heavy\"\nbut ok")
        #expect(workout.sets[1].weightKg == 100)
        #expect(workout.sets[2].distanceM == 2000 && workout.sets[2].durationSeconds == 600)
    }

    @Test func strongVariantWithUnitsInTheHeaderAndWorkoutNumbers() throws {
        let result = try read("""
            "Workout #";"Date";"Workout Name";"Duration (sec)";"Exercise Name";"Set Order";"Weight (kg)";"Reps";"Distance (meters)";"Seconds";"Notes";"Workout Notes";"RPE"
            "2";"2020-01-02 08:00:00";"A";"1800";"Deadlift";"1";"140";"3";"0";"0";"";"";""
            "1";"2020-01-01 08:00:00";"A";"2700";"Deadlift";"1";"130";"3";"0";"0";"";"";""
            """)
        #expect(result.workouts.map(\.durationSeconds) == [2700, 1800], "oldest first, seconds as written")
        #expect(result.workouts.map { $0.sets[0].weightKg } == [130, 140])
    }

    @Test func frenchHeaders() throws {
        let result = try read("""
            Date;Nom de l'entraînement;Durée;Nom de l'exercice;Ordre des séries;Poids;Réps;Distance;Secondes;Notes;Notes d'entraînement;RPE
            2024-03-01 18:00:00;Jambes;1h 2min;Squat;1;80,5;8;0;0;;;
            """)
        #expect(result.workouts.first?.sets.first?.weightKg == 80.5)
        #expect(result.workouts.first?.durationSeconds == 3720)
    }

    @Test func hevyWithSupersetsKindsZeroBasedIndexesAndNewestFirst() throws {
        let header = #""title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe""#
        let result = try read("""
            \(header)
            "Push","9 Apr 2026, 17:18","9 Apr 2026, 18:05","","Bench Press (Barbell)",0,"pause at the chest",0,"warmup",40,10,,,
            "Push","9 Apr 2026, 17:18","9 Apr 2026, 18:05","","Bench Press (Barbell)",0,"pause at the chest",1,"normal",80,5,,,8.5
            "Push","9 Apr 2026, 17:18","9 Apr 2026, 18:05","","Triceps Pushdown",0,"",0,"dropset",20,12,,,
            "Push","9 Apr 2026, 17:18","9 Apr 2026, 18:05","","Treadmill",,"",0,"normal",,,1.5,600,
            "Pull","8 Apr 2026, 16:50","8 Apr 2026, 17:40","short one","Pull Up",,"",0,"failure",,8,,,
            """)
        #expect(result.format == .hevy)
        #expect(result.workouts.map(\.title) == ["Pull", "Push"])
        let push = result.workouts[1]
        #expect(push.durationSeconds == 47 * 60)
        #expect(push.sets.map(\.kind) == [.warmup, .normal, .drop, .normal])
        #expect(push.sets.map(\.superset) == ["0", "0", "0", nil])
        #expect(push.sets.map(\.note) == ["pause at the chest", nil, nil, nil], "an exercise's note once")
        #expect(push.sets[3].distanceM == 1500 && push.sets[3].durationSeconds == 600)
        #expect(result.workouts[0].sets[0].kind == .failure && result.workouts[0].note == "short one")
    }

    /// Two hours from 01:30 on the night Berlin's clocks go back (03:00 CEST is 02:00
    /// CET) end at 02:30 on the clock, not 03:30: the end is the start's instant plus the
    /// duration, read in the zone.
    @Test func hevysEndTimeIsReadOnTheClockOfItsMoment() throws {
        // The zone's rule as the test knows it: UTC+2 before 01:00 UTC, UTC+1 from then.
        let change = try #require(RFC3339.parse("2026-10-25T01:00:00Z"))
        let berlin: (Int64) -> LocalDateTime = { ms in
            let offset: Int64 = ms < change ? 7200 : 3600
            let seconds = ms / 1000 + offset
            let day = LocalDate(daysSinceEpoch: Int(seconds / 86_400))
            return LocalDateTime(secondsAfter: LocalDateTime("\(day)T00:00:00")!, Int(seconds % 86_400))
        }
        var workout = HistoryWorkout(start: try #require(LocalDateTime("2026-10-25T01:30:00")), durationSeconds: 7200, title: "Night", note: nil,
                                     sets: [HistorySet(exercise: "Back Squat", reps: 5, weightKg: 100)])
        workout.startedAt = "2026-10-25T01:30:00+02:00"
        var writer = TrackerExport.Writer(format: .hevy)
        writer.localTime = berlin
        let text = String(decoding: writer.workouts([workout]), as: UTF8.self)
        #expect(text.contains("\"25 Oct 2026, 01:30\",\"25 Oct 2026, 02:30\""), "\(text)")
        // Without the zone, as before: the wall clock's arithmetic.
        let plain = TrackerExport.write([workout], as: .hevy)
        #expect(plain.contains("\"25 Oct 2026, 01:30\",\"25 Oct 2026, 03:30\""), "\(plain)")
    }

    @Test func hevyResavedWithoutSupersetColumn() throws {
        let result = try read("""
            title,start_time,end_time,description,exercise_title,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe
            Legs,"8 Apr 2026, 16:50","8 Apr 2026, 17:40",,Squat,,0,normal,100,5,,,
            """)
        #expect(result.format == .hevy && result.workouts.first?.sets.first?.weightKg == 100)
    }

    /// The row reader remembers the last duration and reads digit set orders without
    /// comparing them with the kinds' names: what it gives must not depend on that.
    @Test func durationsAndSetOrdersReadTheSameRowAfterRow() throws {
        let result = try read("""
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE
            2026-04-20 09:40:00,A,1h 2m,Squat,1,100,5,0,0,
            2026-04-20 09:40:00,A,1h 2m,Squat,W,60,5,0,0,
            2026-04-21 09:40:00,B,35min,Squat,2,100,5,0,0,
            2026-04-22 09:40:00,C,1h 2m,Squat,3,100,5,0,0,
            2026-04-22 09:40:00,C,1h 2m,Rest Timer,rest,0,0,0,90,
            2026-04-22 09:40:00,C,1h 2m,Squat,4,100,5,0,0,
            """)
        #expect(result.workouts.map(\.durationSeconds) == [3720, 2100, 3720], "a duration seen before, and one between")
        #expect(result.workouts.flatMap(\.sets).map(\.kind) == [.normal, .warmup, .normal, .normal, .normal])
        #expect(result.skippedRows == 1, "the rest row is no set")
        let problems = failure("""
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE
            2026-04-20 09:40:00,A,soon,Squat,1,100,5,0,0,
            2026-04-20 09:40:00,A,soon,Squat,2,100,5,0,0,
            2026-04-21 09:40:00,B,51m,Squat,123456789012345678901234,100,5,0,0,
            """)?.problems
        #expect(problems?.map(\.line) == [2, 3, 4], "a bad duration on each of its rows; an order no Int holds is no set number")
        #expect(problems?[1].message.contains("not a duration: \"soon\"") == true)
        #expect(problems?[2].message.contains("unknown set kind \"123456789012345678901234\"") == true)
    }

    /// Fields are read from the record's bytes: a text is made again only when its
    /// column's bytes change (trimmed first, a word for none never kept), and plain
    /// numbers never become text.
    @Test func fieldsReadInPlaceKeepEachRowsOwnValues() throws {
        let result = try read("""
            Date;Workout Name;Duration;Exercise Name;Set Order;Weight;Reps;Distance;Seconds;Notes;RPE
            2026-04-20 09:40:00;A;1h 2m;Squat;1;100;5;0;0;slow;8
            2026-04-20 09:40:00;A;1h 2m; Squat ;2;100,5;5;0;0;slow;none
            2026-04-20 09:40:00;A;1h 2m;Bench Press;1; 60 ;8;0;0;none;8,5
            2026-04-20 09:40:00;A;1h 2m;"Squat";3;1e2;5;0;0;slow;
            2026-04-21 09:40:00;A;1h 2m;Squat;1;"100";5;0;0;fast;7
            2026-04-21 09:40:00;B;35min;Squat;2;100;5;0;0;;7
            """)
        #expect(result.workouts.count == 3)
        let sets = result.workouts.flatMap(\.sets)
        #expect(sets.map(\.exercise) == ["Squat", "Squat", "Bench Press", "Squat", "Squat", "Squat"])
        #expect(sets.map(\.weightKg) == [100, 100.5, 60, 100, 100, 100])
        #expect(sets.map(\.rpe) == [8, nil, 8.5, nil, 7, 7])
        #expect(sets.map(\.note) == ["slow", nil, nil, nil, "fast", nil], "an exercise's note repeated on its later rows of the workout is kept once")
        #expect(result.workouts.map(\.title) == ["A", "A", "B"] && result.workouts.map(\.durationSeconds) == [3720, 3720, 2100])
    }

    @Test func malformedRowsAreReportedWithTheirLines() {
        let problems = failure("""
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE
            2026-04-24 09:40:00,A,51m,Squat,1,heavy,5,0,0,
            yesterday,A,51m,Squat,2,100,5,0,0,
            2026-04-24 09:40:00,A,51m,Squat,3,100,5,0
            """)?.problems
        #expect(problems?.map(\.line) == [2, 3, 4], "a row of the wrong width is one problem among the others")
        #expect(problems?.last?.message == "8 fields where the header has 10")
        let values = failure("""
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE
            2026-04-24 09:40:00,A,51m,Squat,1,heavy,5,0,0,
            yesterday,A,51m,Squat,2,100,5,0,0,
            2026-04-24 09:40:00,A,51m,Squat,X,100,5,0,0,
            """)?.problems
        #expect(values?.map(\.line) == [2, 3, 4])
        #expect(values?[0].message.contains("\"Weight\": not a number: \"heavy\"") == true)
        // Only decimals are numbers: strtod's hexadecimal is none, and a decimal past
        // any double is said to be too large, not to be no number.
        let written = failure("""
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE
            2026-04-24 09:40:00,A,51m,Squat,1,0x10,5,0,0,
            2026-04-24 09:40:00,A,51m,Squat,2,\(String(repeating: "9", count: 400)),5,0,0,
            2026-04-24 09:40:00,A,51m,Squat,3,1e2,5,0,0,
            """)?.problems
        #expect(written?.map(\.line) == [2, 3], "1e2 is a decimal: \(written ?? [])")
        #expect(written?.first?.message.contains("\"Weight\": not a number: \"0x10\"") == true && written?.last?.message.contains("a number too large") == true,
                "\(written ?? [])")
        // A negative number is one: said as below zero.
        let negative = failure("""
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE
            2026-04-24 09:40:00,A,51m,Squat,1,-5,5,0,0,
            """)?.problems
        #expect(negative?.first?.message.contains("\"Weight\": below zero: \"-5\"") == true, "\(negative ?? [])")
        #expect(failure("Name,Value\nx,1")?.problems.first?.message.contains("not a Strong or Hevy export") == true)
        #expect(failure("Date,Exercise Name\n\"2026-01-01 10:00:00,Squat")?.problems.first?.message.contains("not closed") == true)
    }

    @Test func durationsAndDatesAsTheAppsWriteThem() {
        for (text, seconds) in [("56m", 3360), ("1h 2m", 3720), ("35min", 2100), ("1h 2min", 3720), ("1h", 3600), ("3060", 3060), ("45s", 45)] {
            #expect(HistoryDates.duration(text) == seconds, "\(text)")
        }
        #expect(HistoryDates.duration("soon") == nil)
        for signed in ["-5m", "-1h 2m", "x5m", "5m-", "1h -2m", "-3060"] { #expect(HistoryDates.duration(signed) == nil, "\(signed): no duration") }
        #expect(HistoryDates.duration("1h30m") == 5400 && HistoryDates.duration("2 hrs") == nil && HistoryDates.duration("2hrs 5mins") == 7500)
        #expect(HistoryDates.dateTime("8 Apr 2026, 16:50") == LocalDateTime("2026-04-08T16:50:00"))
        #expect(HistoryDates.dateTime("2017-05-12 19:00:00") == LocalDateTime("2017-05-12T19:00:00"))
        #expect(HistoryDates.dateTime("31 Feb 2026, 10:00") == nil)
    }

    @Test func aReaderGivesEachWorkoutOnceItsRowsEnd() throws {
        var reader = try TrackerExport.Reader(bytes: Array("""
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE
            2026-04-24 09:40:00,A,51m,Squat,1,100,5,0,0,
            2026-04-24 09:40:00,A,51m,Squat,2,100,5,0,0,
            2026-04-25 09:40:00,B,40m,Rest Timer,,0,0,0,90,
            2026-04-26 09:40:00,C,40m,Row,1,60,8,0,0,
            2026-04-24 09:40:00,A,51m,Bench,1,80,5,0,0,
            2026-04-27 09:40:00,D,40m,Row,1,x,8,0,0,
            """.utf8))
        #expect(reader.next()?.sets.count == 2, "A, once C's row began")
        #expect(reader.problems.isEmpty)
        #expect(reader.next()?.title == "C", "B held no set and comes out as nothing")
        let fragment = reader.next()
        #expect(fragment?.title == "A" && fragment?.sets.map(\.exercise) == ["Bench"], "A's late row comes out on its own")
        #expect(reader.next() == nil && reader.next() == nil)
        #expect(reader.problems.map(\.line) == [7] && reader.skippedRows == 1)
    }

    @Test func fragmentsOfAWorkoutAreJoinedAndWorkoutsPutOldestFirst() throws {
        let result = try read("""
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE
            2026-04-26 09:40:00,C,40m,Row,1,60,8,0,0,
            2026-04-24 09:40:00,A,51m,Squat,1,100,5,0,0,
            2026-04-26 09:40:00,C,40m,Row,2,60,8,0,0,
            2026-04-24 09:40:00,B,51m,Squat,1,100,5,0,0,
            """)
        #expect(result.workouts.map(\.title) == ["A", "B", "C"], "oldest first; A before B as they came")
        #expect(result.workouts[2].sets.count == 2)
    }

    /// Plain decimals are read without strtod, and exactly as it reads them.
    /// The usual layout read from its bytes gives what splitting the text gives, and
    /// leaves every other text to it: mutations of valid times, one byte at a time.
    @Test func fixedWidthTimesReadAsSplitTimesRead() {
        var generator = SplitMix(seed: 8601)
        let alphabet = Array("0123456789-: T+x".utf8)
        for base in ["2026-04-24T09:40:00", "2026-04-24 09:40", "2024-02-29T23:59:59", "1999-12-31 00:00:00"] {
            #expect(LocalDateTime.fixedWidth(base) != nil && LocalDateTime.fixedWidth(base) == LocalDateTime.byParts(base), "\(base)")
            for _ in 0..<3_000 {
                var bytes = Array(base.utf8)
                for _ in 0..<Int.random(in: 1...2, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = alphabet.randomElement(using: &generator)!
                }
                let text = String(decoding: bytes, as: UTF8.self)
                if let fixed = LocalDateTime.fixedWidth(text) { #expect(fixed == LocalDateTime.byParts(text), "\(text)") }
                #expect(LocalDateTime(text) == (LocalDateTime.fixedWidth(text) ?? LocalDateTime.byParts(text)), "\(text)")
            }
        }
        #expect(LocalDateTime("2026-02-30T10:00") == nil && LocalDateTime("2026-04-24T24:00") == nil && LocalDateTime("2026-04-24T9:40") != nil)
    }

    /// What an import reports: exercises by key (case and spacing aside), warm-ups
    /// among the sets, the first and last day.
    @Test func historyCountsCountExercisesByKey() throws {
        let day = { (offset: Int) in LocalDateTime(date: LocalDate(daysSinceEpoch: 20_000 + offset), secondOfDay: 3_600) }
        let counts = HistoryCounts([
            HistoryWorkout(start: day(3), durationSeconds: nil, title: "A", note: nil, rpe: nil, sets: [
                HistorySet(exercise: "Bench Press", kind: .warmup), HistorySet(exercise: "Bench Press"), HistorySet(exercise: "bench  press"),
                HistorySet(exercise: "Row"), HistorySet(exercise: "Bench Press", kind: .warmup),
            ]),
            HistoryWorkout(start: day(-2), durationSeconds: nil, title: "B", note: nil, rpe: nil, sets: [HistorySet(exercise: "ROW"), HistorySet(exercise: "Squat")]),
        ])
        #expect(counts.workouts == 2 && counts.sets == 7 && counts.warmups == 2 && counts.exercises == 3)
        #expect(counts.first == LocalDate(daysSinceEpoch: 19_998) && counts.last == LocalDate(daysSinceEpoch: 20_003))
    }

    @Test func plainDecimalsReadAsStrtodReadsThem() {
        var generator = SplitMix(seed: 72)
        let alphabet = Array("0123456789..,,1x -e")
        for _ in 0..<20_000 {
            let text = String((0..<Int(1 + generator.next() % 18)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            guard let fast = text.plainDecimal else { continue }
            #expect(fast == Double(text.replacingComma()), "\(text)")
        }
        for text in ["72.5", "72,5", "8", "0.1", "65.181223569", "123456789012345", "0.00000000000001", ".5", "5.", "-5"] {
            #expect(text.plainDecimal != nil && text.plainDecimal == Double(text.replacingComma()), "\(text)")
        }
        // Past 15 digits, and anything but digits and one separator, strtod reads it.
        for text in ["74.99999999999999", "1234567890123456", "1,234.5", "5-", "--5", "1e3", "", "."] { #expect(text.plainDecimal == nil, "\(text)") }
    }

    /// Found by the fuzzer: a count no Int holds trapped while it was converted.
    @Test func hugeCountsAreProblemsNotCrashes() {
        let problems = failure("""
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE
            2026-04-24 09:40:00,A,51m,Squat,1,100,1e300,0,0,
            2026-04-24 09:40:00,A,51m,Plank,2,0,0,0,99999999999999999999,
            2026-04-24 09:40:00,A,51m,Plank,3,0,0,0,90000,
            """)?.problems
        #expect(problems?.map(\.line) == [2, 3, 4])
        // A count too small to read as anything but 0 is no whole number either.
        let tiny = failure("""
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE
            2026-04-24 09:40:00,A,51m,Squat,1,40,1e-400,0,0,
            2026-04-24 09:40:00,A,51m,Squat,2,40,0.0001,0,0,
            2026-04-24 09:40:00,A,51m,Squat,3,40,0,0,0,
            """)?.problems
        #expect(tiny?.map(\.message) == ["\"Reps\": not a whole number: 1e-400", "\"Reps\": not a whole number: 0.0001"], "\(tiny ?? [])")
        // Each said as the file writes it, not as the bound it was read to.
        #expect(problems?.map(\.message) == ["\"Reps\": beyond 1000: 1e300", "\"Seconds\": beyond 86400 seconds: 99999999999999999999",
                                             "\"Seconds\": beyond 86400 seconds: 90000"], "\(problems ?? [])")
        // Durations, read as the apps write them, neither trap nor overflow.
        for text in ["1e300", "99999999999999999999", "9999999999999999h", "9999999999999999m 9999999999999999s"] {
            #expect(TrackerExport.duration(text) == nil, "\(text)")
        }
    }

    @Test func theWireFormRoundTrips() throws {
        let workout = HistoryWorkout(start: try #require(LocalDateTime("2026-04-24T09:40:00")), durationSeconds: 60, title: "A", note: "n",
                                     sets: [HistorySet(exercise: "Row", kind: .drop, reps: 5, weightKg: 50, distanceM: 10, durationSeconds: 3, rpe: 7.5, note: "x", superset: "1")])
        let reader = try JSONReader(try JSONParser.parse(bytes: workout.jsonBytes), path: "w")
        #expect(try HistoryWorkout(reader: reader) == workout)
    }

    /// A set naming the exercise of the set before it in the same bytes shares its
    /// String; any other spelling is read (collapsed, checked) on its own.
    @Test func repeatedExerciseNamesReadAsTheyWouldAlone() throws {
        func workout(_ sets: String) throws -> HistoryWorkout {
            let json = #"{"start":"2026-04-24T09:40:00","sets":["# + sets + "]}"
            return try HistoryWorkout(reader: JSONReader(try JSONSlice.document(Array(json.utf8)), path: "w"))
        }
        let read = try workout(#"{"exercise":"Bench Press (Barbell)"},{"exercise":"Bench Press (Barbell)"},{"exercise":"Bench  Press (Barbell)"},"#
            + #"{"exercise":"Bench Press (Barbell)"},{"exercise":"\u0042ench Press (Barbell)"},{"exercise":" Bench Press (Barbell)"},"#
            + #"{"exercise":"Row"},{"exercise":"Row","kind":"drop"},{"exercise":"Row\t"}"#)
        #expect(read.sets.map(\.exercise) == Array(repeating: "Bench Press (Barbell)", count: 6) + ["Row", "Row", "Row"])
        #expect(read.sets.map(\.kind) == Array(repeating: .normal, count: 7) + [.drop, .normal])
        // Kinds: a plain "normal" is told from its bytes; any other spelling is read.
        let kinds = try workout(#"{"exercise":"Row","kind":"normal"},{"exercise":"Row","kind":"norm\u0061l"},{"exercise":"Row","kind":"warmup"},"#
            + #"{"exercise":"Row","kind":null},{"exercise":"Row","kind":"failure"}"#)
        #expect(kinds.sets.map(\.kind) == [.normal, .normal, .warmup, .normal, .failure])
        #expect(throws: JSONReadError(path: "w.sets[1].kind", expected: "one of normal, warmup, drop, failure")) {
            try workout(#"{"exercise":"Row","kind":"normal"},{"exercise":"Row","kind":"Normal"}"#)
        }
        #expect(throws: JSONReadError(path: "w.sets[0].kind", expected: "a string or null")) {
            try workout(#"{"exercise":"Row","kind":1}"#)
        }
        // A name that differs from the one before is checked whole.
        let long = String(repeating: "x", count: SessionLimits.exerciseNameLength + 1)
        #expect(throws: JSONReadError(path: "w.sets[1].exercise", expected: "at most \(SessionLimits.exerciseNameLength) characters")) {
            try workout(#"{"exercise":"x"},{"exercise":"\#(long)"}"#)
        }
        #expect(throws: JSONReadError(path: "w.sets[1].exercise", expected: "a text of 1 to \(SessionLimits.exerciseNameLength) characters")) {
            try workout(#"{"exercise":"Row"},{"exercise":null}"#)
        }
        #expect(throws: JSONReadError(path: "w.sets[1].exercise", expected: "a string or null")) {
            try workout(#"{"exercise":"Row"},{"exercise":["Row"]}"#)
        }
    }
}

@Suite struct HistoryByteBoundTests {
    @Test func theBoundIsNeverBelowTheEncodedSize() {
        var generator = SplitMix(seed: 14)
        let texts = ["Squat", "Bench \"Press\"", "back\\slash", "tab\tand\u{1}ctrl", "Überkopfdrücken", String(repeating: "\u{2}", count: 40), ""]
        for _ in 0..<500 {
            let sets = (0..<Int(generator.next() % 12)).map { index in
                HistorySet(exercise: texts[index % texts.count], kind: index % 5 == 0 ? .failure : .normal, reps: index % 7 == 0 ? nil : Int(generator.next() % 1000),
                           weightKg: Double(generator.next() % 1_000_000) / 1000 + 1e-7, distanceM: index % 3 == 0 ? 1234.5678901234 : nil,
                           durationSeconds: index % 2 == 0 ? Int(generator.next() % 86_400) : nil, rpe: index % 3 == 1 ? 7.5 : nil,
                           note: index % 2 == 0 ? texts[Int(generator.next() % UInt64(texts.count))] : nil, superset: index % 4 == 0 ? "A" : nil)
            }
            let workout = HistoryWorkout(start: LocalDateTime(date: LocalDate(daysSinceEpoch: 20_000), secondOfDay: 3_599), durationSeconds: 86_399,
                                         title: texts[Int(generator.next() % UInt64(texts.count))], note: "n\"o\"te", rpe: 9.5, sets: sets)
            // As a chunk carries it: absent members left out.
            var writer = JSONWriter()
            writer.omitsAbsentMembers = true
            writer.value(workout)
            #expect(workout.encodedByteBound >= writer.byteCount)
            #expect(workout.encodedByteBound < writer.byteCount + 200 + 120 * sets.count, "close enough to fill chunks")
        }
    }

    /// The texts a file repeats (its rows' dates) are read once each while they are
    /// among the latest kept, and no more than `capacity` are kept however many
    /// distinct ones a file holds: a million distinct dates kept a million.
    @Test func repeatedTextsAreReadOnceAndKeptWithinABound() {
        var texts = RepeatedTexts<Int>()
        var reads = 0
        let read = { (text: String) -> Int? in reads += 1; return Int(text) }
        for round in 0..<3 {
            for value in [7, 8, 7, 9, 8, 7] { #expect(texts.value(of: String(value), reading: read) == value, "round \(round)") }
        }
        #expect(reads == 3, "7, 8 and 9 read once each")
        let distinct = 3 * RepeatedTexts<Int>.capacity
        for value in 1000..<(1000 + distinct) {
            #expect(texts.value(of: String(value), reading: read) == value)
            #expect(texts.count <= RepeatedTexts<Int>.capacity)
        }
        #expect(reads == 3 + distinct)
        #expect(texts.value(of: "x", reading: read) == nil && texts.value(of: "x", reading: read) == nil)
    }
}
