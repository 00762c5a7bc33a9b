import SessionCore

extension ExercisesStore {
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
            let keys = try connection.prepare(Database.loggedKeys + "SELECT key FROM keys WHERE key IS NOT NULL").rows { $0.text("key") }
            let aliases = try connection.prepare("SELECT alias_key, name_key FROM exercise_alias").rows { (alias: $0.text("alias_key"), target: $0.text("name_key")) }
            // A new file has nothing to map: the catalog is not even read.
            let catalog = keys.isEmpty && aliases.isEmpty ? nil : catalog()
            var merged = Set<String>()
            // Sets of a name that counted body mass otherwise follow the catalog's rule.
            var ruled = Set<String>()
            let custom = try customExercises()
            for key in keys {
                guard let exercise = catalog?.exercise(key: key), exercise.key != key else { continue }
                _ = try rekeySets(from: key, to: exercise.key)
                try connection.run("DELETE FROM exercise_best WHERE exercise_key = ?", [key])
                try connection.run("DELETE FROM exercise_count WHERE exercise_key = ?", [key])
                merged.insert(exercise.key)
                if (custom[key]?.countsBodyMass ?? false) != exercise.countsBodyMass { ruled.insert(exercise.key) }
            }
            for key in merged.sorted() {
                if ruled.contains(key) { try sessionsStore.reestimate(exerciseKey: key) }
                try sessionsStore.recomputeBests(exerciseKey: key)
            }
            for rest in try connection.prepare("SELECT exercise_key FROM exercise_rest").rows([], { $0.text("exercise_key") }) {
                guard let exercise = catalog?.exercise(key: rest), exercise.key != rest else { continue }
                try connection.run("UPDATE OR REPLACE exercise_rest SET exercise_key = ? WHERE exercise_key = ?", [exercise.key, rest])
            }
            for alias in aliases {
                guard let exercise = catalog?.exercise(key: alias.target), exercise.key != alias.target else { continue }
                try connection.run("UPDATE exercise_alias SET name = ?, name_key = ? WHERE alias_key = ?", [exercise.name, exercise.key, alias.alias])
            }
            try connection.run(
                "INSERT INTO exercise_catalog_adopted (id, fingerprint) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET fingerprint = excluded.fingerprint",
                [fingerprint])
        }
        // Sets, aliases and rests were rewritten outside any store write.
        context.didChange(.bulk)
    }
}

extension ExercisesStore {
    /// The person's own exercises given equipment and muscles, by key.
    public func customExercises() throws(StorageError) -> [String: CustomExercise] {
        context.catchUp()
        if connection.inTransaction, let known = memo.customExercises { return known }
        let all = try wrap {
            try connection.prepare(
                "SELECT name, equipment, primary_muscles, secondary_muscles, counts_body_mass FROM custom_exercise ORDER BY key"
            ).rows { row in
                func muscles(_ text: String) -> [MuscleGroup] { text.split(separator: ",").compactMap { MuscleGroup(rawValue: String($0)) } }
                return CustomExercise(name: row.text("name"), equipment: row.optionalText("equipment").flatMap(Equipment.init(rawValue:)),
                                      primary: muscles(row.text("primary_muscles")), secondary: muscles(row.text("secondary_muscles")),
                                      countsBodyMass: row.bool("counts_body_mass"))
            }
        }
        let table = Dictionary(all.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        if connection.inTransaction { memo.customExercises = table }
        return table
    }

    /// Gives an exercise of one's own its equipment and muscles (again: replaces them).
    /// When that changes whether it counts body mass, its sets are estimated again.
    public func defineExercise(_ exercise: CustomExercise) throws(StorageError) {
        try write(.customExercises) {
            let before = try customExercises()[exercise.key]?.countsBodyMass ?? false
            try connection.run(
                """
                INSERT INTO custom_exercise (key, name, equipment, primary_muscles, secondary_muscles, counts_body_mass) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (key) DO UPDATE SET name = excluded.name, equipment = excluded.equipment, primary_muscles = excluded.primary_muscles,
                    secondary_muscles = excluded.secondary_muscles, counts_body_mass = excluded.counts_body_mass
                """,
                [exercise.key, exercise.name, exercise.equipment?.rawValue, exercise.primary.map(\.rawValue).joined(separator: ","),
                 exercise.secondary.map(\.rawValue).joined(separator: ","), exercise.countsBodyMass ? 1 : 0])
            try context.feedSetting(.exercise, key: exercise.key)
            if before != exercise.countsBodyMass { try sessionsStore.reestimate(exerciseKey: exercise.key) }
        }
    }
}

extension ExercisesStore {
    /// The rest of one's own of each exercise (`exercise.rest`), in seconds by exercise
    /// key; read once per transaction, as logging a set asks for it.
    public func exerciseRests() throws(StorageError) -> [String: Int] {
        context.catchUp()
        if connection.inTransaction, let known = memo.exerciseRests { return known }
        let rows = try wrap { try connection.prepare("SELECT exercise_key, seconds FROM exercise_rest").rows { (key: $0.text("exercise_key"), seconds: $0.int("seconds")) } }
        let table = Dictionary(rows.map { ($0.key, $0.seconds) }, uniquingKeysWith: { first, _ in first })
        if connection.inTransaction { memo.exerciseRests = table }
        return table
    }

    /// Keeps `seconds` as the rest after each set of the exercise under `exerciseKey`;
    /// nil removes it (the plan's applies again).
    public func setExerciseRest(exerciseKey: String, seconds: Int?) throws(StorageError) {
        try write(.exerciseRests) {
            if let seconds {
                try connection.run(
                    "INSERT INTO exercise_rest (exercise_key, seconds) VALUES (?, ?) ON CONFLICT (exercise_key) DO UPDATE SET seconds = excluded.seconds",
                    [exerciseKey, seconds])
            } else {
                try connection.run("DELETE FROM exercise_rest WHERE exercise_key = ?", [exerciseKey])
            }
            try context.feedSetting(.rest, key: exerciseKey, deleted: seconds == nil)
        }
    }
}
