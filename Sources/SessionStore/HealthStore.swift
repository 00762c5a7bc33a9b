import SessionCore

/// Health samples (body mass, resting heart rate, sleep, …) as recorded or imported,
/// and their archive. Reached as `Database.health`.
///
/// Its invariant, kept here and by no caller: a body mass stored changes the estimates
/// of the body-weight sets it is in force for, so storing one notes its day for the
/// sessions store to settle (`SessionsStore.noteBodyMassChanged`) before the request
/// ends.
public struct HealthStore: Store {
    /// The connection and transaction state it shares with the database's other stores.
    let context: StoreContext

    /// Stores a health sample. A body mass changes the estimates of the body-weight sets
    /// dated on or after its day: they are estimated again once the request is done
    /// (`settleBodyMass`), so they read as if the sample had been there when they were
    /// logged.
    /// With `requestID`, the sample is the one stored under it (`healthSample(requestID:)`).
    public func insertHealthSample(type: HealthType, value: Double, date: LocalDate, recordedAtMs: Int64, source: String?,
                                   requestID: String? = nil) throws(StorageError) -> Int64 {
        try write(.health) {
            try connection.run(
                "INSERT INTO health_sample (type, value, date, recorded_at_ms, source, request_id) VALUES (?, ?, ?, ?, ?, ?)",
                [type.rawValue, value, date.description, recordedAtMs, source, requestID])
            // The estimates' invariant: a body mass has the body-weight sets it is in
            // force for estimated again before the request ends.
            if type == .bodyMassKg { sessionsStore.noteBodyMassChanged(on: date) }
            let id = connection.lastInsertRowID
            try context.feedInserted(health: id)
            return id
        }
    }

    /// The latest body mass recorded for a day on or before `date` (the latest recorded
    /// that day), or nil when none is: what a body-weight exercise's load starts from.
    public func bodyMassKg(onOrBefore date: LocalDate) throws(StorageError) -> Double? {
        try wrap {
            try connection.prepare(
                "SELECT value FROM health_sample WHERE type = ? AND date <= ? ORDER BY date DESC, recorded_at_ms DESC LIMIT 1"
            ).row([HealthType.bodyMassKg.rawValue, date.description]) { $0.optionalDouble("value") } ?? nil
        }
    }

    /// Every body mass recorded, as a series to ask day by day (`bodyMassKg(onOrBefore:)`
    /// for many days at once: an import); with `since`, only what days from then on
    /// need: that day's mass in force and the samples after it.
    public func bodyMassSeries(since: LocalDate? = nil) throws(StorageError) -> BodyMassSeries {
        try wrap {
            let type = HealthType.bodyMassKg.rawValue
            let samples = try since.map { since in
                try connection.prepare(
                    """
                    SELECT date, value FROM health_sample WHERE type = ?1
                        AND date >= coalesce((SELECT max(date) FROM health_sample WHERE type = ?1 AND date <= ?2), ?2)
                    ORDER BY date, recorded_at_ms
                    """
                ).rows([type, since.description]) { (date: $0.date("date"), kg: $0.double("value")) }
            } ?? connection.prepare("SELECT date, value FROM health_sample WHERE type = ? ORDER BY date, recorded_at_ms")
                .rows([type]) { (date: $0.date("date"), kg: $0.double("value")) }
            return BodyMassSeries(orderedSamples: samples)
        }
    }

    /// Samples of known types dated between two days (inclusive), through the
    /// (type, date) index.
    public func healthSamples(from: LocalDate, to: LocalDate) throws(StorageError) -> [HealthSample] {
        try wrap {
            var samples: [HealthSample] = []
            for type in HealthType.allCases {
                samples += try connection.prepare(
                    "SELECT value, date, recorded_at_ms FROM health_sample WHERE type = ? AND date BETWEEN ? AND ? ORDER BY date, recorded_at_ms"
                ).rows([type.rawValue, from.description, to.description]) { row throws(SQLiteError) in
                    HealthSample(type: type, value: row.double("value"), date: row.date("date"), recordedAtMs: row.int64("recorded_at_ms"))
                }
            }
            return samples
        }
    }

