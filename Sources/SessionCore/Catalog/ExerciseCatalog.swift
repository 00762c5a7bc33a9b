/// The exercises sessiond knows by itself: one identity per lift, whatever a plan, an
/// export or a person calls it. The data is `ExerciseCatalog.text`, one reviewed file;
/// this reads it, once, into a table from every name an exercise goes by to the
/// exercise.
public struct ExerciseCatalog: Sendable {
    public let exercises: [CatalogExercise]
    /// Every name an exercise goes by, as an exercise key and as a match key (hyphens
    /// as spaces), to its index in `exercises`.
    private let byKey: [String: Int]

    /// The catalog built into sessiond. A file that does not read is a fault of this
    /// build (its test reads the same text), said at once.
    public static let builtIn: ExerciseCatalog = {
        do { return try ExerciseCatalog(text: ExerciseCatalog.text) } catch {
            fatalError("the built-in exercise catalog does not read: \(error)")
        }
    }()

    /// Reads the catalog's lines: `name | equipment | primary | secondary | pattern |
    /// flags | other names`, muscles and other names separated by commas, flags by
    /// spaces (`bw` counts body mass, `uni` one side at a time, `time` held or timed);
    /// `#` starts a comment line. Two exercises going by one name are refused: a name
    /// must lead to one lift.
    public init(text: String) throws(CatalogError) {
        var exercises: [CatalogExercise] = []
        var byKey: [String: Int] = [:]
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw).trimmingWhitespace()
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let exercise = try CatalogExercise(line: line, number: offset + 1)
            for name in exercise.names {
                for key in [name.exerciseKey, ExerciseMatcher.matchKey(name)] {
                    if let other = byKey[key], other != exercises.count {
                        throw CatalogError(line: offset + 1, message: "\"\(name)\" already names \(exercises[other].name)")
                    }
                    byKey[key] = exercises.count
                }
            }
            exercises.append(exercise)
        }
        self.exercises = exercises
        self.byKey = byKey
    }

    /// The exercise an exercise key (`String.exerciseKey`) names, by any of its names;
    /// nil for a name the catalog does not know. Asked for every set logged: the key as
    /// given is looked up first, and read with hyphens as spaces only when it has one.
    public func exercise(key: String) -> CatalogExercise? {
        if let index = byKey[key] ?? singular(key).flatMap({ byKey[$0] }) { return exercises[index] }
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }) else { return nil }
        let spaced = ExerciseMatcher.matchKey(key)
        return (byKey[spaced] ?? singular(spaced).flatMap { byKey[$0] }).map { exercises[$0] }
    }

    /// A key whose last word is a plural ("hammer curls") without its "s"; nil for any
    /// other ("press", "abs" stay as they are).
    private func singular(_ key: String) -> String? {
        let bytes = key.utf8
        guard bytes.count > 3, bytes.last == UInt8(ascii: "s"), bytes.dropLast().last != UInt8(ascii: "s") else { return nil }
        return String(key.dropLast())
    }

    /// The exercise a name (as typed, imported or planned) names.
    public func exercise(named name: String) -> CatalogExercise? {
        exercise(key: name.exerciseKey)
    }

    /// The exercises whose names or other names contain every word of `search`, in the
    /// catalog's order; all of them for an empty search.
    public func search(_ search: String) -> [CatalogExercise] {
        let words = ExerciseMatcher.matchKey(search).split(separator: " ").map(String.init)
        guard !words.isEmpty else { return exercises }
        return exercises.filter { exercise in
            let keys = exercise.names.map(ExerciseMatcher.matchKey)
            return words.allSatisfy { word in keys.contains { (" " + $0).contains(" " + word) } }
        }
    }
}

/// A line of the catalog that does not read, by its number.
public struct CatalogError: Error, Equatable, CustomStringConvertible {
    public let line: Int
    public let message: String
    public var description: String { "line \(line): \(message)" }

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }
}

/// One exercise of the catalog.
public struct CatalogExercise: Sendable, Equatable {
    /// Its name as sessiond writes it ("Back Squat").
    public let name: String
    /// The key its sets are kept under: the name's exercise key.
    public let key: String
    public let equipment: Equipment
    /// The muscles it trains most: a hard set counts 1 for each.
    public let primary: [MuscleGroup]
    /// The muscles it trains as well: a hard set counts ½ for each.
    public let secondary: [MuscleGroup]
    public let pattern: MovementPattern
    /// The load is the body plus what is added (a belt, a vest): pull-ups, dips.
    public let countsBodyMass: Bool
    /// Done one side at a time.
    public let unilateral: Bool
    /// Held or done for time rather than counted in reps.
    public let timed: Bool
    /// Other names as the file gives them: synonyms, abbreviations, the names Strong and
    /// Hevy export.
    public let otherNames: [String]

