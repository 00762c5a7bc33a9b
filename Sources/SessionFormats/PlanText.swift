import SessionCore

/// A planned exercise and a warm-up item as a person reads them, in one place for every
/// writer of a plan: the terminal (`plan show`, `status`, `plan edit`), the calendar's
/// event descriptions, the Markdown export and the printable sheet.
public enum PlanText {
    /// "4 × 8–12 @ 60 kg · rest 2:00": the target, the weight in `unit`, the rest and the
    /// superset.
    public static func prescription(_ exercise: PlannedExercise, unit: WeightUnit) -> String {
        var target = self.target(exercise)
        if let weight = exercise.weightKg { target += " @ " + unit.text(weight) }
        if let rest = exercise.restSeconds { target += " · rest \(clock(rest))" }
        if let superset = exercise.superset { target += " · superset \(superset)" }
        return target
    }

    /// "4 × 8–12", "3 × 45s", "3 × AMRAP", "3 sets": the sets and what each is.
    public static func target(_ exercise: PlannedExercise) -> String {
        if let seconds = exercise.durationSeconds { return "\(exercise.sets) × \(formatDuration(seconds))" }
        if exercise.amrap { return "\(exercise.sets) × AMRAP" }
        if let reps = exercise.reps { return "\(exercise.sets) × \(reps)" + (exercise.repsMax.map { "–\($0)" } ?? "") }
        return NumberText.grouped(exercise.sets) + (exercise.sets == 1 ? " set" : " sets")
    }

    /// A warm-up item as plain text: its name, `times` and the reps, or its duration
    /// ("Band Pull-Apart × 15", "Arm Circles 1 min").
    public static func warmup(_ item: WarmupItem, times: String = " × ") -> String {
        item.name + (item.reps.map { times + String($0) } ?? "") + (item.durationSeconds.map { " " + formatDuration($0) } ?? "")
    }

    /// "45s", "2 min", "1:30 min".
    public static func formatDuration(_ seconds: Int) -> String {
        if seconds < 60 { return "\(seconds)s" }
        if seconds % 60 == 0 { return "\(seconds / 60) min" }
        return clock(seconds) + " min"
    }

    /// A length of time as a clock reads it: minutes and seconds under an hour ("0:35",
    /// "12:04"), hours, minutes and seconds from an hour on ("1:05:09").
    public static func clock(_ seconds: Int) -> String {
        let seconds = max(0, seconds)
        let hours = seconds / 3600
        let minutes = seconds % 3600 / 60
        let secs = seconds % 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(secs))" : "\(minutes):\(two(secs))"
    }
}
