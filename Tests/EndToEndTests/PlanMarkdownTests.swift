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
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let planFile = daemon.directory + "/plan.json"
        Fixtures.write(Self.plan, to: planFile)
        let imported = try daemon.ctl(["plan", "import", planFile])
        try #require(imported.status == 0, "\(imported.stderr)")
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
        #expect(try daemon.ctl(["plan", "export", "--format", "pdf"]).status == 2, "a format it does not write is a usage error")
    }
}
