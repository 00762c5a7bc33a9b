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
    /// three letters (a trailing dot is ignored by the parser), and the full names in
    /// Spanish, French, Italian and Portuguese, with or without accents.
    static let spellings: [String: Weekday] = englishAndGerman.merging(otherLanguages) { first, _ in first }

    /// English and German, full or three letters.
    private static let englishAndGerman: [String: Weekday] = [
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

    /// Full names in Spanish, French, Italian and Portuguese, in week order.
    private static let otherLanguages: [String: Weekday] = {
        let names: [[String]] = [
            ["lunes", "lundi", "lunedì", "lunedi", "segunda-feira", "segunda"],
            ["martes", "mardi", "martedì", "martedi", "terça-feira", "terca-feira", "terça", "terca"],
            ["miércoles", "miercoles", "mercredi", "mercoledì", "mercoledi", "quarta-feira", "quarta"],
            ["jueves", "jeudi", "giovedì", "giovedi", "quinta-feira", "quinta"],
            ["viernes", "vendredi", "venerdì", "venerdi", "sexta-feira", "sexta"],
            ["sábado", "sabado", "samedi", "sabato"],
            ["domingo", "dimanche", "domenica"],
        ]
        var spellings: [String: Weekday] = [:]
        for (index, words) in names.enumerated() {
            guard let weekday = Weekday(rawValue: index + 1) else { continue }
            for word in words { spellings[word] = weekday }
        }
        return spellings
    }()

    /// Parses a weekday name in any case (`spellings`), or an ISO number "1"…"7".
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
