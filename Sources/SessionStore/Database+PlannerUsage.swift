import SessionCore
import JSON

extension Database {
    /// The profile (empty until set).
    public func profile() throws(StorageError) -> Profile {
        try wrap {
            try connection.prepare("SELECT goals, equipment_json, weights_kg_json FROM profile WHERE id = 1").row { row in
                let equipment = (try? JSONParser.parse(row.text("equipment_json")))?.arrayValue?.compactMap(\.stringValue) ?? []
                let weights = (try? JSONParser.parse(row.text("weights_kg_json")))?.arrayValue?.compactMap(\.numberValue) ?? []
                return Profile(goals: row.text("goals"), equipment: equipment, weightsKg: weights)
            } ?? Profile()
        }
    }

    /// Replaces the profile.
    public func setProfile(_ profile: Profile, updatedAtMs: Int64) throws(StorageError) {
        try write(.profile) {
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

    /// The planner attempts kept from `fromMs` up to `toMs` (a month, for the planner's
    /// budget) and the tokens they cost.
    public func attemptTotals(fromMs: Int64, toMs: Int64) throws(StorageError) -> AttemptTotals {
        try wrap {
            try connection.prepare(
                """
                SELECT count(*) AS attempts, coalesce(sum(input_tokens), 0) AS input_tokens, coalesce(sum(output_tokens), 0) AS output_tokens,
                    count(*) FILTER (WHERE token_source = 'estimate') AS estimated, count(*) FILTER (WHERE token_source IS NULL) AS unrecorded
                FROM plan_attempt WHERE at_ms >= ? AND at_ms < ?
                """
            ).row([fromMs, toMs]) { row in
                AttemptTotals(attempts: row.int("attempts"), inputTokens: row.int("input_tokens"), outputTokens: row.int("output_tokens"),
                              estimatedAttempts: row.int("estimated"), unrecordedAttempts: row.int("unrecorded"))
            } ?? AttemptTotals(attempts: 0, inputTokens: 0, outputTokens: 0, estimatedAttempts: 0, unrecordedAttempts: 0)
        }
    }

    /// An attempt row's tokens: nil when it was kept without them; a source without
    /// both counts is a damaged row.
    static func tokens(_ row: Statement.Row) -> PlannerTokens? {
        guard !row.isNull("token_source") else { return nil }
        return PlannerTokens(input: row.int("input_tokens"), output: row.int("output_tokens"), source: row.choice("token_source"))
    }
}

/// How many planner attempts a span of time holds, and their tokens.
public struct AttemptTotals: Sendable, Equatable {
    /// Every attempt kept: imported, refused or failed.
    public let attempts: Int
    /// The tokens of the attempts kept with tokens.
    public let inputTokens: Int
    public let outputTokens: Int
    /// Attempts whose tokens are estimates.
    public let estimatedAttempts: Int
    /// Attempts kept without tokens.
    public let unrecordedAttempts: Int

    public init(attempts: Int, inputTokens: Int, outputTokens: Int, estimatedAttempts: Int, unrecordedAttempts: Int) {
        self.attempts = attempts
        self.inputTokens = inputTokens
        self.outputTokens = outputTokens
        self.estimatedAttempts = estimatedAttempts
        self.unrecordedAttempts = unrecordedAttempts
    }
}
