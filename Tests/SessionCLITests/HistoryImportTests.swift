import Foundation
import JSON
import SessionCore
import Testing
import TestSupport

/// `sessionctl import` against the daemon, as a person switching from Strong or Hevy
/// runs it: every count checked against an independent reading of the file (Python's
/// csv module), every week's summary against the same reading.
@Suite struct HistoryImportTests {
    /// Counts a file the way a person would check it by hand: one workout per start and
    /// title, rows with no reps, load, distance or time (and rest timers) are no sets.
    static let independentCount = #"""
        import csv, datetime, json, sys
        path, kind = sys.argv[1], sys.argv[2]
        def number(text):
            try: return float(text)
            except ValueError: return 0.0
        workouts = {}
        for row in csv.DictReader(open(path, newline="", encoding="utf-8-sig")):
            if kind == "strong":
                if row["Exercise Name"] == "Rest Timer" or row["Set Order"] == "Rest Timer": continue
                key, start = (row["Date"], row["Workout Name"]), datetime.datetime.strptime(row["Date"], "%Y-%m-%d %H:%M:%S")
                reps, weight, distance, seconds = (number(row[c]) for c in ("Reps", "Weight", "Distance", "Seconds"))
                warmup, exercise = row["Set Order"] == "W", row["Exercise Name"]
            else:
                key, start = (row["start_time"], row["title"]), datetime.datetime.strptime(row["start_time"], "%d %b %Y, %H:%M")
                reps, weight, distance, seconds = (number(row[c]) for c in ("reps", "weight_kg", "distance_km", "duration_seconds"))
                warmup, exercise = row["set_type"] == "warmup", row["exercise_title"]
            if reps == 0 and weight == 0 and distance == 0 and seconds == 0: continue
            workouts.setdefault(key, {"date": start.date(), "sets": []})["sets"].append((warmup, reps, weight, " ".join(exercise.lower().split())))
        sets = [s for w in workouts.values() for s in w["sets"]]
        weeks = {}
        for w in workouts.values():
            monday = (w["date"] - datetime.timedelta(days=w["date"].weekday())).isoformat()
            week = weeks.setdefault(monday, {"sessions": 0, "sets": 0, "reps": 0, "volumeKg": 0.0})
            week["sessions"] += 1
            for warmup, reps, weight, _ in w["sets"]:
                if warmup: continue
                week["sets"] += 1; week["reps"] += round(reps); week["volumeKg"] += reps * weight
        print(json.dumps({"workouts": len(workouts), "sets": len(sets), "warmups": sum(s[0] for s in sets),
                          "exercises": len({s[3] for s in sets}), "weeks": weeks}))
        """#

    private func count(_ path: String, _ kind: String) throws -> JSONValue {
        let result = try runProcess("/usr/bin/env", ["python3", "-c", Self.independentCount, path, kind])
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONParser.parse(result.stdout)
    }

    private func sessionctl(_ daemon: InProcessDaemon, _ arguments: [String]) throws -> ProcessResult {
        try daemon.ctl(arguments)
    }

    /// Our own export in another format is the same history: importing it adds nothing,
    /// whatever the format writes of a start (Hevy: to the minute) or a title.
    @Test(.enabled(if: Fixtures.sharedExamplesPresent, "needs the example files of ../shared/examples")) func reimportingOurOwnExportInAnyFormatAddsNothing() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let expected = try count(Fixtures.examplesDirectory + "/exports/strong-export.csv", "strong")
        #expect(try sessionctl(daemon, ["import", Fixtures.examplesDirectory + "/exports/strong-export.csv"]).status == 0)
        for format in ["hevy", "strong", "json"] {
            let file = daemon.directory + "/again.\(format)"
            #expect(try sessionctl(daemon, ["export", "--format", format, "--force", file]).status == 0)
            let again = try sessionctl(daemon, ["import", file])
            #expect(again.status == 0 && again.stdout.hasPrefix("imported 0 workouts"), "\(format): \(again.stdout) \(again.stderr)")
            #expect(again.stdout.contains("\(expected["workouts"]?.intValue ?? -1) workouts already stored, skipped"), "\(format): \(again.stdout)")
        }
        let list = try JSONParser.parse(try sessionctl(daemon, ["call", "session.list", #"{"limit": 1000}"#]).stdout)
        #expect(list.arrayValue?.count == expected["workouts"]?.intValue)
    }

    /// Strong exports of people who forgot to stop the workout timer: durations of days.
    @Test func aWorkoutWhoseTimerRanOnForDaysImportsWithoutItsDuration() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let path = daemon.directory + "/forgot-the-timer.csv"
        Fixtures.write("""
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE
            2026-03-02 18:00:00,"Legs",47h 52m,"Squat (Barbell)",1,100,5,0,0,
            2026-03-02 18:00:00,"Legs",47h 52m,"Squat (Barbell)",2,100,5,0,0,
            2026-03-04 18:00:00,"Push",55m,"Bench Press (Barbell)",1,80,5,0,0,
            2026-03-06 18:00:00,"Pull",1297540,"Deadlift (Barbell)",1,140,3,0,0,

