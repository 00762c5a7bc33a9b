import ArgumentParsing
import SessionCore

/// What `sessionctl log EXERCISE [REPS] [WEIGHT]` was asked: forgiving input read
/// strictly. EXERCISE is a position in today's plan or words of a name; the words after
/// it are a set as `SetNotation` reads it (the same for track and plan add): REPS a
/// count or a duration ("45s", "1:30"), WEIGHT kilograms ("24", "24kg", "7,5") or pounds
/// ("55lb"), added to the body ("+5") or assistance off it ("-20"), or "bw"; a unit may
/// also stand apart ("24 kg", "45 s"); "3x5", "3x45s", "3x5@100", "8@60" and "85x5" as
/// Strong and Hevy users write them. Anything after the name that is none of these is
/// refused. The bounds of each number are the contract's (`SessionLog.Params`), checked
/// before the set is sent and named by the command's words (REPS, WEIGHT); only SETS,
/// which no param carries, is bounded here.
struct LogArguments: Equatable {
    enum Exercise: Equatable {
        case position(Int)
        case name(String)
    }

    var exercise: Exercise
    /// The set as written after the exercise.
    var numbers = WrittenSet()

    var reps: Int? { numbers.reps }
    var durationSeconds: Int? { numbers.durationSeconds }
    var weightKg: Double? { numbers.weightKg }
    /// Sets to log alike ("3x5"): each is a set of its own.
    var sets: Int { numbers.sets }
    /// REPS was a plain number: sent as `count`, which the daemon reads as seconds for an
    /// exercise planned by time.
    var countIsPlain: Bool { numbers.countIsPlain }
    var written: WrittenSet.Written { numbers.written }
    /// "85x5" was read as 85 kg × 5 reps.
    var readAsWeightTimesReps: Bool { numbers.weightFirst }
    /// True when the person typed a number (reps, a time or a weight), not "as planned".
    var typedNumbers: Bool { numbers.typedNumbers }

    init(exercise: Exercise, numbers: WrittenSet = WrittenSet()) {
        self.exercise = exercise
        self.numbers = numbers
    }

    /// Reads `words`; a bare WEIGHT is in `unit` (the person's preference).
    init(_ words: [String], unit: WeightUnit = .kg) throws(UsageError) {
        guard let first = words.first else { throw UsageError("log needs an EXERCISE: its number in today's plan or its name") }
        var rest = words.dropFirst()
        if let position = Int(first) {
            exercise = .position(position)
        } else {
            var name = [first]
            while let word = rest.first, !SetNotation.isQuantity(word) {
                if SetNotation.isUnreadable(word) { throw SetNotation.unreadable(word) }
                name.append(word)
                rest = rest.dropFirst()
            }
            exercise = .name(name.joined(separator: " "))
        }
        numbers = try SetNotation.read(Array(rest), unit: unit)
    }
}
