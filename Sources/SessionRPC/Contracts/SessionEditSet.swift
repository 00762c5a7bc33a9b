import SessionCore
import JSON

/// `session.editSet`: fixes a set already logged, in the active or a finished session.
public enum SessionEditSet: MethodContract {
    public static let method = MethodDescription(
        name: "session.editSet", summary: "Fix a logged set (reps, weight, duration, kind, effort, note) in the active or a finished session; the exercise's bests follow.",
        errors: [.setNotFound, .sessionNotFound, .implausibleSet], events: [SetEditedEvent.self])
    public typealias Result = SessionLog.Result

    /// The set and what changes; what is not given stays as it is.
    @CodedParams
    public struct Params: MethodParams {
        @Param(.id, "the set to fix (set ids: session.get)")
        public var setID: Int64 = 0
        @Param(.int, in: SessionLimits.reps, "repetitions")
        public var reps: Int?
        @Param(.number, in: SessionLimits.loggedWeightKg,
            "load in kg (0: none); for a body-weight exercise the load added to the body, below zero the assistance taken off it (refused for other exercises)")
        public var weightKg: Double?
        @Param(.int, in: SessionLimits.durationSeconds, "for timed sets")
        public var durationSeconds: Int?
        @Param(.number, in: SessionLimits.rpe, step: SessionLimits.rpeStep, "effort 1–10 in half steps")
        public var rpe: Double?
        @Param(.choice, "normal, warmup, drop or failure")
        public var kind: SetKind?
        /// Replaces the note; an empty note removes it.
        @Param(.string, maxLength: SessionLimits.noteLength, transform: { $0.sanitisedNote() },
            "replaces the note (at most \(SessionLimits.noteLength) characters; empty removes it)")
        public var note: String?
        /// Refuse (`implausible_set`) reps or a weight that look mistyped, as
        /// `session.log` does (`SetPlausibility`): what a client sends for numbers a
        /// person typed, until they confirm.
        @Param(.bool, "true: refuse (implausible_set) reps or a weight that look mistyped, as session.log's refuseImplausible")
        public var refuseImplausible: Bool?

        /// Something must change.
        public mutating func validate(_ params: inout SessionRPC.Params) {
            if !["reps", "weightKg", "durationSeconds", "rpe", "kind", "note"].contains(where: params.has) {
                params.fail("setId", "nothing to change: give reps, weightKg, durationSeconds, rpe, kind or note")
            }
        }
    }
}

/// `set.edited`, published by `session.editSet` with its result.
public enum SetEditedEvent: EventContract {
    public typealias Payload = SessionEditSet.Result
    public static let event = EventDescription(type: "set.edited", summary: "A set was changed: the session.editSet result.")
}
