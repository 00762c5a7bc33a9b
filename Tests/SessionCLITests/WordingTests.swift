@testable import SessionCore
import ArgumentParsing
import SessionRPC
import JSON
import Testing
@testable import SessionCLI

/// What sessionctl prints for a person: counts agree with their nouns, one duration
/// format, and the daemon's names in a person's words.
@Suite struct WordingTests {
    @Test func countsAgreeWithTheirNouns() {
        #expect(plural(1, "set") == "1 set")
        #expect(plural(0, "set") == "0 sets")
        #expect(plural(12, "daily value") == "12 daily values")
        #expect(plural(12_340, "set") == "12,340 sets" && plural(-1, "set") == "-1 sets")
        #expect(plural(1, "entry", "entries") == "1 entry" && plural(2, "entry", "entries") == "2 entries")
    }

    /// Weights to 0.1 of the unit, but whole quarters as they are: a micro plate's
    /// 1.25 kg is not 1.3.
    @Test func weightsKeepTheirQuartersAndRoundTheRestToATenth() {
        for (kilograms, kg, lb) in [(1.25, "1.25", "2.75"), (61.25, "61.25", "135"), (24.95, "25", "55"), (102.06, "102.1", "225"),
                                    (100, "100", "220.5"), (0.75, "0.75", "1.7"), (2.5, "2.5", "5.5")] {
            #expect(WeightUnit.kg.number(kilograms) == kg && WeightUnit.lb.number(kilograms) == lb,
                    "\(kilograms): \(WeightUnit.kg.number(kilograms)) kg, \(WeightUnit.lb.number(kilograms)) lb")
        }
        #expect(WeightUnit.lb.number(WeightUnit.lb.kilograms(2.25)) == "2.25", "a quarter pound typed is shown as typed")
        // With its unit, thousands are grouped as every count is.
        #expect(WeightUnit.kg.text(4290) == "4,290 kg" && WeightUnit.kg.text(1012.5) == "1,012.5 kg" && WeightUnit.kg.text(999) == "999 kg")
        #expect(WeightUnit.lb.text(1000) == "2,204.6 lb" && WeightUnit.kg.text(-1500) == "-1,500 kg")
    }

    /// A session's length (plan export --duration, --remind) as people say one: a bare
    /// number is minutes, H:MM hours and minutes, and the words an export writes.
    @Test func aLengthOfASessionReadsAsPeopleSayIt() throws {
        for (text, minutes) in [("75", 75), ("1:15", 75), ("45m", 45), ("1h 15m", 75), ("2h", 120), ("0:30", 30)] {
            #expect(try OptionValue<Int>.minutes.read(text, as: "--duration") == minutes, "\(text)")
        }
        for text in ["-5m", "0", "25:00", "1:5", "soon", "99999999999999999999"] {
            #expect(throws: (any Error).self, "\(text)") { try OptionValue<Int>.minutes.read(text, as: "--duration") }
        }
    }

    /// A set's numbers as log and show say them: a load as reps × weight, assistance
    /// as taken off, and no load (none, or bw's 0) as reps alone.
    @Test func aSetWithoutALoadIsItsRepsAlone() {
        #expect(SessionFormatter.setText(reps: 5, weightKg: 100, durationSeconds: nil, unit: .kg) == "5 × 100 kg")
        #expect(SessionFormatter.setText(reps: 5, weightKg: 0, durationSeconds: nil, unit: .kg) == "5 reps")
        #expect(SessionFormatter.setText(reps: 1, weightKg: nil, durationSeconds: nil, unit: .kg) == "1 rep")
        #expect(SessionFormatter.setText(reps: 8, weightKg: -20, durationSeconds: nil, unit: .kg) == "8 reps, 20 kg assisted")
        // Of a lift that counts body mass, a weight is the load added to the body.
        #expect(SessionFormatter.setText(reps: 6, weightKg: 10, durationSeconds: nil, unit: .kg, countsBodyMass: true) == "6 reps, +10 kg")
        #expect(SessionFormatter.setText(reps: nil, weightKg: 0, durationSeconds: 45, unit: .kg) == "45s", "a timed set without a load")
    }

    /// m:ss under an hour, h:mm:ss from an hour on, worked out here from the seconds.
    @Test func oneDurationFormat() {
        for seconds in [0, 35, 59, 60, 754, 3599, 3600, 3909, 36_000, 86_399] {
            let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
            let expected = h == 0 ? "\(m):" + (s < 10 ? "0" : "") + "\(s)"
                : "\(h):" + (m < 10 ? "0" : "") + "\(m):" + (s < 10 ? "0" : "") + "\(s)"
            #expect(Wording.duration(seconds) == expected, "\(seconds)")
        }
        #expect(Wording.duration(35) == "0:35" && Wording.duration(3909) == "1:05:09")
        #expect(Wording.timeOfDay(18 * 3600 + 5 * 60 + 59) == "18:05" && Wording.timeOfDay(7 * 3600) == "07:00")
    }

    @Test func statusFinishAndHistorySayADurationAlike() {
        let console = Console(capturing: false)
        let formatter = SessionFormatter(console: console)
        var session = SessionSnapshot()
        session.title = "Legs"
        session.date = "2026-11-30"
        session.durationSeconds = 35
        session.sets = 1
        formatter.printStatus(session)
        var finished = SessionFinish.Result()
        finished.title = "Legs"
        finished.durationSeconds = 35
        finished.sets = 1
        finished.startedAt = "2026-11-30T18:00:00.000+01:00"
        finished.endedAt = "2026-11-30T18:00:35.000+01:00"
        formatter.printFinished(finished)
        formatter.printHistory([SessionList.Listing {
            $0.sessionID = 7
            $0.date = "2026-11-30"
            $0.title = "Legs"
            $0.state = .finished
            $0.startedAt = ""
            $0.durationSeconds = 35
            $0.sets = 1
            $0.volumeKg = 0
        }])
        let lines = console.capturedOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines[0] == "Legs · 2026-11-30 · running 0:35 · 1 set · 0 kg", "\(lines[0])")
        #expect(lines[1] == "Legs finished · 0:35 · 1 set · 0 kg volume", "\(lines[1])")
        #expect(lines[2].contains("  Legs     0:35     1 set") && !lines[2].contains("0:00:35"), "\(lines[2])")
        // The watch's session.finished says the same duration.
        let event = try? JSONParser.parse(bytes: finished.jsonBytes)
        let watched = event.map { RemoteCommands.describe(event: $0, type: "session.finished") } ?? ""
        #expect(watched.hasSuffix("session.finished  0:35 · 1 set · 0 kg"), "\(watched)")
    }

    /// Each record kind the wire names is said in words, each its own, never as the
    /// wire spells it.
    @Test func recordKindsInWords() {
        let words = RecordKinds.names.map(Wording.record)
        for (name, word) in zip(RecordKinds.names, words) {
            #expect(word != name && !word.contains(where: \.isUppercase) || word.hasSuffix("e1RM"), "\(name): \(word)")
        }
        #expect(Set(words).count == words.count, "\(words)")
        #expect(RecordKinds([.oneRepMax, .weight, .setVolume]).names.map(Wording.record) == ["best e1RM", "heaviest weight", "best set volume"])
    }

    @Test func healthTypesAndValuesInWords() {
        for type in HealthType.allCases {
            let name = Wording.health(type)
            #expect(name == type.rawValue ? type == .steps : !name.hasSuffix("Kg") && !name.hasSuffix("Cm") && !name.hasSuffix("Hours"), "\(type): \(name)")
        }
        #expect(Wording.health(.sleepHours) == "sleep" && Wording.health(7.5, of: .sleepHours, units: .kg) == "7.5 h")
        #expect(Wording.health(.bodyMassKg) == "body mass" && Wording.health(80, of: .bodyMassKg, units: .lb) == WeightUnit.lb.text(80))
        #expect(Wording.health(82, of: .waistCm, units: .lb) == Length.text(82, inches: true))
        #expect(Wording.health(9000, of: .steps, units: .kg) == "9,000" && Wording.health(18.25, of: .bodyFatPercent, units: .kg) == "18.25%")
    }

    @Test func setKindsInWords() {
        #expect(Wording.setKind(.normal) == nil)
        #expect(SetKind.allCases.compactMap(Wording.setKind) == ["warm-up", "drop set", "to failure"])
        var result = SessionLog.Result()
        result.exercise = "Row"
        result.kind = .drop
        result.reps = 1
        result.plannedExerciseID = 1
        result.progress.loggedSets = 3
        result.progress.plannedSets = 3
        #expect(SessionFormatter(console: Console(capturing: false)).logged(result, session: nil).set == "Row · set 3/3 · drop set · 1 rep")
    }
}

