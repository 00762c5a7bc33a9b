import SessionCore
import JSON

/// One exercise as sessiond knows it: the catalog's, with its equipment, muscles and
/// flags, or one of the person's own (a name logged that the catalog does not know).
@Coded
public struct ExerciseInfo: CodedResult, ResultItem, Equatable {
    public var name: String = ""
    /// False for an exercise of the person's own.
    public var catalogued: Bool = false
    public var equipment: String?
    public var primaryMuscles: [String] = []
    public var secondaryMuscles: [String] = []
    public var pattern: String?
    /// The load is the body plus what is added (pull-ups, dips).
    public var countsBodyMass: Bool = false
    public var unilateral: Bool = false
    /// Held or done for time rather than counted in reps.
    public var timed: Bool = false
    /// Synonyms, abbreviations and the names Strong and Hevy export.
    public var otherNames: [String] = []

    /// The catalog's exercise.
    public init(_ exercise: CatalogExercise) {
        name = exercise.name
        catalogued = true
        equipment = exercise.equipment.rawValue
        primaryMuscles = exercise.primary.map(\.rawValue)
        secondaryMuscles = exercise.secondary.map(\.rawValue)
        pattern = exercise.pattern.rawValue
        countsBodyMass = exercise.countsBodyMass
        unilateral = exercise.unilateral
        timed = exercise.timed
        otherNames = exercise.otherNames
    }

    /// An exercise of the person's own given equipment and muscles.
    public init(_ exercise: CustomExercise) {
        name = exercise.name
        equipment = exercise.equipment?.rawValue
        primaryMuscles = exercise.primary.map(\.rawValue)
        secondaryMuscles = exercise.secondary.map(\.rawValue)
        countsBodyMass = exercise.countsBodyMass
    }
}

/// `exercise.list`: the catalog's exercises and the person's own, searched by name.
public enum ExerciseList: MethodContract {
    public static let method = MethodDescription(
        name: "exercise.list", summary: "The exercise catalog and the exercises of the person's own, with equipment and muscles; search by words of any name.",
        readsOnly: true, repliesLarge: true)
    public typealias Result = ResultList<ExerciseInfo>

    @CodedParams
    public struct Params: MethodParams {
        @Param(.string, maxLength: SessionLimits.exerciseNameLength, transform: { $0.collapsingWhitespace() },
            "words every name listed contains one of, as word starts (\"curl ham\"); without it, every exercise")
        public var search: String?
        @Param(.int, in: SessionLimits.listLimit, "at most this many (default 1000)")
        public var limit: Int?
    }
}

/// `exercise.get`: one exercise, how often it was trained, its records and its last
/// session's sets.
public enum ExerciseGet: MethodContract {
    public static let method = MethodDescription(
        name: "exercise.get", summary: "One exercise: its catalog entry, how often it was trained, its records and the last session's sets.",
        errors: [.unknownExercise], readsOnly: true, repliesLarge: true)
    /// Its last session's sets (up to a session's bound) make it large: a batch of it
    /// is written and budgeted on the database thread, not the serving loop.

    public struct Params: MethodParams {
        public var exercise: String = ""

        public init() {}

        public mutating func code(_ coder: inout some ParamsCoder) {
            var name: String? = exercise.isEmpty ? nil : exercise
            coder.string("exercise", &name, maxLength: SessionLimits.exerciseNameLength, transform: { $0.collapsingWhitespace() },
                         "required: any name of it (the catalog's, a synonym, a tracker's, an alias, one logged)")
            exercise = name ?? ""
        }

        public mutating func validate(_ params: inout SessionRPC.Params) {
            if exercise.isEmpty, !params.failed("exercise") { params.fail("exercise", "is required") }
        }
    }

    /// A weight and the most reps done at it.
    @Coded
    public struct WeightRepsItem: CodedResult, Equatable {
        public var weightKg: Double = 0
        public var reps: Int = 0
    }

    /// A set of the last session.
    @Coded
    public struct LastSet: CodedResult, Equatable {
        public var setNumber: Int = 0
        public var kind: SetKind = .normal
        public var reps: Int?
        public var weightKg: Double?
        public var durationSeconds: Int?

