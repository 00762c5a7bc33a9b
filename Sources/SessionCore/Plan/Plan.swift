import SessionMacros

/// A normalised 7-day training plan, as import produces it and storage keeps it. Its
/// members are the plan object's, with dates resolved: what `sessionctl plan check`
/// prints, and re-importing that gives no warnings.
@Memberwise @Coded
public struct Plan: Sendable, Equatable, MemberCodable {
    /// The plan's display name.
    @Member(key: "planName") public var name: String
    /// The Monday of the week the plan covers.
    public var weekStart: LocalDate
    /// The plan's days in date order, Monday first; weekdays not listed are rest days.
    public var days: [PlanDay]

    public init() { self.init(name: "", weekStart: LocalDate(daysSinceEpoch: 0), days: []) }

    /// Days that carry at least one exercise.
    public var trainingDays: [PlanDay] { days.filter { !$0.rest } }

    /// The index of the day of `date` in `days`, listing it first as the rest day it is
    /// when the plan does not (in date order, titled "Rest"), so that an edit can give
    /// it training; nil for a date outside the plan's week.
    public mutating func listedDay(_ date: LocalDate) -> Int? {
        guard date >= weekStart, date <= weekStart.adding(days: 6) else { return nil }
        if let index = days.firstIndex(where: { $0.date == date }) { return index }
        let index = days.firstIndex { $0.date > date } ?? days.count
        days.insert(PlanDay(date: date, title: "Rest", rest: true, warmup: [], exercises: []), at: index)
        return index
    }
}

/// One day of a plan.
@Memberwise
public struct PlanDay: Sendable, Equatable {
    public var date: LocalDate
    public var title: String
    public var rest: Bool
    public var warmup: [WarmupItem]
    public var exercises: [PlannedExercise]

    /// The day's ISO weekday.
    public var weekday: Weekday { date.weekday }
}

/// A day's members: its header (`codeHeader`), then its exercises.
extension PlanDay: MemberCodable {
    public init() { self.init(date: LocalDate(daysSinceEpoch: 0), title: "", rest: false, warmup: [], exercises: []) }

    @inlinable
    public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
        try codeHeader(&coder)
        try coder.objects("exercises", &exercises)
    }

    /// The day's members before its exercises: date, weekday (worked out from the
    /// date: read, not kept), title, rest, warm-up. A stored plan's day has them too.
    @inlinable
    public mutating func codeHeader<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.date("date", &date)
        var day = weekday.name
        try coder.string("day", &day)
        try coder.string("title", &title)
        try coder.bool("rest", &rest)
        try coder.objects("warmup", &warmup)
    }
}

/// A warm-up item: a name and optionally a rep count or a duration (absent ones left
/// out of its members).
@Memberwise @Coded
public struct WarmupItem: Sendable, Equatable, MemberCodable {
    public var name: String
    @Member(.omitted) public var reps: Int? = nil
    @Member(.omitted) public var durationSeconds: Int? = nil
    @Member(.omitted) public var description: String? = nil

    public init() { self.init(name: "") }
}

/// A planned exercise row: what the person is asked to do, set by set. Its members
/// leave out what it does not prescribe (`amrap` only when true).
@Memberwise @Coded
public struct PlannedExercise: Sendable, Equatable, MemberCodable {
    public var name: String
    public var sets: Int
    /// The rep target, or the lower bound of a range.
    @Member(.omitted) public var reps: Int? = nil
    /// The upper bound of a rep range ("8-12" → reps 8, repsMax 12).
    @Member(.omitted) public var repsMax: Int? = nil
    /// As many reps as possible: no rep target.
    @Member(.flag) public var amrap: Bool = false
    @Member(.omitted) public var durationSeconds: Int? = nil
    @Member(.omitted) public var weightKg: Double? = nil
    @Member(.omitted) public var restSeconds: Int? = nil
    @Member(.omitted) public var description: String? = nil
    /// Exercises of a day sharing a label are done as a superset (or circuit): one set
    /// of each in turn.
    @Member(.omitted) public var superset: String? = nil

    public init() { self.init(name: "", sets: 0) }
}

/// A problem or a change found at one place of an imported document.
@Memberwise
public struct PathMessage: Sendable, Equatable, CustomStringConvertible, Blank {
    /// Where: `days[2].exercises[0].sets`, or `$` for the document itself.
    public var path: String = ""
    /// A sentence saying what is wrong or what was changed.
    public var message: String = ""
    /// For a warning, what kind of change it was, so that many can be told in a few
    /// lines ("12 numbers given as strings"); nil for errors.
    public var kind: WarningKind? = nil

    public init() {}

    public var description: String { "\(path): \(message)" }
}

/// The kinds of change import makes, for telling many warnings in a few lines.
public enum WarningKind: String, Sendable, CaseIterable {
    case numberAsString = "number-as-string"
    case keySpelling = "key-spelling"
    case unknownKey = "unknown-key"
    case absent
    case converted
    case textRead = "text-read"
    case prescription
    case whitespace
    case defaulted
    case structure
    case schedule
    case dropped
    case other

    /// "N …" for a count of them: `label(12)` is "12 numbers given as strings".
    public func label(_ count: Int) -> String {
        let one = count == 1
        switch self {
        case .numberAsString: return "\(count) number\(one ? "" : "s") given as strings"
        case .keySpelling: return "\(count) key\(one ? "" : "s") spelled another way, read as the plan's own"
        case .unknownKey: return "\(count) unknown key\(one ? "" : "s") ignored"
        case .absent: return "\(count) \"None\"/\"N/A\" value\(one ? "" : "s") read as absent"
        case .converted: return "\(count) weight\(one ? "" : "s") converted or read with a unit"
        case .textRead: return "\(count) quantit\(one ? "y" : "ies") read from text (durations, ranges, AMRAP)"
        case .prescription: return "\(count) prescription\(one ? "" : "s") read into numbers, the rest kept in the description"
        case .whitespace: return "\(count) text\(one ? "" : "s") with whitespace trimmed"
        case .defaulted: return "\(count) missing value\(one ? "" : "s") filled with defaults"
        case .structure: return "\(count) change\(one ? "" : "s") to the document's structure"
        case .schedule: return "\(count) change\(one ? "" : "s") to days and their order"
        case .dropped: return "\(count) duplicate\(one ? "" : "s") or extra\(one ? "" : "s") dropped"
        case .other: return "\(count) other change\(one ? "" : "s")"
        }
    }
}
