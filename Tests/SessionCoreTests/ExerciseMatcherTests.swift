import SessionCore
import Testing

@Suite struct ExerciseMatcherTests {
    @Test func matchesExercisesForgivingly() {
        let day = [
            ExerciseMatcher.Candidate(id: 10, position: 1, name: "Goblet Squat"),
            ExerciseMatcher.Candidate(id: 11, position: 2, name: "Dumbbell Romanian Deadlift"),
            ExerciseMatcher.Candidate(id: 12, position: 3, name: "Bulgarian Split Squat"),
        ]
        #expect(ExerciseMatcher.match("goblet squat", in: day) == .planned(day[0]))
        #expect(ExerciseMatcher.match("GOB", in: day) == .planned(day[0]))
        #expect(ExerciseMatcher.match("romanian", in: day) == .planned(day[1]))
        #expect(ExerciseMatcher.match("squat", in: day) == .ambiguous([day[0], day[2]]))
        #expect(ExerciseMatcher.match("goblet-squat", in: day) == .planned(day[0]), "a completed word finds what it completed")
        #expect(ExerciseMatcher.match("bulgarian_split", in: day) == .planned(day[2]))
        #expect(ExerciseMatcher.match("split squat", in: day) == .planned(day[2]))
        #expect(ExerciseMatcher.match("  Farmer   Carry", in: day) == .offPlan("Farmer Carry"))
        let back = [ExerciseMatcher.Candidate(id: 1, position: 1, name: "Lateral Raise"), ExerciseMatcher.Candidate(id: 2, position: 2, name: "Lat Pulldown")]
        #expect(ExerciseMatcher.match("lat", in: back) == .planned(back[1]), "a whole word beats a prefix")
        #expect(ExerciseMatcher.match("lat", in: [back[0]]) == .planned(back[0]), "a prefix still finds a name alone")
    }

    @Test func typosSuggestTheClosestNames() {
        let names = ["Overhead Press", "Overhead Triceps Extension", "Deadlift", "Bench Press"]
        #expect(ExerciseMatcher.suggestions(for: "overhed", among: names).first == "Overhead Press")
        #expect(ExerciseMatcher.suggestions(for: "deadlfit", among: names) == ["Deadlift"])
        #expect(ExerciseMatcher.suggestions(for: "bnech press", among: names) == ["Bench Press"])
        #expect(ExerciseMatcher.suggestions(for: "kettlebell swing", among: names).isEmpty)
    }

    @Test func offPlanExercisesAlreadyLoggedMatchToo() {
        let day = [ExerciseMatcher.Candidate(id: 10, position: 1, name: "Goblet Squat")]
        let logged = [ExerciseMatcher.Candidate(offPlan: "push-up"), ExerciseMatcher.Candidate(offPlan: "Farmer Carry")]
        #expect(ExerciseMatcher.match("push", in: day + logged) == .logged("push-up"), "continues the exercise as first logged")
        #expect(ExerciseMatcher.match("FARMER CARRY", in: day + logged) == .logged("Farmer Carry"))
        #expect(ExerciseMatcher.match("gob", in: day + logged) == .planned(day[0]))
        #expect(ExerciseMatcher.match("carry", in: day + logged) == .logged("Farmer Carry"), "a word of the name")
        let two = [ExerciseMatcher.Candidate(offPlan: "Carry Hold"), ExerciseMatcher.Candidate(offPlan: "Carry Walk")]
        #expect(ExerciseMatcher.match("carry", in: day + two) == .ambiguous(two))
        #expect(ExerciseMatcher.match("plank", in: day + logged) == .offPlan("plank"))
    }

    let day = [
        ExerciseMatcher.Candidate(id: 10, position: 1, name: "Overhead Press"),
        ExerciseMatcher.Candidate(id: 11, position: 2, name: "Lat Pulldown"),
        ExerciseMatcher.Candidate(id: 12, position: 3, name: "Lateral Raise"),
    ]

