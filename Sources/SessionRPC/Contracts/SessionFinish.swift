import SessionCore
import JSON

/// `session.finish`: ends the session and returns its totals.
public enum SessionFinish: MethodContract {
    public static let method = MethodDescription(
        name: "session.finish", summary: "Finish the session and get its totals.",
        errors: [.noActiveSession, .sessionNotFound, .sessionNotActive, .timeBeforeSessionStart, .timeOutsideSession], events: [SessionFinishedEvent.self])

    @CodedParams
    public struct Params: MethodParams {
        @Param(.id, CommonParams.sessionIDSummary)
        public var sessionID: Int64?
        /// The session's effort, 1–10 in half steps.
        @Param(.number, in: SessionLimits.rpe, step: SessionLimits.rpeStep, "the session's effort 1–10 in half steps")
        public var rpe: Double?
        /// Control characters removed.
        @Param(.string, maxLength: SessionLimits.noteLength, transform: { $0.sanitisedNote() },
            "at most \(SessionLimits.noteLength) characters")
        public var note: String?
        /// When it ended (a client sends the RFC 3339 text as given).
        @Param(.timestamp, CommonParams.atSummary)
        public var at: Timestamp?
    }

    /// The finished session's totals (also the `session.finished` event's payload).
    @Coded
    public struct Result: CodedResult {
        public var sessionID: Int64 = 0
        public var durationSeconds: Int = 0
        /// Counted (non-warm-up) sets.
        public var sets: Int = 0
        public var volumeKg: Double = 0.0
        /// Planned sets done over planned sets, 0–1.
        public var completion: Double = 0.0
        /// Nil for a free session.
        public var planDayID: Int64?
        public var title: String = ""
        @Member(.timestamp) public var startedAt: String = ""
        @Member(.timestamp) public var endedAt: String = ""
        /// The exercises whose best session volume this session beat.
        public var records: [VolumeRecord] = []
    }
}

/// An exercise whose best session volume (reps × kg of its counted sets in one
/// finished session) a session beat.
@Coded
public struct VolumeRecord: CodedResult, Equatable {
    public var exercise: String = ""
    public var volumeKg: Double = 0
    /// The best before, in another session.
    public var previousKg: Double = 0
    public var kinds: [String] = [RecordKinds.sessionVolume].flatMap(\.names)
}

/// `session.finished`, published by `session.finish` with its result.
public enum SessionFinishedEvent: EventContract {
    public typealias Payload = SessionFinish.Result
    public static let event = EventDescription(type: "session.finished", summary: "The session was finished: the session.finish result.")
}
