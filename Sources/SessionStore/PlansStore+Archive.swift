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

extension PlansStore {
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
        try write(.plans) {
            // One active plan: the one restored active makes every other inactive.
            if active { try connection.run("UPDATE plan SET active = 0 WHERE active = 1") }
            return try storePlan(plan, source: source, importedAtMs: importedAtMs, active: active, revises: revises)
        }
    }
}