    /// The names known from elsewhere (earlier sessions, the active plan's other days)
    /// are read only when the session does not know the words.
    func resolve(_ words: String, isNew: Bool = false, session: [ExerciseMatcher.Candidate]? = nil, aliases: [String: String] = [:],
                 history: [String] = []) throws -> (choice: ExerciseChoice, readHistory: Bool) {
        var read = false
        let choice = try ExerciseMatcher.resolve(words, isNew: isNew, session: session ?? day, alias: { key in aliases[key].map { ($0, $0.exerciseKey) } }, known: {
            read = true
            return history
        })
        return (choice, read)
    }

    @Test func positionsNameThePlanDaysExercises() throws {
        #expect(try ExerciseMatcher.resolve(position: 2, planned: day) == .planned(id: 11))
        #expect(throws: SessionError.noExerciseAtPosition(4, planned: 3)) { try ExerciseMatcher.resolve(position: 4, planned: day) }
        let logged = [ExerciseMatcher.Candidate(offPlan: "Farmer Carry")]
        #expect(throws: SessionError.noExerciseAtPosition(1, planned: 0), "an off-plan name has no position") {
            try ExerciseMatcher.resolve(position: 1, planned: logged)
        }
    }

    @Test func wordsResolveInTheSessionBeforeAliasesAndHistory() throws {
        #expect(try resolve("lat") == (.planned(id: 11), false), "a whole word beats a prefix")
        #expect(try resolve("over") == (.planned(id: 10), false))
        #expect(try resolve("carry", session: day + [ExerciseMatcher.Candidate(offPlan: "Farmer Carry")]) == (.named("Farmer Carry"), false))
        #expect(try resolve("bulgs", aliases: ["bulgs": "Bulgarian Split Squat"]).choice == .named("Bulgarian Split Squat"), "the alias's exercise")
        #expect(try resolve("rdl") == (.named("Romanian Deadlift"), false), "a catalog name, as the catalog names it, history unread")
        #expect(try resolve("Squat (Barbell)") == (.named("Back Squat"), false))
        #expect(try resolve("sled", history: ["Sled Push", "Deadlift"]) == (.named("Sled Push"), true), "a name logged before")
        #expect(try resolve("Sled  Push", isNew: true) == (.named("Sled Push"), false), "new: the words, history unread")
    }

    @Test func noneOrSeveralAreRefusedWithWhatWasMeant() throws {
        // The session's names first, then those logged before, then the catalog's.
        let overhead = try suggestions("overhed", history: ["Deadlift"])
        #expect(overhead.first == "Overhead Press" && overhead.contains("Overhead Squat"), "\(overhead)")
        #expect(try suggestions("zercher cary", history: ["Zercher Carry"]) == ["Zercher Carry"], "names logged before are suggested too")
        #expect(throws: SessionError.ambiguousExercise("la", matches: [day[1], day[2]])) { try resolve("la") }
        let history = [ExerciseMatcher.Candidate(offPlan: "Row Machine"), ExerciseMatcher.Candidate(offPlan: "Row Cable")]
        #expect(throws: SessionError.ambiguousExercise("row", matches: history)) { try resolve("row", history: history.map(\.name)) }
    }

    @Test func aNameKnownTwiceCountsOnceAsFirstGiven() throws {
        // Logged before as "Goblet squat", and planned on two days of the active plan.
        let known = ["Goblet squat", "Goblet Squat", "Dumbbell Bench Press", "Goblet-Squat", "Dumbbell Bench Press"]
        #expect(try resolve("goblet", history: known) == (.named("Goblet squat"), true))
        #expect(try resolve("dumbbell bench", history: known) == (.named("Dumbbell Bench Press"), true))
        #expect(try resolve("bench", history: known) == (.named("Bench Press"), false), "the catalog's word for the barbell lift")
        let goblet = try suggestions("gobelt squat", history: known)
        #expect(goblet.first == "Goblet squat" && goblet.filter { $0.exerciseKey == "goblet squat" }.count == 1, "\(goblet)")
    }

    /// The closest names `words` are refused with.
    func suggestions(_ words: String, history: [String]) throws -> [String] {
        do {
            _ = try resolve(words, history: history)
        } catch SessionError.unknownExercise(_, let suggestions) {
            return suggestions
        }
        Issue.record("\(words) was not refused")
        return []
    }
}
