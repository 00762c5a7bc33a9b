extension Plan {
    /// The normalised plan as JSON, in the plan object shape plus resolved dates: what
    /// `sessionctl plan check` prints. Re-importing it gives no warnings.
    public var json: JSONValue {
        .obj([
            "planName": .string(name),
            "weekStart": .string(weekStart.description),
            "days": .array(days.map(\.json)),
        ])
    }
}

extension PlanDay {
    /// The day as JSON; `extra` members (ids, for instance) come first.
    public func json(extra: [(key: String, value: JSONValue)] = [], exercises: [JSONValue]? = nil) -> JSONValue {
        var pairs = extra
        pairs.append((key: "date", value: .string(date.description)))
        pairs.append((key: "day", value: .string(weekday.name)))
        pairs.append((key: "title", value: .string(title)))
        pairs.append((key: "rest", value: .bool(rest)))
        pairs.append((key: "warmup", value: .array(warmup.map(\.json))))
        pairs.append((key: "exercises", value: .array(exercises ?? self.exercises.map { $0.json() })))
        return .object(pairs)
    }

    /// The day as JSON.
    public var json: JSONValue { json() }
}

extension WarmupItem {
    /// The item as JSON, absent fields left out.
    public var json: JSONValue {
        var pairs: [(key: String, value: JSONValue)] = [(key: "name", value: .string(name))]
        if let reps { pairs.append((key: "reps", value: JSONValue(reps))) }
        if let durationSeconds { pairs.append((key: "durationSeconds", value: JSONValue(durationSeconds))) }
        if let description { pairs.append((key: "description", value: .string(description))) }
        return .object(pairs)
    }
}

extension PlannedExercise {
    /// The exercise as JSON, absent fields left out; `extra` members come first.
    public func json(extra: [(key: String, value: JSONValue)] = []) -> JSONValue {
        // The members as `encodeMembers` writes them: one encoding of an exercise.
        var writer = JSONWriter()
        encode(to: &writer)
        let members = (try? JSONParser.parse(bytes: writer.bytes))?.objectPairs ?? []
        return .object(extra + members)
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
    }
}
