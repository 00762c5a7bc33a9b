import ArgumentParsing
import SessionCore
import SessionRPC
import SessionSystem

/// Times as a person writes them for `--at`, as timew does: `18:05` (today, or the
/// day given: a command aimed at a session reads it on the session's day),
/// `yesterday 18:05`, `-10m` (ago), `2026-11-30 18:05`, or RFC 3339. A time of day is
/// sent without an offset, so the daemon places it in its own zone; `-10m` is an
/// instant and goes with one.
enum HumanTime {
    /// `text` as a time; nil when it is none. A time of day alone is on `given`, today
    /// without one.
    static func read(_ text: String, clock: LocalClock, on given: LocalDate? = nil) -> Timestamp? {
        let trimmed = text.trimmingWhitespace()
        if let exact = Timestamp(trimmed) { return exact }
        if trimmed.hasPrefix("-"), let seconds = ago(String(trimmed.dropFirst())) {
            let ms = clock.nowMs() - Int64(seconds) * 1000
            return Timestamp(ms: ms, text: clock.rfc3339(ms: ms))
        }
        let words = trimmed.split(separator: " ").map(String.init)
        let today = clock.today()
        var date = given ?? today
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

    /// True when what `text` stands for depends on today's date: a day word with a
    /// time (`yesterday 18:05`), or a time of day alone when no day is given for it.
    static func readsToday(_ text: String, on day: LocalDate? = nil) -> Bool {
        let words = text.trimmingWhitespace().split(separator: " ")
        if words.count == 2 { return ["today", "yesterday"].contains(words[0].lowercased()) }
        return day == nil && isTimeOfDay(text)
    }

    /// True when `text` is a time of day alone (`07:05`, `7:05:30`), with no day.
    static func isTimeOfDay(_ text: String) -> Bool {
        let trimmed = text.trimmingWhitespace()
        return !trimmed.contains(" ") && Timestamp(trimmed) == nil && LocalDateTime(trimmed) == nil && secondOfDay(trimmed) != nil
    }

    /// The day a time of day alone (`text`) is on for a session that started at
    /// `start` and ended at `end` (nil: still going, up to `today`), both as the
    /// daemon's zone tells them: the day it started, or the day after for a time before
    /// its start when the session went on past midnight.
    static func day(ofTimeOfDay text: String, start: LocalDateTime, end: LocalDateTime?, today: LocalDate) -> LocalDate {
        guard let second = secondOfDay(text.trimmingWhitespace()), second < start.secondOfDay, (end?.date ?? today) > start.date else {
            return start.date
        }
        return start.date.adding(days: 1)
    }

    /// Seconds since midnight of a time of day alone (`07:05`), nil for anything else.
    private static func secondOfDay(_ text: String) -> Int? {
        LocalDateTime("2000-01-01T" + text)?.secondOfDay
    }

    /// A day as a person writes it: today, yesterday, or YYYY-MM-DD.
    static func day(_ word: String, today: LocalDate) -> LocalDate? {
        switch word.lowercased() {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        default: return LocalDate(word)
        }
    }

    /// The longest span `ago` reads, in seconds: a hundred years (no record is dated
    /// before 1970), far from where a product of its numbers overflows.
    static let longestAgo = 100 * 366 * 86_400

    /// "10m", "90s", "1h", "1h30m", "2min": a span of time, in seconds, at most
    /// `longestAgo`.
    static func ago(_ text: String) -> Int? {
        var total = 0
        var digits = ""
        var unit = ""
        func flush() -> Bool {
            guard let value = Int(digits), value <= longestAgo else { return false }
            switch unit {
            case "s", "sec", "secs": total += value
            case "m", "min", "mins": total += value * 60
            case "h", "hr", "hrs": total += value * 3600
            default: return false
            }
            guard total <= longestAgo else { return false }
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

/// A time as a person wrote it for `--at`, `--start` or `--end`, known to read as one
/// (`HumanTime`). What it stands for depends on the clock and, for a time of day alone,
/// on the day it is read on, so it is kept as written until then.
struct WrittenTime: Sendable, Equatable {
    /// The text as given.
    let text: String

    /// The time it stands for: a time of day alone on `day`, today without one. Whether
    /// a text reads does not depend on the clock, so a `WrittenTime` always does.
    func timestamp(clock: LocalClock, on day: LocalDate? = nil) -> Timestamp? {
        HumanTime.read(text, clock: clock, on: day)
    }
}

extension OptionValue where Value == WrittenTime {
    /// A time as `HumanTime` reads it: 18:05, yesterday 18:05, -10m, a date and time,
    /// or RFC 3339. The text is checked against a fixed clock; it is placed later.
    static var time: OptionValue {
        OptionValue(expected: "must be a time such as 18:05, \"yesterday 18:05\", -10m, 2026-11-30 18:05 or 2026-11-30T18:05:00+01:00",
                    why: LocalDate.impossibility(in:)) { text in
            HumanTime.read(text, clock: LocalClock(now: { 0 })) == nil ? nil : WrittenTime(text: text)
        }
    }
}
