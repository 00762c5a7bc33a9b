import JSON

extension Plan: JSONObjectEncodable {
    /// The normalised plan in the plan object shape plus resolved dates: what
    /// `sessionctl plan check` prints. Re-importing it gives no warnings.
    public func encodeMembers(to writer: inout JSONWriter) {
        writer.member("planName", name)
        writer.member("weekStart", weekStart.description)
        writer.key("days")
        writer.array { for day in days { day.encode(to: &$0) } }
    }

    /// The same as a `JSONValue`, for printing indented.
    public var json: JSONValue { (try? JSONParser.parse(bytes: jsonBytes)) ?? .null }
}

extension PlanDay: JSONObjectEncodable {
    /// The day's members before its exercises: date, weekday, title, rest, warm-up.
    public func encodeHeader(to writer: inout JSONWriter) {
        writer.member("date", date.description)
        writer.member("day", weekday.name)
        writer.member("title", title)
        writer.member("rest", rest)
        writer.key("warmup")
        writer.array { for item in warmup { item.encode(to: &$0) } }
    }

    public func encodeMembers(to writer: inout JSONWriter) {
        encodeHeader(to: &writer)
        writer.key("exercises")
        writer.array { for exercise in exercises { exercise.encode(to: &$0) } }
    }
}

extension WarmupItem: JSONObjectEncodable {
    /// The item's members, absent fields left out.
    public func encodeMembers(to writer: inout JSONWriter) {
        writer.member("name", name)
        if let reps { writer.member("reps", reps) }
        if let durationSeconds { writer.member("durationSeconds", durationSeconds) }
        if let description { writer.member("description", description) }
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