            """, to: path)
        let run = try sessionctl(daemon, ["import", path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("imported 3 workouts from strong: 4 sets"), "\(run.stdout)")
        #expect(run.stderr.contains("lines 2–3: workout \"Legs\" of 2026-03-02 18:00: a duration of 47h 52m is longer than a day"), "\(run.stderr)")
        #expect(run.stderr.contains("line 5: workout \"Pull\" of 2026-03-06 18:00: a duration of 360h 25m is longer than a day"), "\(run.stderr)")
        #expect(!run.stderr.contains("Usage:"))
        let list = try JSONParser.parse(try sessionctl(daemon, ["call", "session.list", #"{"limit": 10}"#]).stdout)
        #expect(list.arrayValue?.map { $0["durationSeconds"]?.intValue ?? -1 } == [0, 55 * 60, 0], "\(list)")
    }

    /// An export given as a pipe (`<(…)`) or a named pipe is read once from its start,
    /// as standard input is: imported, not "Illegal seek" nor a wait for a second writer.
    @Test func anExportFromAPipeOrAFIFOIsImported() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let csv = strongExport(daemon, "strong.csv", rows: [
            #"2026-03-02 18:00:00,"Legs",50m,"Squat (Barbell)",1,100,5,0,0,"#,
            #"2026-03-04 18:00:00,"Push",55m,"Bench Press (Barbell)",1,80,5,0,0,"#,
        ])
        let substituted = try runProcess("/bin/bash", ["-c", "\"$0\" --socket \"$1\" import --dry-run <(cat \"$2\")", Binaries.sessionctl, daemon.socketPath, csv],
                                         timeout: 20)
        #expect(substituted.status == 0 && substituted.stdout.contains("would import 2 workouts"), "\(substituted.stdout) \(substituted.stderr)")
        let fifo = daemon.directory + "/export.fifo"
        let named = try runProcess("/bin/bash", ["-c", "mkfifo \"$3\" && { cat \"$2\" > \"$3\" & } && \"$0\" --socket \"$1\" import \"$3\"",
                                                 Binaries.sessionctl, daemon.socketPath, csv, fifo], timeout: 20)
        #expect(named.status == 0 && named.stdout.hasPrefix("imported 2 workouts from strong"), "\(named.stdout) \(named.stderr)")
        #expect(try daemon.client().call("session.list").arrayValue?.count == 2)
    }

    /// A dry run leaves nothing staged behind it: four of them and then the import
    /// itself, at once, are all taken (the daemon holds four imports of a user at most).
    @Test func dryRunsLeaveNoImportStaged() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let path = strongExport(daemon, "strong.csv", rows: [#"2026-03-02 18:00:00,"Legs",50m,"Squat (Barbell)",1,100,5,0,0,"#])
        for _ in 0..<4 {
            let dry = try daemon.ctl(["import", "--dry-run", path])
            #expect(dry.status == 0 && dry.stdout.contains("would import 1 workout"), "\(dry.stdout) \(dry.stderr)")
        }
        let run = try daemon.ctl(["import", path])
        #expect(run.status == 0 && run.stdout.hasPrefix("imported 1 workout"), "\(run.stdout) \(run.stderr)")
    }

    /// A CSV a spreadsheet re-saved without the quotes around a two-line note: the
    /// note's second line is a row of its own. Refused with its line; with
    /// --skip-invalid the workouts that read whole are imported, and the one the
    /// fragment came from is left out whole, never stored without a set.
    @Test func aCSVBrokenByASpreadsheetImportsWhatReadsWholeWithSkipInvalid() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let path = daemon.directory + "/resaved.csv"
        Fixtures.write("""
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
            2026-03-02 18:00:00,Legs,50m,Squat (Barbell),1,100,5,0,0,felt heavy
            knee a bit sore,,
            2026-03-02 18:00:00,Legs,50m,Squat (Barbell),2,100,5,0,0,,,
            2026-03-04 18:00:00,Push,55m,Bench Press (Barbell),1,80,5,0,0,,,
            2026-03-04 18:00:00,Push,55m,Bench Press (Barbell),2,80,5,0,0,,,
            2026-03-06 18:00:00,Pull,40m,Deadlift (Barbell),1,140,x3,0,0,,,

