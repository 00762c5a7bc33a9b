import JSON
import SessionCore

/// A workout as `history.import` and `history.export` carry it: absent members are null
/// in an export page and left out of an import chunk (`JSONWriter.omitsAbsentMembers`),
/// and those a watch or this daemon adds (`startedAt`, `planDay`, …) only when known.
/// Read, every bound is checked with its path (`params.workouts[3].sets[2].reps`).
extension HistoryWorkout: CodedObject {
    public init() { self.init(start: LocalDateTime(date: LocalDate(daysSinceEpoch: 0), secondOfDay: 0), durationSeconds: nil, title: "", note: nil, sets: []) }

    public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.dateTime("start", &start)
        try coder.int("durationSeconds", &durationSeconds, in: SessionLimits.durationSeconds)
        var title: String? = self.title
        try coder.text("title", &title, maxLength: HistoryLimits.titleLength)
        self.title = title ?? "Workout"
        try coder.text("note", &note, maxLength: HistoryLimits.noteLength)
        try coder.number("rpe", &rpe, in: SessionLimits.rpe)
        try coder.omittedTimestamp("startedAt", &startedAt)
        try coder.omitted("planDay", &planDay)
        try coder.omitted("date", &date)
        try coder.omitted("averageHeartRate", &averageHeartRate, in: HistoryLimits.heartRate)
        try coder.omitted("maximumHeartRate", &maximumHeartRate, in: HistoryLimits.heartRate)
        try coder.omitted("energyKcal", &energyKcal, in: HistoryLimits.energyKcal)
        try coder.objects("sets", &sets, maxCount: HistoryLimits.setsPerWorkout)
        guard coder.reads, let startedAt, let startMs = RFC3339.parse(startedAt) else { return }
        // The instant is `start` in some time zone: its wall time less an offset of at
        // most a day either way (as a FIT file's local time may be).
        let offsetMs = DecodingContext.utc(start) - startMs
        try coder.check(abs(offsetMs) <= 86_400_000, "startedAt", "the instant of start (\(start)) in a time zone, within a day of it, got \(startedAt)")
    }
}

/// A set as a workout carries it; `loggedAt` only when known.
extension HistorySet: CodedObject {
    public init() { self.init(exercise: "") }

    public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.text("exercise", &exercise, maxLength: SessionLimits.exerciseNameLength)
        var kind: SetKind? = self.kind
        try coder.choice("kind", &kind)
        self.kind = kind ?? .normal
        try coder.int("reps", &reps, in: SessionLimits.reps)
        try coder.number("weightKg", &weightKg, in: SessionLimits.loggedWeightKg)
        try coder.number("distanceM", &distanceM, in: HistoryLimits.distanceM)
        try coder.int("durationSeconds", &durationSeconds, in: SessionLimits.durationSeconds)
        try coder.number("rpe", &rpe, in: SessionLimits.rpe)
        try coder.text("note", &note, maxLength: HistoryLimits.noteLength)
        try coder.text("superset", &superset, maxLength: HistoryLimits.supersetLength)
        try coder.omittedTimestamp("loggedAt", &loggedAt)
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
