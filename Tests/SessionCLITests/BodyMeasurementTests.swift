import Foundation
import SessionSystem
import Testing
import TestSupport
import SessionCore
import JSON

/// Body measurements beside body mass: recorded in centimetres (inches for a person who
/// uses pounds), shown in the summary against the week before, and given to the planner
/// only when the goals name them.
@Suite struct BodyMeasurementTests {
    static var today: LocalDate { LocalClock().today() }

    @Test func measurementsShowInTheSummaryAndReachThePromptOnlyThroughTheGoals() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let thisWeek = Self.today.mondayOfWeek
        let lastWeek = thisWeek.adding(days: -7)
        // (type word, value typed, day): the latest of each week counts.
        let samples: [(String, String, LocalDate)] = [
            ("waist", "86", lastWeek), ("waist", "84.5", lastWeek.adding(days: 2)), ("waist", "83cm", thisWeek),
            ("fat", "21%", lastWeek), ("bf", "19.5", thisWeek),
            ("arm", "38", thisWeek),
        ]
        for (word, value, day) in samples {
            let run = try daemon.ctl(["health", word, value, "--date", day.description])
            #expect(run.status == 0, "\(word) \(value): \(run.stderr)")
        }
        // Sleep, an averaged figure, is held against the four weeks before (not the
        // fifth): (7 + 8) / 2 before, 6 this week.
        for (hours, weeksAgo) in [(6.0, 0), (7.0, 2), (8.0, 4), (9.0, 5)] {
            #expect(try daemon.ctl(["health", "sleep", String(hours), "--date", thisWeek.adding(days: -7 * weeksAgo).description]).status == 0)
        }
        let pounds = ["SESSIOND_UNITS": "lb"]
        #expect(try daemon.ctl(["health", "thigh", "22", "--date", thisWeek.description], environment: pounds).stdout.contains("recorded thigh 22 in"))
        let summary = try JSONParser.parse(try daemon.ctl(["summary", "--json"]).stdout)
        func figure(_ type: String) -> JSONValue? { summary["health"]?.arrayValue?.first { $0["type"]?.stringValue == type } }
        // Worked out here: this week's latest, and its change against last week's latest.
        #expect(figure("waistCm")?["value"] == 83 && figure("waistCm")?["change"]?.numberValue.map { abs($0 - (83 - 84.5)) < 1e-9 } == true,
                "\(String(describing: figure("waistCm")))")
        #expect(figure("bodyFatPercent")?["value"] == 19.5 && figure("bodyFatPercent")?["change"] == -1.5)
        #expect(figure("armCm")?["value"] == 38 && figure("armCm")?["change"] == .null, "no arm last week")
        #expect(figure("sleepHours")?["value"] == 6 && figure("sleepHours")?["previous"] == 7.5 && figure("sleepHours")?["change"] == -1.5,
                "\(String(describing: figure("sleepHours")))")
        #expect(figure("thighCm")?["value"]?.numberValue.map { abs($0 - 22 * 2.54) < 1e-9 } == true, "inches stored as centimetres")
        let text = try daemon.ctl(["summary"]).stdout
        #expect(text.contains("waist 83 cm (-1.5)") && text.contains("body fat 19.5% (-1.5)"), "\(text)")
        let inInches = try daemon.ctl(["summary"], environment: pounds).stdout
        #expect(inInches.contains("waist 32.7 in (-0.6)"), "83 cm = 32.68 in; 1.5 cm = 0.59 in: \(inInches)")
        // The planner hears of them only when the goals name them.
        #expect(!(try daemon.ctl(["prompt"]).stdout.contains("waist")), "no goal names the waist")
        #expect(try daemon.ctl(["profile", "--goals", "Stronger legs and a smaller waist"]).status == 0)
        let prompt = try daemon.ctl(["prompt"]).stdout
        #expect(prompt.contains("waist 83 cm (-1.5)") && !prompt.contains("body fat") && !prompt.contains("arm 38"), "\(prompt)")
        // health show: each day's latest of each type, in the person's units.
        let shown = try JSONParser.parse(try daemon.ctl(["health", "show", "waist", "--from", lastWeek.description, "--json"]).stdout).arrayValue ?? []
        #expect(shown.map { $0["date"]?.stringValue } == [lastWeek.description, lastWeek.adding(days: 2).description, thisWeek.description]
                && shown.map { $0["value"] } == [86, 84.5, 83], "\(shown)")
        let listed = try daemon.ctl(["health", "show", "--from", thisWeek.description, "--to", thisWeek.description], environment: pounds).stdout
        #expect(listed.contains("\(thisWeek)  waist         32.7 in") && listed.contains("\(thisWeek)  body fat      19.5%"), "\(listed)")
        // Implausible values and unknown words are usage errors.
        #expect(try daemon.ctl(["health", "waist", "8"]).status == 2)
        #expect(try daemon.ctl(["health", "fat", "90%"]).status == 2)
        #expect(try daemon.ctl(["health", "neck", "40"]).status == 2)
        #expect(try daemon.client().request("health.record", .obj(["type": "waistCm", "value": 500]))["error"]?["code"] == -32602)
    }

    /// A figure's change is the change of the figures as written: 81.166 kg against
    /// 80.004 kg is written 81.17 against 80 and a change of 1.17 (not 1.162's 1.16),
    /// so the daemon's reply and sessionctl's --json, which writes what it read, agree.
    @Test func aChangeIsTheChangeOfTheFiguresAsWritten() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let thisWeek = Self.today.mondayOfWeek
        for (kg, day) in [("80.004", thisWeek.adding(days: -7)), ("81.166", thisWeek)] {
            #expect(try daemon.ctl(["health", "mass", kg, "--date", day.description]).status == 0)
        }
        let reply = try daemon.client().call("summary.weekly")
        let printed = try JSONParser.parse(try daemon.ctl(["summary", "--json"]).stdout)
        for summary in [reply, printed] {
            let mass = summary["health"]?.arrayValue?.first { $0["type"] == "bodyMassKg" }
            #expect(mass?["value"] == 81.17 && mass?["previous"] == 80 && mass?["change"] == 1.17, "\(String(describing: mass))")
        }
    }
}
