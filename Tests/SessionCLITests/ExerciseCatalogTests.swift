import Foundation
import Testing
import TestSupport
import SessionCore
import JSON

/// The catalog through the daemon and sessionctl: one exercise per lift whatever the
/// exports and plans call it, and the commands that list and show exercises.
@Suite struct ExerciseCatalogCommandTests {
    /// The exercise names of an export, read here with Python's csv module.
    func exportNames(_ file: String, column: String) throws -> Set<String> {
        let script = "import csv, sys, json; print(json.dumps(sorted({r[sys.argv[2]] for r in csv.DictReader(open(sys.argv[1], encoding='utf-8-sig'))})))"
        let run = try runProcess("/usr/bin/env", ["python3", "-c", script, Fixtures.examplesDirectory + "/exports/" + file, column])
        #expect(run.status == 0, "\(run.stderr)")
        return Set(try JSONParser.parse(run.stdout).arrayValue?.compactMap(\.stringValue) ?? [])
    }

    /// The two example exports and a plan naming the same lifts differently: one exercise
    /// per lift, as Tests/Fixtures/exercise-identities.txt pairs the names.
    @Test(.enabled(if: Fixtures.sharedExamplesPresent, "needs the example files of ../shared/examples")) func theExamplesAndAPlanGiveOneExercisePerLift() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let pairs = Dictionary(CatalogFile.identityPairs().map { ($0.name, $0.exercise) }, uniquingKeysWith: { first, _ in first })
        let names = try exportNames("strong-export.csv", column: "Exercise Name").union(exportNames("hevy-export.csv", column: "exercise_title"))
        for file in ["strong-export.csv", "hevy-export.csv"] {
            let imported = try daemon.ctl(["import", Fixtures.examplesDirectory + "/exports/" + file])
            #expect(imported.status == 0, "\(imported.stderr)")
        }
        let planned = ["Barbell Back Squat", "Barbell Bench Press", "Conventional Deadlift", "Pull-ups", "DB RDL", "Hammer Curls"]
        let exercises = planned.map { #"{"name": "\#($0)", "sets": 1, "reps": 5}"# }.joined(separator: ", ")
        let client = try daemon.client()
        try Workout.importMonday(client, exercises: exercises, weekStart: "2026-11-30")
        #expect(try daemon.ctl(["start", "2026-11-30"]).status == 0)
        for position in 1...planned.count { #expect(try daemon.ctl(["log", String(position), "5", "20"]).status == 0) }
        #expect(try daemon.ctl(["finish"]).status == 0)
        let listed = try JSONParser.parse(try daemon.ctl(["call", "history.exercises"]).stdout).arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        let expected = Set(names.union(planned).map { pairs[$0] ?? "unpaired: \($0)" })
        #expect(listed.count == Set(listed).count, "each lift once: \(listed)")
        #expect(Set(listed) == expected, "\(Set(listed).symmetricDifference(expected))")
        // Every name of a lift shows the same history.
        let shown = try ["squat", "Squat (Barbell)", "Barbell Back Squat", "bs"].map { name in
            try JSONParser.parse(try daemon.ctl(["exercise", "show", "--json", name]).stdout)
        }
        #expect(shown.allSatisfy { $0["exercise"]?["name"] == "Back Squat" && $0["sets"] == shown[0]["sets"] }, "\(shown)")
        #expect(shown[0]["lastDate"] == "2026-11-30" && shown[0]["lastSets"]?[0]?["weightKg"] == 20)
        #expect((shown[0]["sessions"]?.intValue ?? 0) > 1, "the exports' squats and the plan's: \(shown[0])")
    }

    @Test func exercisesListsAndSearchesAndShowSaysWhatAnExerciseIs() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let all = try JSONParser.parse(try daemon.ctl(["exercises", "--json"]).stdout).arrayValue ?? []
        #expect(all.count == CatalogFile().lines.count, "the whole catalog, and no exercise of one's own yet")
        let curls = try daemon.ctl(["exercises", "hammer", "curl"])
        let lines = curls.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("Hammer Curl ") && $0.contains("dumbbell · biceps, forearms") }, "\(curls.stdout)")
        #expect(lines.allSatisfy { $0.lowercased().contains("hammer") }, "every word in a name: \(curls.stdout)")
        let none = try daemon.ctl(["exercises", "zzz"])
        #expect(none.status == 1 && none.stdout.isEmpty && none.stderr.contains("sessionctl: no exercise matches \"zzz\""), "\(none.stdout)")
        let noneJSON = try daemon.ctl(["exercises", "zzz", "--json"])
        #expect(noneJSON.status == 1 && noneJSON.stdout == "[]\n", "the same exit status as text: \(noneJSON.stdout)")
        // One's own exercise is listed, marked as such.
        #expect(try daemon.ctl(["start"]).status == 0)
        #expect(try daemon.ctl(["log", "--new", "sandbag", "carry", "40s"]).status == 0)
        #expect(try daemon.ctl(["log", "pull", "up", "8"]).status == 0)
        #expect(try daemon.ctl(["finish"]).status == 0)
        #expect(try daemon.ctl(["exercises", "sandbag"]).stdout.hasPrefix("sandbag carry  own"))
        let pullUp = try daemon.ctl(["exercise", "show", "chin", "up"])
        #expect(pullUp.stdout.hasPrefix("Chin-Up  bodyweight · lats, biceps / upper back · body mass counts"), "\(pullUp.stdout)")
        #expect(pullUp.stdout.contains("not trained yet"))
        let trained = try daemon.ctl(["exercise", "show", "pullups"])
        #expect(trained.stdout.contains("trained in 1 session · 1 set") && trained.stdout.contains("last time ("), "\(trained.stdout)")
        let typo = try daemon.ctl(["exercise", "show", "bulgarain", "split"])
        #expect(typo.status == 1 && typo.stderr.contains("did you mean Bulgarian Split Squat?"), "\(typo.stderr)")
        #expect(try daemon.ctl(["exercise", "show"]).status == 2)
    }

    /// Import says what each name became, and lists a dry run's mappings and the names
    /// of one's own, so a mapping can be fixed with an alias before anything is stored.
    @Test func importSaysWhatEachNameBecame() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let directory = Fixtures.temporaryDirectory()
        defer { Fixtures.removeTree(directory) }
        let file = directory + "/strong.csv"
        Fixtures.write("""
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE
            2026-04-24 09:40:00,"Legs",51m,"Squat (Barbell)",1,100.0,5.0,0,0.0,
            2026-04-24 09:40:00,"Legs",51m,"Sled Drag Uphill",1,80.0,1.0,0,0.0,
            2026-04-24 09:40:00,"Legs",51m,"Leg Press",1,200.0,10.0,0,0.0,
            2026-04-24 09:40:00,"Legs",51m,"Back Squat",2,100.0,5.0,0,0.0,

            """, to: file)
        let dry = try daemon.ctl(["import", "--dry-run", file])
        #expect(dry.status == 0, "\(dry.stderr)")
        // Four names as written; two of them one catalog lift: three exercises, counted
        // alike on both lines (2 from the catalog + 1 of one's own).
        #expect(dry.stdout.hasPrefix("would import 1 workout from strong: 4 sets, 3 exercises, 2026-04-24 to 2026-04-24\n"), "\(dry.stdout)")
        #expect(dry.stdout.contains("exercises: 2 from the catalog (3 names as written), 1 of your own"), "\(dry.stdout)")
        #expect(dry.stdout.contains("  Squat (Barbell) → Back Squat") && !dry.stdout.contains("Leg Press →"), "spellings that differ only: \(dry.stdout)")
        #expect(dry.stdout.contains("your own (not in the catalog; sessionctl alias NAME EXERCISE makes one a catalog lift): Sled Drag Uphill"))
        // An alias first, and the name is a catalog lift in the import.
        #expect(try daemon.ctl(["alias", "Sled Drag Uphill", "Sled Pull"]).status == 0)
        let json = try JSONParser.parse(try daemon.ctl(["import", "--json", file]).stdout)
        let names = json["names"]?.arrayValue ?? []
        #expect(names.contains { $0["name"] == "Sled Drag Uphill" && $0["exercise"] == "Sled Pull" }, "\(names)")
        #expect(try daemon.ctl(["exercise", "show", "--json", "sled pull"]).stdout.contains("\"sets\":1"))
        // show names a catalog lift as the catalog does, and what the file said only where it differs.
        let shown = try daemon.ctl(["show"]).stdout
        #expect(shown.contains("  Back Squat (as Squat (Barbell))  set 1") && shown.contains("  Leg Press ") && !shown.contains("Leg Press (as"), "\(shown)")
    }

    /// An exercise of one's own given muscles counts in the sets per muscle, and with
    /// --bodyweight its load counts body mass; a catalog name is refused.
    @Test func anExerciseOfOnesOwnCountsOnceItHasMuscles() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        #expect(try daemon.ctl(["exercise", "add", "Sled Drag Uphill", "--muscles", "quads,glutes", "--secondary", "calves",
                                "--equipment", "machine"]).stdout == "Sled Drag Uphill: machine · quads, glutes / calves\n")
        #expect(try daemon.ctl(["exercise", "add", "Ring Muscle Thing", "--muscles", "lats,upper-back", "--bodyweight"]).status == 0)
        let taken = try daemon.ctl(["exercise", "add", "rdl", "--muscles", "quads"])
        #expect(taken.status == 1 && taken.stderr.contains("\"rdl\" is Romanian Deadlift of the exercise catalog"), "\(taken.stderr)")
        #expect(try daemon.ctl(["exercise", "add", "x", "--muscles", "pecs"]).status == 2)
        #expect(try daemon.ctl(["health", "mass", "80", "--date", "2026-11-23"]).status == 0)
        let client = try daemon.client()
        _ = try client.call("session.start", .obj(["at": .string(Wall.at("2026-11-24T18:00:00"))]))
        for _ in 0..<3 { _ = try client.call("session.log", .obj(["exercise": "sled drag uphill", "reps": 1, "weightKg": 100, "at": .string(Wall.at("2026-11-24T18:00:00"))])) }
        let ring = try client.call("session.log", .obj(["exercise": "Ring Muscle Thing", "reps": 5, "weightKg": 10, "at": .string(Wall.at("2026-11-24T18:00:00"))]))
        _ = try client.call("session.finish", .obj(["at": .string(Wall.at("2026-11-24T18:30:00"))]))
        let summary = try client.call("summary.weekly", .obj(["weekStart": "2026-11-23"]))
        let muscles = Dictionary((summary["muscles"]?.arrayValue ?? []).map { ($0["muscle"]?.stringValue ?? "", $0["sets"]?.numberValue ?? 0) },
                                 uniquingKeysWith: +)
        #expect(muscles == ["quads": 3, "glutes": 3, "calves": 1.5, "lats": 1, "upper back": 1], "\(muscles)")
        // 5 at +10 kg on 80 kg of body: Epley of 90 kg.
        let shown = try JSONParser.parse(try daemon.ctl(["exercise", "show", "--json", "ring muscle thing"]).stdout)
        #expect(shown["exercise"]?["countsBodyMass"] == true && shown["exercise"]?["catalogued"] == false, "\(shown)")
        #expect(abs((shown["bestOneRepMaxKg"]?.numberValue ?? 0) - 90 * (1 + 5.0 / 30)) < 0.06, "\(shown) \(ring)")
        #expect(try daemon.ctl(["exercises", "sled", "drag"]).stdout.contains("Sled Drag Uphill  machine · quads, glutes / calves · own"))
        // show writes its load as added to the body, as status and log do: the daemon
        // says so of one's own exercise too, which the catalog knows nothing of.
        let session = try daemon.ctl(["show"]).stdout
        #expect(session.contains("Ring Muscle Thing  set 1  5 reps, +10 kg") && session.contains("sled drag uphill   set 1  1 × 100 kg"), "\(session)")
    }

    /// Records of every kind through sessionctl: said as each set beats one, the session's
    /// volume when it finishes, all of them listed by exercise show.
    @Test func recordsOfEveryKindAreAnnouncedAndListed() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        #expect(try daemon.ctl(["start"]).status == 0)
        #expect(try daemon.ctl(["log", "squat", "5", "100"]).stdout.contains("personal record") == false, "a baseline")
        #expect(try daemon.ctl(["log", "squat", "3", "100"]).status == 0)
        #expect(try daemon.ctl(["finish"]).status == 0)
        #expect(try daemon.ctl(["start", "--yes"]).status == 0)
        let reps = try daemon.ctl(["log", "squat", "7", "90"]).stdout
        #expect(reps.contains("★ personal record: Back Squat most reps at 90 kg · best set volume 630 kg"), "\(reps)")
        let more = try daemon.ctl(["log", "squat", "6", "100"]).stdout
        #expect(more.contains("★ personal record: best Back Squat yet — e1RM 120 kg · most reps at 100 kg"), "\(more)")
        #expect(try daemon.ctl(["log", "pull", "up", "8"]).status == 0)
        #expect(try daemon.ctl(["log", "pull", "up", "10"]).stdout.contains("★ personal record: Pull-Up most reps"))
        let finished = try daemon.ctl(["finish"]).stdout
        // 630 + 600 kg against the first session's 500 + 300 kg.
        #expect(finished.contains("★ personal record: best Back Squat session volume — 1,230 kg (was 800 kg)"), "\(finished)")
        let shown = try daemon.ctl(["exercise", "show", "squat"]).stdout
        #expect(shown.contains("records: heaviest 100 kg · best e1RM 120 kg · best set volume 630 kg · best session volume 1,230 kg"), "\(shown)")
        #expect(shown.contains("most reps at a weight: 6 × 100 kg, 7 × 90 kg"), "\(shown)")
        // The session's sets list their records in the words log said them in, not the wire's.
        let session = try daemon.ctl(["show"]).stdout
        #expect(session.contains("7 × 90 kg  ★ best set volume, most reps at a weight") && session.contains("6 × 100 kg  ★ best e1RM, most reps at a weight")
                && !session.contains("oneRepMax") && !session.contains("setVolume"), "\(session)")
        let json = try JSONParser.parse(try daemon.ctl(["exercise", "show", "--json", "pull-up"]).stdout)
        #expect(json["mostReps"] == 10 && json["bestSetVolumeKg"] == .null)
    }

    /// An import brings every kind of record up to date, as a Python reading of the file
    /// here works them out: warm-ups (W) count for nothing, a session's volume is its
    /// working sets' reps × kg.
    @Test(.enabled(if: Fixtures.sharedExamplesPresent, "needs the example files of ../shared/examples")) func anImportSetsEveryKindOfRecordFromTheFile() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let file = Fixtures.examplesDirectory + "/exports/strong-export.csv"
        #expect(try daemon.ctl(["import", file]).status == 0)
        let script = """
            import csv, json, sys, collections
            rows = [r for r in csv.DictReader(open(sys.argv[1], encoding='utf-8-sig'))
                    if r['Exercise Name'] == 'Squat (Barbell)' and r['Set Order'] != 'W' and float(r['Reps'] or 0) > 0]
            sets = [(float(r['Weight']), int(float(r['Reps'])), r['Date']) for r in rows]
            loaded = [s for s in sets if s[0] > 0]
            sessions = collections.defaultdict(float)
            for w, n, d in loaded: sessions[d] += w * n
            best = {}
            for w, n, d in loaded: best[w] = max(best.get(w, 0), n)
            frontier = sorted(([w, n] for w, n in best.items() if not any(w2 > w and n2 >= n for w2, n2 in best.items())), reverse=True)
            print(json.dumps({"heaviest": max(w for w, n, d in loaded), "set": max(w * n for w, n, d in loaded),
                              "session": max(sessions.values()), "frontier": frontier}))
            """
        let run = try runProcess("/usr/bin/env", ["python3", "-c", script, file])
        #expect(run.status == 0, "\(run.stderr)")
        let expected = try JSONParser.parse(run.stdout)
        let shown = try JSONParser.parse(try daemon.ctl(["exercise", "show", "--json", "squat"]).stdout)
        #expect(shown["heaviestKg"]?.numberValue == expected["heaviest"]?.numberValue, "\(shown)")
        #expect(abs((shown["bestSetVolumeKg"]?.numberValue ?? 0) - (expected["set"]?.numberValue ?? -1)) < 0.01)
        #expect(abs((shown["bestSessionVolumeKg"]?.numberValue ?? 0) - (expected["session"]?.numberValue ?? -1)) < 0.01)
        let frontier = (shown["repsAtWeight"]?.arrayValue ?? []).map { [$0["weightKg"]?.numberValue ?? 0, $0["reps"]?.numberValue ?? 0] }
        #expect(frontier == (expected["frontier"]?.arrayValue ?? []).map { $0.arrayValue?.compactMap(\.numberValue) ?? [] }, "\(frontier)")
    }
}
