import ArgumentParsing
import SessionCore
import SessionFormats
import SessionRPC

/// Renders sessions and sets for a person between two sets: short lines, most
/// important first.
struct SessionFormatter {
    let console: Console

    /// "10 × 24 kg", "45s", "12 reps", "bodyweight".
    static func setText(reps: Int?, weightKg: Double?, durationSeconds: Int?, unit: WeightUnit, countsBodyMass: Bool = false) -> String {
        var parts: [String] = []
        if let seconds = durationSeconds { parts.append(PlanText.formatDuration(seconds)) }
        if let reps {
            // Below zero: assistance off the body mass (an assisted pull-up); zero, as
            // none, no load (bw); of a lift that counts body mass, the load added to it.
            switch weightKg {
            case let weight? where weight < 0: parts.append(plural(reps, "rep") + ", " + unit.text(-weight) + " assisted")
            case let weight? where weight > 0 && countsBodyMass: parts.append(plural(reps, "rep") + ", +" + unit.text(weight))
            case let weight? where weight > 0: parts.append("\(reps) × " + unit.text(weight))
            default: parts.append(plural(reps, "rep"))
            }
        } else if let weightKg, weightKg != 0 {
            parts.append((countsBodyMass && weightKg > 0 ? "+" : "") + unit.text(weightKg))
        }
        return parts.isEmpty ? "done" : parts.joined(separator: " · ")
    }

    func printStarted(_ session: SessionSnapshot) {
        var line = console.bold(session.title) + " · started " + session.date
        if session.carriedOver { line += " · plan carried over from last week" }
        console.print(line)
        if !session.exercises.isEmpty {
            for item in session.exercises {
                console.print("  \(item.position). \(item.exercise.name)  " + console.dim(PlanText.prescription(item.exercise, unit: console.units)))
            }
            if let next = session.next { console.print("first: \(next.name) — sessionctl log 1") }
        } else {
            console.print("free session: log exercises by name, e.g. sessionctl log \"push-up\" 20")
        }
    }

    /// "Goblet Squat · set 2/4 · 10 × 24 kg · rest 1:30 · next: set 3 of 4"
    /// A logged set, with what comes next in `session` (as read after it; nil: unknown).
    func printLogged(_ result: SessionLog.Result, session: SessionSnapshot?, weightOnly: Bool = false) {
        let lines = logged(result, session: session, weightOnly: weightOnly)
        console.print(lines.set)
        if let record = lines.record { console.print(console.green(record)) }
    }

    /// A logged set as `log` says it, and its record when it set one: what `log` prints
    /// and `watch` shows of every `set.logged`.
    /// With `weightOnly`, the numbers were typed but the weight: where it came from is
    /// said of the weight alone.
    func logged(_ result: SessionLog.Result, session: SessionSnapshot?, weightOnly: Bool = false) -> (set: String, record: String?) {
        let name = result.exercise
        let logged = result.loggedSets
        let planned = result.plannedSets
        var parts = [console.bold(name) + (result.offPlan ? " (off-plan)" : "")]
        if result.kind != .warmup { parts.append(planned > 0 ? "set \(logged)/\(planned)" : "set \(logged)") }
        if let kind = Wording.setKind(result.kind) { parts.append(kind) }
        var set = Self.setText(reps: result.reps, weightKg: result.weightKg, durationSeconds: result.durationSeconds, unit: console.units,
                               countsBodyMass: result.countsBodyMass)
        let source: String? = switch result.filledFrom {
        case .lastSet: "as your last set"
        case .lastTime: "as last time"
        case .plan: "as planned"
        case nil: nil
        }
        if let source { set += weightOnly ? " (the weight \(source))" : " " + source }
        parts.append(set)
        if let last = result.lastTime, result.filledFrom != .lastTime {
            parts.append("last time " + Self.setText(reps: last.reps, weightKg: last.weightKg, durationSeconds: last.durationSeconds, unit: console.units,
                               countsBodyMass: result.countsBodyMass))
        }
        if let rest = result.restSeconds, rest > 0 { parts.append("rest \(Wording.duration(rest))") }
        if let next = nextText(result: result, session: session) { parts.append(next) }
        var record: String?
        if let found = result.personalRecord {
            var more: [String] = []
            if found.kinds.contains(.repsAtWeight), let weight = result.weightKg { more.append("most reps at " + console.units.text(weight)) }
            if found.kinds.contains(.reps) { more.append("most reps") }
            if found.kinds.contains(.setVolume), let reps = result.reps, let weight = result.weightKg {
                more.append("best set volume " + console.units.volumeText(Double(reps) * weight))
            }
            var what: String
            if found.kinds.isDisjoint(with: [.weight, .oneRepMax]) {
                what = "\(name) " + more.joined(separator: " · ")
            } else {
                what = found.kinds.contains(.weight) ? "heaviest \(name) yet" : "best \(name) yet"
                if let estimate = found.estimatedOneRepMaxKg { what += " — e1RM " + console.units.estimateText(estimate) }
                if !more.isEmpty { what += " · " + more.joined(separator: " · ") }
            }
            record = "★ personal record: \(what)"
        }
        return (parts.joined(separator: " · "), record)
    }

