/// Finds the exercise a person meant: one of today's plan, or one already logged
/// off-plan in this session ("push" after "push-up").
public enum ExerciseMatcher {
    public struct Candidate: Sendable, Equatable {
        /// The planned exercise's id and position; nil for an off-plan exercise.
        public let id: Int64?
        public let position: Int?
        public let name: String

        public init(id: Int64, position: Int, name: String) {
            self.id = id
            self.position = position
            self.name = name
        }

        /// An exercise logged off-plan earlier in the session.
        public init(offPlan name: String) {
            id = nil
            position = nil
            self.name = name
        }
    }

    public enum Match: Sendable, Equatable {
        case planned(Candidate)
        /// An off-plan exercise already in the session, by its logged name.
        case logged(String)
        /// A name new to the session.
        case offPlan(String)
        case ambiguous([Candidate])
    }

    /// An exact name, else a unique prefix of the name, else a unique prefix of one of
    /// its words ("squat" → "Goblet Squat"); nothing matching is a new off-plan exercise.
    /// Hyphens and underscores count as spaces, so a completed word (`dumbbell-fly`)
    /// finds what it completed ("Dumbbell Fly").
    ///
    /// With `identity` (`ExerciseCatalog.identityKey` under the person's aliases), a
    /// name naming the same exercise comes right after the exact one: "squat" is the
    /// plan's "Barbell Back Squat" beside its "Goblet Squat".
    public static func match(_ query: String, in candidates: [Candidate]) -> Match {
        match(query, in: candidates, identity: { $0 }, byIdentity: false)
    }

    public static func match(_ query: String, in candidates: [Candidate], identity: (String) throws -> String) rethrows -> Match {
        try match(query, in: candidates, identity: identity, byIdentity: true)
    }

    private static func match(_ query: String, in candidates: [Candidate], identity: (String) throws -> String, byIdentity: Bool) rethrows
        -> Match
    {
        let key = matchKey(query)
        func found(_ candidate: Candidate) -> Match { candidate.id == nil ? .logged(candidate.name) : .planned(candidate) }
        // Each name's key once, for the passes below.
        let keyed = candidates.map { (candidate: $0, key: matchKey($0.name)) }
        func matching(_ test: (String) -> Bool) -> [Candidate] { keyed.filter { test($0.key) }.map(\.candidate) }
        if let exact = keyed.first(where: { $0.key == key }) { return found(exact.candidate) }
        if byIdentity {
            let wanted = try identity(key)
            let same = try keyed.filter { try identity($0.key) == wanted }
            if same.count == 1 { return found(same[0].candidate) }
        }
        // Whole words beat prefixes: "lat" is Lat Pulldown, not Lateral Raise.
        let wholeWords = matching { (" " + $0 + " ").contains(" " + key + " ") }
        if wholeWords.count == 1 { return found(wholeWords[0]) }
        let prefixed = matching { $0.hasPrefix(key) }
        if prefixed.count == 1 { return found(prefixed[0]) }
        if prefixed.count > 1 { return .ambiguous(prefixed) }
        let wordPrefixed = matching { name in
            let words = name.split(separator: " ")
            return words.indices.contains { words[$0...].joined(separator: " ").hasPrefix(key) }
        }
        if wordPrefixed.count == 1 { return found(wordPrefixed[0]) }
        if wordPrefixed.count > 1 { return .ambiguous(wordPrefixed) }
        return .offPlan(query.collapsingWhitespace())
    }

    /// Names close to `query` (a typo: "overhed" for Overhead Press), closest first.
    public static func suggestions(for query: String, among names: [String]) -> [String] {
        let key = matchKey(query)
        let length = key.count
        let limit = max(1, length / 3)
        let queryWords = max(1, key.split(separator: " ").count)
        let scored = names.compactMap { name -> (name: String, distance: Int)? in
            let words = matchKey(name).split(separator: " ").map(String.init)
            // The whole name, or the run of its words as long as the query. A run whose
            // length differs by more than the limit is that far at least: not measured
            // (a daemon asked about a long typo against a long history stays quick).
            let runs = ([matchKey(name)] + words.indices.map { words[$0...].prefix(queryWords).joined(separator: " ") })
                .filter { abs($0.count - length) <= limit }
            let distance = runs.map { key.editDistance(to: $0) }.min() ?? .max
            return distance <= limit ? (name, distance) : nil
        }
        var seen = Set<String>()
        return scored.sorted { $0.distance < $1.distance }.map(\.name).filter { seen.insert(matchKey($0)).inserted }
    }

