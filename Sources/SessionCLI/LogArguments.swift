import ArgumentParsing
import SessionCore
import JSON

/// What `sessionctl log EXERCISE [REPS] [WEIGHT]` was asked: forgiving input read
/// strictly. EXERCISE is a position in today's plan or words of a name; REPS a count or
/// a duration ("45s", "1:30"); WEIGHT kilograms ("24", "24kg") or pounds ("55lb"); a
/// unit may also stand apart ("24 kg", "45 s"). As Strong and Hevy users write it,
/// "3x5" is 3 sets of 5 reps, "3x5x100" and "3x5@100" at 100 kg; "8@60" and "8x60kg"
/// are one set of 8 at 60 kg. Anything after the name that is none of these is refused.
/// The bounds of each number are the contract's (`SessionLog.Params`), checked before
/// the set is sent and named by the command's words (REPS, WEIGHT); only SETS, which
/// no param carries, is bounded here.
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
    /// REPS was a plain number ("45", not "45s" or "10x24"): sent as `count`, which the
    /// daemon reads as seconds for an exercise planned by time.
    var countIsPlain = false
    /// How the numbers were written, for the other readings offered when the set looks
    /// mistyped (`SetPlausibility`).
    var written: Written = .other
    /// "85x5" was read as 85 kg × 5 reps: no one logs 85 sets, and Strong writes a set
    /// as weight × reps.
    var readAsWeightTimesReps = false

    enum Written: Equatable {
        /// "5x85": SETS x REPS without a weight.
        case setsTimesReps(sets: Int, reps: Int)
        /// "85 5": REPS then WEIGHT as plain numbers.
        case repsThenWeight(reps: Int, weight: String)
        case other
    }

    /// True when the person typed a number (reps, a time or a weight), not "as planned".
    var typedNumbers: Bool { reps != nil || durationSeconds != nil || weightKg != nil }

    init(exercise: Exercise, reps: Int? = nil, durationSeconds: Int? = nil, weightKg: Double? = nil, countIsPlain: Bool = false) {
        self.exercise = exercise
        self.reps = reps
        self.durationSeconds = durationSeconds
        self.weightKg = weightKg
        self.countIsPlain = countIsPlain
    }

    /// Reads `words`; a bare WEIGHT is in `unit` (the person's preference).
    init(_ words: [String], unit: WeightUnit = .kg) throws(UsageError) {
        guard let first = words.first else { throw UsageError("log needs an EXERCISE: its number in today's plan or its name") }
        var rest = words.dropFirst()
        if let position = Int(first) {
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
            readAsWeightTimesReps = shorthand.weightFirst
            if shorthand.weight == nil { written = .setsTimesReps(sets: shorthand.sets, reps: shorthand.reps) }
            quantities.removeFirst()
            guard quantities.isEmpty else { throw UsageError("unexpected \"\(quantities[0])\" after \(first)") }
            return
        }
        if let repsWord = quantities.first {
            quantities.removeFirst()
            if let count = Int(repsWord) {
                reps = count
                countIsPlain = true
            } else if Quantity.hasTimeUnit(repsWord), let seconds = Quantity.seconds(repsWord) {
                durationSeconds = seconds
            } else {
                throw UsageError("REPS must be a number of reps or a time such as 45s or 1:30, got \"\(repsWord)\"")
            }
        }
        if let weightWord = quantities.first {
            quantities.removeFirst()
            weightKg = try Self.kilograms(weightWord, unit: unit)
            if countIsPlain, let reps, Double(weightWord) != nil { written = .repsThenWeight(reps: reps, weight: weightWord) }
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

    static let numberWords = [
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

    /// Sets one shorthand may log, at most; a first number above it is a weight ("85x5").
    static let maximumSets = 20

    /// "3x5" (3 sets of 5), "3x5x100" and "3x5@100" (at 100 kg), "8@60" and "8x60kg"
    /// (one set of 8 at 60: a weight with its unit is no rep count), "85x5" (85 kg × 5
    /// reps, `weightFirst`: more than `maximumSets` sets is none); nil for a word of
    /// another form. More than 20 sets with a weight is a usage error.
    static func setsRepsWeight(_ word: String, unit: WeightUnit = .kg) throws(UsageError) -> (sets: Int, reps: Int, weight: Double?, weightFirst: Bool)? {
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
        case (2, nil) where (Int(counts[0]) ?? 0) > maximumSets && Int(counts[1]) != nil:  // 85x5
            guard let count = Int(counts[1]) else { return nil }
            return (1, count, try kilograms(counts[0], unit: unit), true)
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
        guard (1...maximumSets).contains(sets) else { throw UsageError("SETS in \(word) must be from 1 to \(maximumSets), got \(sets)") }
        return (sets, reps, weight, false)
    }

    /// "24", "24kg", "55lb" → kg (pounds converted, rounded to 0.1 kg); a bare number is
    /// in `unit`, the person's preference.
    static func kilograms(_ word: String, unit: WeightUnit) throws(UsageError) -> Double {
        guard let kilograms = unit.read(word) else {
            throw UsageError("WEIGHT must be kilograms or pounds such as 24, 24kg or 55lb, got \"\(word)\"")
        }
        return kilograms
    }
}
