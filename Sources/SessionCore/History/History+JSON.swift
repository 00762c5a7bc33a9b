import JSON

extension HistoryWorkout: JSONObjectEncodable {
    public func encodeMembers(to writer: inout JSONWriter) {
        writer.member("start", start.description)
        writer.member("durationSeconds", durationSeconds)
        writer.member("title", title)
        writer.member("note", note)
        writer.member("rpe", rpe)
        if let startedAt { writer.member("startedAt", startedAt) }
        if let planDay { writer.member("planDay", planDay) }
        if let date { writer.member("date", date.description) }
        if let averageHeartRate { writer.member("averageHeartRate", averageHeartRate) }
        if let maximumHeartRate { writer.member("maximumHeartRate", maximumHeartRate) }
        if let energyKcal { writer.member("energyKcal", energyKcal) }
        writer.key("sets")
        writer.array { for set in sets { $0.value(set) } }
    }

    /// Reads a workout as `encodeMembers` writes it, checking every bound with its path
    /// (`params.workouts[3].sets[2].reps`).
    public init(reader: JSONReader) throws(JSONReadError) {
        guard let start = LocalDateTime(try reader.string("start")) else {
            throw JSONReadError(path: reader.path + ".start", expected: "a local date and time as YYYY-MM-DDTHH:MM:SS")
        }
        var sets: [HistorySet] = []
        let items = try reader.objects("sets")
        guard items.count <= HistoryLimits.setsPerWorkout else {
            throw JSONReadError(path: reader.path + ".sets", expected: "at most \(HistoryLimits.setsPerWorkout) sets")
        }
        // A daemon holds an import's sets until its last call: no slack, no regrowing.
        sets.reserveCapacity(items.count)
        for item in items { sets.append(try HistorySet(reader: item, exerciseBefore: sets.last?.exercise)) }
        self.init(
            start: start, durationSeconds: try reader.bounded(try reader.optionalInt("durationSeconds"), "durationSeconds", SessionLimits.durationSeconds),
            title: try reader.text("title", HistoryLimits.titleLength) ?? "Workout", note: try reader.text("note", HistoryLimits.noteLength),
            rpe: try reader.bounded(try reader.optionalNumber("rpe"), "rpe", SessionLimits.rpe), sets: sets)
        if try reader.optionalString("startedAt") != nil { startedAt = try reader.timestamp("startedAt") }
        planDay = try reader.optionalObject("planDay").map { reader throws(JSONReadError) in try PlanDayReference(reader: reader) }
        if try reader.optionalString("date") != nil { date = try reader.date("date") }
        averageHeartRate = try reader.bounded(try reader.optionalInt("averageHeartRate"), "averageHeartRate", HistoryLimits.heartRate)
        maximumHeartRate = try reader.bounded(try reader.optionalInt("maximumHeartRate"), "maximumHeartRate", HistoryLimits.heartRate)
        energyKcal = try reader.bounded(try reader.optionalNumber("energyKcal"), "energyKcal", HistoryLimits.energyKcal)
    }
}

extension HistorySet: JSONObjectEncodable {
    public func encodeMembers(to writer: inout JSONWriter) {
        writer.member("exercise", exercise)
        writer.member("kind", kind.rawValue)
        writer.member("reps", reps)
        writer.member("weightKg", weightKg)
        writer.member("distanceM", distanceM)
        writer.member("durationSeconds", durationSeconds)
        writer.member("rpe", rpe)
        writer.member("note", note)
        writer.member("superset", superset)
        if let loggedAt { writer.member("loggedAt", loggedAt) }
    }

