import ArgumentParsing
import SessionCore

/// What `sessionctl log EXERCISE [REPS] [WEIGHT]` was asked: forgiving input read
/// strictly. EXERCISE is a position in today's plan or words of a name; REPS a count or
/// a duration ("45s", "1:30"); WEIGHT kilograms ("24", "24kg") or pounds ("55lb"); a
/// unit may also stand apart ("24 kg", "45 s"). As Strong and Hevy users write it,
/// "3x5" is 3 sets of 5 reps, "3x5x100" and "3x5@100" at 100 kg; "8@60" and "8x60kg"
/// are one set of 8 at 60 kg. Anything after the name that is none of these is refused.
struct LogArguments: Equatable {
    enum Exercise: Equatable {
        case position(Int)
        case name(String)
    }

    var exercise: Exercise
    var reps: Int?
    var durationSeconds: Int?
    var weightKg: Double?
    /// Sets to log alike ("3x5"): each is a set of its own.
    var sets = 1
    /// REPS was a plain number ("45", not "45s" or "10x24"): for a timed exercise it
    /// means seconds (`asSeconds`).
    var countIsPlain = false

    init(exercise: Exercise, reps: Int? = nil, durationSeconds: Int? = nil, weightKg: Double? = nil, countIsPlain: Bool = false) {
        self.exercise = exercise
        self.reps = reps
        self.durationSeconds = durationSeconds
        self.weightKg = weightKg
        self.countIsPlain = countIsPlain
    }

    /// A plain count read as seconds, for an exercise planned by time ("log plank 45").
    /// A count is at most 1,000, well inside a duration's bounds.
    func asSeconds() -> LogArguments {
        guard countIsPlain, let count = reps else { return self }
        var seconds = self
        seconds.reps = nil
        seconds.durationSeconds = count
        seconds.countIsPlain = false
        return seconds
    }

    /// Reads `words`; a bare WEIGHT is in `unit` (the person's preference).
    init(_ words: [String], unit: WeightUnit = .kg) throws(UsageError) {
        guard let first = words.first else { throw UsageError("log needs an EXERCISE: its number in today's plan or its name") }
        var rest = words.dropFirst()
        if let position = Int(first) {
            guard position >= 1 else { throw UsageError("an exercise number starts at 1, got \(position)") }
            exercise = .position(position)
        } else {
            var name = [first]
            while let word = rest.first, !Self.isQuantity(word) {
                if Self.isUnreadable(word) { throw Self.unreadable(word) }
                name.append(word)
                rest = rest.dropFirst()
            }
            exercise = .name(name.joined(separator: " "))
        }
        var quantities = Self.joiningUnits(Array(rest))
        if let first = quantities.first, let shorthand = try Self.setsRepsWeight(first, unit: unit) {
            sets = shorthand.sets
            self.reps = shorthand.reps
            weightKg = shorthand.weight
            quantities.removeFirst()
            guard quantities.isEmpty else { throw UsageError("unexpected \"\(quantities[0])\" after \(first)") }
            return
        }
        if let repsWord = quantities.first {
            quantities.removeFirst()
            if let count = Int(repsWord) {
                guard SessionLimits.reps.contains(count) else { throw UsageError("REPS must be from 0 to 1000, got \(count)") }
                reps = count
                countIsPlain = true
            } else if Quantity.hasTimeUnit(repsWord), let seconds = Quantity.seconds(repsWord) {
                guard SessionLimits.durationSeconds.contains(seconds) else { throw UsageError("a duration must be at most 24 h, got \(repsWord)") }
                durationSeconds = seconds
            } else {
                throw UsageError("REPS must be a number of reps or a time such as 45s or 1:30, got \"\(repsWord)\"")
            }
        }
        if let weightWord = quantities.first {
            quantities.removeFirst()
            weightKg = try Self.kilograms(weightWord, unit: unit)
        }
        guard quantities.isEmpty else { throw Self.unreadable(quantities[0]) }
    }

    /// The forms a set may be written in, for usage errors.
    static let forms = "REPS (8), a time (45s, 1:30), WEIGHT (24, 24kg, 55lb), SETSxREPS (3x5), SETSxREPSxWEIGHT (3x5x100, 3x5@100), REPS@WEIGHT (8@60)"

    static func unreadable(_ word: String) -> UsageError {
        UsageError("cannot read \"\(word)\" as part of a set; after the exercise write " + forms)
    }

    /// Words that are meant as a quantity but are none: a number word ("five"), or a word
    /// with digits that reads as no number, time or weight ("x5", "3x5x100x2").
    static func isUnreadable(_ word: String) -> Bool {
        numberWords.contains(word.lowercased()) || word.contains(where: \.isNumber)
    }

