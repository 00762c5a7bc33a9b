import SessionCore
import JSON

/// `session.get`: one session, active or past, with every set as logged: ids, kinds,
/// notes, records.
public enum SessionGet: MethodContract {
    public static let method = MethodDescription(
        name: "session.get", summary: "A session with every set as logged (ids, kinds, notes): the active one, the one named, or else the latest.",
        errors: [.sessionNotFound], readsOnly: true, repliesLarge: true)

    /// Sets per reply, at most and by default: a session's bound
    /// (`SessionLimits.setsPerSession`), so one within it comes whole; one stored before
    /// sessions had a bound comes a page at a time (`after`, `next`).
    public static let setsPage = 1...SessionLimits.setsPerSession

    @CodedParams
    public struct Params: MethodParams {
        /// Default: the active session, else the latest.
        @Param(.id, "default: the active session, else the latest")
        public var sessionID: Int64?
        /// The page after this set id (the previous page's `next`).
        @Param(.id, "the sets after this set id: the previous page's next")
        public var after: Int64?
        @Param(.int, in: SessionGet.setsPage, "sets per page (default \(SessionGet.setsPage.upperBound))")
        public var limit: Int?
    }

    @Coded
    public struct Result: CodedResult, Equatable {
        public var sessionID: Int64 = 0
        @Member(.date) public var date = ""
        public var title = ""
        public var state = SessionSnapshot.State.running
        @Member(.timestamp) public var startedAt = ""
        @Member(.timestamp) public var endedAt: String?
        public var durationSeconds = 0
        public var rpe: Double?
        public var note: String?
        /// What a watch measured over it (an imported activity); null otherwise.
        public var averageHeartRate: Int?
        public var maximumHeartRate: Int?
        public var energyKcal: Double?
        public var sets: [LoggedSet] = []
        /// More sets follow: the set id to ask `after` for them; null on the last page.
        public var next: Int64?
    }

    /// One set as logged.
    @Coded
    public struct LoggedSet: CodedResult, Equatable {
        public var setID: Int64 = 0
        public var exercise = ""
        public var setNumber = 0
        public var kind = SetKind.normal
        public var reps: Int?
        public var weightKg: Double?
        public var durationSeconds: Int?
        public var distanceM: Double?
        public var rpe: Double?
        public var note: String?
        public var superset: String?
        @Member(.timestamp) public var loggedAt = ""
        /// What it beat when logged (empty: nothing).
        public var records: [String] = []
        /// True when its exercise counts the body mass (a pull-up, a dip, one's own so
        /// defined): its weight is then load added to the body, shown as "+10 kg".
        public var countsBodyMass = false
    }
}
