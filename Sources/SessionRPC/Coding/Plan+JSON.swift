import JSON
import SessionCore

/// The normalised plan in the plan object shape plus resolved dates: what `sessionctl
/// plan check` prints. Re-importing it gives no warnings.
extension Plan: CodedObject {
    public init() { self.init(name: "", weekStart: LocalDate(daysSinceEpoch: 0), days: []) }

    public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
        try coder.string("planName", &name)
        try coder.date("weekStart", &weekStart)
        try coder.objects("days", &days)
    }

    /// The same as a `JSONValue`, for printing indented.
    public var json: JSONValue { (try? JSONParser.parse(bytes: jsonBytes)) ?? .null }
}

extension PlanDay: CodedObject {
    public init() { self.init(date: LocalDate(daysSinceEpoch: 0), title: "", rest: false, warmup: [], exercises: []) }

    public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
        try codeHeader(&coder)
        try coder.objects("exercises", &exercises)
    }

    /// The day's members before its exercises: date, weekday (worked out from the
    /// date: read, not kept), title, rest, warm-up. A stored plan's day has them too.
    public mutating func codeHeader(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
        try coder.date("date", &date)
        var day = weekday.name
        try coder.string("day", &day)
        try coder.string("title", &title)
        try coder.bool("rest", &rest)
        try coder.objects("warmup", &warmup)
    }
}

extension WarmupItem: CodedObject {
    public init() { self.init(name: "") }

    /// The item's members, absent fields left out.
    public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
        try coder.string("name", &name)
        try coder.omitted("reps", &reps)
        try coder.omitted("durationSeconds", &durationSeconds)
        try coder.omitted("description", &description)
    }
}

extension PlannedExercise: CodedObject {
    public init() { self.init(name: "", sets: 0) }

    /// The exercise's members, what it does not prescribe left out (`amrap` only when true).
    public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
        try coder.string("name", &name)
        try coder.int("sets", &sets)
        try coder.omitted("reps", &reps)
        try coder.omitted("repsMax", &repsMax)
        try coder.flag("amrap", &amrap)
        try coder.omitted("durationSeconds", &durationSeconds)
        try coder.omitted("weightKg", &weightKg)
        try coder.omitted("restSeconds", &restSeconds)
        try coder.omitted("description", &description)
        try coder.omitted("superset", &superset)
    }
}

/// A plan import's problem or warning at its path.
extension PathMessage: CodedObject {
    /// As a warning: its kind always said (`other` when none).
    public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
        try coder.string("path", &path)
        try coder.string("message", &message)
        var said = kind ?? .other
        try coder.choice("kind", &said)
        kind = said
    }

    /// `{"path": …, "message": …}`, and `"kind"` for a warning.
    public var json: JSONValue {
        var pairs: [(key: String, value: JSONValue)] = [("path", .string(path)), ("message", .string(message))]
        if let kind { pairs.append(("kind", .string(kind.rawValue))) }
        return .object(pairs)
    }
}