    static let numberWords: Set<String> = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "fifteen", "twenty",
    ]

    /// "24", "kg" → "24kg"; "45", "s" → "45s": a unit word joins the number before it.
    static func joiningUnits(_ words: [String]) -> [String] {
        var joined: [String] = []
        for word in words {
            if let previous = joined.last, Double(previous) != nil, word.allSatisfy(\.isLetter), !word.isEmpty,
                Quantity.weight(previous + word) != nil || Quantity.hasTimeUnit(previous + word)
            {
                joined[joined.count - 1] = previous + word
            } else {
                joined.append(word)
            }
        }
        return joined
    }

    /// True for words that start the quantities: numbers, durations, weights, 3x5.
    static func isQuantity(_ word: String) -> Bool {
        Double(word) != nil || Quantity.hasTimeUnit(word) || Quantity.weight(word) != nil || (try? setsRepsWeight(word)) != nil
    }

    /// "3x5" (3 sets of 5), "3x5x100" and "3x5@100" (at 100 kg), "8@60" and "8x60kg"
    /// (one set of 8 at 60: a weight with its unit is no rep count); nil for a word of
    /// another form. Bounds are checked: more than 20 sets is a usage error.
    static func setsRepsWeight(_ word: String, unit: WeightUnit = .kg) throws(UsageError) -> (sets: Int, reps: Int, weight: Double?)? {
        let lowered = word.lowercased().replacingOccurrences(of: "×", with: "x")
        var parts = lowered.split(separator: "@", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 2 else { return nil }
        let weightText = parts.count == 2 ? parts.removeLast() : nil
        let counts = parts[0].split(separator: "x", omittingEmptySubsequences: false).map(String.init)
        var sets = 1
        var reps: Int
        var weight: Double?
        switch (counts.count, weightText) {
        case (1, let at?):  // 8@60
            guard let count = Int(counts[0]) else { return nil }
            reps = count
            weight = try kilograms(at, unit: unit)
        case (2, nil) where Int(counts[1]) == nil:  // 8x60kg
            guard let count = Int(counts[0]), Quantity.weight(counts[1])?.unit != Quantity.Weight.Unit.none, Quantity.weight(counts[1]) != nil else { return nil }
            reps = count
            weight = try kilograms(counts[1], unit: unit)
        case (2, _):  // 3x5, 3x5@100
            guard let setCount = Int(counts[0]), let count = Int(counts[1]) else { return nil }
            sets = setCount
            reps = count
            weight = try weightText.map { text throws(UsageError) in try kilograms(text, unit: unit) }
        case (3, nil):  // 3x5x100
            guard let setCount = Int(counts[0]), let count = Int(counts[1]) else { return nil }
            sets = setCount
            reps = count
            weight = try kilograms(counts[2], unit: unit)
        default:
            return nil
        }
        guard (1...20).contains(sets) else { throw UsageError("SETS in \(word) must be from 1 to 20, got \(sets)") }
        guard SessionLimits.reps.contains(reps) else { throw UsageError("REPS must be from 0 to 1000, got \(reps)") }
        return (sets, reps, weight)
    }

    /// "24", "24kg", "55lb" → kg (pounds converted, rounded to 0.1 kg); a bare number is
    /// in `unit`, the person's preference.
    static func kilograms(_ word: String, unit: WeightUnit) throws(UsageError) -> Double {
        guard let kilograms = unit.read(word) else {
            throw UsageError("WEIGHT must be kilograms or pounds such as 24, 24kg or 55lb, got \"\(word)\"")
        }
        guard SessionLimits.weightKg.contains(kilograms) else { throw UsageError("WEIGHT must be from 0 to 1000 kg, got \(word)") }
        return kilograms
    }
}

/// Finds the exercise a person meant: one of today's plan, or one already logged
/// off-plan in this session ("push" after "push-up").
enum ExerciseMatcher {
    struct Candidate: Equatable {
        /// The planned exercise's id and position; nil for an off-plan exercise.
        let id: Int64?
        let position: Int?
        let name: String

        init(id: Int64, position: Int, name: String) {
            self.id = id
            self.position = position
            self.name = name
        }

        /// An exercise logged off-plan earlier in the session.
        init(offPlan name: String) {
            id = nil
            position = nil
            self.name = name
        }
    }

    enum Match: Equatable {
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
    static func match(_ query: String, in candidates: [Candidate]) -> Match {
        let key = matchKey(query)
        func found(_ candidate: Candidate) -> Match { candidate.id == nil ? .logged(candidate.name) : .planned(candidate) }
        if let exact = candidates.first(where: { matchKey($0.name) == key }) { return found(exact) }
        // Whole words beat prefixes: "lat" is Lat Pulldown, not Lateral Raise.
        let wholeWords = candidates.filter { (" " + matchKey($0.name) + " ").contains(" " + key + " ") }
        if wholeWords.count == 1 { return found(wholeWords[0]) }
        let prefixed = candidates.filter { matchKey($0.name).hasPrefix(key) }
        if prefixed.count == 1 { return found(prefixed[0]) }
        if prefixed.count > 1 { return .ambiguous(prefixed) }
        let wordPrefixed = candidates.filter { candidate in
            let words = matchKey(candidate.name).split(separator: " ")
            return words.indices.contains { words[$0...].joined(separator: " ").hasPrefix(key) }
        }
        if wordPrefixed.count == 1 { return found(wordPrefixed[0]) }
        if wordPrefixed.count > 1 { return .ambiguous(wordPrefixed) }
        return .offPlan(query.collapsingWhitespace())
    }

    /// Names close to `query` (a typo: "overhed" for Overhead Press), closest first.
    static func suggestions(for query: String, among names: [String]) -> [String] {
        let key = matchKey(query)
        let scored = names.compactMap { name -> (name: String, distance: Int)? in
            let words = matchKey(name).split(separator: " ").map(String.init)
            // The whole name, or the run of its words as long as the query.
            let runs = [matchKey(name)] + words.indices.map { words[$0...].prefix(max(1, key.split(separator: " ").count)).joined(separator: " ") }
            let distance = runs.map { key.editDistance(to: $0) }.min() ?? .max
            return distance <= max(1, key.count / 3) ? (name, distance) : nil
        }
        var seen = Set<String>()
        return scored.sorted { $0.distance < $1.distance }.map(\.name).filter { seen.insert(matchKey($0)).inserted }
    }

    /// The exercise key with `-` and `_` read as spaces.
    static func matchKey(_ name: String) -> String {
        String(name.map { $0 == "-" || $0 == "_" ? " " : $0 }).exerciseKey
    }
}
