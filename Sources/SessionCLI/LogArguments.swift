import ArgumentParsing
import SessionCore

/// What `sessionctl log EXERCISE [REPS] [WEIGHT]` was asked: forgiving input read
/// strictly. EXERCISE is a position in today's plan or words of a name; REPS a count or
/// a duration ("45s", "1:30"); WEIGHT kilograms ("24", "24kg") or pounds ("55lb"); a
/// unit may also stand apart ("24 kg", "45 s"). "10x24" gives both.
struct LogArguments: Equatable {
    enum Exercise: Equatable {
        case position(Int)
        case name(String)
    }

    var exercise: Exercise
    var reps: Int?
    var durationSeconds: Int?
    var weightKg: Double?
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

    init(_ words: [String]) throws(UsageError) {
        guard let first = words.first else { throw UsageError("log needs an EXERCISE: its number in today's plan or its name") }
        var rest = words.dropFirst()
        if let position = Int(first) {
            guard position >= 1 else { throw UsageError("an exercise number starts at 1, got \(position)") }
            exercise = .position(position)
        } else {
            var name = [first]
            while let word = rest.first, !Self.isQuantity(word) {
                name.append(word)
                rest = rest.dropFirst()
            }
            exercise = .name(name.joined(separator: " "))
        }
        var quantities = Self.joiningUnits(Array(rest))
        if let first = quantities.first, let (reps, weight) = Self.repsTimesWeight(first) {
            self.reps = reps
            weightKg = weight
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
            weightKg = try Self.kilograms(weightWord)
        }
        guard quantities.isEmpty else { throw UsageError("unexpected \"\(quantities[0])\"; usage: log EXERCISE [REPS] [WEIGHT]") }
    }

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

    /// True for words that start the quantities: numbers, durations, weights, 10x24.
    static func isQuantity(_ word: String) -> Bool {
        Double(word) != nil || Quantity.hasTimeUnit(word) || Quantity.weight(word) != nil || repsTimesWeight(word) != nil
    }

    /// "10x24", "10×24kg".
    static func repsTimesWeight(_ word: String) -> (Int, Double)? {
        for separator in ["x", "×", "X"] where word.contains(separator) {
            let parts = word.components(separatedBy: separator)
            guard parts.count == 2, let reps = Int(parts[0]), let weight = try? kilograms(parts[1]) else { continue }
            return (reps, weight)
        }
        return nil
    }

    /// "24", "24kg", "55lb" → kg (pounds converted, rounded to 0.1 kg).
    static func kilograms(_ word: String) throws(UsageError) -> Double {
        guard let weight = Quantity.weight(word) else {
            throw UsageError("WEIGHT must be kilograms or pounds such as 24, 24kg or 55lb, got \"\(word)\"")
        }
        guard SessionLimits.weightKg.contains(weight.kilograms) else { throw UsageError("WEIGHT must be from 0 to 1000 kg, got \(word)") }
        return weight.kilograms
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
    static func match(_ query: String, in candidates: [Candidate]) -> Match {
        let key = query.exerciseKey
        func found(_ candidate: Candidate) -> Match { candidate.id == nil ? .logged(candidate.name) : .planned(candidate) }
        if let exact = candidates.first(where: { $0.name.exerciseKey == key }) { return found(exact) }
        let prefixed = candidates.filter { $0.name.exerciseKey.hasPrefix(key) }
        if prefixed.count == 1 { return found(prefixed[0]) }
        if prefixed.count > 1 { return .ambiguous(prefixed) }
        let wordPrefixed = candidates.filter { candidate in
            let words = candidate.name.exerciseKey.split(separator: " ")
            return words.indices.contains { words[$0...].joined(separator: " ").hasPrefix(key) }
        }
        if wordPrefixed.count == 1 { return found(wordPrefixed[0]) }
        if wordPrefixed.count > 1 { return .ambiguous(wordPrefixed) }
        return .offPlan(query.collapsingWhitespace())
    }
}
