import SessionCore

/// Kilograms to 0.1, as summaries round them when they write them.
private func rounded(_ kilograms: Double?) -> Double? { kilograms.map { ($0 * 10).rounded() / 10 } }

extension MemberCoder where Self: ~Copyable {
    /// A session's or a week's best estimate and volume, each in kg to 0.1: what was
    /// written, or read.
    fileprivate mutating func figures(best: Double?, volume: Double) throws(Failure) -> (best: Double?, volume: Double) {
        var best = rounded(best)
        try number("bestOneRepMaxKg", &best)
        var volume = rounded(volume) ?? 0
        try number("volumeKg", &volume)
        return (best, volume)
    }
}

extension ExerciseHistory: CodedObject {
    /// The sessions, and the weeks that follow from them (written, not read).
    public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.string("name", &name)
        try coder.objects("sessions", &sessions)
        try coder.derivedObjects("weeks", coder.reads ? [] : weeks)
    }
}

extension ExerciseHistory.Session: CodedObject {
    /// A session read with its sets has its figures worked out from them again; one
    /// without sets but with counted ones is a summary, its figures as written.
    public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.id("sessionId", &sessionID)
        try coder.date("date", &date)
        let (best, volume) = try coder.figures(best: bestOneRepMaxKg, volume: volumeKg)
        try coder.int("countedSets", &countedSetCount)
        try coder.objects("sets", &sets)
        guard coder.reads else { return }
        self = sets.isEmpty
            ? ExerciseHistory.Session(sessionID: sessionID, date: date, bestOneRepMaxKg: best, volumeKg: volume, countedSetCount: countedSetCount)
            : ExerciseHistory.Session(sessionID: sessionID, date: date, sets: sets)
    }
}

extension ExerciseHistory.Week: CodedObject {
    public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.date("weekStart", &weekStart)
        try coder.int("sessions", &sessions)
        try coder.int("sets", &sets)
        _ = try coder.figures(best: bestOneRepMaxKg, volume: volumeKg)
    }
}
