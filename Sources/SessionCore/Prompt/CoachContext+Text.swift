extension CoachContext {
    /// The parts of the text, in the order they are written.
    public enum Section: CaseIterable, Sendable {
        /// The day the record is read to; the adherence of the four weeks; the week's
        /// totals; the last training (and a gap); the main lifts; sets per muscle;
        /// recovery; skipped exercises.
        case header, adherence, thisWeek, lastTraining, lifts, muscles, health, skipped
    }

    /// What goes first when the text is over its budget: skipped exercises (the latest
    /// first), then muscles (those with the fewest sets first), then main lifts (the
    /// lowest-ranked first), then health figures (body mass, HRV, resting heart rate,
    /// sleep), then this week's totals. A list whose every item went says how many it
    /// had ("Skipped this week: 3, not listed for length."); those counts go last, in
    /// the same order. The header, adherence and the last training (a gap) are never
    /// trimmed; a text still over budget is cut at the end ("…").
    public static let trimmingOrder: [Section] = [.skipped, .muscles, .lifts, .health, .thisWeek]

    /// The context as lines for the generation prompt, at most `maxBytes` bytes of UTF-8,
    /// trimmed in `trimmingOrder`; the same text for the same figures. Exercise names are
    /// neutralised and quoted as data (`PromptContext.name`).
    public func text(maxBytes: Int) -> String {
        var parts = Section.allCases.map { part($0) }
        func rendered() -> String { parts.compactMap(\.text).joined(separator: "\n") }
        var text = rendered()
        let indices = Self.trimmingOrder.compactMap { Section.allCases.firstIndex(of: $0) }
        for index in indices {
            while text.utf8.count > maxBytes, parts[index].drop() { text = rendered() }
        }
        // Then, still over, the counts that stood for lists left out, in the same order.
        for index in indices where text.utf8.count > maxBytes && parts[index].dropCount() { text = rendered() }
        return PromptText.prefix(text, maxBytes: maxBytes)
    }

    /// One section's title, items and the order its items are dropped in.
    private func part(_ section: Section) -> Part {
        switch section {
        case .header:
            return Part(fixed: "As of \(PromptContext.weekday(asOf)) \(asOf), every figure from the logged record:")
        case .adherence:
            return Part(fixed: adherenceLine())
        case .thisWeek:
            return Part(fixed: thisWeekLine(), droppable: true)
        case .lastTraining:
            return Part(fixed: lastTrainingLine())
        case .lifts:
            let title = "Main lifts (latest day's top set; best e1RM in the 12 weeks to \(window.upperBound); trend: its last 4 weeks' best against earlier)"
            return Part(title: title, items: lifts.map(describe), style: .lines, dropOrder: Array(lifts.indices.reversed()))
        case .muscles:
            let items = muscles.map { "\($0.muscle.rawValue) \(PromptText.number($0.sets)) (\(PromptText.number($0.fourWeekAverage)))" }
            let order = muscles.indices.sorted { (max(muscles[$0].sets, muscles[$0].fourWeekAverage), $1) < (max(muscles[$1].sets, muscles[$1].fourWeekAverage), $0) }
            return Part(title: "Sets per muscle this week (weekly average of the 4 weeks before)", items: items, style: .list, dropOrder: order)
        case .health:
            return Part(title: "Health this week (change against the 4 weeks before)", items: health.map(PromptContext.describe), style: .list,
                        dropOrder: Array(health.indices.reversed()))
        case .skipped:
            let skipped = week?.skipped ?? []
            let items = skipped.map { "\(PromptContext.name($0.name)) \($0.setsDone)/\($0.setsPlanned) sets \(PromptContext.weekday($0.date))" }
            return Part(title: "Skipped this week", items: items, style: .list, dropOrder: Array(skipped.indices.reversed()))
        }
    }

    /// ", Fri moved to Sat, new plan from Thu": the week's one-off moves and the days
    /// another plan took over, so the planner reads a moved day as moved and knows the
    /// week ran under two plans; empty for a week that kept its plan and days.
    static func calendarNote(_ week: WeeklySummary) -> String {
        // Two training days that traded places are one swap.
        let moves = week.moves.compactMap { move -> String? in
            let from = PromptContext.weekday(move.from), to = PromptContext.weekday(move.to)
            guard week.moves.contains(DayMove(from: move.to, to: move.from)) else { return "\(from) moved to \(to)" }
            return move.from < move.to ? "\(from) and \(to) swapped" : nil
        }
        let changes = week.planChanges.isEmpty ? [] : ["new plan from " + week.planChanges.map(PromptContext.weekday).joined(separator: ", ")]
        return (moves + changes).map { ", " + $0 }.joined()
    }

    /// "Planned sessions done by week: 2026-11-09 3/3; 2026-11-16 2/3 +1 extra, missed
    /// Fri; …. In all 5 of 6 (83%)." Extra sessions are those beyond one on each planned
    /// day done (a second on a day, or one on a day without training), as the weekly
    /// summary's context counts them.
    func adherenceLine() -> String {
        let items = weeks.map { week -> String in
            let date = week.weekStart.description
            guard !week.dueDays.isEmpty else {
                if week.plannedDays.isEmpty { return "\(date) no plan, \(PromptText.count(week.sessions, "session"))" }
                return "\(date) \(week.plannedDays.count) planned, none due yet" + (week.sessions > 0 ? ", \(week.sessions) logged" : "") + Self.calendarNote(week)
            }
            var text = "\(date) \(week.completedPlannedDays.count)/\(week.dueDays.count)"
            let extra = week.sessions - week.completedPlannedDays.count
            if extra > 0 { text += " +\(extra) extra" }
            if !week.missedDays.isEmpty { text += ", missed " + week.missedDays.map(PromptContext.weekday).joined(separator: ", ") }
            return text + Self.calendarNote(week)
        }
        var line = "Planned sessions done by week: " + (items.isEmpty ? "none" : items.joined(separator: "; ")) + "."
        let due = weeks.reduce(0) { $0 + $1.dueDays.count }
        let done = weeks.reduce(0) { $0 + $1.completedPlannedDays.count }
        if due > 0 { line += " In all \(done) of \(due) (\(Int((Double(done) / Double(due) * 100).rounded()))%)." }
        return line
    }

    /// "This week: 3 sessions, 42 sets, 9,450 kg volume, 160 active min, avg session RPE
    /// 8." ("This week to Wed" while it runs.)
    func thisWeekLine() -> String {
        guard let week else { return "This week: no summary." }
        let label = asOf < week.weekStart.adding(days: 6) ? "This week to \(PromptContext.weekday(asOf))" : "This week"
        guard week.sessions > 0 else { return "\(label): no sessions." }
        var line = "\(label): \(PromptText.count(week.sessions, "session")), \(PromptText.count(week.sets, "set")), \(WeightUnit.kg.volumeText(week.volumeKg)) volume, "
            + "\(week.activeMinutes) active min"
        if let rpe = week.averageRPE { line += ", avg session RPE \(PromptText.number(rpe))" }
        if week.hardSets > 0 { line += ", \(week.hardSets) at RPE 9+" }
        return line + "."
    }

    /// "Last training: 2026-12-04, 2 days ago.", and after a gap of weeks, that it is one
    /// and that a coach deloads.
    func lastTrainingLine() -> String {
        guard let lastTraining, let days = daysSinceTraining else { return "No training logged yet." }
        var line = "Last training: \(lastTraining), \(Self.ago(days))."
        if isGap { line += " A gap of \(days / 7) weeks: deload, start lighter than the last working sets." }
        return line
    }

    /// "\"Bench Press\" 80 kg x 5 on 2026-12-04, 2 days ago; best e1RM 97.3 kg;
    /// progressing +3%"; a lift of the recent weeks only: "new" (estimated on one day),
    /// or "new since 2026-11-16, its first e1RM 92 kg" (" on 2026-11-18" when the first
    /// day with an estimate is a later one).
    func describe(_ lift: Lift) -> String {
        var top = "no load"
        if let weight = lift.last.topWeightKg { top = "\(PromptText.number(weight, decimals: 2)) kg x \(lift.last.topReps ?? 0)" }
        let days = asOf.daysSinceEpoch - lift.last.date.daysSinceEpoch
        let trend: String
        switch lift.trend {
        case .progressing(let change): trend = "progressing " + PromptText.percent(change)
        case .regressed(let change): trend = "regressed " + PromptText.percent(change)
        case .stalled(let change): trend = "stalled " + PromptText.percent(change)
        case .noEarlierFigure: trend = "no earlier figure in the 12 weeks"
        case .new(_, nil): trend = "new"
        case .new(let since, let first?):
            let estimate = "e1RM \(PromptText.number(first.oneRepMaxKg)) kg"
            trend = "new since \(since), its first " + estimate + (first.date == since ? "" : " on \(first.date)")
        }
        return "\(PromptContext.name(lift.name)) \(top) on \(lift.last.date), \(Self.ago(days)); best e1RM \(PromptText.number(lift.bestOneRepMaxKg)) kg; \(trend)"
    }

    /// "today", "yesterday", "9 days ago", "11 weeks ago" (from `gapDays` on).
    static func ago(_ days: Int) -> String {
        if days <= 0 { return "today" }
        if days == 1 { return "yesterday" }
        return days < gapDays ? "\(days) days ago" : "\(days / 7) weeks ago"
    }

    /// A section of the text: a fixed line, a list ("Title: a, b (+2 more).") or lines
    /// ("Title (+1 more):" then "- a"), whose items go in `dropOrder`.
    private struct Part {
        enum Style { case fixed, list, lines }
        let title: String
        let items: [String]
        let style: Style
        /// Item indices, the first to go first.
        let dropOrder: [Int]
        private var kept: [Bool]
        private var dropped = 0
        /// The count said for items all dropped was dropped too.
        private var countDropped = false

        init(title: String, items: [String], style: Style, dropOrder: [Int]) {
            self.title = title
            self.items = items
            self.style = style
            self.dropOrder = dropOrder
            kept = Array(repeating: true, count: items.count)
        }

        /// A line of its own; `droppable` lets the trimming take it away.
        init(fixed line: String, droppable: Bool = false) {
            self.init(title: "", items: [line], style: .fixed, dropOrder: droppable ? [0] : [])
        }

        /// Drops the next item in `dropOrder`; false when there is none left to drop.
        mutating func drop() -> Bool {
            guard dropped < dropOrder.count else { return false }
            kept[dropOrder[dropped]] = false
            dropped += 1
            return true
        }

        /// Drops the count said for items all dropped; false when there is none to drop.
        mutating func dropCount() -> Bool {
            guard style != .fixed, !items.isEmpty, dropped == items.count, !countDropped else { return false }
            countDropped = true
            return true
        }

        /// The section's text, nil when it has no items. A list or lines whose items were
        /// all dropped say how many there were, so the planner knows of them, until that
        /// count is dropped too (`dropCount`).
        var text: String? {
            let shown = items.indices.filter { kept[$0] }.map { items[$0] }
            guard !shown.isEmpty else {
                return style == .fixed || items.isEmpty || countDropped ? nil : "\(title): \(items.count), not listed for length."
            }
            let more = items.count > shown.count ? " (+\(items.count - shown.count) more)" : ""
            switch style {
            case .fixed: return shown.joined(separator: "\n")
            case .list: return "\(title): " + shown.joined(separator: ", ") + more + "."
            case .lines: return "\(title)\(more):\n- " + shown.joined(separator: "\n- ")
            }
        }
    }
}
