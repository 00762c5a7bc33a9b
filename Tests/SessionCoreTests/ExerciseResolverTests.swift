import SessionCore
import Testing

/// The one rule of what words name (`ExerciseResolver`): the catalog's names, aliases,
/// one's own, the day's, the catalog's words in any order, then a unique start.
@Suite struct ExerciseResolverTests {
    typealias Candidate = ExerciseMatcher.Candidate

    /// A day whose plan has Side Plank (Plank is the catalog's too) and a name of its own,
    /// and whose session logged Zombie Walk off-plan.
    let day = [
        Candidate(id: 10, position: 1, name: "Overhead Press"),
        Candidate(id: 11, position: 2, name: "Lat Pulldown"),
        Candidate(id: 12, position: 3, name: "Lateral Raise"),
        Candidate(id: 13, position: 4, name: "Side Plank"),
        Candidate(id: 14, position: 5, name: "Cossack Hold"),
        Candidate(offPlan: "Zombie Walk"),
    ]
    let aliases = ["bulgs": "Bulgarian Split Squat"]
    /// Plank logged before, the Dumbbell Row logged as a tracker spells it, two names of
    /// one's own (one defined, one only logged).
    let known = ExerciseResolver.Known(own: ["Tyre Flip"], logged: ["Plank", "One-Arm Dumbbell Row", "Sandbag Carry"])

    /// What `words` resolve to, and how often the known names were read.
    func resolve(_ words: String, isNew: Bool = false, known: ExerciseResolver.Known? = nil) throws -> (ExerciseResolver.Resolved, reads: Int) {
        var reads = 0
        let resolved = try ExerciseResolver.resolve(words, isNew: isNew, day: day, aliases: aliases) {
            reads += 1
            return known ?? self.known
        }
        return (resolved, reads)
    }

    /// Each row: the words, --new, the name they resolve to, by which step, the day's
    /// exercise it is (nil: none), and whether the names known had to be read.
    let cases: [(words: String, isNew: Bool, name: String, rule: ExerciseResolver.Rule, day: String?, reads: Bool)] = [
        ("plank", false, "Plank", .catalog, nil, false),  // the catalog's Plank, not the day's Side Plank
        ("PLANK", false, "Plank", .catalog, nil, false),
        ("Squat (Barbell)", false, "Back Squat", .catalog, nil, false),  // a tracker's spelling
        ("rdl", false, "Romanian Deadlift", .catalog, nil, false),
        ("bench", false, "Bench Press", .catalog, nil, false),
        ("ohp", false, "Overhead Press", .catalog, "Overhead Press", false),  // the day's, by the same exercise
        ("bulgs", false, "Bulgarian Split Squat", .alias, nil, false),
        ("tyre-flip", false, "Tyre Flip", .own, nil, true),
        ("sandbag  carry", false, "Sandbag Carry", .own, nil, true),
        ("cossack hold", false, "Cossack Hold", .day, "Cossack Hold", true),
        ("Standing Barbell Shoulder Press", false, "Overhead Press", .wordOrder, "Overhead Press", true),
        ("press overhead barbell", false, "Overhead Press", .wordOrder, "Overhead Press", true),
        ("Sled Drag", true, "Sled Pull", .catalog, nil, false),  // new or not, a catalog name is its exercise
        ("Sled  Drag Uphill", true, "Sled Drag Uphill", .new, nil, true),
        ("lat", false, "Lat Pulldown", .start, "Lat Pulldown", true),  // a whole word beats a prefix
        ("cossack", false, "Cossack Hold", .start, "Cossack Hold", true),
        ("zombie", false, "Zombie Walk", .start, "Zombie Walk", true),  // the session's off-plan name
        ("one-arm", false, "Dumbbell Row", .start, nil, true),  // a start of a name the logged exercise has
        ("sandbag", false, "Sandbag Carry", .start, nil, true),
        ("flip", false, "Tyre Flip", .start, nil, true),
        ("Dumbbell Shoulder Pres", false, "Dumbbell Shoulder Press", .start, nil, true),  // the start of a name of the catalog's
    ]

    @Test func wordsResolveByTheOneOrder() throws {
        for row in cases {
            let (resolved, reads) = try resolve(row.words, isNew: row.isNew)
            #expect(resolved.name == row.name && resolved.rule == row.rule, "\(row.words): \(resolved)")
            #expect(resolved.day?.name == row.day, "\(row.words): \(resolved)")
            #expect(reads == (row.reads ? 1 : 0), "\(row.words) read the names known \(reads) times")
        }
    }

