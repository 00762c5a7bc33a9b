import Synchronization

extension ExerciseCatalog {
    /// Words a name may add that say the posture an exercise is done in by default:
    /// "Standing Barbell Shoulder Press" is the Overhead Press, standing as it always is.
    /// A posture that makes another exercise ("Seated Barbell Press") is not among them.
    public static let defaultPostureWords: Set<String> = ["standing"]

    /// The exercise a name names by its words, whatever their order and with a default
    /// posture word added: "Barbell Press Overhead", "Standing Barbell Shoulder Press"
    /// (Shoulder Press (Barbell), Overhead Press). The words of each of the catalog's
    /// names (`CatalogExercise.names`, the equipment forms among them) are compared as a
    /// set, so the equipment and the movement a name states both have to match; words
    /// that two exercises' names share as a set name neither. Nil when none matches.
    public func exercise(wordsOf name: String) -> CatalogExercise? {
        let words = Self.words(name)
        guard !words.isEmpty else { return nil }
        let index = wordSets.table { exercises }
        if let found = index[Self.setKey(words)] { return found >= 0 ? exercises[found] : nil }
        let upright = words.filter { !Self.defaultPostureWords.contains($0) }
        guard upright.count < words.count, !upright.isEmpty, let found = index[Self.setKey(upright)], found >= 0 else { return nil }
        return exercises[found]
    }

    /// The words of a name as the word rule compares them: its match key's
    /// (`ExerciseMatcher.matchKey`), brackets dropped.
    static func words(_ name: String) -> [String] {
        ExerciseMatcher.matchKey(name).split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ")" }).map(String.init)
    }

    /// One text for a set of words, the same for any order.
    static func setKey(_ words: [String]) -> String {
        Set(words).sorted().joined(separator: " ")
    }

    /// The name an exercise goes by in everything sessiond prints or sends (summaries,
    /// progress, `exercise.get`, the planner's prompt): the catalog's name for the
    /// exercise kept under `key`, else `own`, the person's own name for it. A tracker's
    /// spelling of a catalogued lift ("Squat (Barbell)") is never shown.
    public func displayName(ofKey key: String, own: @autoclosure () -> String) -> String {
        exercise(key: key)?.name ?? own()
    }
}

/// The catalog's names by their words as a set (`ExerciseCatalog.setKey`) → the index
/// of their exercise, -1 where names of two exercises have the same words; made once,
/// at the first look-up.
final class WordSetIndex: Sendable {
    private let stored = Mutex<[String: Int]?>(nil)

    /// The table, made from `exercises` the first time.
    func table(_ exercises: () -> [CatalogExercise]) -> [String: Int] {
        stored.withLock { stored in
            if let stored { return stored }
            var made: [String: Int] = [:]
            for (index, exercise) in exercises().enumerated() {
                for name in exercise.names {
                    let key = ExerciseCatalog.setKey(ExerciseCatalog.words(name))
                    if let other = made[key], other != index { made[key] = -1 } else { made[key] = index }
                }
            }
            stored = made
            return made
        }
    }
}

extension Equipment {
    /// The words a name states this equipment by ("db row", "Barbell Curl").
    var statedBy: [String] {
        switch self {
        case .barbell: ["barbell", "bb"]
        case .dumbbell: ["dumbbell", "dumbbells", "db"]
        case .cable: ["cable", "cables"]
        case .machine: ["machine"]
        case .kettlebell: ["kettlebell", "kb"]
        case .band: ["band", "banded"]
        case .bodyweight: ["bodyweight"]
        case .smith: ["smith"]
        case .other: []
        }
    }

    /// The equipment a name states in its words, nil for none: "Smith Machine Squat"
    /// is the Smith machine's, not a machine's.
    public static func stated(in name: String) -> Equipment? {
        let words = Set(ExerciseCatalog.words(name))
        if words.contains("smith") { return .smith }
        return allCases.first { equipment in equipment.statedBy.contains(where: words.contains) }
    }

    /// True for what adds a load to the set (a bar, a dumbbell, a cable's stack, a
    /// machine): such an exercise is lifted with a weight, even when a set of it is
    /// written without one (`SetPlausibility`).
    public var carriesLoad: Bool {
        switch self {
        case .barbell, .dumbbell, .cable, .machine, .kettlebell, .smith: true
        case .band, .bodyweight, .other: false
        }
    }
}
