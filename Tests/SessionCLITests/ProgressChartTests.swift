import Foundation
import SessionSystem
import Testing
import TestSupport
import SessionCore
import JSON

/// `progress` as a picture: the SVG a browser shows, rendered here by a real renderer
/// (librsvg's rsvg-convert) to a PNG whose size and pixels are checked; and the
/// terminal chart using the width it has.
@Suite struct ProgressChartTests {
    static var today: LocalDate { LocalClock().today() }

    /// Reads a PNG: its size, and how many different pixels it has (the scanlines
    /// unfiltered, as the PNG specification defines the five filters).
    static let pngReader = #"""
        import json, struct, sys, zlib
        data = open(sys.argv[1], "rb").read()
        assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
        pos, idat, width, height = 8, b"", 0, 0
        while pos < len(data):
            length, kind = struct.unpack(">I4s", data[pos:pos + 8])
            chunk = data[pos + 8:pos + 8 + length]
            if kind == b"IHDR":
                width, height, depth, colour = struct.unpack(">IIBB", chunk[:10])
                assert depth == 8 and colour in (2, 6), (depth, colour)
                channels = 3 if colour == 2 else 4
            elif kind == b"IDAT":
                idat += chunk
            pos += 12 + length
        raw, stride, rows, previous = zlib.decompress(idat), width * channels, [], bytearray(width * channels)
        for y in range(height):
            kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
            for x in range(stride):
                a = line[x - channels] if x >= channels else 0
                b, c = previous[x], previous[x - channels] if x >= channels else 0
                if kind == 1: line[x] = (line[x] + a) & 255
                elif kind == 2: line[x] = (line[x] + b) & 255
                elif kind == 3: line[x] = (line[x] + (a + b) // 2) & 255
                elif kind == 4:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            rows.append(bytes(line))
            previous = line
        pixels = set()
        for row in rows:
            for x in range(0, stride, channels): pixels.add(row[x:x + channels])
        print(json.dumps({"width": width, "height": height, "colours": len(pixels)}))
        """#

    @Test func theSVGRendersWithItsAxesDatesAndRecords() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        // Six weeks of squats, Mondays; the e1RM (Epley: w × (1 + reps / 30)) works out
        // here, and the weeks that beat every earlier one.
        let weeks: [(reps: Int, kg: Double)] = [(5, 100), (5, 105), (5, 102.5), (3, 110), (5, 110), (5, 107.5)]
        let firstMonday = Self.today.mondayOfWeek.adding(days: -7 * weeks.count)
        for (index, week) in weeks.enumerated() {
            let day = firstMonday.adding(days: 7 * index)
            #expect(try daemon.ctl(["track", day.description, "18:00-19:00", "squat", "3x\(week.reps)@\(week.kg)"]).status == 0)
        }
        let estimates = weeks.map { $0.kg * (1 + Double($0.reps) / 30) }
        let records = estimates.indices.filter { index in index > 0 && estimates[index] > estimates[..<index].max()! + 1e-9 }.count
        let path = daemon.directory + "/squat.svg"
        let run = try daemon.ctl(["progress", "squat", "--svg", path])
        #expect(run.status == 0 && run.stdout.contains("wrote \(path)"), "\(run.stdout) \(run.stderr)")
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        #expect(svg.hasPrefix("<?xml") && svg.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("e1RM (kg)") && svg.contains("volume (kg)"), "both axes in the person's unit")
        #expect(svg.contains(firstMonday.description) && svg.contains("Back Squat"), "dates along the bottom, the exercise named")
        #expect(svg.components(separatedBy: "<title>new best e1RM</title>").count - 1 == records, "records marked: \(records)")
        // A real renderer draws it: the PNG has the SVG's size and is not blank.
        let png = daemon.directory + "/squat.png"
        let render = try runProcess("/usr/bin/env", ["rsvg-convert", "--format", "png", "--output", png, path])
        #expect(render.status == 0, "rsvg-convert (make test-deps installs librsvg2-bin): \(render.stderr)")
        let image = try JSONParser.parse(try runProcess("/usr/bin/env", ["python3", "-c", Self.pngReader, png]).stdout)
        #expect(image["width"] == 800 && image["height"] == 420, "\(image)")
        #expect((image["colours"]?.intValue ?? 0) >= 6, "bars, the line, the record marks, text on white: \(image)")
        // In pounds the axes say so.
        let pounds = daemon.directory + "/squat-lb.svg"
        #expect(try daemon.ctl(["progress", "squat", "--svg", pounds], environment: ["SESSIOND_UNITS": "lb"]).status == 0)
        #expect(try String(contentsOfFile: pounds, encoding: .utf8).contains("e1RM (lb)"))
        // A chart written before is kept, as export keeps a file, unless --force replaces it.
        let kept = try daemon.ctl(["progress", "squat", "--svg", pounds])
        #expect(kept.status == 1 && kept.stderr == "sessionctl: cannot write \(pounds): it exists; pass --force to replace it\n", "\(kept.stderr)")
        #expect(try String(contentsOfFile: pounds, encoding: .utf8).contains("e1RM (lb)"), "the file as it was")
        #expect(try daemon.ctl(["progress", "squat", "--svg", pounds, "--force"]).status == 0)
        #expect(try String(contentsOfFile: pounds, encoding: .utf8).contains("e1RM (kg)"))
        // Nothing to chart: refused, no file.
        #expect(try daemon.ctl(["track", Self.today.adding(days: -1).description, "07:00-07:30", "plank", "45s"]).status == 0)
        let nothing = try daemon.ctl(["progress", "plank", "--svg", daemon.directory + "/plank.svg"])
        #expect(nothing.status == 1 && !FileManager.default.fileExists(atPath: daemon.directory + "/plank.svg"), "\(nothing.stderr)")
    }

    @Test func theTerminalChartTakesTheWidthItHas() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let monday = Self.today.mondayOfWeek
        #expect(try daemon.ctl(["track", monday.adding(days: -7).description, "18:00-19:00", "squat", "3x5@100"]).status == 0)
        #expect(try daemon.ctl(["track", monday.adding(days: -14).description, "18:00-19:00", "squat", "3x5@90"]).status == 0)
        for columns in [60, 100, 150] {
            let lines = try daemon.ctl(["progress", "squat"], environment: ["COLUMNS": String(columns)]).stdout.split(separator: "\n")
            let bars = lines.map { $0.filter { $0 == "█" }.count }
            // The longest bar is what the line leaves beside the date, value and volume.
            #expect(bars.max() == min(120, max(10, columns - 41)), "\(columns) columns: \(lines)")
            #expect(lines.allSatisfy { $0.count <= max(columns, 51) }, "no line past the terminal: \(lines)")
        }
        let piped = try daemon.ctl(["progress", "squat"]).stdout.split(separator: "\n").map { $0.filter { $0 == "█" }.count }
        #expect(piped.max() == 30, "no terminal: the fixed width")
    }
}
