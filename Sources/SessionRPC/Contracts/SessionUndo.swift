import SessionCore
import JSON

/// `session.undo`: removes a set (default: the last set of the active session), or
/// several at once, all or none.
public enum SessionUndo: MethodContract {
    public static let method = MethodDescription(
        name: "session.undo", summary: "Remove a set (default: the last set of the active session), or several at once: all or none.",
        errors: [.noActiveSession, .sessionNotFound, .setNotFound, .noSetToUndo, .confirmationRequired], events: [SetUndoneEvent.self])

    /// Sets one call removes, at most.
    public static let maximumSets = 100

    @CodedParams
    public struct Params: MethodParams {
        @Param(.id, "the set to remove")
        public var setID: Int64?
        /// Several sets by id, instead of `setID`.
        @Param(.ids, maxCount: SessionUndo.maximumSets, "instead of setId: several sets, removed all or none")
        public var setIDs: [Int64]?
        /// The last `last` sets of the active session, instead of an id.
        @Param(.int, in: 1...SessionUndo.maximumSets, "instead of an id: the active session's last sets, this many")
        public var last: Int?
        /// Needed to remove a set of a finished session: its history changes.
        @Param(.bool, "true to remove a set of a finished session (its history changes)")
        public var confirm: Bool?

        public mutating func validate(_ params: inout SessionRPC.Params) {
            let given = [setID != nil, setIDs != nil, last != nil].filter { $0 }.count
            if given > 1 { params.fail("setIds", "give one of setId, setIds and last") }
        }
    }

    /// A set removed, as it was numbered before.
    @Coded
    public struct Removed: CodedResult, Equatable {
        public var setID: Int64 = 0
        public var sessionID: Int64 = 0
        public var exercise = ""
        public var setNumber = 0
    }

    /// The sets removed, in the order given (the last sets: newest first); the first
    /// one's members also stand at the top, as a call removing one set reads them.
    public struct Result: CodedResult {
        public private(set) var removed: [Removed] = []
        public var first: Removed { removed[0] }

        public init() {}

        public init(removed: [Removed]) {
            precondition(!removed.isEmpty, "an undo removes a set at least")
            self.removed = removed
        }

        public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
            var first = removed.first ?? Removed()
            try coder.members(&first)
            try coder.objects("removed", &removed)
            try coder.check(!removed.isEmpty, "removed", "at least one set")
        }
    }
}

/// `set.undone`, published by `session.undo`, one per set removed.
public enum SetUndoneEvent: EventContract {
    public typealias Payload = SessionUndo.Removed
    public static let event = EventDescription(type: "set.undone", summary: "A set was removed, numbered as it was: one event per set of a session.undo.")
}
