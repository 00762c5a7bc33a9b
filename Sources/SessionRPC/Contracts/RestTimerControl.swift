import SessionCore
import JSON

/// `rest.timer`: the rest timer that runs after a set, shown or changed: seconds added
/// or taken off, a new time left, or skipped. A change tells subscribers (`rest.changed`);
/// a timer taken down to nothing ends as a skip does, without `rest.finished`.
public enum RestTimerControl: MethodContract {
    public static let method = MethodDescription(
        name: "rest.timer", summary: "The running rest timer; with add, seconds or skip, changed (rest.changed tells subscribers).",
        errors: [.noRestTimer], events: [RestChangedEvent.self])

    @CodedParams
    public struct Params: MethodParams {
        /// Seconds added to the time left; negative takes some off.
        @Param(.int, in: -RestRule.longestSeconds...RestRule.longestSeconds, "seconds added to the time left (negative: taken off)")
        public var add: Int?
        /// The time left from now, in seconds.
        @Param(.int, in: 0...RestRule.longestSeconds, "the time left from now, in seconds")
        public var seconds: Int?
        /// True: stop it now.
        @Param(.bool, "true: stop the timer now")
        public var skip: Bool?

        /// One change at a time.
        public mutating func validate(_ params: inout SessionRPC.Params) {
            let given = [add != nil ? "add" : nil, seconds != nil ? "seconds" : nil, skip == true ? "skip" : nil].compactMap { $0 }
            if given.count > 1 { params.fail(given[1], "goes alone: \(given.joined(separator: " and ")) were both given") }
        }

        /// True when it asks for a change, not only for the timer.
        public var changes: Bool { add != nil || seconds != nil || skip == true }
    }

    /// The timer after the call; `running` false (the rest null) when none runs.
    @Coded
    public struct Result: CodedResult, Equatable {
        public var running = false
        public var sessionID: Int64?
        public var exercise: String?
        /// RFC 3339 in the daemon's zone.
        public var endsAt: String?
        public var secondsLeft: Int?

        public init(sessionID: Int64, exercise: String, endsAt: String, secondsLeft: Int) {
            running = true
            self.sessionID = sessionID
            self.exercise = exercise
            self.endsAt = endsAt
            self.secondsLeft = secondsLeft
        }
    }
}

/// `exercise.rest`: the rest after a set of one exercise, whatever the plan says (the
/// person's own, kept); without `seconds`, the plan's (or the default) again.
public enum ExerciseRest: MethodContract {
    public static let method = MethodDescription(
        name: "exercise.rest", summary: "Set the rest after each set of an exercise (kept; it wins over the plan's), or without seconds go back to the plan's.",
        errors: [.unknownExercise])

    @CodedParams
    public struct Params: MethodParams {
        @Param(.string, maxLength: SessionLimits.exerciseNameLength, "any of the exercise's names")
        public var exercise: String = ""
        @Param(.int, in: 0...RestRule.longestSeconds, "the rest in seconds (0: none); without it, the plan's again")
        public var seconds: Int?

        public mutating func validate(_ params: inout SessionRPC.Params) {
            if exercise.exerciseKey.isEmpty, !params.failed("exercise") { params.fail("exercise", "must not be empty") }
        }
    }

    @Coded
    public struct Result: CodedResult, ResultItem, Equatable {
        /// The exercise as the catalog (or its first logged set) names it.
        public var exercise = ""
        /// Nil: the plan's rest (or the default) applies.
        public var seconds: Int?
    }
}

/// `exercise.rests`: every exercise's own rest.
public enum ExerciseRests: MethodContract {
    public static let method = MethodDescription(
        name: "exercise.rests", summary: "Every exercise's own rest (exercise.rest).")
    public typealias Params = NoParams
    public typealias Result = ResultList<ExerciseRest.Result>
}

/// `rest.changed`, published by `rest.timer`.
public enum RestChangedEvent: EventContract {
    public static let event = EventDescription(type: "rest.changed", summary: "The running rest timer was changed (rest.timer): seconds added or taken off, a new time left, or skipped.")

    @Coded
    public struct Payload: CodedResult, Equatable {
        public var sessionID: Int64 = 0
        public var exercise = ""
        /// Seconds left now; 0 when skipped (no rest.finished follows).
        public var secondsLeft = 0
        /// RFC 3339 in the daemon's zone: the new end (now, when skipped).
        @Member(.timestamp) public var endsAt = ""
        public var skipped = false
    }
}
