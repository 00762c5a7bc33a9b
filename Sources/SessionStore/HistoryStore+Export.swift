import SessionCore
import SessionMacros

/// A finished session with its sets, as `history.export` hands it out.
public struct ExportedSession: Sendable {
    public let session: SessionRecord
    public let sets: [ExportedSet]
}

/// A set with the columns only exports need.
public struct ExportedSet: Sendable {
    public let set: SetRecord
    public let distanceM: Double?
    public let superset: String?
}

extension HistoryStore {
    /// Where an export page ends: the page after it starts past the session `sessionID`,
    /// or, with `setID`, with that session's sets after the set `setID` (a session of
    /// more sets than a page holds is handed out over several).
    @Memberwise
    public struct ExportCursor: Sendable, Equatable {
        public let sessionID: Int64
        public let setID: Int64?
    }

    /// Finished sessions dated `from`…`to` (either open), oldest first by id, after
    /// `after`, at most `limit`, each with its sets in the order logged; the page holds
    /// at most `maximumSets` sets: it ends before the session that would pass them,
    /// or, when that session is its first, within it. `next` is where the next page
    /// starts, nil when none remains.
    public func exportSessions(from: LocalDate?, to: LocalDate?, after: ExportCursor?, limit: Int, maximumSets: Int) throws(StorageError)
        -> (sessions: [ExportedSession], next: ExportCursor?)
    {
        try wrap {
            var page: [ExportedSession] = []
            var sets = 0
            // The rest of a session a page ended within.
            if let after, let setID = after.setID, let session = try sessionsStore.session(after.sessionID) {
                let rest = try sessionSets(session.id, afterSetID: setID, limit: maximumSets + 1)
                if rest.count > maximumSets {
                    let part = Array(rest.prefix(maximumSets))
                    return ([ExportedSession(session: session, sets: part)], ExportCursor(sessionID: session.id, setID: part.last?.set.id))
                }
                page.append(ExportedSession(session: session, sets: rest))
                sets = rest.count
            }
            let sessions = try connection.prepare("""
                SELECT \(Database.sessionColumns) FROM session
                WHERE ended_at_ms IS NOT NULL AND id > ? AND date >= ? AND date <= ? ORDER BY id LIMIT ?
                """).rows([after?.sessionID ?? 0, from?.description ?? "0000-01-01", to?.description ?? "9999-12-31", limit]) { Database.sessionRecord($0) }
            for session in sessions {
                // One set past the room left tells whether the session fits.
                let room = maximumSets - sets
                let held = try sessionSets(session.id, afterSetID: 0, limit: room + 1)
                if held.count > room {
                    guard page.isEmpty else { return (page, ExportCursor(sessionID: page[page.count - 1].session.id, setID: nil)) }
                    let part = Array(held.prefix(room))
                    return ([ExportedSession(session: session, sets: part)], ExportCursor(sessionID: session.id, setID: part.last?.set.id))
                }
                page.append(ExportedSession(session: session, sets: held))
                sets += held.count
            }
            guard sessions.count == limit, let last = sessions.last else { return (page, nil) }
            return (page, ExportCursor(sessionID: last.id, setID: nil))
        }
    }

    /// A session's sets after the set `afterSetID`, in the order logged, at most `limit`.
    func sessionSets(_ sessionID: Int64, afterSetID: Int64, limit: Int) throws -> [ExportedSet] {
        try connection.prepare("SELECT \(Database.setColumns), distance_m, superset FROM logged_set WHERE session_id = ? AND id > ? ORDER BY id LIMIT ?")
            .rows([sessionID, afterSetID, limit]) { row in
                ExportedSet(set: Database.setRecord(row), distanceM: row.optionalDouble("distance_m"), superset: row.optionalText("superset"))
            }
    }
}