    /// Every name it goes by: its own, the others, and the forms naming its equipment
    /// as the trackers and plans do ("Bench Press (Dumbbell)", "Dumbbell Bench Press").
    public var names: [String] {
        ([name] + otherNames).flatMap { written -> [String] in
            guard !written.contains("(") else { return [written] }
            return [written] + equipment.words.flatMap { word -> [String] in
                let base = written.exerciseKey.hasPrefix(word.exerciseKey + " ") ? String(written.dropFirst(word.count + 1)) : written
                return ["\(base) (\(word))", "\(word) \(base)"]
            }
        }
    }

    init(line: String, number: Int) throws(CatalogError) {
        let fields = line.split(separator: "|", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace() }
        func fail(_ message: String) -> CatalogError { CatalogError(line: number, message: message) }
        guard fields.count == 7 else { throw fail("has \(fields.count) fields, not 7 (name | equipment | primary | secondary | pattern | flags | other names)") }
        func list(_ field: String) -> [String] {
            field.split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
        }
        func muscles(_ field: String) throws(CatalogError) -> [MuscleGroup] {
            var found: [MuscleGroup] = []
            for word in list(field) {
                guard let muscle = MuscleGroup(rawValue: word) else { throw fail("unknown muscle group \"\(word)\"") }
                found.append(muscle)
            }
            return found
        }
        guard !fields[0].isEmpty else { throw fail("has no name") }
        name = fields[0]
        key = name.exerciseKey
        guard let equipment = Equipment(rawValue: fields[1]) else { throw fail("unknown equipment \"\(fields[1])\"") }
        self.equipment = equipment
        primary = try muscles(fields[2])
        guard !primary.isEmpty else { throw fail("names no primary muscle group") }
        secondary = try muscles(fields[3])
        guard let pattern = MovementPattern(rawValue: fields[4]) else { throw fail("unknown movement pattern \"\(fields[4])\"") }
        self.pattern = pattern
        let flags = fields[5].split(separator: " ").map(String.init)
        if let unknown = flags.first(where: { !["bw", "uni", "time"].contains($0) }) { throw fail("unknown flag \"\(unknown)\"") }
        countsBodyMass = flags.contains("bw")
        unilateral = flags.contains("uni")
        timed = flags.contains("time")
        otherNames = list(fields[6])
    }
}

/// What an exercise is done with.
public enum Equipment: String, CaseIterable, Sendable {
    case barbell, dumbbell, cable, machine, kettlebell, band, bodyweight, smith, other

    /// The words the trackers and plans name it by, as in "Squat (Smith Machine)".
    var words: [String] {
        switch self {
        case .smith: ["Smith Machine", "Smith"]
        case .other: []
        default: [rawValue.prefix(1).uppercased() + rawValue.dropFirst()]
        }
    }
}

/// The fixed list of muscle groups sets are counted by, and the two kinds of work that
/// are not a muscle's (`isMuscle` false).
public enum MuscleGroup: String, CaseIterable, Sendable {
    case chest, upperBack = "upper back", lats, frontDelts = "front delts", sideDelts = "side delts", rearDelts = "rear delts"
    case biceps, triceps, forearms, abs, obliques, lowerBack = "lower back", glutes, quads, hamstrings, adductors, abductors
    case calves, neck
    case cardio, mobility

    public var isMuscle: Bool { self != .cardio && self != .mobility }
}

/// How an exercise moves.
public enum MovementPattern: String, CaseIterable, Sendable {
    case squat, hinge, lunge, horizontalPush = "horizontal push", verticalPush = "vertical push"
    case horizontalPull = "horizontal pull", verticalPull = "vertical pull", carry, isolation, core, rotation, olympic
    case cardio, mobility
}

extension ExerciseCatalog {
    /// The key the sets of an exercise key are kept under, by the one rule every path
    /// follows (logging, track, plans, imports, summaries): a name the catalog knows is
    /// its exercise; else the person's alias for it (`aliasTarget`, the key of the
    /// exercise the alias names), itself resolved through the catalog; else the key.
    public func identityKey(_ key: String, aliasTarget: String?) -> String {
        if let exercise = exercise(key: key) { return exercise.key }
        guard let aliasTarget else { return key }
        return exercise(key: aliasTarget)?.key ?? aliasTarget
    }
}

extension ExerciseCatalog {
    /// The built-in catalog's fingerprint (FNV-1a over its text, in hex): a database
    /// records the one its exercise keys were mapped by (`Database.adoptCatalog`).
    public static let fingerprint: String = {
        var text = ExerciseCatalog.text
        let hash = text.withUTF8 { bytes in
            bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
        }
        return String(hash, radix: 16)
    }()
}
