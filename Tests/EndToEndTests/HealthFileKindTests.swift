import Foundation
import JSON
import Testing
import TestSupport

/// A file given to the command that does not read it: told by its content (not its
/// name), answered with the command that does (exit 1, nothing stored); and the bounds
/// of `health import` on a hostile archive, through the built binary.
@Suite struct HealthFileKindTests {
    func write(_ bytes: [UInt8], _ path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    static let strongCSV = """
        Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
        2026-11-20 18:00:00,Legs,45m,Squat (Barbell),1,100,5,0,0,,,

        """

    @Test func aWorkoutFileGivenToHealthImportNamesImport() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let fit = daemon.directory + "/garmin-run.fit"
        try write(FitBytes.file(FitBytes.strength()), fit)
        // Under a name that says nothing too: the header tells.
        let renamed = daemon.directory + "/activity.bin"
        try write(FitBytes.file(FitBytes.strength()), renamed)
        for path in [fit, renamed] {
            let run = try daemon.ctl(["health", "import", path])
            #expect(run.status == 1 && run.stderr.contains("\(path) is a FIT activity file: `sessionctl import \(path)` reads workouts from it"), "\(run.stderr)")
            #expect(!run.stderr.contains("Date column"), "\(run.stderr)")
        }
        let strong = daemon.directory + "/strong.csv"
        try Self.strongCSV.write(toFile: strong, atomically: true, encoding: .utf8)
        let csv = try daemon.ctl(["health", "import", strong])
        #expect(csv.status == 1 && csv.stderr.contains("\(strong) is a Strong or Hevy export: `sessionctl import \(strong)` reads workouts from it"), "\(csv.stderr)")
        #expect(try daemon.client().call("session.list").arrayValue?.isEmpty == true, "nothing stored")
        // The command named reads them.
        #expect(try daemon.ctl(["import", "--dry-run", fit]).status == 0)
        #expect(try daemon.ctl(["import", "--dry-run", strong]).status == 0)
        // --format says which reader, whatever the content: the reader's own refusal.
        let forced = try daemon.ctl(["health", "import", "--format", "google-fit", strong])
        #expect(forced.status == 1 && !forced.stderr.contains("`sessionctl import"), "\(forced.stderr)")
    }

    @Test func aHealthFileGivenToImportNamesHealthImport() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let xml = daemon.directory + "/export.xml"
        try HealthImportTests.export(HealthImportTests.records).write(toFile: xml, atomically: true, encoding: .utf8)
        let zip = daemon.directory + "/export.zip"
        try HealthImportTests.zip(zip, [("apple_health_export/export.xml", HealthImportTests.export(HealthImportTests.records))])
        let database = daemon.directory + "/Gadgetbridge.db"
        try write(Array("SQLite format 3\u{0}".utf8) + [UInt8](repeating: 0, count: 4080), database)
        let autoExport = daemon.directory + "/HealthAutoExport.json"
        try #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [{"date": "2026-11-24 07:00:00 +0100", "qty": 900}]}]}}"#
            .write(toFile: autoExport, atomically: true, encoding: .utf8)
        let googleFit = daemon.directory + "/Daily activity metrics.csv"
        try "Date,Step count,Average weight (kg)\n2026-11-23,8000,79.5\n".write(toFile: googleFit, atomically: true, encoding: .utf8)
        for path in [xml, zip, database, autoExport, googleFit] {
            let run = try daemon.ctl(["import", path])
            #expect(run.status == 1 && run.stderr.contains("`sessionctl health import \(path)` reads health exports"), "\(path): \(run.stderr)")
        }
        #expect(try daemon.client().call("session.list").arrayValue?.isEmpty == true, "nothing stored")
        for path in [xml, zip, autoExport, googleFit] {
            let run = try daemon.ctl(["health", "import", "--dry-run", path])
            #expect(run.status == 0 && run.stdout.hasPrefix("would import"), "\(path): \(run.stdout) \(run.stderr)")
        }
    }

    /// A small zip of elements nested a million deep, and an export.xml whose one tag is
    /// larger than a mebibyte: refused at their place, quickly, nothing stored.
    @Test func hostileExportsAreRefusedAtTheirPlace() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let deep = "<?xml version=\"1.0\"?>\n<HealthData>\n" + String(repeating: "<a>", count: 1_000_000) + String(repeating: "</a>", count: 1_000_000) + "\n</HealthData>\n"
        let xml = daemon.directory + "/nested.xml"
        try deep.write(toFile: xml, atomically: true, encoding: .utf8)
        let zip = daemon.directory + "/nested.zip"
        let script = "import sys, zipfile\nwith zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z: z.write(sys.argv[2], 'apple_health_export/export.xml')"
        try #require(try runProcess("/usr/bin/env", ["python3", "-c", script, zip, xml]).status == 0)
        let zipBytes = (try FileManager.default.attributesOfItem(atPath: zip)[.size] as? Int) ?? 0
        #expect(zipBytes < 100_000, "a small archive: \(zipBytes) bytes")
        let nested = try daemon.ctl(["health", "import", zip])
        #expect(nested.status == 1 && nested.stderr.contains("apple_health_export/export.xml: line 3, column 766: elements nested more than 256 deep"), "\(nested.stderr)")
        let long = daemon.directory + "/export.xml"
        let tag = "<Record type=\"" + String(repeating: "x", count: 3 << 20) + "\"/>"
        try ("<?xml version=\"1.0\"?>\n<HealthData>\n  " + tag + "\n</HealthData>\n").write(toFile: long, atomically: true, encoding: .utf8)
        let refused = try daemon.ctl(["health", "import", long])
        #expect(refused.status == 1 && refused.stderr.contains("\(long): line 3, column 3: a tag longer than 1 MiB"), "\(refused.stderr)")
        // Health Auto Export's JSON is read streaming, whatever its size: a file of 7 MiB
        // is read, and one cut short is refused at its place.
        let json = daemon.directory + "/HealthAutoExport.json"
        let point = #"{"date": "2026-11-24 07:00:00 +0100", "qty": 45, "source": "Watch"}"#
        let points = Array(repeating: point, count: 7 * 1_048_576 / (point.utf8.count + 1)).joined(separator: ",")
        let document = #"{"data": {"metrics": [{"name": "heart_rate_variability", "units": "ms", "data": ["# + points + "]}]}}"
        try String(document.dropLast(40)).write(toFile: json, atomically: true, encoding: .utf8)
        let cut = try daemon.ctl(["health", "import", json])
        #expect(cut.status == 1 && cut.stderr.contains("the document ends inside a value at byte"), "\(cut.stderr)")
        #expect(try JSONParser.parse(try daemon.ctl(["call", "history.archive", #"{"part": "health"}"#]).stdout)["health"]?.arrayValue?.isEmpty == true)
        try document.write(toFile: json, atomically: true, encoding: .utf8)
        let big = try daemon.ctl(["health", "import", json])
        #expect(big.status == 0, "\(big.stderr)")
        let stored = try JSONParser.parse(try daemon.ctl(["call", "history.archive", #"{"part": "health"}"#]).stdout)["health"]?.arrayValue ?? []
        #expect(stored.count == 1 && stored.first?["value"] == 45 && stored.first?["date"] == "2026-11-24", "\(stored)")
    }
}