    /// The daemon's next set (`SessionProgress.next`: what a bare `log` logs and
    /// `status` shows); without the session read, the result's own count.
    private func nextText(result: SessionLog.Result, session: SessionSnapshot?) -> String? {
        guard let session else {
            let (logged, planned) = (result.loggedSets, result.plannedSets)
            return planned > 0 && logged < planned ? "next: set \(logged + 1) of \(planned)" : nil
        }
        guard let next = session.next else { return session.exercises.isEmpty ? "free session" : "all planned sets done" }
        if next.plannedExerciseID == result.plannedExerciseID { return "next: set \(next.setNumber) of \(next.plannedSets)" }
        return "next: \(next.name) (\(next.setNumber) of \(next.plannedSets))"
    }

    func printFinished(_ result: SessionFinish.Result) {
        // A free session has no plan to complete.
        let completion = result.planDayID == nil ? "" : " · \(Int((result.completion * 100).rounded()))% of plan"
        console.print(console.bold(result.title) + " finished · "
            + Wording.duration(result.durationSeconds) + " · " + plural(result.sets, "set") + " · "
            + console.units.volumeText(result.volumeKg) + " volume" + completion)
        for record in result.records {
            console.print("★ personal record: best \(record.exercise) session volume — " + console.units.volumeText(record.volumeKg)
                          + " (was " + console.units.volumeText(record.previousKg) + ")")
        }
    }

    /// "prev 5×82.5 5×82.5 4×82.5 (2026-11-23)": an exercise's counted sets last time.
    func previousLine(_ name: String, _ session: SessionSnapshot) -> String? {
        guard let previous = session.previous.first(where: { $0.exercise == name }) else { return nil }
        let sets = previous.sets.filter { $0.kind != .warmup }.map { set -> String in
            switch (set.reps, set.weightKg, set.durationSeconds) {
            case (let reps?, let weight?, _) where weight > 0:
                // Of a lift that counts body mass, the load added to it: "6×+10kg".
                return "\(reps)×" + (previous.countsBodyMass ? "+" : "") + console.units.text(weight).replacingOccurrences(of: " ", with: "")
            case (let reps?, _, _): return "\(reps)"
            case (_, _, let seconds?): return "\(seconds)s"
            default: return "—"
            }
        }
        guard !sets.isEmpty else { return nil }
        return "prev " + sets.joined(separator: " ") + " (\(previous.date))" + (previous.suggestion.map { " · " + suggestionText($0) } ?? "")
    }

    /// "today 85 kg (up: every set reached the top)": the weight double progression
    /// suggests from today's sets, else last time's and the plan (`DoubleProgression`).
    func suggestionText(_ suggestion: PreviousSets.Suggestion) -> String {
        Self.suggestionText(suggestion, units: console.units)
    }

