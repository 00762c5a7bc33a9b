import ArgumentParsing
import SessionCore
import SessionSystem
import Testing
@testable import SessionCLI

@Suite struct LogArgumentsTests {
    @Test func readsPositionsNamesAndQuantities() throws {
        #expect(try LogArguments(["2", "10", "24"]) == LogArguments.make(.position(2), reps: 10, weight: 24, written: .repsThenWeight(reps: 10, weight: "24")))
        #expect(try LogArguments(["squat"]) == LogArguments.make(.name("squat")))
        #expect(try LogArguments(["plank", "45s"]) == LogArguments.make(.name("plank"), seconds: 45))
        #expect(try LogArguments(["goblet", "squat", "10", "24kg"]) == LogArguments.make(.name("goblet squat"), reps: 10, weight: 24))
        #expect(try LogArguments(["row", "8", "55lb"]) == LogArguments.make(.name("row"), reps: 8, weight: 24.95))
        #expect(try LogArguments(["row", "8x50kg"]) == LogArguments.make(.name("row"), reps: 8, weight: 50, plain: false), "a weight with its unit is no rep count")
        #expect(try LogArguments(["row", "8@50"]) == LogArguments.make(.name("row"), reps: 8, weight: 50, plain: false))
        #expect(try LogArguments(["hang", "1:30"]) == LogArguments.make(.name("hang"), seconds: 90))
    }

    @Test func aUnitMayStandApartFromItsNumber() throws {
        #expect(try LogArguments(["1", "10", "24", "kg"]) == LogArguments.make(.position(1), reps: 10, weight: 24))
        #expect(try LogArguments(["row", "8", "55", "LB"]) == LogArguments.make(.name("row"), reps: 8, weight: 24.95))
        #expect(try LogArguments(["plank", "45", "s"]) == LogArguments.make(.name("plank"), seconds: 45))
        #expect(try LogArguments(["hang", "2", "min", "10", "kg"]) == LogArguments.make(.name("hang"), seconds: 120, weight: 10))
        #expect(throws: UsageError.self) { try LogArguments(["row", "8", "55", "stones"]) }
    }

    /// Only a plain number is sent as `count` (seconds for what the plan times).
    @Test func onlyAPlainNumberIsACount() throws {
        #expect(try LogArguments(["plank", "45"]).countIsPlain)
        #expect(try LogArguments(["plank", "45", "10"]).countIsPlain)
        #expect(try !LogArguments(["plank", "45s"]).countIsPlain, "already a time")
        #expect(try !LogArguments(["carry", "3x20"]).countIsPlain, "3x20 says reps")
        #expect(try !LogArguments(["row", "8@60"]).countIsPlain)
    }

    @Test func setsTimesRepsAsStrongAndHevyWriteThem() throws {
        #expect(try LogArguments(["deadlift", "3x5"]) == LogArguments.make(.name("deadlift"), reps: 5, plain: false, sets: 3, written: .setsTimesReps(sets: 3, reps: 5)))
        #expect(try LogArguments(["squat", "3x5x100"]) == LogArguments.make(.name("squat"), reps: 5, weight: 100, plain: false, sets: 3))
        #expect(try LogArguments(["squat", "4×8@60kg"]) == LogArguments.make(.name("squat"), reps: 8, weight: 60, plain: false, sets: 4))
        #expect(try LogArguments(["1", "3X10"]) == LogArguments.make(.position(1), reps: 10, plain: false, sets: 3, written: .setsTimesReps(sets: 3, reps: 10)))
        // No one logs 30 sets at once: 30x5 is weight × reps, as Strong writes a set.
        #expect(try LogArguments(["squat", "30x5"]) == LogArguments.make(.name("squat"), reps: 5, weight: 30, plain: false, weightFirst: true))
        #expect(try LogArguments(["squat", "20x5"]) == LogArguments.make(.name("squat"), reps: 5, plain: false, sets: 20, written: .setsTimesReps(sets: 20, reps: 5)))
        #expect(throws: UsageError.self) { try LogArguments(["squat", "30x5@100"]) }
        #expect(throws: UsageError.self) { try LogArguments(["squat", "3x5", "100"]) }
    }

