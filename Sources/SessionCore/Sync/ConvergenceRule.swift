import SessionMacros

/// Which of two versions of a record every device keeps: the rule that makes devices
/// that applied the same changes, in any order, hold the same record.
///
/// A tombstone is final: a deleted record stays deleted, whatever change to it arrives
/// afterwards (an undo on one device removes the set on every other, even one that
/// edited it meanwhile). Otherwise the last writer wins, by the hybrid clock: the
/// change with the later reading replaces the record whole. Applying a change a second
/// time, or one older than what is held, changes nothing. PostgreSQL's upsert
/// (`sessiond-sync schema`) states the same rule in its WHERE clause.
///
/// A session holds two such registers (`merge(_:over:)`): the record, and its end.
public enum ConvergenceRule {
    /// What is held of a record: the reading of its last change held, and whether that was
    /// its deletion.
    @Memberwise
    public struct Held: Sendable, Equatable {
        /// The reading of the record's last change held.
        public let hlc: HybridTimestamp
        /// True when that change deleted it.
        public let deleted: Bool
    }

    /// True when a change (`incoming`, a deletion when `deletes`) replaces what is
    /// held (nil: nothing of the record yet).
    public static func accepts(_ incoming: HybridTimestamp, deletes: Bool, over held: Held?) -> Bool {
        guard let held else { return true }
        if held.deleted { return false }
        return deletes || incoming > held.hlc
    }

    /// A session's state with the reading of its last change.
    @Memberwise
    public struct SessionVersion: Sendable, Equatable {
        public let hlc: HybridTimestamp
        public let session: SyncedSession

        /// The reading of the change that gave the session its end (`SyncedSession.endHlc`),
        /// nil while it runs; `ConvergenceRule.unknownEnd` for an end no change is known
        /// to have given (finished before ends kept their reading, or stored ended).
        public var endReading: HybridTimestamp? {
            guard session.endedAtMs != nil else { return nil }
            return session.endHlc.flatMap(HybridTimestamp.init(text:)) ?? ConvergenceRule.unknownEnd
        }

        /// The version as a merge gives it (`merge(self, over: self)`): its end's reading
        /// written out, nothing paused once ended. What a merge is compared with to tell
        /// whether it added anything.
        public var asMerged: SessionVersion { ConvergenceRule.merge(self, over: self) }
    }

    /// The end reading of an end no change is known to have given: before every reading
    /// a device takes, so that any end edited since wins over it.
    public static let unknownEnd = HybridTimestamp(wallMs: 0, counter: 0, device: "0")

    /// What orders two ends of one reading (both unknown): their contents, so that every
    /// device picks the same whatever the order of arrival.
    private static func endOrder(_ session: SyncedSession) -> (Int, Int, Double, String) {
        (session.endedAtMs ?? Int.min, session.pausedTotalMs, session.rpe ?? -1, session.note ?? "")
    }

    /// The session two devices' versions make: once ended, a session stays ended. Its
    /// end — when it ended, its paused total, and its effort and note, which a finish
    /// gives — is a register of its own, written by the changes that gave or edited it
    /// (`endHlc`), and the latest of those wins; the rest of the record is the later
    /// version's. So a finish on one device and an edit of the same running session on
    /// another that had not heard of it both hold: a later edit made without the end
    /// cannot undo it, nor an earlier finish be lost to it. The order does not matter
    /// (`merge(a, over: b)` and `merge(b, over: a)` are the same session, and so are
    /// any orders of three), so devices and the database converge.
    public static func merge(_ incoming: SessionVersion, over held: SessionVersion) -> SessionVersion {
        let later = incoming.hlc > held.hlc ? incoming : held
        var session = later.session
        session.endHlc = nil
        let ends = [incoming, held].compactMap { version in version.endReading.map { (reading: $0, session: version.session) } }
        // Two ends of one reading (both unknown) go by their contents: a version's own
        // reading would not do, a merged version carrying the greater of two.
        if let end = ends.max(by: { $0.reading != $1.reading ? $0.reading < $1.reading : endOrder($0.session) < endOrder($1.session) }) {
            session.endedAtMs = end.session.endedAtMs
            session.pausedSinceMs = nil
            session.pausedTotalMs = end.session.pausedTotalMs
            session.rpe = end.session.rpe
            session.note = end.session.note
            session.endHlc = end.reading.text
        }
        return SessionVersion(hlc: max(incoming.hlc, held.hlc), session: session)
    }
}
