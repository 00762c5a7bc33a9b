import SessionCore
import SessionFormats

/// "1 set", "4 sets", "12,340 sets", "3 entries" (with `plural`): a count, grouped in
/// thousands, with its noun, singular for one and plural otherwise. Every count
/// sessionctl prints goes through it, so that none reads "1 sets".
func plural(_ count: Int, _ noun: String, _ plural: String? = nil) -> String {
    NumberText.grouped(count) + " " + (count == 1 ? noun : plural ?? noun + "s")
}

/// The words sessionctl says things in: the daemon's names (record kinds, health
/// types, set kinds) as a person reads them, and durations in one format. The wire
/// names stay in `--json`; everything printed for a person goes through here.
enum Wording {
    /// A length of time as a clock reads it: minutes and seconds under an hour ("0:35",
    /// "12:04"), hours, minutes and seconds from an hour on ("1:05:09"). A session's
    /// duration (status, finish, pause, history, show, edit, track, watch) and a rest are
    /// written so.
    static func duration(_ seconds: Int) -> String { PlanText.clock(seconds) }

    /// Whole minutes as a person reads a rounded figure: "50 min", "1 h 16 min" (a
    /// week's active time, which is kept in minutes: not a clock, whose seconds would
    /// look exact).
    static func minutes(_ minutes: Int) -> String {
        minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h" + (minutes % 60 == 0 ? "" : " \(minutes % 60) min")
    }

    /// `text` broken into lines of at most `width` characters at its spaces (a word
    /// longer than that stands on a line of its own).
    static func wrapped(_ text: String, width: Int) -> String {
        var lines: [String] = []
        var line = ""
        var length = 0
        for word in text.split(separator: " ") {
            let count = word.count
            if length > 0, length + 1 + count > width {
                lines.append(line)
                (line, length) = ("", 0)
            }
            line += (length == 0 ? "" : " ") + word
            length += (length == 0 ? 0 : 1) + count
        }
        if length > 0 { lines.append(line) }
        return lines.joined(separator: "\n")
    }

    /// "18:05": a time of day given as seconds since midnight.
    static func timeOfDay(_ secondOfDay: Int) -> String {
        let minutes = secondOfDay / 60
        let hour = minutes / 60 % 24
        return (hour < 10 ? "0" : "") + "\(hour):" + (minutes % 60 < 10 ? "0" : "") + "\(minutes % 60)"
    }

    /// A record kind by its wire name (`oneRepMax`, `setVolume`) as `log` words the
    /// record: "best e1RM", "heaviest weight", "best set volume", "most reps at a
    /// weight", "most reps", "best session volume". A name this build does not know is
    /// shown as it came.
    static func record(_ name: String) -> String {
        switch name {
        case "oneRepMax": return "best e1RM"
        case "weight": return "heaviest weight"
        case "setVolume": return "best set volume"
        case "repsAtWeight": return "most reps at a weight"
        case "reps": return "most reps"
        case "sessionVolume": return "best session volume"
        default: return name
        }
    }

    /// A health type as a person names it: "sleep", "resting HR", "body mass", "steps",
    /// "waist", "body fat" (the summary's and the prompt's words).
    static func health(_ type: HealthType) -> String {
        type == .steps ? "steps" : PromptContext.label(type).label
    }

    /// A health value with its unit, in the person's units: "7.5 h", "52 bpm", "80.4 kg"
    /// (or "177.2 lb"), "9,000" (steps: the name says the unit), "82 cm" (or "32.3 in"),
    /// "18%".
    static func health(_ value: Double, of type: HealthType, units: WeightUnit) -> String {
        switch type {
        case .bodyMassKg: return units.text(value)
        case let type where type.isCircumference: return Length.text(value, inches: units == .lb)
        case .steps: return NumberText.grouped(value)
        case .bodyFatPercent: return PromptText.number(value, decimals: 2) + "%"
        default: return PromptText.number(value, decimals: 2) + " " + type.unit
        }
    }

    /// A set's kind as `log` and `show` say it: "warm-up", "drop set", "to failure";
    /// nil for a normal set, which needs no word.
    static func setKind(_ kind: SetKind) -> String? {
        switch kind {
        case .normal: return nil
        case .warmup: return "warm-up"
        case .drop: return "drop set"
        case .failure: return "to failure"
        }
    }
}