    @Test func aWordThatIsNoQuantityAfterTheNameIsAUsageError() {
        for words in [["deadlift", "five", "140"], ["deadlift", "1m30s"], ["deadlift", "x5"], ["squat", "3x5x100x2"], ["row", "5", "20", "junk"]] {
            do {
                _ = try LogArguments(words)
                Issue.record("accepted \(words)")
            } catch {
                #expect(error.message.contains("cannot read") && error.message.contains("SETSxREPS"), "\(words): \(error.message)")
            }
        }
    }

    @Test func refusesWhatItCannotRead() {
        #expect(throws: UsageError.self) { try LogArguments([]) }
        #expect(throws: UsageError.self) { try LogArguments(["row", "5", "heavy"]) }
        #expect(throws: UsageError.self) { try LogArguments(["row", "5", "20", "30"]) }
        #expect(throws: UsageError.self) { try LogArguments(["row", "21x5@100"]) }
    }

    /// The numbers of a set are bounded by `session.log`'s contract, checked before
    /// anything is sent (no daemon runs here), and named by log's words.
    @Test func theContractBoundsASetsNumbersAndLogNamesThemByItsWords() {
        let reps = "from \(SessionLimits.reps.lowerBound) to \(SessionLimits.reps.upperBound), got "
        let weight = "from \(Int(SessionLimits.loggedWeightKg.lowerBound)) to \(Int(SessionLimits.loggedWeightKg.upperBound)), got "
        let bounds: [(words: [String], name: String, says: String)] = [
            (["0"], "EXERCISE", "from 1 to \(PlanLimits.exercisesInADay), got 0"),
            (["row", "1001"], "REPS", reps + "1001"), (["row", "5x1001"], "REPS", reps + "1001"),
            (["row", "5", "2000"], "WEIGHT", weight + "2000"),
            (["row", "5", "2500lb"], "WEIGHT", weight + "1133.9"),  // 2500 × 0.45359237 kg
            (["dip", "5", "-600"], "WEIGHT", weight + "-600"),
            (["plank", "25h"], "REPS", "from 0 to \(SessionLimits.durationSeconds.upperBound), got 90000"),
            (["row", "5", "--rpe", "11"], "--rpe", "from 1 to 10, got 11"),
        ]
        for (words, name, says) in bounds {
            let console = Console(capturing: false)
            let status = SessionCtl.run(["log"] + words, context: CommandContext(console: console, environment: ["SESSIOND_SOCKET": "/nonexistent/sessiond.sock"]))
            #expect(status == ExitStatus.usage, "\(words): \(console.capturedError)")
            #expect(console.capturedError.hasPrefix("sessionctl: \(name): must be") && console.capturedError.contains(says), "\(words): \(console.capturedError)")
        }
    }
}

extension LogArguments {
    /// `reps` is a plain count unless `plain` says otherwise (only "10x24" is not).
    static func make(_ exercise: Exercise, reps: Int? = nil, seconds: Int? = nil, weight: Double? = nil, plain: Bool? = nil, sets: Int = 1,
                     written: WrittenSet.Written = .other, weightFirst: Bool = false) -> LogArguments {
        LogArguments(exercise: exercise, numbers: WrittenSet(sets: sets, reps: reps, durationSeconds: seconds, weightKg: weight, countIsPlain: plain ?? (reps != nil),
                                                             written: written, weightFirst: weightFirst))
    }
}

/// The one reading of a set, over a table of the forms people type: each row the words
/// after the exercise and what they are.
@Suite struct SetNotationTests {
    struct Row {
        let words: [String]
        var sets = 1
        var reps: Int?
        var seconds: Int?
        var weight: Double?
        var plain = false
        var weightFirst = false
    }

