import SessionMacros

/// Rep, rest and weight prescriptions in the forms chat models write them ("3x10",
/// "8-12 per arm", "12, 10, 8", "2-3 min", "2x20 kg", "BW + 10 kg", "70% 1RM"), read
/// into the plan's numbers plus a note for whatever the numbers cannot hold, so nothing
/// the model said is lost: the note goes into the exercise's description.
public enum Prescription {
    /// A reps field read: the target, sets when the text gave them, and a note.
    @Memberwise
    public struct Reps: Sendable, Equatable {
        public var target: Quantity.Reps
        public var sets: Int? = nil
        public var note: String? = nil
        /// What was read, for the warning ("sets × reps", "per side", …).
        public var form: String? = nil
    }

    /// A weight field read.
    public enum Weight: Sendable, Equatable {
        /// Kilograms (converted from the unit given), `unit` as given, and a note when
        /// the text said more than one number can (a range, per dumbbell, on top of
        /// body weight).
        case kilograms(Double, unit: Quantity.Weight.Unit, note: String?)
        /// No added weight (body weight).
        case bodyweight
        /// No weight at all ("None", "n/a", "-").
        case noWeight
        /// No number: a percentage of a maximum or a word ("moderate"); kept as a note.
        case described(String)
    }

    /// Texts that mean "nothing here".
    public static func isAbsent(_ text: String) -> Bool {
        ["none", "n/a", "na", "-", "–", "null", "nil", ""].contains(text.collapsingWhitespace().lowercased())
    }

    /// Suffixes that say a count is per side, with the note they become.
    static let perSide: [(suffix: String, note: String)] = [
        ("/leg", "per leg"), ("/side", "per side"), ("/arm", "per arm"), ("/hand", "per hand"),
        ("per leg", "per leg"), ("per side", "per side"), ("per arm", "per arm"), ("per hand", "per hand"),
        ("each leg", "each leg"), ("each side", "each side"), ("each arm", "each arm"), ("each hand", "each hand"),
        ("each", "each side"),
    ]

    /// Reads a reps text: everything `Quantity.reps` reads, and "3x10", "4 x 8-12",
    /// "10/leg", "8-12 per arm", "5+", "12, 10, 8", "AMRAP (8-12)", "30-45s".
    public static func reps(_ text: String) -> Reps? {
        let lowered = text.collapsingWhitespace().lowercased()
        if let simple = Quantity.reps(lowered) { return Reps(target: simple) }
        // Sets × reps: "3x10", "4 x 8-12", "3×AMRAP".
        for separator in ["x", "×", "*"] {
            let parts = lowered.components(separatedBy: separator)
            if parts.count == 2, let sets = Int(parts[0].trimmingWhitespace()), var rest = reps(parts[1]), rest.sets == nil {
                rest.sets = sets
                rest.form = "sets × reps" + (rest.form.map { ", " + $0 } ?? "")
                return rest
            }
        }
        for (suffix, note) in perSide where lowered.hasSuffix(suffix) {
            let head = String(lowered.dropLast(suffix.count)).trimmingWhitespace()
            if var inner = reps(head), inner.note == nil {
                inner.note = "\(head) \(note)"
                inner.form = "per side"
                return inner
            }
        }
        if lowered.hasSuffix("+"), let count = Int(String(lowered.dropLast()).trimmingWhitespace()) {
            return Reps(target: .count(count), note: "\(count)+ reps (at least \(count))", form: "\"N+\"")
        }
        if lowered.hasPrefix("amrap") {
            let rest = String(lowered.dropFirst(5).filter { $0 != "(" && $0 != ")" }).trimmingWhitespace()
            if let inner = Quantity.reps(rest), inner != .amrap {
                return Reps(target: .amrap, note: "AMRAP, aim for \(rest) reps", form: "AMRAP with a target")
            }
        }
        // One count per set: "12, 10, 8" or "12/10/8".
        for separator in [",", "/"] where lowered.contains(separator) {
            let counts = lowered.components(separatedBy: separator).map { Int($0.trimmingWhitespace()) }
            if counts.count >= 2, counts.allSatisfy({ $0 != nil }) {
                return perSet(counts.compactMap { $0 })
            }
        }
        // A time range: "30-45s", "30–60 seconds".
        for separator in ["-", "–", " to "] where lowered.contains(separator) {
            if let (low, high) = secondsRange(lowered, separator: separator) {
                return Reps(target: .duration(low), note: "\(low)-\(high) s", form: "a time range")
            }
        }
        return nil
    }

