import SessionCore
import SessionFormats
import SessionStore

extension SessionService {
    /// The plans among other devices' changes, each imported from its source as
    /// `plan.import` imports it (under the week it was imported for), by uid: what
    /// `ChangeFeed.apply` stores. A plan this device's importer refuses is left out, and
    /// waits (`unresolved`).
    func importedPlans(_ changes: [SyncChange]) -> [String: Plan] {
        var plans: [String: Plan] = [:]
        for change in changes where change.entity == .plan && !change.deleted {
            guard let plan = change.plan else { continue }
            var options = PlanImportOptions(today: clock.localDate(atMs: nowMs), weekStart: plan.weekStart)
            options.storedBefore = true
            if let imported = try? PlanImporter.importPlan(text: plan.source, options: options) {
                plans[change.uid] = imported.plan
            }
        }
        return plans
    }
}
