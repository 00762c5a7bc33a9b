import ArgumentParsing
import SessionCore

/// A set as a person writes it after the exercise's name, the same for `log`, `track`
/// and `plan add`/`plan set`: its count (reps, or a time: 45s, 1:30, 2min), its load
/// (24, 24kg, 55lb, 7,5 with a decimal comma; +5 or +5kg added to the body, -20 of
/// assistance off it, bw for the body alone) and how many alike (3x5, 3x45s). As Strong
/// and Hevy users write it, "3x5x100" and "3x5@100" are 3 sets of 5 at 100 kg, "8@60"
/// and "8x60kg" one set of 8 at 60 kg, "85x5" (more than `maximumSets` sets) 85 kg × 5.
struct WrittenSet: Equatable {
    /// Sets alike ("3x5"): each is a set of its own.
    var sets = 1
    var reps: Int?
    var durationSeconds: Int?
    /// Kilograms; for a body-weight exercise the load added to the body (+5), below
    /// zero the assistance taken off it (-20), 0 for the body alone (bw).
    var weightKg: Double?
    /// The count was a plain number ("45", not "45s" or "3x45"): reps, or seconds for an
    /// exercise planned by time (the daemon decides).
    var countIsPlain = false
    /// How the numbers were written, for the other readings offered when the set looks
    /// mistyped (`SetPlausibility`).
    var written: Written = .other
    /// "85x5" was read as 85 kg × 5 reps: no one logs 85 sets, and Strong writes a set
    /// as weight × reps.
    var weightFirst = false

    enum Written: Equatable {
        /// "5x85": SETS x REPS without a weight.
        case setsTimesReps(sets: Int, reps: Int)
        /// "85 5": REPS then WEIGHT as plain numbers.
        case repsThenWeight(reps: Int, weight: String)
        case other
    }

    /// True when a number was typed (reps, a time or a weight), not "as planned".
    var typedNumbers: Bool { reps != nil || durationSeconds != nil || weightKg != nil }
}

/// The one reader of `WrittenSet`s.
enum SetNotation {
    /// Sets one shorthand may write, at most; a first number above it is a weight ("85x5").
    static let maximumSets = 20

    /// The forms a set may be written in, for usage errors.
    static let forms = "REPS (8), a time (45s, 1:30), WEIGHT (24, 24kg, 55lb, 7,5; +5 added, -20 assisted, bw), "
        + "SETSxREPS (3x5, 3x45s), SETSxREPSxWEIGHT (3x5x100, 3x5@100), REPS@WEIGHT (8@60, 6@+5)"

    /// The words after the exercise's name (none: as planned); a bare WEIGHT is in `unit`.
    static func read(_ words: [String], unit: WeightUnit) throws(UsageError) -> WrittenSet {
        var quantities = joiningUnits(words)
        var set = WrittenSet()
        if let first = quantities.first, let shorthand = try shorthand(first, unit: unit) {
            guard quantities.count == 1 else { throw UsageError("unexpected \"\(quantities[1])\" after \(first)") }
            return shorthand
        }
        if let word = quantities.first {
            quantities.removeFirst()
            switch count(word) {
            case .reps(let reps)?: (set.reps, set.countIsPlain) = (reps, true)
            case .seconds(let seconds)?: set.durationSeconds = seconds
            case nil: throw UsageError("REPS must be a number of reps or a time such as 45s or 1:30, got \"\(word)\"")
            }
        }
        if let word = quantities.first {
            quantities.removeFirst()
            set.weightKg = try load(word, unit: unit)
            if set.countIsPlain, let reps = set.reps, Double(normalised(word)) != nil, !"+-".contains(normalised(word).prefix(1)) {
                set.written = .repsThenWeight(reps: reps, weight: normalised(word))
            }
        }
        guard quantities.isEmpty else { throw unreadable(quantities[0]) }
        return set
    }

    static func unreadable(_ word: String) -> UsageError {
        UsageError("cannot read \"\(word)\" as part of a set; after the exercise write " + forms)
    }

    /// The count of a set: reps ("8", digits alone) or a time ("45s", "1:30", "2min").
    enum Count: Equatable {
        case reps(Int)
        case seconds(Int)
    }

    /// `word` as a count, nil when it is none.
    static func count(_ word: String) -> Count? {
        let word = normalised(word)
        if !word.isEmpty, word.allSatisfy(\.isASCII), word.allSatisfy(\.isNumber), let reps = Int(word) { return .reps(reps) }
        if Quantity.hasTimeUnit(word), let seconds = Quantity.seconds(word) { return .seconds(seconds) }
        return nil
    }

    /// A load: a weight ("24", "24kg", "55lb", "7,5"), one added to the body ("+5",
    /// "+5kg") or assistance off it ("-20"), or "bw" (the body alone, 0) — in kg, a bare
    /// number in `unit`. A usage error for anything else.
    static func load(_ word: String, unit: WeightUnit) throws(UsageError) -> Double {
        try OptionValue<WrittenWeight>.load.read(word, as: "WEIGHT").kilograms(units: unit)
    }

    /// A weight without a sign ("24", "24kg", "55lb", "7,5"), in kg; a bare number in
    /// `unit`. A usage error for anything else.
    static func kilograms(_ word: String, unit: WeightUnit) throws(UsageError) -> Double {
        try OptionValue<WrittenWeight>.weight.read(word, as: "WEIGHT").kilograms(units: unit)
    }

    /// Words that mean the body alone, without a load.
    static let bodyWeightWords: Set<String> = ["bw", "bodyweight", "body-weight"]

