import SessionMacros

/// The exercises sessiond knows by itself: one identity per lift, whatever a plan, an
/// export or a person calls it. The data is `ExerciseCatalog.text`, one reviewed file;
/// this reads it, once, into a table from every name an exercise goes by to the
/// exercise.
public struct ExerciseCatalog: Sendable {
    public let exercises: [CatalogExercise]
    /// Every name an exercise goes by, as an exercise key and as a match key (hyphens
    /// as spaces): looked up here, their exercise's index in `exercises` at the same
    /// position of `exerciseOfKey`.
    private let keys: FixedStringIndex
    private let exerciseOfKey: [Int]
    /// Every name's words as a set → its exercise, built the first time a name is
    /// looked up by its words (`exercise(wordsOf:)`), not when the catalog is read.
    let wordSets = WordSetIndex()

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
        byKey.reserveCapacity(4096)
        // Over bytes: the file is read once, on the first name looked up.
        for (offset, raw) in Array(text.utf8).split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let line = Self.trimmed(raw)
            guard let first = line.first, first != UInt8(ascii: "#") else { continue }
            let exercise = try CatalogExercise(fields: Self.fields(line, separator: "|"), number: offset + 1)
            for name in exercise.names {
                let keys = Self.keys(name)
                for key in keys.exact == keys.spaced ? [keys.exact] : [keys.exact, keys.spaced] {
                    if let other = byKey.updateValue(exercises.count, forKey: key), other != exercises.count {
                        throw CatalogError(line: offset + 1, message: "\"\(name)\" already names \(exercises[other].name)")
                    }
                }
            }
            exercises.append(exercise)
        }
        self.exercises = exercises
        let entries = Array(byKey)
        keys = FixedStringIndex(entries.map(\.key))
        exerciseOfKey = entries.map(\.value)
    }

    /// `bytes` without the spaces and tabs around it.
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        func blank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
        guard let start = bytes.firstIndex(where: { !blank($0) }), let end = bytes.lastIndex(where: { !blank($0) }) else { return [] }
        return bytes[start...end]
    }

    /// The fields of `bytes` between `separator`s, trimmed; `omittingEmpty` drops the
    /// empty ones (a list's).
    static func fields(_ bytes: ArraySlice<UInt8>, separator: Unicode.Scalar, omittingEmpty: Bool = false) -> [String] {
        bytes.split(separator: UInt8(ascii: separator), omittingEmptySubsequences: false).map { trimmed($0) }
            .filter { !omittingEmpty || !$0.isEmpty }.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The exercise an exercise key (`String.exerciseKey`) names, by any of its names;
    /// nil for a name the catalog does not know. Asked for every set logged: the key as
    /// given is looked up first, and read with hyphens as spaces only when it has one.
    public func exercise(key: String) -> CatalogExercise? {
        if let index = index(ofKey: key) ?? singular(key).flatMap(index(ofKey:)) { return exercises[index] }
        var bytes = key
        guard bytes.withUTF8({ $0.contains { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") } }) else { return nil }
        let spaced = ExerciseMatcher.matchKey(key)
        return (index(ofKey: spaced) ?? singular(spaced).flatMap(index(ofKey:))).map { exercises[$0] }
    }

    /// The muscle groups an exercise key works: the catalog's exercise's, else those given
    /// to one's own (`custom`, by key); nil when neither knows the key.
    public func muscles(ofKey key: String, custom: [String: CustomExercise]) -> (primary: [MuscleGroup], secondary: [MuscleGroup])? {
        if let exercise = exercise(key: key) { return (exercise.primary, exercise.secondary) }
        return custom[key].map { ($0.primary, $0.secondary) }
    }

    /// The index in `exercises` of the exercise going by the name whose key is `key`.
    private func index(ofKey key: String) -> Int? {
        keys.position(of: key).map { exerciseOfKey[$0] }
    }

    /// A key whose last word is a plural ("hammer curls") without its "s"; nil for any
    /// other ("press", "abs" stay as they are).
    private func singular(_ key: String) -> String? {
        var text = key
        let plural = text.withUTF8 { $0.count > 3 && $0[$0.count - 1] == UInt8(ascii: "s") && $0[$0.count - 2] != UInt8(ascii: "s") }
        return plural ? String(key.dropLast()) : nil
    }

    /// A name's exercise key and match key (`String.exerciseKey`,
    /// `ExerciseMatcher.matchKey`) in one pass over its bytes: the catalog's two
    /// thousand names are ASCII, and the general forms, character by character, cost
    /// the daemon's first set logged tens of millions of instructions.
    static func keys(_ name: String) -> (exact: String, spaced: String) {
        var exact: [UInt8] = []
        var spaced: [UInt8] = []
        exact.reserveCapacity(name.utf8.count)
        spaced.reserveCapacity(name.utf8.count)
        var pendingExact = false
        var pendingSpaced = false
        for byte in name.utf8 {
            guard byte < 0x80 else { return (name.exerciseKey, ExerciseMatcher.matchKey(name)) }
            let space = byte == 0x20 || (0x09...0x0D).contains(byte)
            if byte < 0x20 && !space || byte == 0x7F { continue }
            let lower = (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
            if space { pendingExact = !exact.isEmpty } else {
                if pendingExact { exact.append(0x20) }
                pendingExact = false
                exact.append(lower)
            }
            if space || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") { pendingSpaced = !spaced.isEmpty } else {
                if pendingSpaced { spaced.append(0x20) }
                pendingSpaced = false
                spaced.append(lower)
            }
        }
        return (String(decoding: exact, as: UTF8.self), String(decoding: spaced, as: UTF8.self))
    }

    /// The exercise a name (as typed, imported or planned) names.
    public func exercise(named name: String) -> CatalogExercise? {
        exercise(key: name.exerciseKey)
    }

    /// The exercises whose names or other names contain every word of `search`, in the
    /// catalog's order; all of them for an empty search.
    public func search(_ search: String) -> [CatalogExercise] {
        exercises.filter { exercise in Self.matches(names: exercise.names, search: search) }
    }

    /// True when `name` has every word of `search` (each as the start of one of its
    /// words), as `search` finds the catalog's exercises.
    public static func matches(_ name: String, search: String) -> Bool {
        matches(names: [name], search: search)
    }

    private static func matches(names: [String], search: String) -> Bool {
        let words = ExerciseMatcher.matchKey(search).split(separator: " ").map(String.init)
        guard !words.isEmpty else { return true }
        let keys = names.map(ExerciseMatcher.matchKey)
        return words.allSatisfy { word in keys.contains { (" " + $0).contains(" " + word) } }
    }
}

/// A line of the catalog that does not read, by its number.
@Memberwise
public struct CatalogError: Error, Equatable, CustomStringConvertible {
    public let line: Int
    public let message: String
    public var description: String { "line \(line): \(message)" }
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
    /// Made once with the exercise: a search, and a name matched by its start, read
    /// them for every exercise.
    public let names: [String]

    /// The names `name` and `otherNames` make with `equipment`'s words (see `names`).
    static func makeNames(_ name: String, otherNames: [String], equipment: Equipment) -> [String] {
        // Each word with its key's start ("smith machine "), worked out once.
        let words = equipment.words.map { word in (word, prefix: ExerciseCatalog.keys(word).exact + " ") }
        var names: [String] = []
        for written in [name] + otherNames {
            names.append(written)
            guard !written.utf8.contains(UInt8(ascii: "(")) else { continue }
            let key = ExerciseCatalog.keys(written).exact
            for (word, prefix) in words {
                let base = key.utf8.starts(with: prefix.utf8) ? String(decoding: written.utf8.dropFirst(prefix.utf8.count), as: UTF8.self) : written
                names.append("\(base) (\(word))")
                names.append("\(word) \(base)")
            }
        }
        return names
    }

    /// An exercise from the trimmed fields of its catalog line, `number`.
    init(fields: [String], number: Int) throws(CatalogError) {
        func fail(_ message: String) -> CatalogError { CatalogError(line: number, message: message) }
        guard fields.count == 7 else { throw fail("has \(fields.count) fields, not 7 (name | equipment | primary | secondary | pattern | flags | other names)") }
        func list(_ field: String) -> [String] { ExerciseCatalog.fields(Array(field.utf8)[...], separator: ",", omittingEmpty: true) }
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
        names = Self.makeNames(name, otherNames: otherNames, equipment: equipment)
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
    /// records the one its exercise keys were mapped by (`ExercisesStore.adoptCatalog`).
    public static let fingerprint: String = {
        var text = ExerciseCatalog.text
        let hash = text.withUTF8 { bytes in
            bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
        }
        return String(hash, radix: 16)
    }()
}

/// An exercise of the person's own (a name the catalog does not know) given its
/// equipment and muscles, so it counts as a catalog exercise does.
@Memberwise
public struct CustomExercise: Sendable, Equatable {
    public var name: String
    /// The key its sets are kept under: the name's exercise key.
    public var key: String { name.exerciseKey }
    public var equipment: Equipment?
    public var primary: [MuscleGroup]
    public var secondary: [MuscleGroup]
    public var countsBodyMass: Bool
}
