import SessionCore
import SessionRPC
import SessionSystem

/// Times as a person writes them for `--at`, as timew does: `18:05` (today),
/// `yesterday 18:05`, `-10m` (ago), `2026-11-30 18:05`, or RFC 3339. A time of day is
/// sent without an offset, so the daemon places it in its own zone; `-10m` is an
/// instant and goes with one.
enum HumanTime {
    static func read(_ text: String, clock: LocalClock) -> Timestamp? {
        let trimmed = text.trimmingWhitespace()
        if let exact = Timestamp(trimmed) { return exact }
        if trimmed.hasPrefix("-"), let seconds = ago(String(trimmed.dropFirst())) {
            let ms = clock.nowMs() - Int64(seconds) * 1000
            return Timestamp(ms: ms, text: clock.rfc3339(ms: ms))
        }
        let words = trimmed.split(separator: " ").map(String.init)
        let today = clock.today()
        var date = today
        var clockText = trimmed
        if words.count == 2 {
            guard let day = day(words[0], today: today) else { return nil }
            date = day
            clockText = words[1]
        } else if let local = LocalDateTime(trimmed) {
            return Timestamp(ms: clock.ms(of: local), text: local.description)
        }
        guard let local = LocalDateTime("\(date)T\(clockText)") else { return nil }
        return Timestamp(ms: clock.ms(of: local), text: local.description)
    }

    /// A day as a person writes it: today, yesterday, or YYYY-MM-DD.
    static func day(_ word: String, today: LocalDate) -> LocalDate? {
        switch word.lowercased() {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        default: return LocalDate(word)
        }
    }

    /// "10m", "90s", "1h", "1h30m", "2min": a span of time, in seconds.
    static func ago(_ text: String) -> Int? {
        var total = 0
        var digits = ""
        var unit = ""
        func flush() -> Bool {
            guard let value = Int(digits) else { return false }
            switch unit {
            case "s", "sec", "secs": total += value
            case "m", "min", "mins": total += value * 60
            case "h", "hr", "hrs": total += value * 3600
            default: return false
            }
            digits = ""
            unit = ""
            return true
        }
        for character in text.lowercased() {
            if character.isNumber {
                if !unit.isEmpty { guard flush() else { return nil } }
                digits.append(character)
            } else if character.isLetter, !digits.isEmpty {
                unit.append(character)
            } else {
                return nil
            }
        }
        guard flush(), total > 0 else { return nil }
        return total
    }
}
