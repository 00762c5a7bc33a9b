import Foundation
import JSON
import SessionCore
import Testing
import TestSupport

/// `sessionctl plan export --format pdf`, read back with poppler's tools: `pdfinfo` for
/// the pages and their size, `pdftotext` for every exercise's text, and `pdftocairo
/// -svg` for the drawn boxes (a box is four stroked lines; its top and bottom are the
/// two horizontal lines 1.1 cm long).
@Suite struct PlanSheetTests {
    /// Names that keep their non-ASCII letters, an emoji the PDF fonts lack, a superset,
    /// a timed set, AMRAP, eight sets (two lines of boxes), a description with a line
    /// break, and a name that troff would read as a request if it were not escaped.
    static let plan = #"""
        {"name": "Kraft \\ Woche", "days": [
          {"day": "Montag", "title": "Oberkörper 💪", "warmup": [{"name": "Band Pull-Apart", "reps": 15}],
           "exercises": [
             {"name": "Überzüge", "sets": 3, "reps": 10, "repsMax": 12, "weightKg": 20, "restSeconds": 90, "description": "Slow\nand controlled", "superset": "A"},
             {"name": "Bench Press", "sets": 8, "reps": 3, "weightKg": 82.5, "restSeconds": 180, "superset": "A"},
             {"name": "Plank", "sets": 3, "durationSeconds": 45},
             {"name": ".bp Push-Up", "sets": 2, "amrap": true}
           ]},
          {"day": "Dienstag", "rest": true},
          {"day": "Mittwoch", "title": "Beine", "exercises": [{"name": "Kniebeuge", "sets": 5, "reps": 5, "weightKg": 100}]}
        ]}
        """#

    /// Pages, and the first page's width and height in points.
    static func info(_ file: String) throws -> (pages: Int, width: Double, height: Double) {
        let run = try runProcess("/usr/bin/env", ["pdfinfo", file])
        try #require(run.status == 0, "pdfinfo: \(run.stderr)")
        var fields: [String: String] = [:]
        for line in run.stdout.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        let size = (fields["Page size"] ?? "").split(separator: " ")
        return (Int(fields["Pages"] ?? "") ?? 0, size.count > 2 ? Double(size[0]) ?? 0 : 0, size.count > 2 ? Double(size[2]) ?? 0 : 0)
    }

    /// The text of the PDF as laid out, a line for each line of the page, with runs of
    /// white space as one space, and none beside ×.
    static func text(_ file: String) throws -> String {
        let run = try runProcess("/usr/bin/env", ["pdftotext", "-layout", file, "-"])
        try #require(run.status == 0, "pdftotext: \(run.stderr)")
        return run.stdout.split(separator: "\n").map { line in
            line.split(whereSeparator: \.isWhitespace).joined(separator: " ").replacingOccurrences(of: " × ", with: "×")
                .replacingOccurrences(of: " ×", with: "×").replacingOccurrences(of: "× ", with: "×")
        }.joined(separator: "\n")
    }

    /// The boxes drawn: horizontal stroked lines 1.1 cm long, two to a box.
    static func boxes(_ file: String) throws -> Int {
        let svg = file + ".svg"
        let run = try runProcess("/usr/bin/env", ["pdftocairo", "-svg", file, svg])
        try #require(run.status == 0, "pdftocairo: \(run.stderr)")
        let content = try String(contentsOfFile: svg, encoding: .utf8)
        let boxWidth = 1.1 / 2.54 * 72
        var edges = 0
        for line in content.split(separator: "\n") where line.contains("<path") && line.contains("stroke:rgb") {
            guard let start = line.range(of: " d=\"M ")?.upperBound, let end = line[start...].firstIndex(of: "\"") else { continue }
            let numbers = line[start..<end].split(separator: " ").compactMap { Double($0) }
            if numbers.count == 4, abs(numbers[1] - numbers[3]) < 0.01, abs(abs(numbers[2] - numbers[0]) - boxWidth) < 0.2 { edges += 1 }
        }
        return edges / 2
    }

    @Test func theSheetHasEveryExerciseAndABoxPerSet() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        try daemon.importPlan(Self.plan)
        let file = daemon.directory + "/plan.pdf"
        let run = try daemon.ctl(["plan", "export", "--format", "pdf", file], environment: ["LC_ALL": "", "LC_PAPER": "", "LANG": "C.UTF-8"])
        try #require(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("\"💪\"") && run.stderr.contains("left out"), "the emoji the fonts lack is named: \(run.stderr)")
        let info = try Self.info(file)
        #expect(info.pages == 1 && abs(info.width - 595.28) < 1 && abs(info.height - 841.89) < 1, "one A4 page: \(info)")
        let text = try Self.text(file)
        let shown = try JSONParser.parse(try daemon.ctl(["plan", "show", "--json"]).stdout)
        let monday = try #require(shown["days"]?[0]?["date"]?.stringValue)
        // Every day's heading and each exercise's row, as the plan says them.
        for expected in ["Kraft \\ Woche", "Monday \(monday) ⋅ Oberkörper", "warm-up: Band Pull-Apart×15", "Tuesday", "Wednesday",
                         "Überzüge 3×10–12 20 kg 1:30 A", "Slow and controlled", "Bench Press 8×3 82.5 kg 3:00 A", "Plank 3×45s",
                         ".bp Push-Up 2×AMRAP", "Kniebeuge 5×5 100 kg"] {
            #expect(text.contains(expected), "\(expected) in \(text)")
        }
        // A box for every planned set, counted from the plan itself.
        let planned = try JSONParser.parse(Self.plan)["days"]?.arrayValue?.flatMap { $0["exercises"]?.arrayValue ?? [] }
            .compactMap { $0["sets"]?.intValue }.reduce(0, +)
        let drawn = try Self.boxes(file)
        #expect(drawn == planned, "\(drawn) boxes drawn against \(planned ?? 0) sets planned")
        // In pounds when the person's units are; to standard output when it is not a terminal.
        try FileManager.default.createDirectory(atPath: daemon.directory + "/xdg/sessiond", withIntermediateDirectories: true)
        Fixtures.write("units = lb\n", to: daemon.directory + "/xdg/sessiond/config")
        let pounds = try daemon.ctl(["plan", "export", "--format", "pdf", "--force", file], environment: ["XDG_CONFIG_HOME": daemon.directory + "/xdg"])
        let perPound = 0.453_592_37
        let poundsText = try Self.text(file)
        #expect(pounds.status == 0 && poundsText.contains("Kniebeuge 5×5 \((100 / perPound * 10).rounded() / 10) lb"), "\(pounds.stderr)")
        let piped = try daemon.ctl(["plan", "export", "--format", "pdf"])
        #expect(piped.status == 0 && piped.stdout.hasPrefix("%PDF-"), "the PDF on standard output: \(piped.stderr)")
    }

    @Test func thePaperComesFromTheOptionOrTheLocale() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        #expect(try daemon.ctl(["plan", "import", Fixtures.dumbbellPlanPath]).status == 0)
        let file = daemon.directory + "/plan.pdf"
        let letter = (612.0, 792.0), a4 = (595.28, 841.89)
        for (environment, option, paper) in [
            (["LC_ALL": "", "LC_PAPER": "en_US.UTF-8", "LANG": "de_DE.UTF-8"], nil, letter),
            (["LC_ALL": "de_DE.UTF-8", "LC_PAPER": "en_US.UTF-8", "LANG": ""], nil, a4),
            (["LC_ALL": "", "LC_PAPER": "", "LANG": "fr_CA.UTF-8"], nil, letter),
            (["LC_ALL": "", "LC_PAPER": "", "LANG": ""], nil, a4),
            (["LC_ALL": "", "LC_PAPER": "en_US.UTF-8", "LANG": ""], "a4", a4),
            (["LC_ALL": "", "LC_PAPER": "", "LANG": ""], "letter", letter),
        ] {
            let run = try daemon.ctl(["plan", "export", "--format", "pdf", "--force", file] + (option.map { ["--paper", $0] } ?? []), environment: environment)
            try #require(run.status == 0, "\(run.stderr)")
            let info = try Self.info(file)
            #expect(info.pages == 1 && abs(info.width - paper.0) < 1 && abs(info.height - paper.1) < 1, "\(environment) \(option ?? "-"): \(info)")
        }
        #expect(try daemon.ctl(["plan", "export", "--format", "pdf", "--paper", "a5", "--force", file]).status == 2)
        #expect(try daemon.ctl(["plan", "export", "--format", "markdown", "--paper", "a4"]).status == 2, "--paper is for the PDF")
    }

    /// A week of five training days of five exercises, descriptions on some, fits one
    /// page of the shorter paper.
    @Test func aFullWeekFitsOnePage() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let names = ["Back Squat", "Bench Press", "Barbell Row", "Overhead Press", "Romanian Deadlift", "Lat Pulldown", "Cable Fly"]
        let days: [JSONValue] = (0..<7).map { day in
            guard day < 5 else { return .obj(["day": .string(Weekday(rawValue: day + 1)?.name ?? ""), "rest": true]) }
            return .obj(["day": .string(Weekday(rawValue: day + 1)?.name ?? ""), "title": .string("Day \(day + 1)"),
                         "warmup": [.obj(["name": "Row Erg", "durationSeconds": 300])],
                         "exercises": .array((0..<5).map { index in
                             let exercise = JSONValue.obj(["name": .string(names[(day + index) % names.count]), "sets": index < 2 ? 5 : 3, "reps": 5,
                                                           "weightKg": .number(Double(60 + 5 * index)), "restSeconds": 120])
                             guard index % 2 == 0 else { return exercise }
                             return .object((exercise.objectPairs ?? []) + [("description", "Brace hard and keep the bar over the middle of the foot.")])
                         })])
        }
        try daemon.importPlan(JSONValue.obj(["name": "Five days", "days": .array(days)]).jsonText)
        let file = daemon.directory + "/plan.pdf"
        let run = try daemon.ctl(["plan", "export", "--format", "pdf", "--paper", "letter", file])
        try #require(run.status == 0, "\(run.stderr)")
        let pages = try Self.info(file).pages, text = try Self.text(file), drawn = try Self.boxes(file)
        #expect(pages == 1)
        #expect(text.contains("Friday") && text.contains("Sunday"), "the whole week on it")
        #expect(drawn == 5 * (5 + 5 + 3 + 3 + 3))
    }

    /// Without groff the command says what is missing and writes nothing.
    @Test func withoutGroffItSaysWhatToInstall() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        #expect(try daemon.ctl(["plan", "import", Fixtures.dumbbellPlanPath]).status == 0)
        let file = daemon.directory + "/plan.pdf"
        let run = try daemon.ctl(["plan", "export", "--format", "pdf", file], environment: ["PATH": daemon.directory])
        #expect(run.status == 1 && run.stderr.contains("groff is not on PATH") && run.stderr.contains("apt install groff"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: file))
    }
}
