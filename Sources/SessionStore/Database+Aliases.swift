import SessionCore

/// An alias: another name for an exercise, under whose key nothing is kept.
public struct ExerciseAlias: Sendable, Equatable {
    public let alias: String
    /// The exercise it names, and that exercise's key.
    public let name: String
    public let nameKey: String
}

extension Database {
    /// Every alias by its key.
    public func aliases() throws(StorageError) -> [String: ExerciseAlias] {
        if connection.inTransaction, let known = memo.aliases { return known }
        let all = try wrap {
            try connection.prepare("SELECT alias_key, name, name_key FROM exercise_alias ORDER BY alias_key").rows { row in
                ExerciseAlias(alias: row.text(0), name: row.text(1), nameKey: row.text(2))
            }
        }
        let table = Dictionary(all.map { ($0.alias, $0) }, uniquingKeysWith: { first, _ in first })
        if connection.inTransaction { memo.aliases = table }
        return table
    }

    /// The alias whose key is `key`, nil when there is none (at once, with no key
    /// hashed, when there are no aliases at all: most people define none).
    public func alias(_ key: String) throws(StorageError) -> ExerciseAlias? {
        let table = try aliases()
        return table.isEmpty ? nil : table[key]
    }

    /// The key sets of `key` are kept under: its alias's exercise, else itself.
    public func canonicalKey(_ key: String) throws(StorageError) -> String {
        try alias(key)?.nameKey ?? key
    }

    /// Makes `aliasKey` another name of `name`: sets kept under the alias (and under
    /// aliases of it) move to the exercise — off-plan ones take its name — and the
    /// bests follow. Returns the sets moved.
    public func setAlias(_ aliasKey: String, name: String) throws(StorageError) -> Int {
        memo.aliases = nil
        memo.forgetSets()
        let nameKey = name.exerciseKey
        return try write {
            try connection.run("UPDATE exercise_alias SET name = ?, name_key = ? WHERE name_key = ?", [name, nameKey, aliasKey])
            try connection.run(
                "INSERT INTO exercise_alias (alias_key, name, name_key) VALUES (?, ?, ?) ON CONFLICT (alias_key) DO UPDATE SET name = excluded.name, name_key = excluded.name_key",
                [aliasKey, name, nameKey])
            try connection.run(
                """
                UPDATE logged_set SET exercise_key = ?1,
                    exercise_name = CASE WHEN planned_exercise_id IS NULL THEN ?2 ELSE exercise_name END
                WHERE exercise_key = ?3
                """,
                [nameKey, name, aliasKey])
            let moved = Int(connection.changes)
            try connection.run("DELETE FROM exercise_best WHERE exercise_key = ?", [aliasKey])
            try recomputeBests(exerciseKey: nameKey)
            return moved
        }
    }

    /// Removes an alias; what was moved stays with the exercise. False: there was none.
    public func removeAlias(_ aliasKey: String) throws(StorageError) -> Bool {
        memo.aliases = nil
        return try write {
            try connection.run("DELETE FROM exercise_alias WHERE alias_key = ?", [aliasKey])
            return connection.changes > 0
        }
    }
}
