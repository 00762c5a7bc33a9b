@testable import SessionCore
import Testing
import TestSupport

@Suite struct ExerciseCatalogTests {
    let file = CatalogFile()

    func plain(_ name: String) -> String { CatalogFile.plain(name) }

    @Test func theFileHoldsAtLeast250ExercisesWithUniqueNames() {
        #expect(file.lines.count >= 250)
        #expect(ExerciseCatalog.builtIn.exercises.count == file.lines.count, "every line is an exercise of the built-in catalog")
        var owner: [String: String] = [:]
        for line in file.lines {
            for name in [line.name] + line.otherNames {
                if let other = owner[plain(name)], other != line.name {
                    Issue.record("line \(line.number): \"\(name)\" names \(other) already")
                }
                owner[plain(name)] = line.name
            }
        }
    }

    @Test func everyMuscleEquipmentAndFlagIsFromTheFixedLists() {
        let muscles: Set = ["chest", "upper back", "lats", "front delts", "side delts", "rear delts", "biceps", "triceps", "forearms", "abs",
                            "obliques", "lower back", "glutes", "quads", "hamstrings", "adductors", "abductors", "calves", "neck", "cardio", "mobility"]
        let equipment: Set = ["barbell", "dumbbell", "cable", "machine", "kettlebell", "band", "bodyweight", "smith", "other"]
        for line in file.lines {
            #expect(!line.primary.isEmpty, "line \(line.number): a primary muscle group")
            for muscle in line.primary + line.secondary { #expect(muscles.contains(muscle), "line \(line.number): \(muscle)") }
            #expect(Set(line.primary).isDisjoint(with: line.secondary), "line \(line.number): a muscle is primary or secondary")
            #expect(equipment.contains(line.equipment), "line \(line.number): \(line.equipment)")
            for flag in line.flags { #expect(["bw", "uni", "time"].contains(flag), "line \(line.number): \(flag)") }
        }
        #expect(Set(MuscleGroup.allCases.map(\.rawValue)) == muscles)
    }

    /// Every name of the file finds its own line's exercise, the forms naming the
    /// equipment too; others find nothing.
    @Test func everyNameFindsItsExercise() throws {
        let catalog = ExerciseCatalog.builtIn
        for line in file.lines {
            for name in [line.name] + line.otherNames {
                #expect(catalog.exercise(named: name)?.name == line.name, "line \(line.number): \(name)")
            }
        }
        #expect(catalog.exercise(named: "Bench Press (Dumbbell)")?.name == "Dumbbell Bench Press")
        #expect(catalog.exercise(named: "barbell  back squat")?.name == "Back Squat")
        #expect(catalog.exercise(named: "pull_ups")?.name == "Pull-Up")
        #expect(catalog.exercise(named: "Hammer Curls")?.name == "Hammer Curl", "a plural")
        #expect(catalog.exercise(named: "Sled Pushes Uphill") == nil)
        #expect(catalog.exercise(named: "Row") == nil, "no guess between the rows")
        let pullUp = try #require(catalog.exercise(named: "chin up"))
        #expect(pullUp.countsBodyMass && pullUp.primary.contains(.lats) && pullUp.equipment == .bodyweight)
        #expect(catalog.exercise(named: "Side Plank")?.timed == true && catalog.exercise(named: "Side Plank")?.unilateral == true)
    }

    /// The catalog's one-pass keys are the general ones (`exerciseKey`, `matchKey`) for
    /// every name it goes by, odd spacing and case included.
    @Test func theCatalogsKeysAreTheGeneralKeys() {
        let names = ExerciseCatalog.builtIn.exercises.flatMap(\.names) + ["  Pull_Up  ", "SQUAT\t(Barbell)", "Push - Up", "Farmer's  Walk", "Hack-Squat"]
        for name in names {
            let keys = ExerciseCatalog.keys(name)
            #expect(keys.exact == name.exerciseKey && keys.spaced == ExerciseMatcher.matchKey(name), "\(name)")
        }
    }

    @Test func aCatalogWithANameTwiceOrAnUnknownMuscleIsRefusedByLine() {
        #expect(throws: CatalogError(line: 2, message: "\"Squat\" already names Back Squat")) {
            try ExerciseCatalog(text: "Back Squat | barbell | quads | | squat | | Squat\nSquat | barbell | quads | | squat | |")
        }
        #expect(throws: CatalogError(line: 1, message: "unknown muscle group \"pecs\"")) {
            try ExerciseCatalog(text: "Bench | barbell | pecs | | horizontal push | |")
        }
        #expect(throws: CatalogError.self) { try ExerciseCatalog(text: "Bench | barbell | chest") }
    }

    @Test func searchFindsEveryWordInAnyName() {
        let found = ExerciseCatalog.builtIn.search("curl hammer").map(\.name)
        #expect(found.contains("Hammer Curl") && found.contains("Rope Hammer Curl") && !found.contains("Dumbbell Curl"), "\(found)")
        #expect(ExerciseCatalog.builtIn.search("rdl").map(\.name).contains("Romanian Deadlift"))
        #expect(ExerciseCatalog.builtIn.search("").count == file.lines.count)
    }
}

/// One exercise per lift, however the exports and plans name it: the pairs of
/// Tests/Fixtures/exercise-identities.txt, written by hand.
@Suite struct ExerciseIdentityTests {
    static func pairs() -> [(name: String, exercise: String)] { CatalogFile.identityPairs() }

    @Test func everyNameOfTheExamplesIsItsLift() {
        let pairs = Self.pairs()
        #expect(pairs.count > 100)
        for pair in pairs {
            #expect(ExerciseCatalog.builtIn.exercise(named: pair.name)?.name == pair.exercise, "\(pair.name)")
            #expect(ExerciseCatalog.builtIn.identityKey(pair.name.exerciseKey, aliasTarget: nil) == pair.exercise.exerciseKey)
        }
        // Different lifts stay different.
        let keys = ["Front Squat", "Goblet Squat", "Back Squat", "Hack Squat"].map { ExerciseCatalog.builtIn.identityKey($0.exerciseKey, aliasTarget: nil) }
        #expect(Set(keys).count == 4)
    }

    @Test(.enabled(if: Fixtures.sharedExamplesPresent, "needs the example files of ../shared/examples")) func theExportsNamesAreAllPaired() {
        let paired = Set(Self.pairs().map(\.name))
        for (file, column) in [("strong-export.csv", "Exercise Name"), ("hevy-export.csv", "exercise_title")] {
            let rows = Self.csvRows(Fixtures.read(Fixtures.examplesDirectory + "/exports/" + file))
            let index = rows.first?.firstIndex(of: column) ?? 0
            let names = Set(rows.dropFirst().filter { $0.count > index }.map { $0[index] })
            #expect(!names.isEmpty, "\(file)")
            #expect(names.subtracting(paired).isEmpty, "\(file): \(names.subtracting(paired).sorted())")
        }
    }

    /// RFC 4180 records, read here on their own: quoted fields may hold commas, quotes
    /// doubled and line breaks.
    static func csvRows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" { field.append("\""); characters.removeFirst() } else { quoted = false }
                } else {
                    field.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                row.append(field)
                field = ""
            } else if character == "\n" || character == "\r\n" {
                row.append(field)
                rows.append(row)
                row = []
                field = ""
            } else {
                field.append(character)
            }
        }
        if !field.isEmpty || !row.isEmpty { rows.append(row + [field]) }
        return rows
    }
}