    /// `names` with each name once by its match key (`matchKey`), as first given: a
    /// name twice would make every word of it ambiguous.
    public static func distinct(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert(matchKey($0)).inserted }
    }

    /// The exercise key with `-` and `_` read as spaces.
    public static func matchKey(_ name: String) -> String {
        String(name.map { $0 == "-" || $0 == "_" ? " " : $0 }).exerciseKey
    }
}

/// What `session.log`'s `position` or `match` named (`ExerciseMatcher.resolve`).
public enum ExerciseChoice: Sendable, Equatable {
    /// A planned exercise of the session's day.
    case planned(id: Int64)
    /// A name to log under: one logged before (in the session or an earlier one), an
    /// alias's exercise, or a new name the caller vouched for.
    case named(String)
}

extension ExerciseMatcher {
    /// The exercise at `position` (1-based) of the session's plan day, whose planned
    /// exercises are the `planned` candidates.
    public static func resolve(position: Int, planned: [Candidate]) throws(SessionError) -> ExerciseChoice {
        guard let found = planned.first(where: { $0.position == position }), let id = found.id else {
            throw .noExerciseAtPosition(position, planned: planned.filter { $0.id != nil }.count)
        }
        return .planned(id: id)
    }

    /// The exercise a person's words name, read as `sessionctl log` reads them, first
    /// that applies: a name of the session (its plan day's exercises, then what was
    /// logged off-plan in it) by `match`, one naming the same exercise included; a
    /// name of the catalog's, as the catalog names it ("rdl" is Romanian Deadlift);
    /// the exercise of an alias (its name and key); with `isNew`, the
    /// words themselves; a name known from elsewhere by `match` — `known` (asked only
    /// then) gives the names logged in earlier sessions, then those of the active plan's
    /// other days (a rest day's free session still finds "bench" in Monday's Dumbbell
    /// Bench Press); a name given twice counts once, as first given. Several matches
    /// throw `ambiguousExercise`; none throws `unknownExercise` with the closest names
    /// (the catalog's among them), so a typo is never a new exercise.
    public static func resolve(
        _ query: String, isNew: Bool, session: [Candidate], alias: (_ key: String) throws -> (name: String, key: String)?, known: () throws -> [String],
        catalog: ExerciseCatalog = .builtIn
    ) throws -> ExerciseChoice {
        let identity = { (key: String) throws -> String in catalog.identityKey(key, aliasTarget: try alias(key)?.key) }
        switch try match(query, in: session, identity: identity) {
        case .planned(let candidate): return candidate.id.map { .planned(id: $0) } ?? .named(candidate.name)
        case .logged(let name): return .named(name)
        case .ambiguous(let matches): throw SessionError.ambiguousExercise(query, matches: matches)
        case .offPlan(let typed):
            if let exercise = catalog.exercise(named: typed) { return .named(exercise.name) }
            if let alias = try alias(typed.exerciseKey) { return .named(alias.name) }
            if isNew { return .named(typed) }
            let elsewhere = distinct(try known())
            switch match(typed, in: elsewhere.map(Candidate.init(offPlan:))) {
            case .logged(let name): return .named(name)
            case .planned(let candidate): return .named(candidate.name)  // never: these have no planned ids
            case .ambiguous(let matches): throw SessionError.ambiguousExercise(query, matches: matches)
            case .offPlan:
                let names = session.map(\.name) + elsewhere + catalog.exercises.map(\.name)
                throw SessionError.unknownExercise(typed, suggestions: suggestions(for: typed, among: names))
            }
        }
    }
}
