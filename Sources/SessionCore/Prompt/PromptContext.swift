/// One week's summary as compact English facts (`summary.weekly`'s `promptContext`): at
/// most `maximumLength` characters however busy the week, the same text for the same
/// data, most important first (adherence, progress and stalls, skipped work, fatigue,
/// health). Facts, not advice; exercise names are neutralised and bounded. The
/// generation prompt tells more than one week (`CoachContext`), with this file's
/// wording of names, weekdays and health figures.
public enum PromptContext {
    public static let maximumLength = 700
    /// Longest exercise name placed in the text.
    public static let nameLength = 32

    /// `goals`: the person's, which decide whether body measurements are shown.
    public static func render(_ summary: WeeklySummary, goals: String = "") -> String {
        var lines: [String] = [adherence(summary)]
        if summary.sets > 0 {
            var training = "Training: \(PromptText.count(summary.sets, "set")), \(WeightUnit.kg.volumeText(summary.volumeKg)) volume, \(summary.activeMinutes) active min"
            if let rpe = summary.averageRPE { training += ", avg session RPE \(PromptText.number(rpe))" }
            lines.append(training + ".")
        }
        var budget = Budget(limit: maximumLength, used: lines.reduce(0) { $0 + $1.count + 1 })
        // What each muscle got, for the planner to balance the next week; a muscle left
        // out got none.
        if let line = budget.line("Sets per muscle", summary.muscles.filter { $0.sets > 0 }.map(describe)) { lines.append(line) }
        for trend in [ExerciseSummary.Trend.progressing, .regressed, .stalled, .returning, .new] {
            let items = summary.exercises.filter { $0.trend == trend }.map { describe($0) }
            if let line = budget.line(title(trend), items) { lines.append(line) }
        }
        let skipped = summary.skipped.map { "\(name($0.name)) \($0.setsDone)/\($0.setsPlanned) sets \(weekday($0.date))" }
        if let line = budget.line("Skipped", skipped) { lines.append(line) }
        if let line = budget.line("Fatigue", fatigue(summary)) { lines.append(line) }
        // Body measurements only where the goals name them: otherwise they are noise
        // to a planner (and private).
        let health = summary.health.filter { !$0.type.isBodyMeasurement || $0.type.isNamed(inGoals: goals) }
        if let line = budget.line("Health", health.map(describe)) { lines.append(line) }
        let text = lines.joined(separator: "\n")
        return text.count <= maximumLength ? text : String(text.prefix(maximumLength - 1)) + "…"
    }

    /// Spends the remaining characters on lines of "Title: a, b, c (+2 more).".
    struct Budget {
        let limit: Int
        var used: Int

        mutating func line(_ title: String, _ items: [String]) -> String? {
            guard !items.isEmpty else { return nil }
            var line = title + ": "
            var included = 0
            for (index, item) in items.enumerated() {
                let rest = items.count - index - 1
                let tail = rest > 0 ? " (+\(rest) more)." : "."
                let candidate = line + (included > 0 ? ", " : "") + item
                // Keep room for the "(+N more)." that may follow.
                guard used + candidate.count + " (+99 more).".count + 1 <= limit || (rest == 0 && used + candidate.count + tail.count + 1 <= limit) else { break }
                line = candidate
                included += 1
            }
            guard included > 0 else { return nil }
            let omitted = items.count - included
            line += omitted > 0 ? " (+\(omitted) more)." : "."
            used += line.count + 1
            return line
        }
    }

    static func adherence(_ summary: WeeklySummary) -> String {
        let week = "Week of \(summary.weekStart)"
        guard !summary.dueDays.isEmpty else {
            if summary.plannedDays.isEmpty {
                return summary.sessions == 0 ? "\(week): no training planned, no sessions logged." : "\(week): no plan; \(summary.sessions) session\(summary.sessions == 1 ? "" : "s") logged."
            }
            return "\(week): \(PromptText.count(summary.plannedDays.count, "planned session")), none due yet; \(summary.sessions) logged."
        }
        var text = "\(week): \(summary.completedPlannedDays.count) of \(summary.dueDays.count) planned sessions done"
        if let adherence = summary.adherence { text += " (\(Int((adherence * 100).rounded()))% adherence)" }
        if !summary.missedDays.isEmpty { text += "; missed " + summary.missedDays.map(weekday).joined(separator: ", ") }
        let extra = summary.sessions - summary.completedPlannedDays.count
        if extra > 0 { text += "; " + PromptText.count(extra, "extra session") }
        return text + "."
    }

