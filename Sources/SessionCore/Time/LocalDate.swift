/// A calendar date without a time zone (proleptic Gregorian), as `YYYY-MM-DD`.
/// Day arithmetic uses Howard Hinnant's days-from-civil algorithm, so the domain needs
/// no calendar service and no clock.
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A date from its parts, or nil when they do not name a real day.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(_ text: String) {
        // Byte by byte: this runs for every session row read, on the logging path.
        var fields = (year: 0, month: 0, day: 0)
        var position = 0
        for byte in text.utf8 {
            switch position {
            case 4, 7:
                guard byte == UInt8(ascii: "-") else { return nil }
            case 0..<10:
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                let digit = Int(byte - UInt8(ascii: "0"))
                if position < 4 {
                    fields.year = fields.year * 10 + digit
                } else if position < 7 {
                    fields.month = fields.month * 10 + digit
                } else {
                    fields.day = fields.day * 10 + digit
                }
            default:
                return nil
            }
            position += 1
        }
        guard position == 10 else { return nil }
        self.init(year: fields.year, month: fields.month, day: fields.day)
    }

    /// The date `days` days after 1970-01-01 (negative before it).
    public init(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// ISO 8601 weekday of this date.
    public var weekday: Weekday {
        // 1970-01-01 was a Thursday (ISO 4).
        let index = ((daysSinceEpoch % 7) + 7 + 3) % 7
        return Weekday.allCases[index]
    }

    /// The Monday that starts this date's ISO week.
    public var mondayOfWeek: LocalDate { adding(days: -(weekday.rawValue - 1)) }

    /// The date of this date's ISO week on `weekday`.
    public func dayOfWeek(_ weekday: Weekday) -> LocalDate { mondayOfWeek.adding(days: weekday.rawValue - 1) }

    /// This date moved by a number of days.
    public func adding(days: Int) -> LocalDate {
        LocalDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Why the first `YYYY-MM-DD` in `text` names no day ("February 2026 has 28 days",
    /// "there is no month 13"), for a message that refuses it; nil when it names one, or
    /// when `text` holds nothing of that shape.
    public static func impossibility(in text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 10 else { return nil }
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        for start in 0...(bytes.count - 10) {
            let field = bytes[start..<start + 10]
            let shaped = field.indices.allSatisfy { index in
                let offset = index - start
                return offset == 4 || offset == 7 ? field[index] == UInt8(ascii: "-") : isDigit(field[index])
            }
            // Not inside a longer run of digits (a number, not a date).
            guard shaped, start == 0 || !isDigit(bytes[start - 1]), start + 10 == bytes.count || !isDigit(bytes[start + 10]) else { continue }
            let number = { (from: Int, count: Int) in field.dropFirst(from).prefix(count).reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } }
            let (year, month, day) = (number(0, 4), number(5, 2), number(8, 2))
            if year == 0 { return "there is no year 0" }
            guard (1...12).contains(month) else { return "there is no month \(month)" }
            if day == 0 { return "there is no day 0" }
            let days = daysIn(month: month, year: year)
            guard day <= days else { return "\(monthNames[month - 1]) \(year) has \(days) days" }
            return nil
        }
        return nil
    }

    /// The months' names in English, January first.
    public static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                                    "November", "December"]

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
