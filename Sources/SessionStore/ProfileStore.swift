import SessionCore
import JSON
import SessionMacros

/// The person's profile (goals, equipment, weights at hand) and the planner's ledger:
/// every planner attempt kept, with the tokens it cost, and their monthly totals.
/// Reached as `Database.profile`.
///
/// Its invariant, kept here and by no caller: an attempt's tokens are both counts and
/// their source, or none (`tokens`: a source without both counts is a damaged row).
public struct ProfileStore: Store {
    /// The connection and transaction state it shares with the database's other stores.
    let context: StoreContext

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
        try write(.profile) {
            try connection.run(
                """
                INSERT INTO profile (id, goals, equipment_json, weights_kg_json, updated_at_ms) VALUES (1, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET goals = excluded.goals, equipment_json = excluded.equipment_json,
                    weights_kg_json = excluded.weights_kg_json, updated_at_ms = excluded.updated_at_ms
                """,
                [profile.goals, JSONValue.array(profile.equipment.map { .string($0) }).jsonText,
                 JSONValue.array(profile.weightsKg.map { .number($0) }).jsonText, updatedAtMs])
            try context.feedSetting(.profile, key: ChangeFeed.profileKey)
        }
    }

    /// Keeps a planner attempt that did not become a plan (refused or failed).
    public func recordAttempt(_ attempt: PlannerAttempt, atMs: Int64) throws(StorageError) -> Int64 {
        try write(.profile) { try insertAttempt(attempt, atMs: atMs, planID: nil) }
    }

    /// Stores one planner attempt, of the plan `planID` when it became one.
    func insertAttempt(_ attempt: PlannerAttempt, atMs: Int64, planID: Int64?) throws -> Int64 {
        try connection.run(
            """
            INSERT INTO plan_attempt (run, attempt, at_ms, planner, reply, outcome, detail, plan_id, input_tokens, output_tokens, token_source)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [attempt.run, attempt.attempt, atMs, attempt.planner, attempt.reply, attempt.outcome.rawValue, attempt.detail, planID,
             attempt.tokens?.input, attempt.tokens?.output, attempt.tokens?.source.rawValue])
        return connection.lastInsertRowID
    }

    /// True when `run` already has an attempt numbered `attempt`.
    public func hasAttempt(run: String, attempt: Int) throws(StorageError) -> Bool {
        try wrap { try connection.scalar("SELECT 1 FROM plan_attempt WHERE run = ? AND attempt = ?", [run, attempt]) != nil }
    }

    /// Kept planner attempts, newest first: those of one run, or the latest `limit`.
    public func attempts(run: String?, limit: Int) throws(StorageError) -> [StoredAttempt] {
        try wrap {
            try connection.prepare(
                """
                SELECT id, at_ms, plan_id, run, attempt, planner, reply, outcome, detail, input_tokens, output_tokens, token_source FROM plan_attempt
                WHERE ?1 IS NULL OR run = ?1 ORDER BY at_ms DESC, id DESC LIMIT ?2
                """
            ).rows([run, limit]) { row in
                StoredAttempt(
                    id: row.int64("id"), atMs: row.int64("at_ms"), planID: row.optionalInt64("plan_id"),
                    attempt: PlannerAttempt(run: row.text("run"), attempt: row.int("attempt"), planner: row.text("planner"), reply: row.text("reply"),
                                            outcome: row.choice("outcome"), detail: row.optionalText("detail"), tokens: Self.tokens(row)))
            }
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
@Memberwise
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
}