            """, to: path)
        let refused = try sessionctl(daemon, ["import", path])
        #expect(refused.status == 1 && refused.stderr.contains("line 3:") && refused.stderr.contains("line 7:"), "\(refused.stderr)")
        let skipping = try sessionctl(daemon, ["import", "--skip-invalid", path])
        #expect(skipping.status == 0, "\(skipping.stderr)")
        #expect(skipping.stdout.hasPrefix("imported 1 workout from strong: 2 sets"), "\(skipping.stdout)")
        #expect(skipping.stderr.contains("2 workouts left out whole:\n  2026-03-02 18:00  Legs\n  2026-03-06 18:00  Pull"), "\(skipping.stderr)")
        let list = try JSONParser.parse(try sessionctl(daemon, ["call", "session.list"]).stdout)
        #expect(list.arrayValue?.map { $0["title"]?.stringValue ?? "?" } == ["Push"] && list[0]?["sets"] == 2, "\(list)")
    }

    /// A Strong export of `rows` (lines 2, 3, …) written as `name` in the daemon's
    /// directory; its path.
    private func strongExport(_ daemon: InProcessDaemon, _ name: String, rows: [String]) -> String {
        let path = daemon.directory + "/" + name
        Fixtures.write((["Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE"] + rows).joined(separator: "\n") + "\n", to: path)
        return path
    }

    /// `sessionctl import` of a Strong export of `strongRows` (lines 2, 3, …), which must
    /// be refused as a data error (exit 1, no usage line); its run, to read the problems.
    private func importRefused(_ daemon: InProcessDaemon, strongRows: [String]) throws -> ProcessResult {
        let path = strongExport(daemon, "refused.csv", rows: strongRows)
        let run = try sessionctl(daemon, ["import", path])
        #expect(run.status == 1 && !run.stderr.contains("Usage:"), "\(run.stderr)")
        return run
    }

    /// A year 1000 or 9999 is a typo, not history: refused with its line by sessionctl,
    /// and with its JSON path by the daemon whoever sends it; nothing is stored.
    @Test func workoutsDatedBefore1970OrAfterTomorrowAreRefused() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let run = try importRefused(daemon, strongRows: [
            #"1000-03-02 18:00:00,"Legs",50m,"Squat",1,100,5,0,0,"#,
            #"2026-03-02 18:00:00,"Legs",50m,"Squat",1,100,5,0,0,"#,
            #"9999-03-02 18:00:00,"Legs",50m,"Squat",1,100,5,0,0,"#,
        ])
        #expect(run.stderr.contains("line 2: \"Date\": 1000-03-02 lies outside 1970-01-01…"), "\(run.stderr)")
        #expect(run.stderr.contains("line 4: \"Date\": 9999-03-02 lies outside 1970-01-01…"), "\(run.stderr)")
        #expect(!run.stderr.contains("line 3"), "\(run.stderr)")
        // The daemon's own check, for any client: after its tomorrow is refused
        // (`RecordedDates`, the bound of every recorded date).
        let client = try daemon.client()
        let today = try client.call("daemon.status")["today"]?.stringValue ?? ""
        let tomorrow = LocalDate(today)!.adding(days: 1)
        let dayAfter = tomorrow.adding(days: 1)
        let workout = { (start: String) in JSONValue.obj(["start": .string(start), "title": "W", "sets": .array([.obj(["exercise": "Squat", "reps": 5])])]) }
        let refused = try client.request("history.import", .obj([
            "importId": "years", "chunk": 0, "done": true,
            "workouts": [workout("2026-03-02T18:00:00"), workout("\(dayAfter)T06:00:00"), workout("1969-12-31T23:00:00")],
        ]))
        #expect(refused["error"]?["code"] == -32602, "\(refused)")
        let paths = refused["error"]?["data"]?["errors"]?.arrayValue?.compactMap { $0["path"]?.stringValue }
        #expect(paths == ["params.workouts[1].start", "params.workouts[2].start"], "\(refused)")
        #expect(try JSONParser.parse(try sessionctl(daemon, ["call", "session.list"]).stdout).arrayValue?.isEmpty == true)
        // Today itself is history, and tomorrow, a day's slack for a zone ahead.
        let stored = try client.call("history.import", .obj(["importId": "today", "chunk": 0, "done": true,
                                                              "workouts": [workout("\(today)T06:00:00"), workout("\(tomorrow)T06:00:00")]]))
        #expect(stored["imported"]?["workouts"] == 2, "\(stored)")
    }

    /// Every problem of a file is a data error naming its line, never a usage error.
    @Test func aBadValueIsADataErrorWithItsLine() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let longName = String(repeating: "x", count: 130)
        let run = try importRefused(daemon, strongRows: [
            #"2026-03-02 18:00:00,"Legs",50m,""# + longName + #"",1,100,5,0,0,"#,
            #"2026-03-02 18:00:00,"Legs",50m,"Squat",1,100,5,9999999,0,"#,
        ])
        #expect(run.stderr.contains("line 2: \"Exercise Name\": longer than 120 characters"), "\(run.stderr)")
        #expect(run.stderr.contains("line 3: \"Distance\": beyond 1000 km"), "\(run.stderr)")
        #expect(try JSONParser.parse(try sessionctl(daemon, ["call", "session.list"]).stdout).arrayValue?.isEmpty == true)
    }

    @Test(.enabled(if: Fixtures.sharedExamplesPresent, "needs the example files of ../shared/examples"), arguments: [("strong-export.csv", "strong"), ("hevy-export.csv", "hevy")])
    func theExampleExportsImportWholeAndEveryWeekAddsUp(file: String, kind: String) throws {
        let path = Fixtures.examplesDirectory + "/exports/" + file
        let expected = try count(path, kind)
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }

        let dryRun = try sessionctl(daemon, ["import", "--dry-run", "--json", path])
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        #expect(try JSONParser.parse(dryRun.stdout)["imported"]?["workouts"] == expected["workouts"])
        #expect(try daemon.client().call("session.list").arrayValue?.isEmpty == true, "a dry run stores nothing")

        let run = try sessionctl(daemon, ["import", "--json", path])
        #expect(run.status == 0, "\(run.stderr)")
        let imported = try JSONParser.parse(run.stdout)["imported"]
        for key in ["workouts", "sets", "warmups", "exercises"] { #expect(imported?[key] == expected[key], "\(key)") }

        let client = try daemon.client()
        for (monday, week) in expected["weeks"]?.objectPairs ?? [] {
            let summary = try client.call("summary.weekly", .obj(["weekStart": .string(monday)]))
            for key in ["sessions", "sets", "reps"] { #expect(summary[key] == week[key], "\(monday) \(key)") }
            let volume = (summary["volumeKg"]?.numberValue ?? -1) - (week["volumeKg"]?.numberValue ?? 0)
            #expect(abs(volume) < 1, "\(monday) volume off by \(volume) kg")
        }

        let again = try sessionctl(daemon, ["import", "--json", path])
        let second = try JSONParser.parse(again.stdout)
        #expect(second["imported"]?["workouts"] == 0 && second["skipped"] == expected["workouts"], "a second import adds nothing")
    }

    @Test func aBadRowRefusesTheWholeFileWithItsLine() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let path = daemon.directory + "/bad.csv"
        Fixtures.write("""
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE
            2026-04-24 09:40:00,A,51m,Squat,1,100,5,0,0,
            2026-04-24 09:40:00,A,51m,Squat,2,lots,5,0,0,
            """, to: path)
        let run = try sessionctl(daemon, ["import", path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("line 3: \"Weight\": not a number: \"lots\""), "\(run.stderr)")
        #expect(try daemon.client().call("session.list").arrayValue?.isEmpty == true, "nothing was stored")
    }

    @Test func aFileLargerThanTheLineLimitGoesInChunks() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let path = daemon.directory + "/big.csv"
        var text = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE\n"
        let start = Date(timeIntervalSince1970: 1_600_000_000)
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        formatter.timeZone = TimeZone(identifier: "UTC")
        for workout in 0..<600 {
            let date = formatter.string(from: start.addingTimeInterval(Double(workout) * 86_400))
            for set in 1...30 { text += "\(date),\"Full Body \(workout % 3)\",1h 2m,\"Exercise \(set % 10) with a longer name\",\(set),\(40 + set),8,0,0,\n" }
        }
        Fixtures.write(text, to: path)
        #expect(text.utf8.count > 1 << 20, "over 1 MiB: \(text.utf8.count) bytes")
        let run = try sessionctl(daemon, ["import", "--json", path])
        #expect(run.status == 0, "\(run.stderr)")
        let imported = try JSONParser.parse(run.stdout)["imported"]
        #expect(imported?["workouts"] == 600 && imported?["sets"] == 18_000)
    }

    @Test func aBadRowAfterChunksWereSentLeavesNothingStagedOrStored() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let path = daemon.directory + "/late.csv"
        var text = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE\n"
        for day in 0..<900 {  // chunks of 200 workouts: four are out before the last row
            let date = LocalDate(daysSinceEpoch: 19_000 + day).description
            for set in 1...2 { text += "\(date) 18:00:00,Legs,1h,Squat,\(set),60,8,0,0,\n" }
        }
        let goodPath = daemon.directory + "/good.csv"
        Fixtures.write(text, to: goodPath)
        Fixtures.write(text + "2026-12-01 18:00:00,Legs,1h,Squat,1,lots,8,0,0,\n", to: path)
        // Sent as read: several chunks are out before the last row. Each refused run must
        // drop its import at once: the daemon stages at most 4, so a fifth and the good
        // import after them would be refused if any were left behind.
        for _ in 0..<5 {
            let run = try sessionctl(daemon, ["import", path])
            #expect(run.status == 1)
            #expect(run.stderr.contains("line 1802: \"Weight\": not a number: \"lots\""), "\(run.stderr)")
        }
        #expect(try daemon.client().call("session.list").arrayValue?.isEmpty == true, "nothing was stored")
        let good = try sessionctl(daemon, ["import", "--json", goodPath])
        #expect(good.status == 0, "\(good.stderr)")
        #expect(try JSONParser.parse(good.stdout)["imported"]?["workouts"] == 900)
    }

    /// A page of one exercise's history is its newest sessions that have it, in the dates
    /// asked, oldest first on the wire and newest first as printed.
    @Test func aLimitedExerciseHistoryIsItsNewestSessions() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        // Squat on even days of January, bench alone on odd ones.
        let days = (1...20).map { day in (date: "2026-01-\(day < 10 ? "0" : "")\(day)", squat: day % 2 == 0) }
        let workouts = days.map { day -> JSONValue in
            let sets: JSONValue = day.squat
                ? [.obj(["exercise": "Squat", "reps": 5, "weightKg": 100]), .obj(["exercise": "Bench Press", "reps": 5, "weightKg": 60])]
                : [.obj(["exercise": "Bench Press", "reps": 5, "weightKg": 60])]
            return .obj(["start": .string(day.date + "T18:00:00"), "title": "Lift", "sets": sets])
        }
        _ = try client.call("history.import", .obj(["importId": "p", "chunk": 0, "workouts": .array(workouts)]))
        _ = try client.call("history.import", .obj(["importId": "p", "done": true]))
        let squatDays = days.filter(\.squat).map(\.date)
        func dates(_ params: JSONValue) throws -> [String] {
            let history = try client.call("exercise.history", params)
            #expect((history["sessions"]?.arrayValue ?? []).allSatisfy { $0["sets"]?.arrayValue?.count == 1 }, "only the squat sets: \(history)")
            return (history["sessions"]?.arrayValue ?? []).compactMap { $0["date"]?.stringValue }
        }
        #expect(try dates(.obj(["exercise": "squat", "limit": 3])) == Array(squatDays.suffix(3)))
        #expect(try dates(.obj(["exercise": "squat", "limit": 3, "to": "2026-01-13"])) == Array(squatDays.filter { $0 <= "2026-01-13" }.suffix(3)))
        #expect(try dates(.obj(["exercise": "squat", "limit": 100, "from": "2026-01-15"])) == squatDays.filter { $0 >= "2026-01-15" })
        #expect(try dates(.obj(["exercise": "squat"])) == squatDays)
        let refused = try client.request("exercise.history", .obj(["exercise": "squat", "limit": 0]))
        #expect(refused["error"]?["data"]?["errors"]?[0]?["path"] == "params.limit", "\(refused)")

        let page = try sessionctl(daemon, ["history", "squat", "--limit", "2"])
        #expect(page.status == 0, "\(page.stderr)")
        let lines = page.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasSuffix("the last 2 sessions") == true, "\(page.stdout)")
        #expect(lines.dropFirst().prefix(2).compactMap(listedDate) == squatDays.suffix(2).reversed(), "newest first: \(page.stdout)")
        #expect(lines.count == 4 && lines[3].hasPrefix("older: sessionctl history squat --limit 2 --before "), "\(page.stdout)")
        let all = try sessionctl(daemon, ["history", "squat"])
        #expect(all.stdout.split(separator: "\n").first?.hasSuffix("· \(squatDays.count) sessions") == true, "\(all.stdout)")
        #expect(!all.stdout.contains("older:"), "one page holds them all")

        // Page by page through the command each page ends with, as a person would: every
        // session once, newest first, whatever the page size.
        func pages(_ words: [String], limit: Int) throws -> [String] {
            var command = ["history"] + words + ["--limit", String(limit)]
            var dates: [String] = []
            for _ in 0..<days.count {
                let page = try sessionctl(daemon, command)
                #expect(page.status == 0, "\(command): \(page.stderr)")
                let lines = page.stdout.split(separator: "\n").map(String.init)
                dates += lines.compactMap(listedDate)
                guard let next = lines.last, next.hasPrefix("older: sessionctl ") else { return dates }
                command = try #require(shellWords(String(next.dropFirst("older: sessionctl ".count))))
            }
            Issue.record("the pages did not end")
            return dates
        }
        // 20 sessions by pages of 5: the fourth is full, the fifth is empty and says so.
        #expect(try pages([], limit: 5) == days.map(\.date).reversed())
        let oldest = try client.call("session.list", .obj(["limit": 1000])).arrayValue?.last?["sessionId"]?.numberValue.map(Int.init)
        let beyond = try sessionctl(daemon, ["history", "--before", "\(try #require(oldest))"])
        #expect(beyond.status == 0 && beyond.stdout == "no older sessions\n", "\(beyond.stdout)")
        // The dates asked for stay in the next page's command.
        #expect(try pages(["--from", "2026-01-05", "--to", "2026-01-16"], limit: 3) == days.map(\.date).filter { $0 >= "2026-01-05" && $0 <= "2026-01-16" }.reversed())
        for limit in [3, 7] {
            #expect(try pages([], limit: limit) == days.map(\.date).reversed(), "every session by pages of \(limit)")
            #expect(try pages(["squat"], limit: limit) == squatDays.reversed(), "every squat session by pages of \(limit)")
        }
        for words in [["history", "--before", "999"], ["history", "squat", "--before", "999"]] {
            let unknown = try sessionctl(daemon, words)
            #expect(unknown.status == 1 && unknown.stderr.contains("No session with id 999"), "\(words): \(unknown.status) \(unknown.stderr)")
        }
    }

    /// The date of a session's line of `history` (its id, then its date); nil for
    /// another line.
    func listedDate(_ line: String) -> String? {
        let words = line.split(separator: " ")
        guard words.count > 1, words[0].allSatisfy(\.isNumber), LocalDate(String(words[1])) != nil else { return nil }
        return String(words[1])
    }

    /// The words of a line as a POSIX shell splits them: spaces apart, '…' kept whole.
    func shellWords(_ line: String) -> [String]? {
        var words: [String] = []
        var word = ""
        var quoted = false
        var started = false
        for character in line {
            if character == "'" {
                quoted.toggle()
                started = true
            } else if character == " ", !quoted {
                if started { words.append(word) }
                word = ""
                started = false
            } else {
                word.append(character)
                started = true
            }
        }
        if started { words.append(word) }
        return quoted ? nil : words
    }

    /// What every format keeps of a workout: its start to the minute, title, and each
    /// set's exercise, kind, reps, load and note.
    private func essentials(_ export: JSONValue) -> [String] {
        (export["workouts"]?.arrayValue ?? []).map { workout in
            let sets = (workout["sets"]?.arrayValue ?? []).map { set in
                ["exercise", "kind", "reps", "weightKg", "note"].map { set[$0]?.jsonText ?? "null" }.joined(separator: "|")
            }
            return String(workout["start"]?.stringValue?.prefix(16) ?? "") + " " + (workout["title"]?.stringValue ?? "") + ": " + sets.joined(separator: "; ")
        }
    }

    @Test(.enabled(if: Fixtures.sharedExamplesPresent, "needs the example files of ../shared/examples"), arguments: ["json", "strong", "hevy"])
    func anExportImportsBackIntoAnEmptyDatabase(format: String) throws {
        let source = try InProcessDaemon()
        defer { source.cleanUp() }
        #expect(try sessionctl(source, ["import", Fixtures.examplesDirectory + "/exports/hevy-export.csv"]).status == 0)
        // Kinds and notes the example lacks, logged here.
        let client = try source.client()
        _ = try client.call("session.start")
        _ = try client.call("session.log", .obj(["exercise": "Squat", "reps": 5, "weightKg": 100, "kind": "drop", "note": "knees out, \"slow\""]))
        _ = try client.call("session.log", .obj(["exercise": "Squat", "reps": 3, "weightKg": 110, "kind": "failure"]))
        _ = try client.call("session.finish", .obj(["note": "good, long day"]))
        let file = source.directory + "/export." + format
        let exported = try sessionctl(source, ["export", "--format", format, file])
        #expect(exported.status == 0, "\(exported.stderr)")
        let original = try JSONParser.parse(try sessionctl(source, ["export"]).stdout)

        let target = try InProcessDaemon()
        defer { target.cleanUp() }
        let imported = try sessionctl(target, ["import", file])
        #expect(imported.status == 0, "\(imported.stderr)")
        let restored = try JSONParser.parse(try sessionctl(target, ["export"]).stdout)
        let mismatch = zip(essentials(restored), essentials(original)).first { $0 != $1 }
        #expect(mismatch == nil, "first difference: \(String(describing: mismatch))")
        #expect((restored["workouts"]?.arrayValue?.count ?? 0) == 233)
        if format == "json" {
            #expect(restored == original, "the JSON export keeps everything")
        }
    }
}