    /// Reps given set by set: the range they span, as many sets, and the list as a note.
    public static func perSet(_ counts: [Int]) -> Reps {
        let low = counts.min() ?? 0
        let high = counts.max() ?? 0
        let target: Quantity.Reps = low == high ? .count(low) : .range(low, high)
        return Reps(target: target, sets: counts.count, note: "reps per set: " + counts.map(String.init).joined(separator: ", "), form: "reps set by set")
    }

    /// Seconds from a duration or a range of them ("2-3 min", "90-120 seconds"): the
    /// lower end, and the upper when it was a range.
    public static func seconds(_ text: String) -> (seconds: Int, upper: Int?)? {
        if let seconds = Quantity.seconds(text) { return (seconds, nil) }
        let lowered = text.collapsingWhitespace().lowercased()
        for separator in ["-", "–", " to "] where lowered.contains(separator) {
            if let (low, high) = secondsRange(lowered, separator: separator) { return (low, high) }
        }
        return nil
    }

    /// "30-45s": both ends in the unit written after the second.
    private static func secondsRange(_ text: String, separator: String) -> (Int, Int)? {
        let parts = text.components(separatedBy: separator)
        guard parts.count == 2, let (_, unit) = Quantity.splitNumber(parts[1]), !unit.isEmpty,
            let high = Quantity.seconds(parts[1]), let low = Quantity.seconds(parts[0].trimmingWhitespace() + " " + unit), low < high
        else { return nil }
        return (low, high)
    }

    /// Reads a weight text: everything `Quantity.weight` reads, and "20-24 kg",
    /// "2x20 kg", "30 kg each", "BW + 10 kg", "70% 1RM", "moderate". Nil: not a weight.
    public static func weight(_ text: String) -> Weight? {
        let lowered = text.collapsingWhitespace().lowercased()
        if ["bodyweight", "body weight", "bw", "body-weight", ""].contains(lowered) { return .bodyweight }
        if ["none", "no weight", "n/a", "na", "-", "—", "null", "nil", "ninguno", "ninguna", "aucun", "keine"].contains(lowered) { return .noWeight }
        if let plain = Quantity.weight(lowered) { return .kilograms(plain.kilograms, unit: plain.unit, note: nil) }
        let original = text.collapsingWhitespace()
        for prefix in ["bodyweight", "body weight", "bw"] where lowered.hasPrefix(prefix) {
            let rest = String(lowered.dropFirst(prefix.count)).trimmingWhitespace()
            if rest.hasPrefix("+"), let added = Quantity.weight(String(rest.dropFirst())), added.unit != .none {
                return .kilograms(added.kilograms, unit: added.unit, note: "bodyweight + \(String(rest.dropFirst()).trimmingWhitespace())")
            }
        }
        for separator in ["x", "×"] {
            let parts = lowered.components(separatedBy: separator)
            if parts.count == 2, let count = Int(parts[0].trimmingWhitespace()), count > 1, let each = Quantity.weight(parts[1]), each.unit != .none {
                return .kilograms(each.kilograms, unit: each.unit, note: "\(count) × \(parts[1].trimmingWhitespace()) (each)")
            }
        }
        for suffix in ["each hand", "per hand", "per dumbbell", "per side", "each side", "each"] where lowered.hasSuffix(suffix) {
            if let each = Quantity.weight(String(lowered.dropLast(suffix.count))), each.unit != .none {
                return .kilograms(each.kilograms, unit: each.unit, note: original)
            }
        }
        for separator in ["-", "–", " to "] where lowered.contains(separator) {
            let parts = lowered.components(separatedBy: separator)
            if parts.count == 2, let high = Quantity.weight(parts[1]), high.unit != .none,
                let low = Quantity.weight(parts[0].trimmingWhitespace() + " " + (high.unit == .pounds ? "lb" : "kg")), low.kilograms < high.kilograms
            {
                return .kilograms(low.kilograms, unit: high.unit, note: original)
            }
        }
        if lowered.contains("%") || lowered.contains("rpe") || lowered.contains("rm") || !lowered.contains(where: \.isNumber) {
            return .described(original)
        }
        return nil
    }
}