    static let table: [Row] = [
        Row(words: ["8"], reps: 8, plain: true),
        Row(words: ["45s"], seconds: 45),
        Row(words: ["1:30"], seconds: 90),
        Row(words: ["2min"], seconds: 120),
        Row(words: ["3x45s"], sets: 3, seconds: 45),
        Row(words: ["3X1:30"], sets: 3, seconds: 90),
        Row(words: ["3x45s@10"], sets: 3, seconds: 45, weight: 10),
        Row(words: ["10", "24"], reps: 10, weight: 24, plain: true),
        Row(words: ["12", "7,5"], reps: 12, weight: 7.5, plain: true),
        Row(words: ["12", "7.5kg"], reps: 12, weight: 7.5, plain: true),
        Row(words: ["12", "7,5", "kg"], reps: 12, weight: 7.5, plain: true),
        Row(words: ["3x5@72,5"], sets: 3, reps: 5, weight: 72.5),
        Row(words: ["6", "+5"], reps: 6, weight: 5, plain: true),
        Row(words: ["6", "+5kg"], reps: 6, weight: 5, plain: true),
        Row(words: ["6", "+5", "kg"], reps: 6, weight: 5, plain: true),
        Row(words: ["6", "+2,5"], reps: 6, weight: 2.5, plain: true),
        Row(words: ["8", "-20"], reps: 8, weight: -20, plain: true),
        Row(words: ["8", "−20kg"], reps: 8, weight: -20, plain: true),
        Row(words: ["8", "bw"], reps: 8, weight: 0, plain: true),
        Row(words: ["8", "BW"], reps: 8, weight: 0, plain: true),
        Row(words: ["3x8@+10"], sets: 3, reps: 8, weight: 10),
        Row(words: ["3x8@-20"], sets: 3, reps: 8, weight: -20),
        Row(words: ["3x8x-20"], sets: 3, reps: 8, weight: -20),
        Row(words: ["8x+10"], reps: 8, weight: 10),
        Row(words: ["8xbw"], reps: 8, weight: 0),
        Row(words: ["6@+5"], reps: 6, weight: 5),
        Row(words: ["8x60kg"], reps: 8, weight: 60),
        Row(words: ["3x5"], sets: 3, reps: 5),
        Row(words: ["3x5x100"], sets: 3, reps: 5, weight: 100),
        Row(words: ["85x5"], reps: 5, weight: 85, weightFirst: true),
        Row(words: ["72,5x5"], reps: 5, weight: 72.5, weightFirst: true),
        Row(words: ["8", "55lb"], reps: 8, weight: 24.95, plain: true),
    ]

    @Test(arguments: table) func readsEachForm(_ row: Row) throws {
        let set = try SetNotation.read(row.words, unit: .kg)
        #expect(set.sets == row.sets && set.reps == row.reps && set.durationSeconds == row.seconds, "\(row.words): \(set)")
        #expect(set.weightKg == row.weight && set.countIsPlain == row.plain && set.weightFirst == row.weightFirst, "\(row.words): \(set)")
        // After a name, log reads the same words the same way.
        let logged = try LogArguments(["pull-up"] + row.words)
        #expect(logged.exercise == .name("pull-up") && logged.numbers == set, "\(row.words)")
    }

    @Test func aBareWeightIsInThePersonsUnit() throws {
        #expect(try SetNotation.read(["5", "+10"], unit: .lb).weightKg == 4.54, "10 lb, to 0.01 kg")
        #expect(try SetNotation.read(["5", "-20kg"], unit: .lb).weightKg == -20)
    }

    @Test func refusesWhatIsNoSet() {
        for words in [["5", "+"], ["5", "-"], ["5", "+bw"], ["5", "--5"], ["5", "7,,5"], ["x5"], ["3x5", "+5"], ["21x5@100"], ["3x5@"], ["5", "+5", "6"]] {
            #expect(throws: UsageError.self, "\(words)") { try SetNotation.read(words, unit: .kg) }
        }
    }

    /// A decimal comma is no separator of track's exercises; any other comma is.
    @Test func trackSplitsAtCommasButNotDecimalOnes() {
        #expect(SessionCommands.trackParts(["fly", "12", "7,5,", "plank", "3x45s"]) == [["fly", "12", "7,5"], ["plank", "3x45s"]])
        #expect(SessionCommands.trackParts(["row", "3x8x60,plank", "45s", ",", "dip", "8", "-20"]) == [["row", "3x8x60"], ["plank", "45s"], ["dip", "8", "-20"]])
        #expect(SessionCommands.trackParts(["squat", "5", "100,", "5", "100"]) == [["squat", "5", "100"], ["5", "100"]], "a comma then a space parts them")
    }
}

