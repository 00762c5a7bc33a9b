import SessionCore
import JSON

extension Database {
    /// Stores a health sample. A body mass changes the estimates of the body-weight sets
    /// dated on or after its day: they are estimated again once the request is done
    /// (`settleBodyMass`), so they read as if the sample had been there when they were
    /// logged.
    public func insertHealthSample(type: HealthType, value: Double, date: LocalDate, recordedAtMs: Int64, source: String?) throws(StorageError) -> Int64 {
        try write {
            try connection.run(
                "INSERT INTO health_sample (type, value, date, recorded_at_ms, source) VALUES (?, ?, ?, ?, ?)",
                [type.rawValue, value, date.description, recordedAtMs, source])
            if type == .bodyMassKg { noteBodyMassChanged(on: date) }
            return connection.lastInsertRowID
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

    /// The profile (empty until set).
    public func profile() throws(StorageError) -> Profile {
        try wrap {
            try connection.prepare("SELECT goals, equipment_json, weights_kg_json FROM profile WHERE id = 1").row { row in
                let equipment = (try? JSONParser.parse(row.text("equipment_json")))?.arrayValue?.compactMap(\.stringValue) ?? []
                let weights = (try? JSONParser.parse(row.text("weights_kg_json")))?.arrayValue?.compactMap(\.numberValue) ?? []
                return Profile { $0.goals = row.text("goals"); $0.equipment = equipment; $0.weightsKg = weights }
            } ?? Profile()
        }
    }

    /// Replaces the profile.
    public func setProfile(_ profile: Profile, updatedAtMs: Int64) throws(StorageError) {
        try write {
            try connection.run(
                """
                INSERT INTO profile (id, goals, equipment_json, weights_kg_json, updated_at_ms) VALUES (1, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET goals = excluded.goals, equipment_json = excluded.equipment_json,
                    weights_kg_json = excluded.weights_kg_json, updated_at_ms = excluded.updated_at_ms
                """,
                [profile.goals, JSONValue.array(profile.equipment.map { .string($0) }).jsonText,
                 JSONValue.array(profile.weightsKg.map { .number($0) }).jsonText, updatedAtMs])
        }
    }
}