/// The import's lines count the same exercises: the first line's number is the sum of
/// what the names line says came from the catalog and of one's own.
@Suite struct ImportFormatterTests {
    /// A finished import's result as the daemon sends it.
    static func result(dryRun: Bool, _ counts: HistoryCounts, skipped: Int, names: [HistoryImport.Name]) -> HistoryImport.Result {
        HistoryImport.Result {
            $0.importID = "i"
            $0.staged = 1
            $0.done = true
            $0.dryRun = dryRun
            $0.imported = counts
            $0.skipped = skipped
            $0.names = names
        }
    }

    @Test func theFirstLineAndTheNamesLineCountTheSameExercises() {
        // Three spellings of one catalog lift, one of another, two names of one's own
        // that differ only in case, and one more of one's own.
        let names = [("Squat (Barbell)", "Back Squat"), ("Back Squat", "Back Squat"), ("back squat", "Back Squat"), ("Leg Press", "Leg Press"),
                     ("Sled Drag", nil), ("sled drag", nil), ("Tyre Flip", nil)].map { pair in HistoryImport.Name { $0.name = pair.0; $0.exercise = pair.1 } }
        var counts = HistoryCounts()
        counts.workouts = 1
        counts.sets = 9
        counts.warmups = 1
        counts.exercises = Set(names.map(\.name.exerciseKey)).count
        let result = Self.result(dryRun: false, counts, skipped: 0, names: names)
        let console = Console(capturing: false)
        let formatter = ImportFormatter(console: console)
        formatter.printCounts(result, from: "strong", dryRun: false)
        formatter.printNames(result.names, all: false)
        let lines = console.capturedOutput.split(separator: "\n").map(String.init)
        // Worked out from the list: Back Squat and Leg Press; sled drag and tyre flip.
        let catalog = Set(names.compactMap { $0.exercise }).count
        let own = Set(names.filter { $0.exercise == nil }.map(\.name.exerciseKey)).count
        #expect(lines.first == "imported 1 workout from strong: 9 sets (1 warm-up), \(catalog + own) exercises", "\(lines)")
        #expect(lines.count > 1 && lines[1] == "exercises: \(catalog) from the catalog (\(names.count - 3) names as written), \(own) of your own", "\(lines)")
    }

    @Test func oneOfEachReadsInTheSingular() {
        var counts = HistoryCounts()
        counts.workouts = 1
        counts.sets = 1
        counts.exercises = 1
        let result = Self.result(dryRun: true, counts, skipped: 1, names: [HistoryImport.Name { $0.name = "Row"; $0.exercise = "Row" }])
        let console = Console(capturing: false)
        ImportFormatter(console: console).printCounts(result, from: "hevy", dryRun: true)
        ImportFormatter(console: console).printNames(result.names, all: true)
        #expect(console.capturedOutput == "would import 1 workout from hevy: 1 set, 1 exercise\n1 workout already stored, skipped\nexercises: 1 from the catalog\n")
    }
}
