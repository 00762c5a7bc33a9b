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
        public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
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
    public struct Day: CodedObject, Equatable {
        public var date = LocalDate(daysSinceEpoch: 0)
        public var today = LocalDate(daysSinceEpoch: 0)
        public init() {}
        public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
            try coder.date("date", &date)
            try coder.date("today", &today)
        }
    }

    /// `plan_invalid` (and a refusal of params): each problem at its path.
    public struct Problems: CodedObject, Equatable {
        public var errors: [Problem] = []
        public init() {}
        public init(errors: [PathMessage]) { self.errors = errors.map { item in Problem { $0.path = item.path; $0.message = item.message } } }
        public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
            try coder.objects("errors", &errors)
        }

        /// The problems as paths and messages.
        public var pathMessages: [PathMessage] { errors.map { PathMessage(path: $0.path, message: $0.message) } }

        /// What is wrong (`message`) and where (`path`: `params.reps`, `days[2].exercises[0].sets`).
        public struct Problem: CodedObject, Equatable {
            public var path = ""
            public var message = ""
            public init() {}
            public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
                try coder.string("path", &path)
                try coder.string("message", &message)
            }
        }
    }

    /// `session_full`: the session and the sets it holds, the most one may.
    public struct SessionFull: CodedObject, Equatable {
        public var sessionID: Int64 = 0
        public var maximumSets = 0
        public init() {}
        public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
            try coder.id("sessionId", &sessionID)
            try coder.int("maximumSets", &maximumSets)
        }
    }

    /// `plan_not_found`: the plan asked by id, or the week no plan covers.
    public struct Plan: CodedObject, Equatable {
        public var planID: Int64?
        public var date: LocalDate?
        public init() {}
        public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
            try coder.omitted("planId", &planID)
            try coder.omitted("date", &date)
        }
    }

    /// `exercise_not_in_session`: the planned exercise and the session's plan day.
    public struct NotInSession: CodedObject, Equatable {
        public var plannedExerciseID: Int64 = 0
        public var sessionPlanDayID: Int64?
        public init() {}
        public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
            try coder.id("plannedExerciseId", &plannedExerciseID)
            try coder.id("sessionPlanDayId", &sessionPlanDayID)
        }
    }

    /// `unknown_exercise`, in one of two shapes: words that match nothing (`match`, with
    /// close names), or a position past the plan day's exercises.
    public struct UnknownExercise: CodedObject, Equatable {
        public var match: String?
        public var suggestions: [String]?
        public var position: Int?
        public var plannedExercises: Int?
        public init() {}
        public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
            try coder.omitted("match", &match)
            try coder.omitted("suggestions", &suggestions)
            try coder.omitted("position", &position)
            try coder.omitted("plannedExercises", &plannedExercises)
        }
    }

    /// `ambiguous_exercise`: the words and every exercise they match.
    public struct AmbiguousExercise: CodedObject, Equatable {
        public var match = ""
        public var matches: [Match] = []
        public init() {}
        public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
            try coder.string("match", &match)
            try coder.objects("matches", &matches)
        }

        /// One exercise the words match: its position and id in the plan day, if planned.
        public struct Match: CodedObject, Equatable {
            public var name = ""
            public var position: Int?
            public var plannedExerciseID: Int64?
            public init() {}
            public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
                try coder.string("name", &name)
                try coder.int("position", &position)
                try coder.id("plannedExerciseId", &plannedExerciseID)
            }
        }
    }

    /// `time_outside_session`: the logged set a new start or end would leave outside
    /// the session (none for a time given to a set that lies outside it).
    public struct OutsideSession: CodedObject, Equatable {
        public var setID: Int64?
        public var exercise: String?
        public var setNumber: Int?
        public var loggedAt: String?
        public init() {}
        public init(_ set: SessionError.OutsideSet?) {
            guard let set else { return }
            (setID, exercise, setNumber, loggedAt) = (set.setID, set.exercise, set.setNumber, set.loggedAt)
        }
        public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
            try coder.omitted("setId", &setID)
            try coder.omitted("exercise", &exercise)
            try coder.omitted("setNumber", &setNumber)
            try coder.omittedTimestamp("loggedAt", &loggedAt)
        }
    }

    /// `alias_refused`.
    public struct Alias: CodedObject, Equatable {
        public var alias = ""
        public init() {}
        public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
            try coder.string("alias", &alias)
        }
    }

    /// `no_set_to_undo`: the sets the session has, when more were asked for.
    public struct SetsLeft: CodedObject, Equatable {
        public var sets: Int?
        public init() {}
        public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
            try coder.omitted("sets", &sets)
        }
    }

    /// `implausible_set`: what looks mistyped, with the figures that say so.
    public struct ImplausibleSet: CodedObject, Equatable {
        public enum Doubt: String, Sendable, CaseIterable {
            /// More reps under a load than anyone logs: reps and weight swapped.
            case repsUnderLoad
            /// More than twice the heaviest logged.
            case overBest
        }
        public var doubt = Doubt.repsUnderLoad
        public var exercise = ""
        public var reps: Int?
        public var weightKg: Double?
        public var heaviestKg: Double?
        public init() {}
        public init(exercise: String, reps: Int) { (doubt, self.exercise, self.reps) = (.repsUnderLoad, exercise, reps) }
        public init(exercise: String, weightKg: Double, heaviestKg: Double) {
            (doubt, self.exercise, self.weightKg, self.heaviestKg) = (.overBest, exercise, weightKg, heaviestKg)
        }
        public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
            try coder.choice("doubt", &doubt)
            try coder.string("exercise", &exercise)
            try coder.omitted("reps", &reps)
            try coder.omitted("weightKg", &weightKg)
            try coder.omitted("heaviestKg", &heaviestKg)
        }
    }

    /// `permission_denied`: the peer's uid, when its credentials could be read.
    public struct Peer: CodedObject, Equatable {
        public var uid: Int?
        public init() {}
        public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
            try coder.omitted("uid", &uid)
        }
    }

    /// `reply_too_large`: the bytes the reply (or a batch's replies) may take.
    public struct Budget: CodedObject, Equatable {
        public var budgetBytes = 0
        public init() {}
        public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
            try coder.int("budgetBytes", &budgetBytes)
        }
    }
}
