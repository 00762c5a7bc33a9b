import SessionCore
import JSON

/// `session.edit`: a session's start and end, title, effort or note, afterwards.
public enum SessionEdit: MethodContract {
    public static let name = "session.edit"
    public static let summary = "Change a session's start or end (a finished one's), title, effort or note; its sets must stay within it."
    public static let errors: [ApplicationError] = [.sessionNotFound, .timeBeforeSessionStart, .timeOutsideSession]
    public typealias Result = SessionGet.Result

    public struct Params: MethodParams {
        public var sessionID: Int64 = 0
        public var startedAt: Timestamp?
        /// A finished session's end.
        public var endedAt: Timestamp?
        public var title: String?
        public var rpe: Double?
        /// Replaces the note; an empty note removes it.
        public var note: String?

        public init() {}

        public mutating func code(_ coder: inout some ParamsCoder) {
            coder.id("sessionId", &sessionID, "the session (session.list)")
            coder.timestamp("startedAt", &startedAt, "when it started; its date follows (RFC 3339, or local time without an offset)")
            coder.timestamp("endedAt", &endedAt, "when a finished session ended")
            coder.string("title", &title, maxLength: PlanLimits.nameLength, transform: { $0.collapsingWhitespace() }, "its title")
            coder.number("rpe", &rpe, in: SessionLimits.rpe, step: SessionLimits.rpeStep, "the session's effort 1–10 in half steps")
            coder.string("note", &note, maxLength: SessionLimits.noteLength, transform: { $0.sanitisedNote() },
                         "replaces the note (at most \(SessionLimits.noteLength) characters; empty removes it)")
        }

        /// Something must change; a title must not be empty.
        public mutating func validate(_ params: inout SessionRPC.Params) {
            if !["startedAt", "endedAt", "title", "rpe", "note"].contains(where: params.has) {
                params.fail("sessionId", "nothing to change: give startedAt, endedAt, title, rpe or note")
            }
            if title?.isEmpty == true { params.fail("title", "must not be empty") }
        }
    }
}