    /// The suggestion in words, with why: each `change` and which sets it came from.
    static func suggestionText(_ suggestion: PreviousSets.Suggestion, units: WeightUnit) -> String {
        let today = suggestion.from == .today
        let why = switch suggestion.change {
        case .up: today ? "up: every set today reached the top" : "up: every set reached the top"
        case .same: today ? "same: reps missed today" : "same: reps missed"
        case .setsLeft: today ? "same: sets left" : "same: fewer sets than planned"
        case .noStep: "same: no heavier step"
        case .plan: "as planned"
        }
        return "today " + units.text(suggestion.weightKg) + " (\(why))"
    }

    func printStatus(_ session: SessionSnapshot) {
        console.print(console.bold(session.title) + " · \(session.date) · \(session.state.rawValue) "
            + Wording.duration(session.durationSeconds) + " · " + plural(session.sets, "set") + " · "
            + console.units.volumeText(session.volumeKg))
        if !session.exercises.isEmpty {
            let width = max(8, session.exercises.map(\.exercise.name.count).max() ?? 0)
            console.print(console.dim(" #  " + pad("exercise", width) + "  sets   target"))
            for item in session.exercises {
                let count = pad("\(item.logged)/\(item.exercise.sets)", 5) + (item.done ? "✓" : " ")
                let line = pad(String(item.position), 2, left: true) + "  " + pad(item.exercise.name, width) + "  " + count + " "
                    + PlanText.prescription(item.exercise, unit: console.units)
                console.print(item.done ? console.green(line) : line)
                if let previous = previousLine(item.exercise.name, session) { console.print(console.dim("    " + pad("", width) + "  " + previous)) }
            }
        }
        for extra in session.offPlan {
            console.print("    \(extra.name) (off-plan) · \(plural(extra.logged, "set"))"
                          + (previousLine(extra.name, session).map { " · " + $0 } ?? ""))
        }
        if let rest = session.rest {
            console.print(console.yellow("resting: \(Wording.duration(rest.secondsLeft)) left after \(rest.exercise)"))
        }
        if let next = session.next {
            console.print("next: \(next.name), set \(next.setNumber) of \(next.plannedSets)")
        }
    }

    /// One line a session: its id (what show SESSION takes), date, title, duration, sets, volume, in aligned columns.
    /// `paged`: a page after another (`--before`), whose emptiness means no older ones;
    /// `ranged`: the sessions of some dates (`--from`, `--to`), whose emptiness means
    /// none on those.
    func printHistory(_ sessions: [SessionList.Listing], paged: Bool = false, ranged: Bool = false) {
        guard !sessions.isEmpty else {
            console.print(paged ? "no older sessions" : ranged ? "no sessions on those dates" : "no sessions yet")
            return
        }
        let titleWidth = sessions.map(\.title.count).max() ?? 0
        // The id first, as show SESSION, log --session and edit --session take it.
        let idWidth = sessions.map { String($0.sessionID).count }.max() ?? 0
        for session in sessions {
            console.print(pad(String(session.sessionID), idWidth, left: true) + "  \(session.date)  " + pad(session.title, titleWidth) + "  "
                + pad(Wording.duration(session.durationSeconds), 7, left: true) + "  "
                + pad(plural(session.sets, "set"), 8, left: true) + "  "
                + pad(console.units.volumeText(session.volumeKg), 10, left: true)
                + (session.state == .finished ? "" : "  " + console.yellow(session.state.rawValue)))
        }
    }

    /// After a full page: the command that shows the page before it (the daemon it was
    /// asked, `-H HOST` or `--socket PATH` as given; the exercise, dates and limit given,
    /// `--before` the oldest session shown).
    func printNextPage(exercise words: [String], from: LocalDate?, to: LocalDate?, limit: Int, before id: Int64, daemon: [String] = []) {
        var options: [String] = daemon.map(RemoteHost.shellWord) + (words.isEmpty ? [] : [RemoteHost.shellWord(words.joined(separator: " "))])
        if let from { options += [OptionName.from.text, from.description] }
        if let to { options += [OptionName.to.text, to.description] }
        if limit != SessionLimits.listDefault { options += [OptionName.limit.text, String(limit)] }
        options += [OptionName.before.text, String(id)]
        console.print(console.dim("older: sessionctl history " + options.joined(separator: " ")))
    }

