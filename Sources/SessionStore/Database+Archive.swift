import CSQLite
import SessionCore

/// A stored plan as an archive holds it: times in milliseconds (the service writes them
/// in the daemon's zone).
public struct PlanArchiveRow: Sendable {
    public let id: Int64
    public let name: String
    public let weekStart: LocalDate
    public let importedAtMs: Int64
    public let active: Bool
    public let revises: Int64?
    public let source: String
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

extension Database {
    /// Plans by id after `afterID`, at most `limit`, with their source text.
    public func archivedPlans(afterID: Int64, limit: Int) throws(StorageError) -> [PlanArchiveRow] {
        try wrap {
            try connection.prepare(
                "SELECT id, name, week_start, imported_at_ms, active, revises, source FROM plan WHERE id > ? ORDER BY id LIMIT ?"
            ).rows([afterID, limit]) { row in
                PlanArchiveRow(id: row.int64("id"), name: row.text("name"), weekStart: row.date("week_start"),
                               importedAtMs: row.int64("imported_at_ms"), active: row.bool("active"), revises: row.optionalInt64("revises"),
                               source: row.text("source"))
            }
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

    /// The plan restored from an archive that is already stored (the same week, import
    /// time and text), if any: restoring twice adds nothing.
    public func storedPlan(weekStart: LocalDate, importedAtMs: Int64, source: String) throws(StorageError) -> Int64? {
        try wrap {
            try connection.scalar("SELECT id FROM plan WHERE week_start = ? AND imported_at_ms = ? AND source = ?",
                                  [weekStart.description, importedAtMs, source])
        }
    }

    /// Stores a plan from an archive as it was: its import time and whether it was the
    /// active one; its activations come with the archive's plan events.
    public func restorePlan(_ plan: Plan, source: String, importedAtMs: Int64, active: Bool, revises: Int64?) throws(StorageError) -> Int64 {
        try write {
            if active { try connection.run("UPDATE plan SET active = 0 WHERE active = 1") }
            return try storePlan(plan, source: source, importedAtMs: importedAtMs, active: active, revises: revises)
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
