import JSON
import SessionCore

/// What an application error's `data` carries besides its `reason`, one type per shape,
/// each declared once in its `code(_:)`: the daemon writes it (`RPCError.application`),
/// `rpc.discover` documents it (members left out in one of an error's shapes are not
/// required) and a client reads it typed (`RPCError.data(as:)`).
public enum ErrorData {
    /// The session an error is about (`session_not_found`, …).
    public typealias Session = SessionReference
    /// `time_before_session_start`: when the session started.
    public typealias SessionStart = Identified<StartedAtMs>
    /// `plan_day_not_found`.
    public typealias PlanDay = Identified<PlanDayID>
    /// `planned_exercise_not_found`.
    public typealias PlannedExercise = Identified<PlannedExerciseID>
    /// `set_not_found`.
    public typealias Set = Identified<SetID>

    /// Data of one number under one name: the row (or time) an error is about.
    public struct Identified<Name: MemberName>: CodedObject, Equatable {
        public var id: Int64 = 0
        public init() {}
        public init(_ id: Int64) { self.id = id }
        public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
            try coder.id(Name.name, &id)
        }
    }

    /// The name `Identified` data is written under.
    public protocol MemberName: Sendable { static var name: StaticString { get } }
    public enum StartedAtMs: MemberName { public static let name: StaticString = "startedAtMs" }
    public enum PlanDayID: MemberName { public static let name: StaticString = "planDayId" }
    public enum PlannedExerciseID: MemberName { public static let name: StaticString = "plannedExerciseId" }
    public enum SetID: MemberName { public static let name: StaticString = "setId" }

    /// `day_in_future`: the day asked and today.
    @Coded
    public struct Day: CodedObject, Equatable {
        public var date = LocalDate(daysSinceEpoch: 0)
        public var today = LocalDate(daysSinceEpoch: 0)
    }

    /// `plan_invalid` (and a refusal of params): each problem at its path.
    @Coded
    public struct Problems: CodedObject, Equatable {
        public var errors: [Problem] = []
        public init(errors: [PathMessage]) { self.errors = errors.map { item in Problem { $0.path = item.path; $0.message = item.message } } }

        /// The problems as paths and messages.
        public var pathMessages: [PathMessage] { errors.map { PathMessage(path: $0.path, message: $0.message) } }

        /// What is wrong (`message`) and where (`path`: `params.reps`, `days[2].exercises[0].sets`).
        @Coded
        public struct Problem: CodedObject, Equatable {
            public var path = ""
            public var message = ""
        }
    }

    /// `session_full`: the session and the sets it holds, the most one may.
    @Coded
    public struct SessionFull: CodedObject, Equatable {
        public var sessionID: Int64 = 0
        public var maximumSets = 0
    }

    /// `plan_not_found`: the plan asked by id, or the week no plan covers.
    @Coded
    public struct Plan: CodedObject, Equatable {
        @Member(.omitted) public var planID: Int64?
        @Member(.omitted) public var date: LocalDate?
    }

    /// `exercise_not_in_session`: the planned exercise and the session's plan day.
    @Coded
    public struct NotInSession: CodedObject, Equatable {
        public var plannedExerciseID: Int64 = 0
        public var sessionPlanDayID: Int64?
    }

    /// `unknown_exercise`, in one of two shapes: words that match nothing (`match`, with
    /// close names), or a position past the plan day's exercises.
    @Coded
    public struct UnknownExercise: CodedObject, Equatable {
        @Member(.omitted) public var match: String?
        @Member(.omitted) public var suggestions: [String]?
        @Member(.omitted) public var position: Int?
        @Member(.omitted) public var plannedExercises: Int?
    }

    /// `ambiguous_exercise`: the words and every exercise they match.
    @Coded
    public struct AmbiguousExercise: CodedObject, Equatable {
        public var match = ""
        public var matches: [Match] = []

        /// One exercise the words match: its position and id in the plan day, if planned.
        @Coded
        public struct Match: CodedObject, Equatable {
            public var name = ""
            public var position: Int?
            public var plannedExerciseID: Int64?
        }
    }

    /// `time_outside_session`: the logged set a new start or end would leave outside
    /// the session (none for a time given to a set that lies outside it).
    @Coded
    public struct OutsideSession: CodedObject, Equatable {
        @Member(.omitted) public var setID: Int64?
        @Member(.omitted) public var exercise: String?
        @Member(.omitted) public var setNumber: Int?
        @Member(.omittedTimestamp) public var loggedAt: String?
        public init(_ set: SessionError.OutsideSet?) {
            guard let set else { return }
            (setID, exercise, setNumber, loggedAt) = (set.setID, set.exercise, set.setNumber, set.loggedAt)
        }
    }

    /// `alias_refused`.
    @Coded
    public struct Alias: CodedObject, Equatable {
        public var alias = ""
    }

    /// `no_set_to_undo`: the sets the session has, when more were asked for.
    @Coded
    public struct SetsLeft: CodedObject, Equatable {
        @Member(.omitted) public var sets: Int?
    }

    /// `implausible_set`: what looks mistyped, with the figures that say so.
    @Coded
    public struct ImplausibleSet: CodedObject, Equatable {
        public enum Doubt: String, Sendable, CaseIterable {
            /// More reps under a load than anyone logs: reps and weight swapped.
            case repsUnderLoad
            /// More than twice the heaviest logged.
            case overBest
        }
        public var doubt = Doubt.repsUnderLoad
        public var exercise = ""
        @Member(.omitted) public var reps: Int?
        @Member(.omitted) public var weightKg: Double?
        @Member(.omitted) public var heaviestKg: Double?
        public init(exercise: String, reps: Int) { (doubt, self.exercise, self.reps) = (.repsUnderLoad, exercise, reps) }
        public init(exercise: String, weightKg: Double, heaviestKg: Double) {
            (doubt, self.exercise, self.weightKg, self.heaviestKg) = (.overBest, exercise, weightKg, heaviestKg)
        }
    }

    /// `permission_denied`: the peer's uid, when its credentials could be read.
    @Coded
    public struct Peer: CodedObject, Equatable {
        @Member(.omitted) public var uid: Int?
    }

    /// `reply_too_large`: the bytes the reply (or a batch's replies) may take.
    @Coded
    public struct Budget: CodedObject, Equatable {
        public var budgetBytes = 0
    }
}
