import SessionCore
import JSON

/// `exercise.alias`: makes a name another name of an exercise (`bulgarians` →
/// Bulgarian Split Squat), so one lift keeps one history and one set of records; or,
/// without `name`, removes the alias. The catalog's names are taken (`ohp` is Overhead
/// Press already), and an alias names a known exercise: the catalog's, one logged, or
/// one of the active plan.
public enum ExerciseAliasSet: MethodContract {
    public static let method = MethodDescription(
        name: "exercise.alias", summary: "Make a name an alias of a known exercise (its sets so far count for the exercise), or remove an alias (no name; its sets go back).",
        errors: [.aliasRefused])

    @CodedParams
    public struct Params: MethodParams {
        @Param(.string, maxLength: SessionLimits.exerciseNameLength, "the other name (ohp)")
        public var alias: String = ""
        /// The exercise it names; nil removes the alias.
        @Param(.string, maxLength: SessionLimits.exerciseNameLength, transform: { $0.collapsingWhitespace() },
            "the exercise it names (Overhead Press); without it, the alias is removed")
        public var name: String?


        /// Neither may be empty, and an alias differs from what it names.
        public mutating func validate(_ params: inout SessionRPC.Params) {
            if alias.exerciseKey.isEmpty, !params.failed("alias") { params.fail("alias", "must not be empty") }
            if let name, name.isEmpty { params.fail("name", "must not be empty (leave it out to remove the alias)") }
            if let name, !name.isEmpty, name.exerciseKey == alias.exerciseKey { params.fail("name", "is the alias itself") }
        }
    }

    @Coded
    public struct Result: CodedResult {
        public var alias: String = ""
        /// The exercise it now names; nil when removed.
        public var name: String?
        /// Sets kept under the alias until now that moved to the exercise; on removal,
        /// the sets logged under the alias's name that went back to being its own.
        public var movedSets: Int = 0
    }
}

/// `exercise.aliases`: every alias and the exercise it names.
public enum ExerciseAliases: MethodContract {
    public static let method = MethodDescription(
        name: "exercise.aliases", summary: "Every exercise alias and the exercise it names.",
        repliesLarge: true)
    public typealias Params = NoParams
    public typealias Result = ResultList<Alias>

    @Coded
    public struct Alias: CodedResult, ResultItem, Equatable {
        /// The alias as a key (lowercased, spaces collapsed).
        public var alias: String = ""
        public var name: String = ""
    }
}
