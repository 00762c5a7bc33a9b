import SessionCore

/// An alias: another name for an exercise, under whose key nothing is kept.
public struct ExerciseAlias: Sendable, Equatable {
    public let alias: String
    /// The exercise it names, and that exercise's key.
    public let name: String
    public let nameKey: String
}

/// The exercises of one's own and the names for them: aliases, definitions (equipment,
/// muscles, the body-mass rule), rests, and the built-in catalog's adoption. Reached as
/// `Database.exercises`.
///
/// Its invariants, kept here and by no caller: sets are kept under their exercise's
/// identity key, so an alias made or removed moves the sets (and their bests) it
/// concerns (`setAlias`, `removeAlias`), and a change of an exercise's body-mass rule
/// estimates its sets again (`defineExercise`, `setAlias`).
public struct ExercisesStore: Store {
    /// The connection and transaction state it shares with the database's other stores.
    let context: StoreContext

    /// Every alias by its key.
    public func aliases() throws(StorageError) -> [String: ExerciseAlias] {
        context.catchUp()
        if connection.inTransaction, let known = memo.aliases { return known }
        let all = try wrap {
            try connection.prepare("SELECT alias_key, name, name_key FROM exercise_alias ORDER BY alias_key").rows { row in
                ExerciseAlias(alias: row.text("alias_key"), name: row.text("name"), nameKey: row.text("name_key"))
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

    /// The key sets of `key` are kept under (`ExerciseCatalog.identityKey`): the
    /// catalog's exercise, else the alias's, else itself.
    public func canonicalKey(_ key: String) throws(StorageError) -> String {
        ExerciseCatalog.builtIn.identityKey(key, aliasTarget: try alias(key)?.nameKey)
    }

    /// The same with the aliases read already.
    static func identityKey(_ key: String, aliases: [String: ExerciseAlias]) -> String {
        ExerciseCatalog.builtIn.identityKey(key, aliasTarget: aliases.isEmpty ? nil : aliases[key]?.nameKey)
    }

    /// Makes `aliasKey` another name of `name`: sets kept under the alias (and under
    /// aliases of it) so far count for the exercise from now on — moved under its key,
    /// each keeping the name it was logged as — and the bests follow. Returns the sets
    /// moved.
    public func setAlias(_ aliasKey: String, name: String) throws(StorageError) -> Int {
        let nameKey = ExerciseCatalog.builtIn.identityKey(name.exerciseKey, aliasTarget: nil)
        return try write([.aliases, .setsRewritten]) {
            // Aliases of the alias now name the exercise: each is a change of its own.
            let renamed = try connection.prepare("SELECT alias_key FROM exercise_alias WHERE name_key = ?").rows([aliasKey]) { $0.text("alias_key") }
            try connection.run("UPDATE exercise_alias SET name = ?, name_key = ? WHERE name_key = ?", [name, nameKey, aliasKey])
            for key in renamed + [aliasKey] { try context.feedSetting(.alias, key: key) }
            try connection.run(
                "INSERT INTO exercise_alias (alias_key, name, name_key) VALUES (?, ?, ?) ON CONFLICT (alias_key) DO UPDATE SET name = excluded.name, name_key = excluded.name_key",
                [aliasKey, name, nameKey])
            let moved = try rekeySets(from: aliasKey, to: nameKey)
            try connection.run("DELETE FROM exercise_best WHERE exercise_key = ?", [aliasKey])
            try connection.run("DELETE FROM exercise_count WHERE exercise_key = ?", [aliasKey])
            // The sets moved follow the exercise's body-mass rule from now on.
            if moved > 0, try sessionsStore.countsBodyMass(exerciseKey: aliasKey) != sessionsStore.countsBodyMass(exerciseKey: nameKey) { try sessionsStore.reestimate(exerciseKey: nameKey) }
            try sessionsStore.recomputeBests(exerciseKey: nameKey)
            return moved
        }
    }

    /// Removes an alias: the sets logged under its name go back to being that name's
    /// own (the alias hid none of them), with their bests. Nil: there was no alias;
    /// else the sets that went back.
    public func removeAlias(_ aliasKey: String) throws(StorageError) -> Int? {
        guard let alias = try alias(aliasKey) else { return nil }
        return try write([.aliases, .setsRewritten]) {
            try connection.run("DELETE FROM exercise_alias WHERE alias_key = ?", [aliasKey])
            try context.feedSetting(.alias, key: aliasKey, deleted: true)
            let named = try connection.prepare("SELECT l.id, l.exercise_name FROM \(Database.exerciseSets) WHERE e.exercise_key = ?").rows([alias.nameKey]) {
                (id: $0.int64("id"), name: $0.text("exercise_name"))
            }
            let back = named.filter { $0.name.exerciseKey == aliasKey }
            for set in back { try connection.run("UPDATE logged_set SET exercise_key = ? WHERE id = ?", [aliasKey, set.id]) }
            if !back.isEmpty {
                if try sessionsStore.countsBodyMass(exerciseKey: aliasKey) != sessionsStore.countsBodyMass(exerciseKey: alias.nameKey) { try sessionsStore.reestimate(exerciseKey: aliasKey) }
                try sessionsStore.recomputeBests(exerciseKey: aliasKey)
                try sessionsStore.recomputeBests(exerciseKey: alias.nameKey)
            }
            return back.count
        }
    }

    /// The sessions with a set of `exerciseKey`, and its sets: kept as sets are written
    /// (`SessionsStore+Counts.swift`), one seek however long the history.
    public func exerciseCounts(exerciseKey: String) throws(StorageError) -> (sessions: Int, sets: Int) {
        try wrap { try sessionsStore.counts(exerciseKey: exerciseKey) }
    }

    /// The name sets of `exerciseKey` were last logged as; nil when none were.
    public func loggedName(exerciseKey: String) throws(StorageError) -> String? {
        try wrap {
            try connection.text("SELECT \(Database.lastLoggedName(of: "?1"))", [exerciseKey])
        }
    }
}

extension ExercisesStore {
    /// Moves every set kept under `oldKey` to `newKey` (an alias made, a catalog
    /// adopted), found through the exercise's sessions; `session_exercise` follows by
    /// its trigger. Returns the sets moved.
    func rekeySets(from oldKey: String, to newKey: String) throws -> Int {
        try connection.run(
            """
            UPDATE logged_set SET exercise_key = ?2
            WHERE session_id IN (SELECT session_id FROM session_exercise WHERE exercise_key = ?1) AND exercise_key = ?1
            """, [oldKey, newKey])
        return Int(connection.changes)
    }
}
