import JSON
import SessionCore

/// The settings in the change feed: each write of the profile, an alias, an exercise
/// of one's own or a rest of one's own takes a place in the feed under the setting's uid
/// (`SettingUID`), and `sync_setting` keeps the reading of its last change, here or
/// applied from another device, for the convergence rule.
extension StoreContext {
    /// Feeds a write of the setting `key` of `entity` (`deleted`: it was removed), with
    /// the transaction's reading, or with `hlc` for one made before it was fed.
    func feedSetting(_ entity: SyncEntity, key: String, deleted: Bool = false, hlc given: String? = nil) throws(SQLiteError) {
        let hlc: String
        if let given { hlc = given } else { hlc = try feedReading().hlc }
        let uid = SettingUID.of(entity, key: key)
        try connection.run("""
            INSERT INTO sync_setting (uid, entity, key, hlc, deleted) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (uid) DO UPDATE SET key = excluded.key, hlc = excluded.hlc, deleted = excluded.deleted
            """, [uid, entity.rawValue, key, hlc, deleted])
        try connection.run("INSERT INTO change_feed (uid, op, hlc) VALUES (?, ?, ?)", [uid, deleted ? "delete" : "upsert", hlc])
    }
}

extension ChangeFeed {
    /// The profile's key: there is one.
    static let profileKey = "profile"

    /// Feeds the roles shared with before shares were fed (migration 26), each with the
    /// reading of when it was shared (counter 0), not of the upgrade: a share taken back
    /// on another device since then reads later, and wins.
    static func feedSharesStoredBefore(_ database: Database) throws {
        let device = try ChangeFeed(database).clock().device
        let shares = try database.connection.prepare("SELECT role, added_at_ms FROM sync_share ORDER BY role").rows([]) {
            (role: $0.text("role"), atMs: $0.int64("added_at_ms"))
        }
        for share in shares {
            try database.context.feedSetting(.share, key: share.role, hlc: HybridTimestamp(wallMs: share.atMs, counter: 0, device: device).text)
        }
    }

    /// Feeds the settings a database held before they were fed (migration 20).
    static func feedSettingsStoredBefore(_ database: Database) throws {
        let context = database.context
        let connection = database.connection
        if try connection.scalar("SELECT count(*) FROM profile") == 1 { try context.feedSetting(.profile, key: profileKey) }
        let settings: [(SyncEntity, String)] = [(.alias, "SELECT alias_key AS key FROM exercise_alias ORDER BY 1"),
                                                 (.exercise, "SELECT key FROM custom_exercise ORDER BY 1"),
                                                 (.rest, "SELECT exercise_key AS key FROM exercise_rest ORDER BY 1")]
        for (entity, query) in settings {
            let keys = try connection.prepare(query).rows([]) { $0.text("key") }
            for key in keys { try context.feedSetting(entity, key: key) }
        }
    }

    /// What this device holds of the setting `uid`: its key, reading and whether its
    /// last change removed it; nil before any change to it.
    func heldSetting(_ uid: String) throws -> (key: String?, hlc: HybridTimestamp?, deleted: Bool)? {
        try connection.prepare("SELECT key, hlc, deleted FROM sync_setting WHERE uid = ?").row([uid]) { row in
            (key: row.optionalText("key"), hlc: HybridTimestamp(text: row.text("hlc")), deleted: row.bool("deleted"))
        }
    }

    /// The setting `uid` as the feed hands it out: its state now, or its tombstone.
    func settingChange(uid: String, entity: SyncEntity, hlc: HybridTimestamp) throws -> SyncChange {
        guard let held = try heldSetting(uid), !held.deleted, let key = held.key, let change = try currentSetting(entity, key: key, uid: uid, hlc: hlc) else {
            return SyncChange(entity: entity, uid: uid, hlc: hlc)
        }
        return change
    }

    private func currentSetting(_ entity: SyncEntity, key: String, uid: String, hlc: HybridTimestamp) throws -> SyncChange? {
        var change = SyncChange()
        (change.entity, change.uid, change.hlc) = (entity, uid, hlc.text)
        switch entity {
        case .profile:
            change.profile = try database.profile.profile()
        case .alias:
            guard let alias = try database.exercises.alias(key) else { return nil }
            change.alias = SyncedAlias { $0.alias = key; $0.name = alias.name }
        case .exercise:
            guard let exercise = try database.exercises.customExercises()[key] else { return nil }
            change.exercise = SyncedExercise {
                $0.name = exercise.name
                $0.equipment = exercise.equipment?.rawValue
                $0.primaryMuscles = exercise.primary.map(\.rawValue)
                $0.secondaryMuscles = exercise.secondary.map(\.rawValue)
                $0.countsBodyMass = exercise.countsBodyMass
            }
        case .rest:
            guard let seconds = try database.exercises.exerciseRests()[key] else { return nil }
            change.rest = SyncedRest { $0.exerciseKey = key; $0.seconds = seconds }
        case .share:
            guard try SyncState(database).shares().contains(key) else { return nil }
            change.share = SyncedShare { $0.role = key }
        case .session, .set, .health, .plan, .planEvent:
            return nil
        }
        return change
    }

    /// Applies another device's change to a setting, by the settings' rule (the later
    /// reading wins; a deletion is one more change). Returns false when turned down.
    func applySetting(_ change: SyncChange, stamp: HybridTimestamp) throws -> Bool {
        let held = try heldSetting(change.uid)
        guard ConvergenceRule.acceptsSetting(stamp, over: held?.hlc) else { return false }
        var key = held?.key
        if change.deleted {
            if let key, held?.deleted == false {
                switch change.entity {
                case .alias: _ = try database.exercises.removeAlias(key)
                case .rest: try database.exercises.setExerciseRest(exerciseKey: key, seconds: nil)
                case .profile: try database.profile.setProfile(Profile(), updatedAtMs: stamp.wallMs)
                case .share: _ = try SyncState(database).unshare(key)
                case .exercise, .session, .set, .health, .plan, .planEvent: break  // one's own exercises are kept, never removed
                }
            }
        } else if let profile = change.profile {
            key = Self.profileKey
            try database.profile.setProfile(profile, updatedAtMs: stamp.wallMs)
        } else if let alias = change.alias {
            key = alias.alias
            _ = try database.exercises.setAlias(alias.alias, name: alias.name)
        } else if let exercise = change.exercise {
            let custom = CustomExercise(name: exercise.name, equipment: exercise.equipment.flatMap(Equipment.init(rawValue:)),
                                        primary: exercise.primaryMuscles.compactMap(MuscleGroup.init(rawValue:)),
                                        secondary: exercise.secondaryMuscles.compactMap(MuscleGroup.init(rawValue:)), countsBodyMass: exercise.countsBodyMass)
            key = custom.key
            try database.exercises.defineExercise(custom)
        } else if let rest = change.rest {
            key = rest.exerciseKey
            try database.exercises.setExerciseRest(exerciseKey: rest.exerciseKey, seconds: rest.seconds)
        } else if let share = change.share {
            key = share.role
            _ = try SyncState(database).share(share.role, nowMs: stamp.wallMs)
        }
        try connection.run("""
            INSERT INTO sync_setting (uid, entity, key, hlc, deleted) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (uid) DO UPDATE SET key = coalesce(excluded.key, key), hlc = excluded.hlc, deleted = excluded.deleted
            """, [change.uid, change.entity.rawValue, key, change.hlc, change.deleted])
        return true
    }
}
