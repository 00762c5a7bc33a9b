import ArgumentParsing
import Foundation
import JSON
import SessionCore
import Testing
import TestSupport

@testable import SessionCLI

/// Weights given as options (`edit --weight`, `plan set --weight`, `profile --weights`,
/// `plates --bar` and `--plates`) are typed: the text is checked with the arguments,
/// whatever the units, and weighed where the command runs, a bare number in the
/// person's units (SESSIOND_UNITS). A bad one is a usage error naming the option; a
/// positional WEIGHT keeps its own name.
@Suite struct WeightOptionTests {
    static let pounds = ["SESSIOND_UNITS": "lb"]
    static let weightWords = "must be kilograms or pounds such as 24, 24kg, 7,5 or 55lb"
    /// A set's load as edit and log read it.
    static let loadWords = weightWords + " (+5 added to the body, -20 assisted, bw)"

    /// Pounds typed, in kilograms to 0.01 kg, worked out from the pound's definition.
    static func kilograms(pounds: Double) -> Double { (pounds * 0.45359237 * 100).rounded() / 100 }

    /// A daemon with one set logged: squat, 5 × 100 kg, set 1.
    func daemonWithASet() throws -> InProcessDaemon {
        let daemon = try InProcessDaemon()
        #expect(try daemon.ctl(["start"]).status == 0)
        #expect(try daemon.ctl(["log", "--new", "squat", "5", "100"]).status == 0)
        return daemon
    }

    /// The weight set 1 holds now, as the daemon tells it.
    func storedWeight(_ daemon: InProcessDaemon) throws -> JSONValue? {
        let client = try daemon.client()
        let current = try client.call("session.current")
        return try client.call("session.get", .obj(["sessionId": current["sessionId"] ?? .null]))["sets"]?[0]?["weightKg"]
    }

    @Test func editReadsItsWeightInThePersonsUnits() throws {
        let daemon = try daemonWithASet()
        defer { daemon.cleanUp() }
        let cases: [([String], [String: String], Double)] = [
            (["--weight", "102.5"], [:], 102.5),
            (["--weight", "7,5"], [:], 7.5),
            (["--weight", "225lb"], [:], Self.kilograms(pounds: 225)),
            (["--weight=60 kg"], Self.pounds, 60),
            (["--weight", "135"], Self.pounds, Self.kilograms(pounds: 135)),
            (["--weight", "24,5"], Self.pounds, Self.kilograms(pounds: 24.5)),
            (["5", "24,5"], [:], 24.5),
            (["5", "100"], Self.pounds, Self.kilograms(pounds: 100)),
        ]
        for (words, environment, kilograms) in cases {
            // --yes: the weights jump between cases as no lifter's would.
            let run = try daemon.ctl(["--json", "edit", "1", "--yes"] + words, environment: environment)
            #expect(run.status == 0, "\(words) \(environment): \(run.stderr)")
            #expect(try JSONParser.parse(run.stdout)["weightKg"] == .number(kilograms), "\(words) \(environment): \(run.stdout)")
            #expect(try storedWeight(daemon) == .number(kilograms), "\(words) \(environment)")
        }
    }