        public init(_ set: ExerciseHistory.Set) {
            setNumber = set.setNumber
            kind = set.kind
            reps = set.reps
            weightKg = set.weightKg
            durationSeconds = set.durationSeconds
        }
    }

    @Coded
    public struct Result: CodedResult, Equatable {
        public var exercise = ExerciseInfo()
        /// Finished or running sessions with a set of it, and its sets, warm-ups included.
        public var sessions: Int = 0
        public var sets: Int = 0
        public var heaviestKg: Double?
        public var bestOneRepMaxKg: Double?
        /// Most reps in a set without a load; best reps × kg of a set and of a session.
        public var mostReps: Int?
        public var bestSetVolumeKg: Double?
        public var bestSessionVolumeKg: Double?
        /// The most reps at each weight no heavier weight matched, heaviest first.
        public var repsAtWeight: [WeightRepsItem] = []
        /// The last session that had it: its id, date and sets.
        public var lastSessionId: Int64?
        public var lastDate: String?
        public var lastSets: [LastSet] = []
        /// Today's weight by double progression for the first row of it with a rep
        /// target of the plan governing today (today's day first), after its last
        /// session; null without one.
        public var suggestion: PreviousSets.Suggestion?

        public init(exercise: ExerciseInfo, sessions: Int, sets: Int, bests: ExerciseBests, last: ExerciseHistory.Session?) {
            self.exercise = exercise
            self.sessions = sessions
            self.sets = sets
            heaviestKg = bests.heaviestKg
            bestOneRepMaxKg = bests.oneRepMaxKg.map(SessionProgress.roundKg)
            mostReps = bests.mostReps
            bestSetVolumeKg = bests.setVolumeKg.map(SessionProgress.roundKg)
            bestSessionVolumeKg = bests.sessionVolumeKg.map(SessionProgress.roundKg)
            repsAtWeight = bests.repsAtWeight.map { item in WeightRepsItem { $0.weightKg = item.weightKg; $0.reps = item.reps } }
            lastSessionId = last?.sessionID
            lastDate = last?.date.description
            lastSets = last?.sets.map(LastSet.init) ?? []
        }
    }
}

/// `exercise.define`: gives an exercise of the person's own (a name the catalog does not
/// know) its equipment and muscles, so its sets count per muscle and, for one that
/// moves the body, count body mass as the catalog's do. Defining it again replaces them.
public enum ExerciseDefine: MethodContract {
    public static let method = MethodDescription(
        name: "exercise.define", summary: "Give an exercise of one's own its equipment and muscles, so it counts as a catalog exercise does.",
        errors: [.exerciseRefused])
    public typealias Result = ExerciseInfo

    public struct Params: MethodParams {
        public var exercise: String = ""
        public var equipment: String?
        public var primaryMuscles: [String] = []
        public var secondaryMuscles: [String]?
        public var countsBodyMass: Bool?

        public init() {}

        public mutating func code(_ coder: inout some ParamsCoder) {
            var name: String? = exercise.isEmpty ? nil : exercise
            coder.string("exercise", &name, maxLength: SessionLimits.exerciseNameLength, transform: { $0.collapsingWhitespace() },
                         "required: the exercise's name, one the catalog does not know")
            exercise = name ?? ""
            coder.choice("equipment", &equipment, Equipment.allCases.map(\.rawValue), required: false, "what it is done with")
            let muscles = MuscleGroup.allCases.map(\.rawValue)
            var primary: [String]? = primaryMuscles.isEmpty ? nil : primaryMuscles
            coder.strings("primaryMuscles", &primary, maxCount: 6, maxLength: 20, choices: muscles,
                          "required: the muscle groups it trains most (a hard set counts 1 for each)")
            primaryMuscles = primary ?? []
            coder.strings("secondaryMuscles", &secondaryMuscles, maxCount: 6, maxLength: 20, choices: muscles,
                          "the muscle groups it trains as well (½ a set each)")
            coder.bool("countsBodyMass", &countsBodyMass, "the load is the body plus what is added, as for pull-ups (default false)")
        }

        public mutating func validate(_ params: inout SessionRPC.Params) {
            if exercise.isEmpty, !params.failed("exercise") { params.fail("exercise", "is required") }
            if primaryMuscles.isEmpty, !params.failed("primaryMuscles") { params.fail("primaryMuscles", "is required: at least one muscle group") }
        }
    }
}
