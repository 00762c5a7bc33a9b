import SessionCore
import JSON

/// `session.edit`: a session's start and end, title, effort or note, afterwards.
public enum SessionEdit: MethodContract {
    public static let method = MethodDescription(
        name: "session.edit", summary: "Change a session's start or end (a finished one's), title, effort or note; its sets must stay within it.",
        errors: [.sessionNotFound, .timeBeforeSessionStart, .timeOutsideSession])
    public typealias Result = SessionGet.Result

    @CodedParams
    public struct Params: MethodParams {
        @Param(.id, "the session (session.list)")
        public var sessionID: Int64 = 0
        @Param(.timestamp, "when it started; its date follows (RFC 3339, or local time without an offset)")
        public var startedAt: Timestamp?
        /// A finished session's end.
        @Param(.timestamp, "when a finished session ended")
        public var endedAt: Timestamp?
        @Param(.string, maxLength: PlanLimits.nameLength, transform: { $0.collapsingWhitespace() }, "its title")
        public var title: String?
        @Param(.number, in: SessionLimits.rpe, step: SessionLimits.rpeStep, "the session's effort 1–10 in half steps")
        public var rpe: Double?
        /// Replaces the note; an empty note removes it.
        @Param(.string, maxLength: SessionLimits.noteLength, transform: { $0.sanitisedNote() },
            "replaces the note (at most \(SessionLimits.noteLength) characters; empty removes it)")
        public var note: String?

        /// Something must change; a title must not be empty.
        public mutating func validate(_ params: inout SessionRPC.Params) {
            if !["startedAt", "endedAt", "title", "rpe", "note"].contains(where: params.has) {
                params.fail("sessionId", "nothing to change: give startedAt, endedAt, title, rpe or note")
            }
            if title?.isEmpty == true { params.fail("title", "must not be empty") }
        }
    }
}