    static func title(_ trend: ExerciseSummary.Trend) -> String {
        switch trend {
        case .progressing: return "Progressing"
        case .regressed: return "Regressed"
        case .stalled: return "Stalled"
        case .returning: return "Back after 4 weeks or more without"
        case .new: return "New"
        }
    }

    /// A name as data: neutralised (no quotes survive) and then quoted.
    static func name(_ text: String) -> String { "\"" + PromptText.neutralise(text, maxLength: nameLength) + "\"" }

    static func weekday(_ date: LocalDate) -> String { String(date.weekday.name.prefix(3)) }

    static func describe(_ exercise: ExerciseSummary) -> String {
        var text = name(exercise.name)
        if let best = exercise.best {
            switch exercise.measure {
            case .estimatedOneRepMaxKg: text += " e1RM \(PromptText.number(best)) kg"
            case .reps: text += " \(Int(best)) reps"
            case .durationSeconds: text += " \(Int(best)) s"
            }
        }
        if let change = exercise.change { text += " (\(PromptText.percent(change)))" }
        if exercise.setsPlanned > 0, exercise.setsDone < exercise.setsPlanned { text += " \(exercise.setsDone)/\(exercise.setsPlanned) sets" }
        return text
    }

    /// "chest 9 (-3)", "lats 12": a muscle's hard sets, and their change against the
    /// week before when it had sets then and the number differs.
    static func describe(_ muscle: MuscleSets) -> String {
        let change = muscle.sets - muscle.previous
        let shown = muscle.previous > 0 && change != 0
        return "\(muscle.muscle.rawValue) \(PromptText.number(muscle.sets))" + (shown ? " (\(PromptText.signed(change, decimals: 1)))" : "")
    }

    static func fatigue(_ summary: WeeklySummary) -> [String] {
        var signals: [String] = []
        if let rpe = summary.averageRPE, rpe >= 8.5 { signals.append("high session RPE \(PromptText.number(rpe))") }
        if summary.hardSets > 0 { signals.append("\(summary.hardSets) set\(summary.hardSets == 1 ? "" : "s") at RPE 9+") }
        if let sleep = summary.health.first(where: { $0.type == .sleepHours }), sleep.value < 7 {
            signals.append("short sleep \(PromptText.number(sleep.value)) h")
        }
        if let heart = summary.health.first(where: { $0.type == .restingHeartRate }), let change = heart.change, change >= 5 {
            signals.append("resting HR up \(PromptText.number(change, decimals: 0)) bpm")
        }
        return signals
    }

    /// "sleep 7.2 h (-0.5)", "steps/day 9,000": one health figure and its change
    /// against the week before.
    public static func describe(_ health: HealthSummary) -> String {
        let (label, decimals) = label(health.type)
        let value = health.type == .steps ? NumberText.grouped(health.value) : PromptText.number(health.value, decimals: decimals)
        let unit = health.type == .steps ? "" : health.type == .bodyFatPercent ? health.type.unit : " " + health.type.unit
        var text = "\(label) \(value)\(unit)"
        if let change = health.change { text += " (\(PromptText.signed(change, decimals: decimals)))" }
        return text
    }

    /// A health type's words in the prompt and the summary, and the decimals its
    /// figures are shown with.
    public static func label(_ type: HealthType) -> (label: String, decimals: Int) {
        switch type {
        case .sleepHours: return ("sleep", 1)
        case .restingHeartRate: return ("resting HR", 0)
        case .bodyMassKg: return ("body mass", 1)
        case .steps: return ("steps/day", 0)
        case .hrvMs: return ("HRV", 0)
        case .waistCm: return ("waist", 1)
        case .chestCm: return ("chest", 1)
        case .hipsCm: return ("hips", 1)
        case .armCm: return ("arm", 1)
        case .thighCm: return ("thigh", 1)
        case .bodyFatPercent: return ("body fat", 1)
        }
    }
}
