import JSON
import SessionCore
import SessionRPC

extension Syncer {
    /// The next plan waiting for this athlete, claimed (`FOR UPDATE SKIP LOCKED`: the
    /// athlete's other devices, woken by the same notification, pass it over until the
    /// claim ends), and whether its author may still write plans for them: the athlete,
    /// a coach they still share with, or an administrator.
    static let nextPlan = """
        SELECT p.id, p.body::text, p.created_by::text,
               p.created_by = current_user
                   OR EXISTS (SELECT FROM sessiond_share s WHERE s.athlete = current_user AND s.coach = p.created_by AND NOT s.revoked)
                   OR EXISTS (SELECT FROM pg_roles r WHERE r.rolname = p.created_by AND (r.rolsuper OR r.rolbypassrls)) AS allowed
        FROM sessiond_plan p
        WHERE p.athlete = current_user AND p.delivered_at IS NULL AND p.error IS NULL
        ORDER BY p.id LIMIT 1 FOR UPDATE OF p SKIP LOCKED
        """

    /// The request id a queued plan is imported with: its row's, the same from every
    /// device of the athlete.
    static func deliveryRequestID(_ id: String) -> String { "sessiond_plan \(id)" }

    /// How long a plan stays claimed while its device's daemon does not answer.
    static let claimSeconds = 60

    /// Hands each plan waiting for this athlete in `sessiond_plan` to the daemon
    /// (`plan.import`, made the active plan), oldest first, and marks it delivered once
    /// the daemon stored it, each in a transaction that holds the plan claimed, so that
    /// one device delivers it and the others get it through the change feed. A plan the
    /// daemon refuses is marked with its error and never offered again; so is a plan
    /// whose coach the athlete no longer shares with. Should the mark be lost (a kill
    /// between the two), the next round, of this device or another, imports the plan
    /// again under the same request id (`deliveryRequestID`): the daemon that stored it
    /// answers with that plan (and it is not activated again), and another stores it
    /// under the uid the request id and the plan's week give, so the feed holds it once.
    func deliverPlans(into report: inout Report) throws {
        while let outcome = try postgres.transaction({ () throws -> Bool? in
            // A daemon that never answers must not hold the claim for good: PostgreSQL
            // ends the session, and the plan waits for the next round of any device.
            try postgres.query("SET LOCAL idle_in_transaction_session_timeout = '\(Self.claimSeconds)s'")
            guard let row = try postgres.query(Self.nextPlan).first, let id = row[0], let text = row[1] else { return nil }
            guard row[3] == "t" else {
                let author = row[2] ?? "its author"
                try postgres.query("UPDATE sessiond_plan SET error = $2 WHERE id = $1",
                                   [id, "not delivered: the athlete no longer shares with \(author) (sessionctl sync unshare)"])
                return false
            }
            var params = PlanImport.Params()
            params.plan = try JSONParser.parse(text)
            params.activate = true
            params.requestID = Self.deliveryRequestID(id)
            switch try daemon.request(SocketClient.Call(PlanImport.self, params)).outcome {
            case .success(let value):
                let imported: PlanImport.Result
                do {
                    imported = try PlanImport.Result(json: value)
                } catch {
                    throw Failure(description: "sessiond's reply to \(PlanImport.name) cannot be read: \(error)")
                }
                // Imported active; one stored by an earlier delivery is answered as it
                // is now (`storedBefore`), not made active again: the athlete may have
                // chosen another since.
                try postgres.query("UPDATE sessiond_plan SET delivered_at = now(), plan_id = $2 WHERE id = $1", [id, String(imported.planID)])
                return true
            case .failure(let error):
                let problems = error.data?["errors"]?.arrayValue?.compactMap { problem -> String? in
                    guard let path = problem["path"]?.stringValue, let message = problem["message"]?.stringValue else { return nil }
                    return "\(path): \(message)"
                } ?? []
                let reason = ([error.message] + problems).joined(separator: "; ")
                try postgres.query("UPDATE sessiond_plan SET error = $2 WHERE id = $1", [id, reason])
                return false
            }
        }) {
            if outcome { report.plans += 1 } else { report.plansRefused += 1 }
        }
    }
}