    @Test func aBadValueIsRefusedNamingWhereItWasGivenBeforeAnythingIsSent() throws {
        let daemon = try daemonWithASet()
        defer { daemon.cleanUp() }
        let reps = "must be a whole number from \(SessionLimits.reps.lowerBound) to \(SessionLimits.reps.upperBound)"
        let cases: [(arguments: [String], usage: String, message: String)] = [
            (["edit", "1", "--weight", "heavy"], "edit", "--weight \(Self.loadWords), got \"heavy\""),
            // A load below zero reads (assistance), and the daemon refuses it for a squat.
            (["edit", "1", "--weight=-5"], "edit", "--weight: Back Squat: a load below zero"),
            (["edit", "1", "5", "-5"], "edit", "WEIGHT: Back Squat: a load below zero"),
            (["edit", "1", "--weight", "5 stone"], "edit", "--weight \(Self.loadWords), got \"5 stone\""),
            (["edit", "1", "5", "heavy"], "edit", "WEIGHT \(Self.loadWords), got \"heavy\""),
            (["edit", "1", "--reps", "\(SessionLimits.reps.upperBound + 1)"], "edit", "--reps \(reps), got \"\(SessionLimits.reps.upperBound + 1)\""),
            (["edit", "1", "five"], "edit", "REPS \(reps), got \"five\""),
            (["profile", "--weights", "10, heavy,20"], "profile", "--weights takes weights such as 10, 12.5kg or 45lb, got \"heavy\""),
            (["profile", "--weights", "10,0"], "profile", "--weights takes weights such as 10, 12.5kg or 45lb, got \"0\""),
            (["plates", "100", "--bar", "heavy"], "plates", "--bar \(Self.weightWords), got \"heavy\""),
            (["plates", "heavy"], "plates", "WEIGHT \(Self.weightWords), got \"heavy\""),
            (["plates", "100", "--plates", "10,5x"], "plates",
             "--plates needs plate sizes such as 20,10,5,2.5 (in your units, or each with kg or lb), got \"5x\""),
            // Past what a set carries: refused, never trapped on.
            (["plates", "99999999999999999"], "plates", "WEIGHT must be at most 1000 kg (2204.62 lb), got 1e+17"),
            (["plates", "3000lb"], "plates", "WEIGHT must be at most 1000 kg (2204.62 lb), got 3000 lb"),
            (["plates", "100", "--bar", "99999999999999999999"], "plates", "--bar must be at most 1000 kg (2204.62 lb), got 1e+20"),
            (["plates", "100", "--plates", "20,99999999999999999"], "plates", "--plates must be at most 1000 kg (2204.62 lb), got 1e+17"),
            (["plates", "100", "--plates", "10,,5"], "plates",
             "--plates needs plate sizes such as 20,10,5,2.5 (in your units, or each with kg or lb), got \"10,,5\""),
            (["exercise", "add", "Sled", "Push", "--muscles", "quads,wings"], "exercise add",
             "--muscles must be muscle groups, comma-separated, of \(MuscleGroup.allCases.map(\.rawValue).joined(separator: ", ")), got \"wings\""),
            (["exercise", "add", "Sled", "Push", "--muscles", "quads", "--secondary", "tail"], "exercise add",
             "--secondary must be muscle groups, comma-separated, of \(MuscleGroup.allCases.map(\.rawValue).joined(separator: ", ")), got \"tail\""),
        ]
        for (arguments, usage, message) in cases {
            for environment in [[:], Self.pounds] {
                let run = try daemon.ctl(arguments, environment: environment)
                #expect(run.status == 2, "\(arguments): \(run.stderr)")
                // The whole line, but for the daemon's refusal, which goes on to say why.
                let line = message.hasSuffix("below zero") ? message : message + "\n"
                #expect(run.stderr.contains("sessionctl: \(line)"), "\(arguments) \(environment): \(run.stderr)")
                #expect(run.stderr.contains("Usage: sessionctl \(usage)"), "\(arguments): \(run.stderr)")
            }
        }
        #expect(try storedWeight(daemon) == 100, "the set is as logged")
        #expect(try daemon.ctl(["profile"]).stdout.contains("weights:   (none)"), "no weights were sent")
        #expect(try daemon.ctl(["exercise", "show", "Sled", "Push"]).stdout.contains("own") == false, "no exercise was added")
    }

    /// The plan edits fetch the plan they edit, but what the arguments alone show wrong
    /// is refused before that: with no daemon to reach, still a usage error (2), not an
    /// unreachable daemon (3).
    @Test func planEditsRefuseABadValueBeforeAskingTheDaemon() {
        let cases: [(arguments: [String], message: String)] = [
            (["set", "mon", "1", "--reps", "12-8"], "--reps"),
            (["set", "mon", "1", "--weight", "heavy"], "--weight"),
            (["set", "mon", "1", "--sets", "0"], "--sets"),
            (["set", "mon", "1"], "plan set needs --sets, --reps, --weight or --rest"),
            (["add", "mon", "Curl", "3x"], "the sets must read as SETSxREPS[@WEIGHT] or SETSxTIME"),
            (["add", "mon", " ", "3x10"], "NAME must be an exercise name"),
            (["swap", "mon", "1", " "], "NEW must be an exercise name"),
        ]
        for (arguments, message) in cases {
            let console = Console(capturing: false)
            let status = SessionCtl.run(["plan"] + arguments,
                                        context: CommandContext(console: console, environment: ["SESSIOND_SOCKET": "/nonexistent/sessiond.sock"]))
            #expect(status == ExitStatus.usage, "\(arguments): \(console.capturedError)")
            #expect(console.capturedError.hasPrefix("sessionctl: \(message)"), "\(arguments): \(console.capturedError)")
        }
    }