    @Test func thePlannedExerciseKeepsItsIdAndPosition() throws {
        #expect(try resolve("ohp").0.day == day[0])
        #expect(try resolve("Standing Barbell Shoulder Press").0.day == day[0])
        #expect(try resolve("pulldown").0.day == day[1])
        #expect(try resolve("plank").0.day == nil, "Plank is another exercise than the day's Side Plank")
        #expect(try resolve("side plank").0.day == day[3])
    }

    @Test func anAmbiguousStartListsTheCandidates() throws {
        #expect(throws: SessionError.ambiguousExercise("la", matches: [day[1], day[2]])) { try resolve("la") }
        // Logged neither: "one-arm" starts names of two of the catalog's exercises.
        #expect(throws: SessionError.ambiguousExercise("one-arm", matches: [Candidate(offPlan: "Dumbbell Row"), Candidate(offPlan: "Single Arm Cable Row")])) {
            try resolve("one-arm", known: ExerciseResolver.Known())
        }
        // The day's starts come before the names known: "lat" is the day's Lat Pulldown
        // beside a Lat Hold of one's own.
        #expect(try resolve("lat", known: ExerciseResolver.Known(own: ["Lat Hold"])).0.day == day[1])
        #expect(try resolve("hold", known: ExerciseResolver.Known(own: ["Lat Hold"])).0.name == "Cossack Hold")
    }

    @Test func noneIsRefusedWithTheClosestNamesOfTheSameEquipment() throws {
        #expect(try suggestions("overhed").first == "Overhead Press")
        #expect(try suggestions("zombie wlak").first == "Zombie Walk", "the day's names are suggested")
        #expect(try suggestions("tyer flip").first == "Tyre Flip", "one's own")
        let barbell = try suggestions("Standing Barbell Shoulder Pres")
        #expect(barbell.first == "Overhead Press", "\(barbell)")
        let others = barbell.filter { ExerciseCatalog.builtIn.exercise(named: $0).map { $0.equipment != .barbell } ?? false }
        #expect(others.isEmpty, "a suggestion keeps the barbell the words state: \(others)")
        #expect(try suggestions("Dumbell Shoulder Pres").first == "Dumbbell Shoulder Press")
    }

    /// The closest names `words` are refused with.
    func suggestions(_ words: String) throws -> [String] {
        do {
            _ = try resolve(words)
        } catch SessionError.unknownExercise(_, let suggestions) {
            return suggestions
        }
        Issue.record("\(words) was not refused")
        return []
    }
}

@Suite struct ExerciseCatalogWordsTests {
    @Test func aNameByItsWordsKeepsItsEquipment() {
        let catalog = ExerciseCatalog.builtIn
        #expect(catalog.exercise(wordsOf: "Standing Barbell Shoulder Press")?.name == "Overhead Press")
        #expect(catalog.exercise(wordsOf: "Shoulder Press Dumbbell")?.name == "Dumbbell Shoulder Press")
        #expect(catalog.exercise(wordsOf: "Standing Dumbbell Shoulder Press")?.name == "Dumbbell Shoulder Press")
        #expect(catalog.exercise(wordsOf: "Seated Barbell Shoulder Press") == nil, "seated is no default posture")
        #expect(catalog.exercise(wordsOf: "Standing") == nil)
        #expect(Equipment.stated(in: "Smith Machine Squat") == .smith)
        #expect(Equipment.stated(in: "db row") == .dumbbell)
        #expect(Equipment.stated(in: "Plank") == nil)
    }

    @Test func everyOutputNamesACataloguedExerciseByTheCatalogsName() {
        let catalog = ExerciseCatalog.builtIn
        #expect(catalog.displayName(ofKey: "squat (barbell)", own: "Squat (Barbell)") == "Back Squat")
        #expect(catalog.displayName(ofKey: "back squat", own: "Barbell Back Squat") == "Back Squat")
        #expect(catalog.displayName(ofKey: "tyre flip", own: "Tyre Flip") == "Tyre Flip")
    }

    @Test func aLoadedLiftWrittenWithoutAWeightIsStillUnderALoad() {
        #expect(SetPlausibility.doubt(reps: 85, weightKg: nil, plannedWeightKg: nil, heaviestKg: nil, equipment: .barbell) == .repsUnderLoad(reps: 85))
        #expect(SetPlausibility.doubt(reps: 85, weightKg: nil, plannedWeightKg: nil, heaviestKg: nil, equipment: .machine) == .repsUnderLoad(reps: 85))
        #expect(SetPlausibility.doubt(reps: 85, weightKg: nil, plannedWeightKg: nil, heaviestKg: nil, equipment: .bodyweight) == nil)
        #expect(SetPlausibility.doubt(reps: 85, weightKg: nil, plannedWeightKg: nil, heaviestKg: nil) == nil)
    }
}