@Suite struct HumanTimeTests {
    let clock = LocalClock()

    @Test func timesOfDayAreSentWithoutAnOffsetForTheDaemonsZone() throws {
        let today = clock.today()
        #expect(HumanTime.read("18:05", clock: clock)?.text == "\(today)T18:05:00")
        #expect(HumanTime.read("yesterday 06:30", clock: clock)?.text == "\(today.adding(days: -1))T06:30:00")
        #expect(HumanTime.read("2026-11-30 18:05", clock: clock)?.text == "2026-11-30T18:05:00")
        #expect(HumanTime.read("2026-11-30T18:05:00+01:00", clock: clock)?.text == "2026-11-30T18:05:00+01:00", "RFC 3339 as given")
    }

    @Test func agoIsAnInstant() throws {
        let before = clock.nowMs()
        let time = try #require(HumanTime.read("-1h30m", clock: clock))
        #expect(abs(before - 5_400_000 - time.ms) < 5_000)
        #expect(RFC3339.parse(time.text) == time.ms, "sent with its offset")
        #expect(HumanTime.ago("10m") == 600 && HumanTime.ago("90s") == 90 && HumanTime.ago("2min") == 120)
        // A hundred years at the most: more is no time, never an overflow.
        #expect(HumanTime.ago("878400h") == HumanTime.longestAgo && HumanTime.ago("878401h") == nil)
        for text in ["100000000000000h", "3000000000000000000s", "1h9223372036854775807s", "9223372036854775807m", "99999999h"] {
            #expect(HumanTime.ago(text) == nil && HumanTime.read("-" + text, clock: clock) == nil, "\(text)")
        }
    }

    /// A command aimed at a session reads a time of day alone on the session's day; one
    /// before the start is the next day's only when the session went on past midnight.
    @Test func aTimeOfDayAloneIsOnTheSessionsDay() throws {
        let day = try #require(LocalDate("2026-11-27"))
        #expect(HumanTime.read("07:05", clock: clock, on: day)?.text == "2026-11-27T07:05:00")
        #expect(HumanTime.read("yesterday 07:05", clock: clock, on: day)?.text == "\(clock.today().adding(days: -1))T07:05:00", "a day written wins")
        #expect(HumanTime.isTimeOfDay("07:05") && HumanTime.isTimeOfDay(" 7:05:30 "))
        for text in ["yesterday 07:05", "2026-11-27 07:05", "2026-11-27T07:05:00Z", "-10m", "soon"] {
            #expect(!HumanTime.isTimeOfDay(text), "\(text)")
        }
        let start = try #require(LocalDateTime("2026-11-27T23:30"))
        let past = try #require(LocalDateTime("2026-11-28T00:40"))
        let today = try #require(LocalDate("2026-12-05"))
        #expect(HumanTime.day(ofTimeOfDay: "23:45", start: start, end: past, today: today) == day)
        #expect(HumanTime.day(ofTimeOfDay: "00:10", start: start, end: past, today: today) == day.adding(days: 1), "past midnight")
        let beforeMidnight = try #require(LocalDateTime("2026-11-27T23:59"))
        #expect(HumanTime.day(ofTimeOfDay: "00:10", start: start, end: beforeMidnight, today: today) == day,
                "a session that ended before midnight: the time stays on its day (and is refused there)")
        #expect(HumanTime.day(ofTimeOfDay: "00:10", start: start, end: nil, today: today) == day.adding(days: 1), "still going")
        #expect(HumanTime.day(ofTimeOfDay: "07:00", start: start, end: nil, today: day) == day, "started today: today")
    }

    @Test func refusesWhatIsNoTime() {
        for text in ["soon", "25:00", "-", "-10x", "yesterday", "tomorrowish 10:00", "-0m"] {
            #expect(HumanTime.read(text, clock: clock) == nil, "\(text)")
        }
    }
}
