import SessionCore
import SessionRPC

/// Renders sessions and sets for a person between two sets: short lines, most
/// important first.
struct SessionFormatter {
    let console: Console

    /// "1:05:09" or "12:04".
    static func clock(_ seconds: Int) -> String {
        let hours = seconds / 3600
        let minutes = seconds % 3600 / 60
        let secs = seconds % 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(secs))" : "\(minutes):\(two(secs))"
    }

    /// "10 × 24 kg", "45s", "12 reps", "bodyweight".
    static func setText(reps: Int?, weightKg: Double?, durationSeconds: Int?) -> String {
        var parts: [String] = []
        if let seconds = durationSeconds { parts.append(PlanFormatter.formatDuration(seconds)) }
        if let reps {
            parts.append(weightKg.map { "\(reps) × \(PlanFormatter.formatKilograms($0)) kg" } ?? "\(reps) reps")
        } else if let weightKg {
            parts.append("\(PlanFormatter.formatKilograms(weightKg)) kg")
        }
        return parts.isEmpty ? "done" : parts.joined(separator: " · ")
    }

    func printStarted(_ session: JSONValue) {
        let title = session["title"]?.stringValue ?? "Session"
        var line = console.bold(title) + " · started " + (session["date"]?.stringValue ?? "")
        if session["carriedOver"] == true { line += " · plan carried over from last week" }
        console.print(line)
        if let exercises = session["exercises"]?.arrayValue, !exercises.isEmpty {
            for item in exercises {
                console.print("  \(item["position"]?.intValue ?? 0). \(item["name"]?.stringValue ?? "")  " + console.dim(prescription(item)))
            }
            if let next = session["next"], next != .null {
                console.print("first: \(next["name"]?.stringValue ?? "") — sessionctl log 1")
            }
        } else {
            console.print("free session: log exercises by name, e.g. sessionctl log \"push-up\" 20")
        }
    }

    func prescription(_ item: JSONValue) -> String {
        PlanFormatter.prescription(PlannedExercise(
            name: item["name"]?.stringValue ?? "", sets: item["sets"]?.intValue ?? 0, reps: item["reps"]?.intValue,
            repsMax: item["repsMax"]?.intValue, amrap: item["amrap"] == true, durationSeconds: item["durationSeconds"]?.intValue,
            weightKg: item["weightKg"]?.numberValue, restSeconds: item["restSeconds"]?.intValue))
    }

    /// "Goblet Squat · set 2/4 · 10 × 24 kg · rest 1:30 · next: set 3 of 4"
    func printLogged(_ result: SessionLog.Result, session: JSONValue) {
        let name = result.exercise
        let logged = result.loggedSets
        let planned = result.plannedSets
        var parts = [console.bold(name) + (result.offPlan ? " (off-plan)" : "")]
        if result.kind == .warmup {
            parts.append("warm-up")
        } else {
            parts.append(planned > 0 ? "set \(logged)/\(planned)" : "set \(logged)")
            if result.kind != .normal { parts.append(result.kind.rawValue) }
        }
        parts.append(Self.setText(reps: result.reps, weightKg: result.weightKg, durationSeconds: result.durationSeconds))
        if let rest = result.restSeconds, rest > 0 { parts.append("rest \(PlanFormatter.formatClock(rest))") }
        parts.append(nextText(result: result, session: session))
        console.print(parts.joined(separator: " · "))
        if let record = result.personalRecord {
            var what = record.kinds.contains(.weight) ? "heaviest \(name) yet" : "best \(name) yet"
            if let estimate = record.estimatedOneRepMaxKg { what += " — est. 1RM \(PlanFormatter.formatKilograms(estimate)) kg" }
            console.print(console.green("★ personal record: \(what)"))
        }
    }

    private func nextText(result: SessionLog.Result, session: JSONValue) -> String {
        let logged = result.loggedSets
        let planned = result.plannedSets
        if planned > 0, logged < planned { return "next: set \(logged + 1) of \(planned)" }
        let id = result.plannedExerciseID.map { JSONValue(Int($0)) } ?? .null
        let remaining = (session["exercises"]?.arrayValue ?? []).first { item in
            item["plannedExerciseId"] != id && (item["loggedSets"]?.intValue ?? 0) < (item["sets"]?.intValue ?? 0)
        }
        guard let remaining else { return (session["exercises"]?.arrayValue?.isEmpty ?? true) ? "free session" : "all planned sets done" }
        let done = remaining["loggedSets"]?.intValue ?? 0
        return "next: \(remaining["name"]?.stringValue ?? "") (\(done + 1) of \(remaining["sets"]?.intValue ?? 0))"
    }

    func printFinished(_ result: SessionFinish.Result) {
        // A free session has no plan to complete.
        let completion = result.planDayID == nil ? "" : " · \(Int((result.completion * 100).rounded()))% of plan"
        console.print(console.bold(result.title) + " finished · "
            + Self.clock(result.durationSeconds) + " · " + PlanFormatter.count(result.sets, "set") + " · "
            + "\(PlanFormatter.formatKilograms(result.volumeKg)) kg volume" + completion)
    }

    func printStatus(_ session: JSONValue) {
        let state = session["state"]?.stringValue ?? "?"
        console.print(console.bold(session["title"]?.stringValue ?? "Session") + " · \(session["date"]?.stringValue ?? "") · \(state) "
            + Self.clock(session["durationSeconds"]?.intValue ?? 0) + " · " + PlanFormatter.count(session["sets"]?.intValue ?? 0, "set") + " · "
            + "\(PlanFormatter.formatKilograms(session["volumeKg"]?.numberValue ?? 0)) kg")
        let exercises = session["exercises"]?.arrayValue ?? []
        if !exercises.isEmpty {
            let width = max(8, exercises.map { $0["name"]?.stringValue?.count ?? 0 }.max() ?? 0)
            console.print(console.dim(" #  " + pad("exercise", width) + "  sets   target"))
            for item in exercises {
                let logged = item["loggedSets"]?.intValue ?? 0
                let sets = item["sets"]?.intValue ?? 0
                let count = pad("\(logged)/\(sets)", 5) + (item["done"] == true ? "✓" : " ")
                let line = pad(String(item["position"]?.intValue ?? 0), 2, left: true) + "  " + pad(item["name"]?.stringValue ?? "", width) + "  " + count + " " + prescription(item)
                console.print(item["done"] == true ? console.green(line) : line)
            }
        }
        for extra in session["offPlan"]?.arrayValue ?? [] {
            let count = extra["loggedSets"]?.intValue ?? 0
            console.print("    \(extra["name"]?.stringValue ?? "") (off-plan) · \(count) set\(count == 1 ? "" : "s")")
        }
        if let next = session["next"], next != .null {
            console.print("next: \(next["name"]?.stringValue ?? ""), set \(next["setNumber"]?.intValue ?? 1) of \(next["plannedSets"]?.intValue ?? 0)")
        }
    }

    /// One line a session: date, title, duration, sets, volume, in aligned columns.
    func printHistory(_ sessions: [JSONValue]) {
        guard !sessions.isEmpty else {
            console.print("no sessions yet")
            return
        }
        let titleWidth = sessions.map { ($0["title"]?.stringValue ?? "").count }.max() ?? 0
        for session in sessions {
            let sets = session["sets"]?.intValue ?? 0
            let state = session["state"]?.stringValue ?? "finished"
            console.print("\(session["date"]?.stringValue ?? "")  " + pad(session["title"]?.stringValue ?? "", titleWidth) + "  "
                + pad(Self.clock(session["durationSeconds"]?.intValue ?? 0), 7, left: true) + "  "
                + pad(PlanFormatter.count(sets, "set"), 8, left: true) + "  "
                + pad(PlanFormatter.formatKilograms(session["volumeKg"]?.numberValue ?? 0) + " kg", 10, left: true)
                + (state == "finished" ? "" : "  " + console.yellow(state)))
        }
    }

    func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return left ? padding + text : text + padding
    }
}
