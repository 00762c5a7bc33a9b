import SessionCore

extension Database {
    /// Brings the stored exercise keys in line with the built-in catalog, once per
    /// catalog: every key a catalog exercise goes by ("squat (barbell)", "barbell back
    /// squat") becomes that exercise's key, with its bests, and aliases name the
    /// catalog's exercise; keys the catalog does not know stay the person's own. The
    /// names as logged or imported are kept as they were. A catalog is recognised by
    /// its fingerprint, so a build whose catalog knows more names maps them on its first
    /// open. One transaction: all of it or, on any failure, nothing.
    func adoptCatalog(_ catalog: () -> ExerciseCatalog = { .builtIn }, fingerprint: String = ExerciseCatalog.fingerprint) throws {
        let adopted = try connection.text("SELECT fingerprint FROM exercise_catalog_adopted WHERE id = 1")
        guard adopted != fingerprint else { return }
        try connection.transaction {
            let keys = try connection.prepare(Self.loggedKeys + "SELECT key FROM keys WHERE key IS NOT NULL").rows { $0.text(0) }
            let aliases = try connection.prepare("SELECT alias_key, name_key FROM exercise_alias").rows { (alias: $0.text(0), target: $0.text(1)) }
            // A new file has nothing to map: the catalog is not even read.
            let catalog = keys.isEmpty && aliases.isEmpty ? nil : catalog()
            var merged = Set<String>()
            for key in keys {
                guard let exercise = catalog?.exercise(key: key), exercise.key != key else { continue }
                try connection.run("UPDATE logged_set SET exercise_key = ? WHERE exercise_key = ?", [exercise.key, key])
                try connection.run("DELETE FROM exercise_best WHERE exercise_key = ?", [key])
                merged.insert(exercise.key)
            }
            for key in merged.sorted() { try recomputeBests(exerciseKey: key) }
            for alias in aliases {
                guard let exercise = catalog?.exercise(key: alias.target), exercise.key != alias.target else { continue }
                try connection.run("UPDATE exercise_alias SET name = ?, name_key = ? WHERE alias_key = ?", [exercise.name, exercise.key, alias.alias])
            }
            try connection.run(
                "INSERT INTO exercise_catalog_adopted (id, fingerprint) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET fingerprint = excluded.fingerprint",
                [fingerprint])
        }
        memo.forgetAll()
    }
}