    @Test func planSetReadsItsLoadInThePersonsUnits() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        #expect(try daemon.ctl(["plan", "import", Fixtures.dumbbellPlanPath]).status == 0)
        /// Dumbbell Fly on Monday as the active plan has it.
        func fly() throws -> JSONValue? {
            let monday = try daemon.client().call("plan.get")["days"]?.arrayValue?.first { $0["day"]?.stringValue == "Monday" }
            return monday?["exercises"]?.arrayValue?.first { $0["name"] == "Dumbbell Fly" }
        }
        let cases: [([String], [String: String], Double?)] = [
            (["--weight", "7,5"], [:], 7.5),
            (["--weight", "12kg"], Self.pounds, 12),
            (["--weight", "none"], [:], nil),
            (["--weight", "11"], [:], 11),
            (["--weight", "BW"], [:], nil),
            (["--weight", "25lb"], [:], 25 * 0.45359237),
            (["--weight", "25"], Self.pounds, 25 * 0.45359237),
        ]
        for (words, environment, kilograms) in cases {
            let run = try daemon.ctl(["plan", "set", "monday", "Dumbbell Fly"] + words, environment: environment)
            #expect(run.status == 0, "\(words): \(run.stderr)")
            let stored = try fly()?["weightKg"]?.numberValue
            if let kilograms {
                // The plan keeps pounds to 0.1 kg.
                #expect(stored.map { abs($0 - kilograms) <= 0.05 } == true, "\(words) \(environment): \(stored ?? -1)")
            } else {
                #expect(stored == nil, "\(words): no load")
            }
        }
        let pounds = try daemon.ctl(["plan", "set", "monday", "Dumbbell Fly", "--weight", "25"], environment: Self.pounds)
        #expect(pounds.stdout.contains("3 × 12 @ 25 lb"), "typed pounds show as typed: \(pounds.stdout)")
        let range = try daemon.ctl(["plan", "set", "monday", "Dumbbell Fly", "--reps", "8-12"])
        #expect(range.status == 0 && range.stdout.contains("3 × 8–12"), "\(range.stdout) \(range.stderr)")
        #expect(try fly()?["reps"] == 8 && fly()?["repsMax"] == 12)
        for (option, value, words) in [
            ("--weight", "heavy", "must be kilograms or pounds such as 24, 24kg, 7,5 or 55lb (+5 added to the body, -20 assisted, none or bw: no load)"),
            ("--reps", "12-8", "must be a number, a range such as 8-12 or a time such as 45s"),
        ] {
            let refused = try daemon.ctl(["plan", "set", "monday", "Dumbbell Fly", option, value])
            #expect(refused.status == 2, "\(option) \(value): \(refused.stderr)")
            #expect(refused.stderr.contains("sessionctl: \(option) \(words), got \"\(value)\"\n"), "\(refused.stderr)")
            #expect(refused.stderr.contains("Usage: sessionctl plan set"), "\(refused.stderr)")
        }
        #expect(try fly()?["reps"] == 8, "nothing refused was stored")
    }

    @Test func profileAndPlatesReadTheirWeightsInThePersonsUnits() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let metric = try daemon.ctl(["--json", "profile", "--weights", "20kg, 12.5,45lb,10"])
        #expect(metric.status == 0, "\(metric.stderr)")
        #expect(try JSONParser.parse(metric.stdout)["weightsKg"] == .array([10, 12.5, 20, .number(Self.kilograms(pounds: 45))]), "\(metric.stdout)")
        let imperial = try daemon.ctl(["--json", "profile", "--weights", "25,10kg"], environment: Self.pounds)
        #expect(try JSONParser.parse(imperial.stdout)["weightsKg"] == .array([10, .number(Self.kilograms(pounds: 25))]), "\(imperial.stdout)")
        let equipment = try daemon.ctl(["--json", "profile", "--equipment", " dumbbells, pull-up bar,"])
        #expect(try JSONParser.parse(equipment.stdout)["equipment"] == ["dumbbells", "pull-up bar"], "items trimmed, an empty one skipped: \(equipment.stdout)")
        let cleared = try daemon.ctl(["profile", "--weights", ""])
        #expect(cleared.status == 0 && cleared.stdout.contains("weights:   (none)"), "an empty list clears them: \(cleared.stdout) \(cleared.stderr)")

        // The bar and the plates in the person's units, a decimal comma for the bar.
        let json = try JSONParser.parse(try daemon.ctl(["plates", "60", "--bar", "15,5", "--plates", "10, 5,1.25", "--json"]).stdout)
        #expect(json["barKg"] == 15.5 && json["perSideKg"] == [10, 10, 1.25] && json["totalKg"] == 58, "\(json)")
        let bar = try daemon.ctl(["plates", "135", "--bar", "20kg", "--plates", "45,10"], environment: Self.pounds)
        // 20 kg in pounds to 0.01, as plates marked in pounds count it: 44.09 lb.
        let barPounds: Double = (20 / 0.45359237 * 100).rounded() / 100
        #expect(barPounds == 44.09)
        #expect(bar.stdout.hasPrefix("134.09 lb: 44.09 lb bar + each side 45 (your plates)"), "\(bar.stdout)")
    }

    @Test func exerciseAddReadsItsMuscleLists() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let added = try daemon.ctl(["--json", "exercise", "add", "Tyre", "Flip", "Carry", "--muscles", "Quads, front-delts", "--secondary", "upper back,calves"])
        #expect(added.status == 0, "\(added.stderr)")
        let defined = try JSONParser.parse(added.stdout)
        #expect(defined["primaryMuscles"] == ["quads", "front delts"] && defined["secondaryMuscles"] == ["upper back", "calves"], "\(defined)")
    }

    /// What a text reads as is the same in either unit: the number and the unit written.
    /// Only weighing it uses the person's units.
    @Test func aWrittenWeightKeepsWhatWasWritten() {
        #expect(WrittenWeight("55lb") == WrittenWeight(number: 55, unit: .lb))
        #expect(WrittenWeight("24 KG") == WrittenWeight(number: 24, unit: .kg))
        #expect(WrittenWeight("7,5") == WrittenWeight(number: 7.5, unit: nil))
        #expect(WrittenWeight("-5") == nil && WrittenWeight("bw") == nil && WrittenWeight("5 stone") == nil && WrittenWeight("") == nil)
        #expect(WrittenWeight(load: "-20") == WrittenWeight(number: -20, unit: nil))
        #expect(WrittenWeight(load: "+2,5kg") == WrittenWeight(number: 2.5, unit: .kg))
        #expect(WrittenWeight(load: "bw") == WrittenWeight(number: 0, unit: nil))
        #expect(WrittenWeight(load: "none") == nil && OptionValue<WrittenWeight>.plannedLoad.read("None") == WrittenWeight(number: 0, unit: nil))
        let pounds = WrittenWeight(number: 55, unit: .lb)
        #expect(pounds.kilograms(units: .kg) == Self.kilograms(pounds: 55) && pounds.kilograms(units: .lb) == Self.kilograms(pounds: 55))
        #expect(WrittenWeight(number: 55, unit: nil).kilograms(units: .lb) == Self.kilograms(pounds: 55))
        #expect(WrittenWeight(number: 55, unit: nil).kilograms(units: .kg) == 55)
        #expect(WrittenWeight(number: -20, unit: nil).kilograms(units: .lb) == -Self.kilograms(pounds: 20))
        // Plates are counted in the unit they are marked in: the other unit converted to 0.01.
        #expect(WrittenWeight(number: 45, unit: .lb).amount(in: .lb) == 45 && WrittenWeight(number: 45, unit: nil).amount(in: .kg) == 45)
        #expect(WrittenWeight(number: 20, unit: .kg).amount(in: .lb) == (20 / 0.45359237 * 100).rounded() / 100)
        #expect(WrittenWeight(number: 45, unit: .lb).amount(in: .kg) == Self.kilograms(pounds: 45))
    }
}