    /// Reads a set as `encodeMembers` writes it. `exerciseBefore`, the exercise of the
    /// set before it in its workout (as read: collapsed and checked), is kept when this
    /// set names it in the same bytes: a workout's sets mostly repeat one exercise, and
    /// sharing that String spares each set an allocation and the checks.
    public init(reader: JSONReader, exerciseBefore: String? = nil) throws(JSONReadError) {
        let exercise: String
        if let exerciseBefore, reader.member("exercise", isUnescaped: exerciseBefore) {
            exercise = exerciseBefore
        } else {
            guard let text = try reader.text("exercise", SessionLimits.exerciseNameLength) else {
                throw JSONReadError(path: reader.path + ".exercise", expected: "an exercise name")
            }
            exercise = text
        }
        // Nearly every set is a normal one: told from its bytes before any String is made.
        let kind: SetKind
        if reader.member("kind", isUnescaped: SetKind.normal.rawValue) {
            kind = .normal
        } else {
            guard let read = SetKind(rawValue: try reader.optionalString("kind") ?? SetKind.normal.rawValue) else {
                throw JSONReadError(path: reader.path + ".kind", expected: "one of " + SetKind.allCases.map(\.rawValue).joined(separator: ", "))
            }
            kind = read
        }
        self.init(
            exercise: exercise, kind: kind, reps: try reader.bounded(try reader.optionalInt("reps"), "reps", SessionLimits.reps),
            weightKg: try reader.bounded(try reader.optionalNumber("weightKg"), "weightKg", SessionLimits.weightKg),
            distanceM: try reader.bounded(try reader.optionalNumber("distanceM"), "distanceM", HistoryLimits.distanceM),
            durationSeconds: try reader.bounded(try reader.optionalInt("durationSeconds"), "durationSeconds", SessionLimits.durationSeconds),
            rpe: try reader.bounded(try reader.optionalNumber("rpe"), "rpe", SessionLimits.rpe),
            note: try reader.text("note", HistoryLimits.noteLength), superset: try reader.text("superset", HistoryLimits.supersetLength))
        if try reader.optionalString("loggedAt") != nil { loggedAt = try reader.timestamp("loggedAt") }
    }
}

extension HistoryCounts: CodedObject {
    public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
        try coder.int("workouts", &workouts)
        try coder.int("sets", &sets)
        try coder.int("warmups", &warmups)
        try coder.int("exercises", &exercises)
        try coder.date("from", &first)
        try coder.date("to", &last)
    }
}

extension JSONReader {
    /// `value` when it lies in `range` (or is nil); otherwise an error at `key`'s path.
    func bounded<Value: Comparable>(_ value: Value?, _ key: String, _ range: ClosedRange<Value>) throws(JSONReadError) -> Value? {
        guard let value else { return nil }
        guard range.contains(value) else { throw JSONReadError(path: path + "." + key, expected: "from \(range.lowerBound) to \(range.upperBound)") }
        return value
    }

    /// A string with whitespace collapsed, nil when absent or empty; longer than
    /// `maxLength` characters is an error.
    func text(_ key: String, _ maxLength: Int) throws(JSONReadError) -> String? {
        guard let text = try optionalString(key)?.collapsingWhitespace(), !text.isEmpty else { return nil }
        guard text.hasAtMost(characters: maxLength) else { throw JSONReadError(path: path + "." + key, expected: "at most \(maxLength) characters") }
        return text
    }
}

extension HistoryWorkout {
    /// At least as many bytes as the workout takes in a `history.import` chunk (absent
    /// members left out), worked out without writing them: what a client sizes its
    /// chunks by, so that each workout is encoded once, when it is sent.
    public var encodedByteBound: Int {
        // Keys, punctuation, the start and three numbers of at most 24 characters each.
        var bytes = 160 + JSONByteBound.string(title) + (note.map(JSONByteBound.string) ?? 4)
            + (startedAt.map { 14 + JSONByteBound.string($0) } ?? 0) + (planDay == nil ? 0 : 120) + (date == nil ? 0 : 20)
        for set in sets { bytes += set.encodedByteBound + 1 }
        return bytes
    }
}

extension HistorySet {
    /// At least as many bytes as the set takes in a `history.import` chunk: braces,
    /// commas, `"exercise"` and `"kind"` with their values, and each member present
    /// with its key, quotes and colon (a number at most 24 characters).
    public var encodedByteBound: Int {
        func member(_ key: Int, _ value: Int?) -> Int { value.map { key + 3 + $0 } ?? 0 }
        let number = 24
        return 10 + member(8, JSONByteBound.string(exercise)) + member(4, 9) + member(4, reps.map { _ in number })
            + member(8, weightKg.map { _ in number }) + member(9, distanceM.map { _ in number }) + member(15, durationSeconds.map { _ in number })
            + member(3, rpe.map { _ in number }) + member(4, note.map(JSONByteBound.string)) + member(8, superset.map(JSONByteBound.string))
            + member(8, loggedAt.map(JSONByteBound.string))
    }
}

/// Upper bounds of what JSON text takes.
enum JSONByteBound {
    /// A string's quotes and its bytes, escapes at their longest (`\u00XX`).
    static func string(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { utf8 in
            var bytes = 2
            for byte in utf8 {
                bytes += byte < 0x20 ? 6 : (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") ? 2 : 1)
            }
            return bytes
        }
    }
}