    /// A load (`WrittenWeight.init(load:)`) in kg, a bare number in `unit`; nil when
    /// `word` is none.
    static func loadKilograms(_ word: String, unit: WeightUnit) -> Double? {
        WrittenWeight(load: word)?.kilograms(units: unit)
    }

    /// Lowercased, "×" as "x", "−" as "-", and a comma between digits as a decimal
    /// point ("7,5" is 7.5).
    static func normalised(_ word: String) -> String {
        let characters = word.lowercased().map { character -> Character in
            switch character {
            case "×": "x"
            case "−": "-"
            default: character
            }
        }
        var output = ""
        for (index, character) in characters.enumerated() {
            if character == ",", index > 0, index + 1 < characters.count, characters[index - 1].isNumber, characters[index + 1].isNumber {
                output.append(".")
            } else {
                output.append(character)
            }
        }
        return output
    }

    /// True for words that start the quantities: counts, loads, and the shorthands.
    static func isQuantity(_ word: String) -> Bool {
        if count(word) != nil || loadKilograms(word, unit: .kg) != nil || Quantity.hasTimeUnit(normalised(word)) { return true }
        do {
            return try shorthand(word, unit: .kg) != nil
        } catch {
            return true  // a shorthand out of bounds ("30x5@100"): said as such when it is read
        }
    }

    /// Words that are meant as a quantity but are none: a number word ("five"), or a word
    /// with digits that reads as no number, time or weight ("x5", "3x5x100x2").
    static func isUnreadable(_ word: String) -> Bool {
        numberWords.contains(word.lowercased()) || word.contains(where: \.isNumber)
    }

    static let numberWords: Set<String> = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "fifteen", "twenty",
    ]

    /// "24", "kg" → "24kg"; "45", "s" → "45s"; "+5", "kg" → "+5kg": a unit word joins
    /// the number before it.
    static func joiningUnits(_ words: [String]) -> [String] {
        var joined: [String] = []
        for word in words {
            if let previous = joined.last, Double(normalised(previous)) != nil, !word.isEmpty, word.allSatisfy(\.isLetter),
                loadKilograms(previous + word, unit: .kg) != nil || Quantity.hasTimeUnit(normalised(previous + word))
            {
                joined[joined.count - 1] = previous + word
            } else {
                joined.append(word)
            }
        }
        return joined
    }

    /// A load written with what makes it one ("60kg", "+10", "-20", "bw"), not a bare
    /// number, which after a count is the next count ("3x5").
    static func isMarkedLoad(_ word: String) -> Bool {
        let word = normalised(word)
        if bodyWeightWords.contains(word) || word.hasPrefix("+") || word.hasPrefix("-") { return loadKilograms(word, unit: .kg) != nil }
        return Quantity.weight(word).map { $0.unit != .none } ?? false
    }

    /// One word that is a whole set: "3x5", "3x45s", "3x5x100", "3x5@100", "8@60",
    /// "6@+5", "8x60kg", "8xbw", "85x5" and "72.5x5" (weight × reps, `weightFirst`);
    /// nil for a word of another form. More than `maximumSets` sets is a usage error.
    static func shorthand(_ word: String, unit: WeightUnit) throws(UsageError) -> WrittenSet? {
        let text = normalised(word)
        var parts = text.split(separator: "@", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 2 else { return nil }
        let loadText = parts.count == 2 ? parts.removeLast() : nil
        let counts = parts[0].split(separator: "x", omittingEmptySubsequences: false).map(String.init)
        var set = WrittenSet()
        func setCount(_ text: String) -> Int? { count(text).flatMap { if case .reps(let sets) = $0 { sets } else { nil } } }
        func place(_ count: Count) {
            switch count {
            case .reps(let reps): set.reps = reps
            case .seconds(let seconds): set.durationSeconds = seconds
            }
        }
        switch (counts.count, loadText) {
        case (1, let at?):  // 8@60, 45s@10
            guard let first = count(counts[0]) else { return nil }
            place(first)
            set.weightKg = try load(at, unit: unit)
        case (2, nil):
            if let sets = setCount(counts[0]), let second = count(counts[1]) {
                if sets > maximumSets, case .reps(let reps) = second {  // 85x5
                    (set.reps, set.weightKg, set.weightFirst) = (reps, try kilograms(counts[0], unit: unit), true)
                    return set
                }
                set.sets = sets  // 3x5, 3x45s
                place(second)
                if case .reps(let reps) = second { set.written = .setsTimesReps(sets: sets, reps: reps) }
            } else if let first = count(counts[0]), isMarkedLoad(counts[1]) {  // 8x60kg, 8xbw, 8x+10
                place(first)
                set.weightKg = try load(counts[1], unit: unit)
            } else if case .reps(let reps)? = count(counts[1]), let weight = loadKilograms(counts[0], unit: unit), weight > 0 {  // 72.5x5, 60kgx5
                (set.reps, set.weightKg, set.weightFirst) = (reps, weight, true)
                return set
            } else {
                return nil
            }
        case (2, let at?):  // 3x5@100, 3x45s@10
            guard let sets = setCount(counts[0]), let second = count(counts[1]) else { return nil }
            set.sets = sets
            place(second)
            set.weightKg = try load(at, unit: unit)
        case (3, nil):  // 3x5x100
            guard let sets = setCount(counts[0]), let second = count(counts[1]), !counts[2].isEmpty else { return nil }
            set.sets = sets
            place(second)
            set.weightKg = try load(counts[2], unit: unit)
        default:
            return nil
        }
        guard (1...maximumSets).contains(set.sets) else { throw UsageError("SETS in \(word) must be from 1 to \(maximumSets), got \(set.sets)") }
        return set
    }
}