    /// An exercise's sessions, newest first: session id, date, best e1RM, and each set. A `full`
    /// page (older sessions may remain) reads as the last sessions rather than all of them.
    func printExerciseHistory(_ history: ExerciseHistory, full: Bool, countsBodyMass: Bool) {
        guard !history.sessions.isEmpty else {
            console.print("no sets of \(history.name) in these dates")
            return
        }
        let count = plural(history.sessions.count, "session")
        console.print(console.bold(history.name) + " · " + (full ? "the last \(count)" : count))
        let idWidth = history.sessions.map { String($0.sessionID).count }.max() ?? 0
        // A pull-up's load is added to the body: "6 reps, +10 kg".
        for session in history.sessions.reversed() {
            let best = session.bestOneRepMaxKg.map { "e1RM " + console.units.estimateText($0) } ?? ""
            let sets = session.sets.map { set in
                (set.kind == .warmup ? "W " : "") + Self.setText(reps: set.reps, weightKg: set.weightKg, durationSeconds: set.durationSeconds, unit: console.units,
                                                                 countsBodyMass: countsBodyMass)
            }
            console.print(pad(String(session.sessionID), idWidth, left: true) + "  \(session.date)  " + pad(best, 15) + "  " + sets.joined(separator: ", "))
        }
    }

    /// One line a week: a bar of the best e1RM, its value, the volume.
    func printProgress(_ history: ExerciseHistory) {
        let byMonth = history.chartsByMonth
        let weeks = byMonth ? history.months : history.weeks
        let unit = byMonth ? "month" : "week"
        /// A week by its Monday, a month as YYYY-MM (padded to a date's width).
        func label(_ start: LocalDate) -> String { byMonth ? String(start.description.prefix(7)) + "   " : start.description }
        guard let top = weeks.compactMap(\.bestOneRepMaxKg).max(), top > 0 else {
            console.print("no sets of \(history.name) with reps and load to chart")
            return
        }
        let low = (weeks.compactMap(\.bestOneRepMaxKg).min() ?? 0) * 0.9
        // The bar takes what the line leaves of the terminal: the date (10), the value
        // (9) and the volume (about 16) with their gaps; 30 when there is no terminal.
        let width = console.columns.map { min(120, max(10, $0 - 41)) } ?? 30
        console.print(console.bold(history.name) + " · best e1RM and volume by \(unit)")
        // Weeks without it: a dot each, or one line for a run of three or more (a break
        // of months would otherwise fill the screen with dots).
        var gap: [ExerciseHistory.Week] = []
        func endGap() {
            if let first = gap.first, let last = gap.last, gap.count >= 3 {
                console.print("\(label(first.weekStart))  " + console.dim("· " + plural(gap.count, unit) + " without it, to \(label(last.weekStart).trimmingWhitespace())"))
            } else {
                for week in gap { console.print("\(label(week.weekStart))  " + console.dim("·")) }
            }
            gap.removeAll()
        }
        defer { endGap() }
        for week in weeks {
            guard let best = week.bestOneRepMaxKg else {
                gap.append(week)
                continue
            }
            endGap()
            let filled = max(1, Int(((best - low) / max(top - low, 0.001) * Double(width)).rounded()))
            console.print("\(label(week.weekStart))  " + String(repeating: "█", count: filled) + String(repeating: " ", count: width - filled)
                + "  " + pad(console.units.estimateText(best), 9, left: true) + "  " + console.units.volumeText(week.volumeKg) + " vol")
        }
    }

    func pad(_ text: String, _ width: Int, left: Bool = false) -> String { Self.pad(text, width, left: left) }

    /// `text` with spaces after it (before it, `left`) to `width` characters.
    static func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return left ? padding + text : text + padding
    }
}