    /// Health samples by id after `afterID`, at most `limit`; samples of a type this
    /// build does not know are left out. `lastID`: the last id read, nil when fewer than
    /// `limit` were (the last page).
    public func archivedHealth(afterID: Int64, limit: Int) throws(StorageError) -> (rows: [HealthArchiveRow], lastID: Int64?) {
        try wrap {
            let rows = try connection.prepare(
                "SELECT id, type, value, date, recorded_at_ms, source FROM health_sample WHERE id > ? ORDER BY id LIMIT ?"
            ).rows([afterID, limit]) { row -> (Int64, HealthArchiveRow?) in
                let id = row.int64("id")
                guard let type = HealthType(rawValue: row.text("type")) else { return (id, nil) }
                return (id, HealthArchiveRow(id: id, type: type, value: row.double("value"), date: row.date("date"),
                                             recordedAtMs: row.int64("recorded_at_ms"), source: row.optionalText("source")))
            }
            return (rows.compactMap(\.1), rows.count == limit ? rows.last?.0 : nil)
        }
    }

    /// Each day's latest sample (by recording time) of each type, with the day's count,
    /// for `type` (nil: all) and the dates, the newest `limit` of them, oldest first:
    /// read through the (type, date) index.
    public func dailyHealth(type: HealthType?, from: LocalDate?, to: LocalDate?, limit: Int) throws(StorageError)
        -> [(type: HealthType, date: LocalDate, value: Double, source: String?, samples: Int)]
    {
        let types = type.map { [$0] } ?? HealthType.allCases
        let marks = types.map { _ in "?" }.joined(separator: ", ")
        let values: [SQLBindable] = types.map(\.rawValue) + [from?.description ?? "0000-01-01", to?.description ?? "9999-12-31", limit]
        return try wrap {
            try connection.prepare(
                """
                SELECT * FROM (
                    SELECT type, date, value, source, max(recorded_at_ms), count(*) AS samples FROM health_sample
                    WHERE type IN (\(marks)) AND date >= ? AND date <= ?
                    GROUP BY type, date ORDER BY date DESC, type LIMIT ?
                ) ORDER BY date, type
                """
            ).rows(values) { row in
                (row.choice("type", as: HealthType.self), row.date("date"), row.double("value"), row.optionalText("source"), row.int("samples"))
            }
        }
    }

    /// The sample stored with `requestID` (its id, type, value and day), nil when none
    /// was: the one stored, or the one deleted since (the request id stays spent).
    public func healthSample(requestID: String) throws(StorageError) -> (id: Int64, type: HealthType, value: Double, date: LocalDate)? {
        try wrap {
            try connection.prepare(
                """
                SELECT id, type, value, date FROM health_sample WHERE request_id = ?1
                UNION ALL SELECT sample_id, type, value, date FROM retired_health_request WHERE request_id = ?1
                LIMIT 1
                """
            ).row([requestID]) { row in
                (row.int64("id"), row.choice("type", as: HealthType.self), row.double("value"), row.date("date"))
            }
        }
    }

    /// True when the very sample is stored (restoring twice adds nothing).
    public func hasHealthSample(type: HealthType, value: Double, date: LocalDate, recordedAtMs: Int64) throws(StorageError) -> Bool {
        try wrap {
            try connection.scalar("SELECT 1 FROM health_sample WHERE type = ? AND date = ? AND recorded_at_ms = ? AND value = ?",
                                  [type.rawValue, date.description, recordedAtMs, value]) != nil
        }
    }
}

/// A health sample as stored.
public struct HealthArchiveRow: Sendable {
    public let id: Int64
    public let type: HealthType
    public let value: Double
    public let date: LocalDate
    public let recordedAtMs: Int64
    public let source: String?
}
