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

extension PlannedExercise: JSONObjectEncodable {
    /// The exercise's members, absent fields left out (`amrap` only when true).
    public func encodeMembers(to writer: inout JSONWriter) {
        writer.member("name", name)
        writer.member("sets", sets)
        if let reps { writer.member("reps", reps) }
        if let repsMax { writer.member("repsMax", repsMax) }
        if amrap { writer.member("amrap", true) }
        if let durationSeconds { writer.member("durationSeconds", durationSeconds) }
        if let weightKg { writer.member("weightKg", weightKg) }
        if let restSeconds { writer.member("restSeconds", restSeconds) }
        if let description { writer.member("description", description) }
        if let superset { writer.member("superset", superset) }
    }
}

extension PlannedExercise {
    /// Reads the members `encodeMembers` writes.
    public init(reader item: JSONReader) throws(JSONReadError) {
        self.init(
            name: try item.string("name"), sets: try item.int("sets"), reps: try item.optionalInt("reps"),
            repsMax: try item.optionalInt("repsMax"), amrap: try item.optionalBool("amrap") ?? false,
            durationSeconds: try item.optionalInt("durationSeconds"), weightKg: try item.optionalNumber("weightKg"),
            restSeconds: try item.optionalInt("restSeconds"), description: try item.optionalString("description"),
            superset: try item.optionalString("superset"))
    }
}
