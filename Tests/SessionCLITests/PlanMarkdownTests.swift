import Foundation
import JSON
import SessionCore
import Testing
import TestSupport

/// `sessionctl plan export --format markdown`, rendered by a real Markdown processor
/// (cmark-gfm, GitHub's CommonMark with its table extension) and read back from the
/// HTML it makes: the headings and every table cell are what the plan says.
@Suite struct PlanMarkdownTests {
    /// The HTML's h1/h2 headings, paragraphs, list items and tables (rows of cells).
    static let reader = #"""
        import html.parser, json, subprocess, sys
        rendered = subprocess.run(["cmark-gfm", "--extension", "table", sys.argv[1]], capture_output=True, text=True, check=True).stdout
        class Reader(html.parser.HTMLParser):
            def __init__(self):
                super().__init__()
                self.out, self.text, self.tag = {"headings": [], "paragraphs": [], "items": [], "tables": []}, None, None
            def handle_starttag(self, tag, attrs):
                if tag == "table": self.out["tables"].append([])
                elif tag == "tr": self.out["tables"][-1].append([])
                if tag in ("h1", "h2", "p", "li", "td", "th"): self.text, self.tag = "", tag
            def handle_endtag(self, tag):
                if tag != self.tag or self.text is None: return
                if tag in ("td", "th"): self.out["tables"][-1][-1].append(self.text.strip())
                else: self.out[{"h1": "headings", "h2": "headings", "p": "paragraphs", "li": "items"}[tag]].append(self.text.strip())
                self.text, self.tag = None, None
            def handle_data(self, data):
                if self.text is not None: self.text += data
        reader = Reader()
        reader.feed(rendered)
        print(json.dumps(reader.out))
        """#

    /// A plan whose names need escaping in Markdown (a pipe, stars, an underscore, a
    /// bracket) and keep their non-ASCII letters.
    static let plan = #"""
        {"name": "Push | Pull *Week*", "days": [
          {"day": "Montag", "title": "Oberkörper 💪", "warmup": [{"name": "Arm_Circles", "durationSeconds": 60}],
           "exercises": [
             {"name": "Überzüge", "sets": 3, "reps": 10, "repsMax": 12, "weightKg": 20, "restSeconds": 90, "description": "Slow\nand *controlled*", "superset": "A"},
             {"name": "Bench [flat] | Barbell", "sets": 4, "reps": 5, "weightKg": 82.5, "restSeconds": 180, "superset": "A"},
             {"name": "Plank", "sets": 3, "durationSeconds": 45}
           ]},
          {"day": "Dienstag", "rest": true}
        ]}
        """#

    @Test func theMarkdownRendersToTheSameCells() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        try daemon.importPlan(Self.plan)
        let file = daemon.directory + "/plan.md"
        let run = try daemon.ctl(["plan", "export", "--format", "markdown", file])
        try #require(run.status == 0, "\(run.stderr)")
        let read = try runProcess("/usr/bin/env", ["python3", "-c", Self.reader, file])
        try #require(read.status == 0, "cmark-gfm: \(read.stderr)")
        let html = try JSONParser.parse(read.stdout)
        let headings = html["headings"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let monday = try #require(try JSONParser.parse(daemon.ctl(["plan", "show", "--json"]).stdout)["days"]?[0]?["date"]?.stringValue)
        #expect(headings.first == "Push | Pull *Week*", "the plan's name as written: \(headings)")
        #expect(headings.contains("Monday \(monday) · Oberkörper 💪"), "\(headings)")
        #expect(headings.contains { $0.hasPrefix("Tuesday ") } && html["paragraphs"]?.arrayValue?.contains("Rest day.") == true)
        #expect(html["paragraphs"]?.arrayValue?.contains("Warm-up: Arm_Circles 1 min") == true, "\(html["paragraphs"] ?? .null)")
        let table = try #require(html["tables"]?[0]?.arrayValue?.map { $0.arrayValue?.compactMap(\.stringValue) ?? [] })
        #expect(table.first == ["Exercise", "Sets × reps", "Weight", "Rest", "Superset"])
        #expect(Array(table.dropFirst()) == [
            ["Überzüge", "3 × 10–12", "20 kg", "1:30", "A"],
            ["Bench [flat] | Barbell", "4 × 5", "82.5 kg", "3:00", "A"],
            ["Plank", "3 × 45s", "", "", ""],
        ], "\(table)")
        #expect(html["items"]?.arrayValue?.compactMap(\.stringValue) == ["Überzüge: Slow and *controlled*"], "the description on one line, as written")
        // In pounds when the person's units are.
        try FileManager.default.createDirectory(atPath: daemon.directory + "/xdg/sessiond", withIntermediateDirectories: true)
        Fixtures.write("units = lb\n", to: daemon.directory + "/xdg/sessiond/config")
        let pounds = try daemon.ctl(["plan", "export", "--format", "markdown"], environment: ["XDG_CONFIG_HOME": daemon.directory + "/xdg"])
        let kilograms = 82.5, perPound = 0.453_592_37
        #expect(pounds.stdout.contains("| \((kilograms / perPound * 10).rounded() / 10) lb |"), "\(pounds.stdout)")
        #expect(try daemon.ctl(["plan", "export", "--format", "docx"]).status == 2, "a format it does not write is a usage error")
        // The plan of a week named by a date in it: this one, carried to next week by weekday.
        let next = try #require(LocalDate(monday)?.adding(days: 9).description)
        let carried = try daemon.ctl(["plan", "export", "--format", "markdown", "--week", next])
        #expect(carried.status == 0 && carried.stdout.contains("## Monday \(LocalDate(monday)?.adding(days: 7).description ?? "")"), "\(carried.stdout.prefix(300))")
        #expect(try daemon.ctl(["plan", "export", "--plan", "1", "--week", next]).status == 2)
    }

    /// `plan diff` between the example plan and a version of it edited here: each
    /// change the edit made is named, and only those.
    @Test func planDiffNamesWhatAnEditChanged() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let original = try JSONParser.parse(Fixtures.dumbbellPlan)
        #expect(try daemon.ctl(["plan", "import", Fixtures.dumbbellPlanPath]).status == 0)
        // The edit: Monday's first exercise 5 × 5, its last removed, a new one added.
        var days = original["days"]?.arrayValue ?? []
        var monday = days[0].objectPairs ?? []
        var exercises = monday.first { $0.key == "exercises" }?.value.arrayValue ?? []
        let first = try #require(exercises.first?["name"]?.stringValue)
        let last = try #require(exercises.last?["name"]?.stringValue)
        exercises[0] = .object((exercises[0].objectPairs ?? []).map { $0.key == "sets" ? ($0.key, 5) : $0.key == "reps" ? ($0.key, 5) : $0 })
        exercises.removeLast()
        exercises.append(.obj(["name": "Cable Crossover", "sets": 3, "reps": 15]))
        monday = monday.map { $0.key == "exercises" ? ($0.key, .array(exercises)) : $0 }
        days[0] = .object(monday)
        let edited = JSONValue.object((original.objectPairs ?? []).map { $0.key == "days" ? ($0.key, .array(days)) : $0 })
        let file = daemon.directory + "/edited.json"
        Fixtures.write(edited.jsonText, to: file)
        #expect(try daemon.ctl(["plan", "import", file]).status == 0)
        let shown = try daemon.ctl(["plan", "diff"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("+ Cable Crossover  3 × 15") && shown.stdout.contains("− \(last)") && shown.stdout.contains("~ \(first)  4 × 8"), "\(shown.stdout)")
        let json = try JSONParser.parse(try daemon.ctl(["plan", "diff", "--json"]).stdout)
        let changed = json["days"]?.arrayValue ?? []
        #expect(changed.count == 1 && changed.first?["weekday"] == "Monday", "only Monday changed: \(json)")
        #expect(changed.first?["changed"]?[0]?["fields"] == ["sets", "reps"] && changed.first?["added"] == ["Cable Crossover"] && changed.first?["removed"] == .array([.string(last)]))
        #expect(try daemon.ctl(["plan", "diff", "1", "1"]).stdout.contains("no changes"))
    }
}
