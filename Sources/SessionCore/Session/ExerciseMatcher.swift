/// How words match names: a name whole, a unique start of one (`start(of:in:)`), the
/// closest names to a typo, and a plan day's exercise by its position. The rule of what
/// a person's words name, built on these, is `ExerciseResolver`'s.
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

    /// An exact name, else a unique start of a name (`start(of:in:)`); nothing matching
    /// is a new off-plan exercise. Hyphens and underscores count as spaces, so a
    /// completed word (`dumbbell-fly`) finds what it completed ("Dumbbell Fly").
    public static func match(_ query: String, in candidates: [Candidate]) -> Match {
        let key = matchKey(query)
        func found(_ candidate: Candidate) -> Match { candidate.id == nil ? .logged(candidate.name) : .planned(candidate) }
        let keys = candidates.map { [matchKey($0.name)] }
        if let exact = keys.firstIndex(where: { $0[0] == key }) { return found(candidates[exact]) }
        switch start(of: key, in: keys) {
        case .one(let index): return found(candidates[index])
        case .several(let indices): return .ambiguous(indices.map { candidates[$0] })
        case .none: return .offPlan(query.collapsingWhitespace())
        }
    }

    /// Which entries the match key `key` is the start of, each entry known by the match
    /// keys of its names: a whole word first ("lat" is Lat Pulldown, not Lateral Raise),
    /// else the start of a name, else the start of one of its words ("squat" → "Goblet
    /// Squat"), each unique; several at the second or third step are `several`.
    public static func start(of key: String, in entries: [[String]]) -> Start {
        func matching(_ test: (String) -> Bool) -> [Int] { entries.indices.filter { entries[$0].contains(where: test) } }
        // Whole words beat prefixes: "lat" is Lat Pulldown, not Lateral Raise.
        let wholeWords = matching { (" " + $0 + " ").contains(" " + key + " ") }
        if wholeWords.count == 1 { return .one(wholeWords[0]) }
        let prefixed = matching { $0.hasPrefix(key) }
        if prefixed.count == 1 { return .one(prefixed[0]) }
        if prefixed.count > 1 { return .several(prefixed) }
        let wordPrefixed = matching { name in
            let words = name.split(separator: " ")
            return words.indices.contains { words[$0...].joined(separator: " ").hasPrefix(key) }
        }
        if wordPrefixed.count == 1 { return .one(wordPrefixed[0]) }
        if wordPrefixed.count > 1 { return .several(wordPrefixed) }
        return .none
    }

    /// What `start(of:in:)` found: no entry, one (its index) or several.
    public enum Start: Sendable, Equatable {
        case none
        case one(Int)
        case several([Int])
    }

    /// Names close to `query` (a typo: "overhed" for Overhead Press), closest first.
    public static func suggestions(for query: String, among names: [String]) -> [String] {
        let key = matchKey(query)
        let scored = names.compactMap { name in distance(from: key, to: matchKey(name)).map { (name: name, distance: $0) } }
        var seen = Set<String>()
        return scored.sorted { $0.distance < $1.distance }.map(\.name).filter { seen.insert(matchKey($0)).inserted }
    }

    /// How far the match key `key` is from the match key `name`: the edit distance to
    /// the whole name or to the run of its words as long as the query, whichever is
    /// less; nil when over a third of the query's length (a typo is that close at most).
    public static func distance(from key: String, to name: String) -> Int? {
        let length = key.count
        let limit = max(1, length / 3)
        let queryWords = max(1, key.split(separator: " ").count)
        let words = name.split(separator: " ").map(String.init)
        // A run whose length differs by more than the limit is that far at least: not
        // measured (a daemon asked about a long typo against a long history stays quick).
        let runs = ([name] + words.indices.map { words[$0...].prefix(queryWords).joined(separator: " ") })
            .filter { abs($0.count - length) <= limit }
        let distance = runs.map { key.editDistance(to: $0) }.min() ?? .max
        return distance <= limit ? distance : nil
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

/// What `session.log`'s `position` (`ExerciseMatcher.resolve`) or `match`
/// (`ExerciseResolver`) named.
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
}
