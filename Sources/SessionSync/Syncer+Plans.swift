import JSON
import SessionCore
import SessionRPC

extension Syncer {
    /// Hands each plan waiting for this athlete in `sessiond_plan` to the daemon
    /// (`plan.import`, made the active plan), oldest first, and marks it delivered once
    /// the daemon stored it; a plan the daemon refuses is marked with its error and
    /// never offered again. Should the mark be lost (a kill between the two), the next
    /// round imports the plan again, as a new stored plan.
    func deliverPlans(into report: inout Report) throws {
        let waiting = try postgres.query("""
            SELECT id, body::text FROM sessiond_plan
            WHERE athlete = current_user AND delivered_at IS NULL AND error IS NULL ORDER BY id
            """)
        for row in waiting {
            guard let id = row[0], let text = row[1] else { continue }
            var params = PlanImport.Params()
            params.plan = try JSONParser.parse(text)
            params.activate = true
            switch try daemon.request(SocketClient.Call(PlanImport.self, params)).outcome {
            case .success(let value):
                let imported: PlanImport.Result
                do {
                    imported = try PlanImport.Result(json: value)
                } catch {
                    throw Failure(description: "sessiond's reply to \(PlanImport.name) cannot be read: \(error)")
                }
                if !imported.active { _ = try call(PlanActivate.self, PlanActivate.Params { $0.planID = imported.planID }) }
                try postgres.query("UPDATE sessiond_plan SET delivered_at = now(), plan_id = $2 WHERE id = $1", [id, String(imported.planID)])
                report.plans += 1
            case .failure(let error):
                let problems = error.data?["errors"]?.arrayValue?.compactMap { problem -> String? in
                    guard let path = problem["path"]?.stringValue, let message = problem["message"]?.stringValue else { return nil }
                    return "\(path): \(message)"
                } ?? []
                let reason = ([error.message] + problems).joined(separator: "; ")
                try postgres.query("UPDATE sessiond_plan SET error = $2 WHERE id = $1", [id, reason])
                report.plansRefused += 1
            }
        }
    }
}
