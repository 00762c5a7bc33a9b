/// Parsers for the quantities models write as text: durations ("30s", "1 min", "1:30"),
/// weights ("50 lb", "20kg") and rep targets ("8-12", "AMRAP").
public enum Quantity {
    /// What a `reps` field can mean.
    public enum Reps: Sendable, Equatable {
        case count(Int)
        case range(Int, Int)
        case amrap
        case duration(Int)
    }

    /// A weight in kilograms and the unit it was given in.
    public struct Weight: Sendable, Equatable {
        public let kilograms: Double
        public let unit: Unit
        public enum Unit: Sendable { case kilograms, pounds, none }
    }

    /// Splits "12.5kg" / "12.5 kg" into its number and its (lowercased) unit word.
    public static func splitNumber(_ text: String) -> (Double, String)? {
        let trimmed = text.trimmingWhitespace().lowercased()
        var numberEnd = trimmed.startIndex
        while numberEnd < trimmed.endIndex, trimmed[numberEnd].isASCII,
            trimmed[numberEnd].isNumber || trimmed[numberEnd] == "."
        {
            numberEnd = trimmed.index(after: numberEnd)
        }
        guard numberEnd > trimmed.startIndex, let value = Double(trimmed[..<numberEnd]),
            value.isFinite
        else { return nil }
        return (value, String(trimmed[numberEnd...]).trimmingWhitespace())
    }

    /// Seconds from "45", "30s", "30 sec", "45 seconds", "1 min", "1.5 minutes", "1 h",
    /// or "m:ss", the units also in Spanish, Portuguese, German, French and Italian
    /// ("90 segundos", "2 Minuten", "1 minuto"). Nil when the text is not a duration or
    /// not a whole number of seconds.
    public static func seconds(_ text: String) -> Int? {
        let trimmed = text.trimmingWhitespace()
        let clock = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        if clock.count == 2, let minutes = Int(clock[0]), clock[1].count == 2,
            let secs = Int(clock[1]), minutes >= 0, (0..<60).contains(secs)
        {
            return minutes * 60 + secs
        }
        guard let (value, unit) = splitNumber(trimmed) else { return nil }
        let factor: Double
        if unit.isEmpty || secondUnits.contains(unit) {
            factor = 1
        } else if minuteUnits.contains(unit) {
            factor = 60
        } else if hourUnits.contains(unit) {
            factor = 3600
        } else {
            return nil
        }
        let seconds = value * factor
        guard seconds.rounded() == seconds, seconds < 1e9 else { return nil }
        return Int(seconds)
    }

    /// Words for a second, a minute and an hour: English, Spanish, Portuguese, German,
    /// French, Italian.
    static let secondUnits: Set<String> = [
        "s", "sec", "secs", "second", "seconds", "seg", "segs", "segundo", "segundos", "sek", "sekunde", "sekunden",
        "seconde", "secondes", "secondo", "secondi",
    ]
    static let minuteUnits: Set<String> = [
        "min", "mins", "minute", "minutes", "mín", "minuto", "minutos", "minuten", "minuti",
    ]
    static let hourUnits: Set<String> = [
        "h", "hr", "hrs", "hour", "hours", "hora", "horas", "std", "stunde", "stunden", "heure", "heures", "ora", "ore",
    ]

    /// True when the text has a time unit, so "30s" in a reps field means a duration.
    public static func hasTimeUnit(_ text: String) -> Bool {
        if text.contains(":") { return seconds(text) != nil }
        guard let (_, unit) = splitNumber(text) else { return false }
        return !unit.isEmpty && seconds(text) != nil
    }

    /// A weight from "50 lb", "50lbs", "20 kg", "20kg", "20 kilos" or a bare "20".
    /// Pounds are converted (1 lb = 0.45359237 kg) and rounded to 0.1 kg.
    public static func weight(_ text: String) -> Weight? {
        guard let (value, unit) = splitNumber(text) else { return nil }
        switch unit {
        case "": return Weight(kilograms: value, unit: .none)
        case "kg", "kgs", "kilo", "kilos", "kilogram", "kilograms":
            return Weight(kilograms: value, unit: .kilograms)
        case "lb", "lbs", "pound", "pounds", "#":
            return Weight(kilograms: poundsToKilograms(value), unit: .pounds)
        default: return nil
        }
    }

    /// Pounds to kilograms rounded to 0.1 kg.
    public static func poundsToKilograms(_ pounds: Double) -> Double {
        (pounds * PlanLimits.kilogramsPerPound * 10).rounded() / 10
    }

    /// A rep target from text: "10", "8-12", "8–12", "8 to 12", "AMRAP", "max", or a
    /// duration with a unit ("30s").
    public static func reps(_ text: String) -> Reps? {
        let lowered = text.collapsingWhitespace().lowercased()
        if ["amrap", "max", "max reps", "to failure", "as many as possible"].contains(lowered) {
            return .amrap
        }
        if let count = Int(lowered) { return .count(count) }
        for separator in ["-", "–", "—", " to "] where lowered.contains(separator) {
            let parts = lowered.components(separatedBy: separator)
            if parts.count == 2, let low = Int(parts[0].trimmingWhitespace()),
                let high = Int(parts[1].trimmingWhitespace())
            {
                return .range(low, high)
            }
        }
        if hasTimeUnit(lowered), let seconds = seconds(lowered) { return .duration(seconds) }
        return nil
    }
}

