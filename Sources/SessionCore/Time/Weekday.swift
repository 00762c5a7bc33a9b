/// An ISO 8601 weekday: Monday is 1, Sunday is 7.
public enum Weekday: Int, Sendable, CaseIterable, Comparable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The English name, capitalised: the canonical spelling a plan uses.
    public var name: String {
        switch self {
        case .monday: return "Monday"
        case .tuesday: return "Tuesday"
        case .wednesday: return "Wednesday"
        case .thursday: return "Thursday"
        case .friday: return "Friday"
        case .saturday: return "Saturday"
        case .sunday: return "Sunday"
        }
    }

    /// Spellings accepted from model output, lowercased: English and German, full or
    /// three letters (a trailing dot is ignored by the parser).
    static let spellings: [String: Weekday] = [
        "monday": .monday, "mon": .monday, "montag": .monday,
        "tuesday": .tuesday, "tue": .tuesday, "tues": .tuesday, "dienstag": .tuesday, "die": .tuesday,
        "wednesday": .wednesday, "wed": .wednesday, "mittwoch": .wednesday, "mit": .wednesday,
        "thursday": .thursday, "thu": .thursday, "thur": .thursday, "thurs": .thursday,
        "donnerstag": .thursday, "don": .thursday,
        "friday": .friday, "fri": .friday, "freitag": .friday, "fre": .friday,
        "saturday": .saturday, "sat": .saturday, "samstag": .saturday, "sonnabend": .saturday,
        "sam": .saturday,
        "sunday": .sunday, "sun": .sunday, "sonntag": .sunday, "son": .sunday,
    ]

    /// Parses a weekday name in any case, English or German, full or abbreviated, or an
    /// ISO number "1"…"7".
    public init?(parsing text: String) {
        var key = text.trimmingWhitespace().lowercased()
        if key.hasSuffix(".") { key.removeLast() }
        if let number = Int(key), let weekday = Weekday(rawValue: number) {
            self = weekday
        } else if let weekday = Self.spellings[key] {
            self = weekday
        } else {
            return nil
        }
    }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}
