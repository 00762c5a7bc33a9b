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
        var pairs = extra
        pairs.append((key: "name", value: .string(name)))
        pairs.append((key: "sets", value: JSONValue(sets)))
        if let reps { pairs.append((key: "reps", value: JSONValue(reps))) }
        if let repsMax { pairs.append((key: "repsMax", value: JSONValue(repsMax))) }
        if amrap { pairs.append((key: "amrap", value: .bool(true))) }
        if let durationSeconds { pairs.append((key: "durationSeconds", value: JSONValue(durationSeconds))) }
        if let weightKg { pairs.append((key: "weightKg", value: JSONValue(weightKg))) }
        if let restSeconds { pairs.append((key: "restSeconds", value: JSONValue(restSeconds))) }
        if let description { pairs.append((key: "description", value: .string(description))) }
        return .object(pairs)
    }
}
