import SessionCore

/// One imported set as its insert binds it (`HistoryStore.insertImportedSets`' columns):
/// the set, where it goes, and what it decided (its key, numbering and estimates).
struct ImportedSetRow {
    let id: Int64
    let sessionID: Int64
    let plannedExerciseID: Int64?
    let exerciseName: String
    let set: HistorySet
    let decision: SetDecision
    let loggedAtMs: Int64

    func bind(_ parameters: inout Statement.Parameters) throws(SQLiteError) {
        try parameters.bind(id)
        try parameters.bind(sessionID)
        try parameters.bind(plannedExerciseID)
        try parameters.bind(exerciseName)
        try parameters.bind(decision.exerciseKey)
        try parameters.bind(decision.setNumber)
        try parameters.bind(decision.countedSets)
        try parameters.bind(literal: set.kind.sqlLiteral)
        try parameters.bind(set.reps)
        try parameters.bind(set.weightKg)
        try parameters.bind(set.durationSeconds)
        try parameters.bind(set.distanceM)
        try parameters.bind(set.rpe)
        try parameters.bind(set.note)
        try parameters.bind(decision.oneRepMaxKg)
        try parameters.bind(decision.recordWeightKg)
        try parameters.bind(loggedAtMs)
        try parameters.bind(set.superset)
    }
}

extension HistoryStore {
    /// Imported rows stored by one statement, at most. Inside the open transaction a
    /// statement that writes several rows (or fires a trigger) copies each page it
    /// touches to SQLite's statement journal, so that it could be undone alone: the
    /// more rows a statement, the fewer copies of the same leaf pages (256 rows against
    /// 64: 1.8 % fewer instructions for a whole import), and SQLite's work per statement
    /// (cursors, the halt) is shared too.
    static let importRowsPerInsert = 256

    /// The statements that store imported sets: `importRowsPerInsert` of them, and one.
    static let insertImportedSetRows = insertImportedSets(importRowsPerInsert)
    static let insertImportedSet = insertImportedSets(1)
    /// The statements that store imported sessions, ids given.
    static let insertImportedSessionRows = insertImportedSessions(importRowsPerInsert)
    static let insertImportedSession = insertImportedSessions(1)

    private static func insertImportedSets(_ count: Int) -> String {
        """
        INSERT INTO logged_set (id, session_id, planned_exercise_id, exercise_name, exercise_key, set_number, progress_sets, kind, reps,
            weight_kg, duration_seconds, distance_m, rpe, note, e1rm_kg, record_weight_kg, logged_at_ms, superset)
        VALUES \(placeholders(rows: count, columns: 18))
        """
    }

    private static func insertImportedSessions(_ count: Int) -> String {
        """
        INSERT INTO session (id, plan_day_id, carried_over, date, title, started_at_ms, ended_at_ms, rpe, note, source, import_key,
            average_heart_rate, maximum_heart_rate, energy_kcal)
        VALUES \(placeholders(rows: count, columns: 14))
        """
    }

    /// `(?, ?), (?, ?)` for two rows of two columns.
    private static func placeholders(rows: Int, columns: Int) -> String {
        let row = "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
        return Array(repeating: row, count: rows).joined(separator: ", ")
    }

    /// Stores at most `importRowsPerInsert` items: all in one statement (`full`) when
    /// there are that many, else one by one (`single`), so that two statements stay in
    /// the cache whatever the count. `bind` binds one item's columns, bound typed and in
    /// place (no `SQLValue` per value), given the item's index.
    func insertRows<Items: Collection>(_ items: Items, full: String, single: String,
                                       bind: (inout Statement.Parameters, Items.Index, Items.Element) throws(SQLiteError) -> Void) throws(SQLiteError) {
        if items.count == Self.importRowsPerInsert {
            try connection.prepare(full).run { parameters throws(SQLiteError) in
                for index in items.indices { try bind(&parameters, index, items[index]) }
            }
        } else {
            let statement = try connection.prepare(single)
            for index in items.indices { try statement.run { parameters throws(SQLiteError) in try bind(&parameters, index, items[index]) } }
        }
    }
}
