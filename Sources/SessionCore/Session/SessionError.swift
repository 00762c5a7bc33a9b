import SessionMacros

/// Why a session operation was refused. Mapped to the protocol's application errors in
/// one place (the server's error mapping).
public enum SessionError: Error, Sendable, Equatable {
    case noActiveSession
    case sessionAlreadyActive(sessionID: Int64)
    case sessionNotFound(Int64)
    case sessionNotActive(Int64)
    case planNotFound(Int64)
    case noActivePlan
    /// No plan covers the day: none for its week, and the active plan does not carry over to it.
    case noPlanCovers(LocalDate)
    case planDayNotFound(Int64)
    /// A session dated after today: a workout is entered once it was done.
    case dayInFuture(LocalDate, today: LocalDate)
    /// A move of a day trained already (`PlanCalendar.isTrained`): its training stays.
    case dayTrained(LocalDate, today: LocalDate)
    case plannedExerciseNotFound(Int64)
    /// The planned exercise belongs to another day than the session's.
    case exerciseNotInSession(plannedExerciseID: Int64, planDayID: Int64?)
    case setNotFound(Int64)
    /// A session.log retried with the request id of a set deleted since: nothing logged.
    case requestSpent(requestID: String, setID: Int64)
    case noSetToUndo
    /// No rest timer runs to change.
    case noRestTimer
    /// The active session has fewer sets than the undo asked for.
    case fewerSetsToUndo(asked: Int, have: Int)
    /// A set that looks mistyped (`SetPlausibility`), of the exercise named.
    case implausibleSet(SetPlausibility.Doubt, exercise: String)
    /// The session holds the most sets one may (`SessionLimits.setsPerSession`).
    case sessionFull(sessionID: Int64, maximumSets: Int)
    /// A backfilled time that lies before the session started.
    case timeBeforeSessionStart(startedAtMs: Int64)
    /// A change to a finished session's history that must be confirmed (`confirm`).
    case confirmationRequired(String)
    /// A time outside the session it is for, or a change (a finish, an edit) that would
    /// leave a set outside it: what, and that set.
    case timeOutsideSession(String, set: OutsideSet? = nil)
    /// No exercise at this position of the session's plan day, which has `planned`.
    case noExerciseAtPosition(Int, planned: Int)
    /// Words that name nothing planned, logged before or aliased; the closest names.
    case unknownExercise(String, suggestions: [String])
    /// Words that name several exercises.
    case ambiguousExercise(String, matches: [ExerciseMatcher.Candidate])
    /// A name that names no exercise of the catalog, the history or the plan; the
    /// closest names.
    case noSuchExercise(String, suggestions: [String])
    /// An exercise that cannot be defined as one's own (a catalog exercise); why.
    case exerciseRefused(String)
    /// An alias that cannot be: of a catalog name, of nothing known, of itself; why.
    case aliasRefused(alias: String, reason: String)
}

extension SessionError {
    /// A logged set a session's new start or end would leave outside it, as a person
    /// finds it: its id, exercise, number in the session and time (RFC 3339).
    @Memberwise
    public struct OutsideSet: Sendable, Equatable {
        public var setID: Int64
        public var exercise: String
        public var setNumber: Int
        public var loggedAt: String

        /// "Squat set 3 (id 41, logged 2026-11-30 07:05)".
        public var description: String { "\(exercise) set \(setNumber) (id \(setID), logged \(RFC3339.wallText(loggedAt)))" }
    }
}
