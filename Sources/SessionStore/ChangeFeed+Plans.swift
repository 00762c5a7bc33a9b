import SessionCore

/// Plans and the events of the plan calendar in the change feed (migration 23): each
/// plan and event this device makes takes a place in the feed under a fresh uid kept in
/// `sync_plan` with the reading of its making; neither is changed or deleted after. A
/// plan from another device is stored as imported, inactive; an activation from another
/// device moves the active plan to the plan of the latest activation held (the greatest
/// reading, ties to the greater uid), the same on every device whatever the order of
/// arrival.
extension StoreContext {
    /// Feeds the plan `localID` this device just stored; one imported with a request id
    /// under the uid its name gives (`ChangeFeed.planUIDName`), the same on every device.
    func feedPlan(_ localID: Int64, uidName: String?) throws(SQLiteError) {
        try feedPlanRow(entity: .plan, localID: localID, uid: uidName.map(SyncChange.uid(named:)))
    }

    /// Feeds the plan event `localID` this device just stored.
    func feedPlanEvent(_ localID: Int64) throws(SQLiteError) {
        try feedPlanRow(entity: .planEvent, localID: localID)
    }

    private func feedPlanRow(entity: SyncEntity, localID: Int64, uid named: String? = nil) throws(SQLiteError) {
        let reading = try feedReading()
        let uid: String
        if let named { uid = named } else { uid = try connection.text("SELECT \(ChangeFeed.freshUIDSQL)") ?? "" }
        try connection.run("INSERT INTO sync_plan (uid, entity, local_id, hlc) VALUES (?, ?, ?, ?)", [uid, entity.rawValue, localID, reading.hlc])
        try connection.run("INSERT INTO change_feed (uid, op, hlc) VALUES (?, 'upsert', ?)", [uid, reading.hlc])
    }
}

extension ChangeFeed {
    /// What names the uid of a plan imported with `requestID` (`SyncChange.uid(named:)`):
    /// the request id and the week the plan was stored for, so that a delivery two
    /// devices stored for one week is one plan, and one they stored for two weeks (a plan
    /// without dates, delivered either side of a Monday) two.
    static func planUIDName(requestID: String, weekStart: LocalDate) -> String { "\(requestID) \(weekStart)" }

    /// What applying one plan or plan event did.
    enum PlanOutcome {
        /// Stored.
        case applied
        /// Held already (or a deletion, which plans never have).
        case ignored
        /// Waits: its plan is not held, or its source could not be imported here.
        case unresolved
    }

    /// The uid of the plan `planID`, nil when there is no such plan.
    public func planUID(_ planID: Int64) throws(StorageError) -> String? {
        try database.wrap { try connection.text("SELECT uid FROM sync_plan WHERE entity = 'plan' AND local_id = ?", [planID]) }
    }

    /// The plan `id` as the feed hands it out.
    func syncedPlan(_ id: Int64) throws -> SyncedPlan? {
        try connection.prepare("""
            SELECT p.name, p.week_start, p.imported_at_ms, p.source, p.request_id, r.uid AS revises_uid,
                (SELECT group_concat(date, ',') FROM (SELECT d.date FROM plan_day d
                 WHERE d.plan_id = p.id AND EXISTS (SELECT 1 FROM planned_exercise e WHERE e.plan_day_id = d.id) ORDER BY d.date)) AS training_dates
            FROM plan p LEFT JOIN sync_plan r ON r.entity = 'plan' AND r.local_id = p.revises WHERE p.id = ?
            """).row([id]) { row in
            var plan = SyncedPlan()
            plan.name = row.text("name")
            plan.weekStart = row.date("week_start")
            plan.importedAtMs = row.int("imported_at_ms")
            plan.source = row.text("source")
            plan.revisesUID = row.optionalText("revises_uid")
            plan.trainingDates = row.optionalText("training_dates")
            plan.requestID = row.optionalText("request_id")
            return plan
        }
    }

    /// The plan event `id` as the feed hands it out.
    func syncedPlanEvent(_ id: Int64) throws -> SyncedPlanEvent? {
        try connection.prepare("""
            SELECT e.kind, p.uid AS plan_uid, e.at_ms, e.from_date, e.to_date, e.date
            FROM plan_event e JOIN sync_plan p ON p.entity = 'plan' AND p.local_id = e.plan_id WHERE e.id = ?
            """).row([id]) { row in
            var event = SyncedPlanEvent()
            event.kind = row.choice("kind")
            event.planUID = row.text("plan_uid")
            event.atMs = row.int("at_ms")
            event.fromDate = row.isNull("from_date") ? nil : row.date("from_date")
            event.toDate = row.isNull("to_date") ? nil : row.date("to_date")
            event.date = row.isNull("date") ? nil : row.date("date")
            return event
        }
    }

    /// Applies another device's plan (`parsed`: its source as this device imports it,
    /// nil when it cannot) or plan event. One held already is turned down; an event of a
    /// plan not held, or a plan whose source could not be imported, waits.
    func applyPlan(_ change: SyncChange, parsed: Plan?) throws -> PlanOutcome {
        guard try connection.scalar("SELECT count(*) FROM sync_plan WHERE uid = ?", [change.uid]) == 0, !change.deleted else { return .ignored }
        let localID: Int64
        if let plan = change.plan {
            guard let parsed else { return .unresolved }
            let revises = try plan.revisesUID.flatMap { uid in
                try connection.scalar("SELECT local_id FROM sync_plan WHERE entity = 'plan' AND uid = ?", [uid])
            }
            // Stored as `plan import` stores it, and inactive: only an activation moves
            // the active plan. Its name, import time and request id are the other
            // device's; a request id this device already holds another plan under (the
            // same delivery, stored here for another week) stays with that plan, so that
            // the feed is never stopped by it.
            var named = parsed
            named.name = plan.name
            // Only with the uid it gives: a row that says otherwise was not made so.
            let requestID = try plan.requestID.flatMap { id in
                try SyncChange.uid(named: Self.planUIDName(requestID: id, weekStart: plan.weekStart)) == change.uid
                    && database.plans.planID(requestID: id) == nil ? id : nil
            }
            localID = try database.plans.storePlan(named, source: plan.source, importedAtMs: Int64(plan.importedAtMs), active: false, revises: revises,
                                                   requestID: requestID)
        } else if let event = change.planEvent {
            guard let planID = try connection.scalar("SELECT local_id FROM sync_plan WHERE entity = 'plan' AND uid = ?", [event.planUID]) else {
                return .unresolved
            }
            try connection.run("INSERT INTO plan_event (at_ms, kind, plan_id, from_date, to_date, date) VALUES (?, ?, ?, ?, ?, ?)",
                               [Int64(event.atMs), event.kind.rawValue, planID, event.fromDate?.description, event.toDate?.description,
                                (event.date ?? database.context.eventDate?(Int64(event.atMs)))?.description])
            localID = connection.lastInsertRowID
        } else {
            return .ignored
        }
        // The row was fed as this device's (`feedPlan`): it takes the other device's uid.
        try connection.run("DELETE FROM sync_plan WHERE entity = ? AND local_id = ?", [change.entity.rawValue, localID])
        try connection.run("INSERT INTO sync_plan (uid, entity, local_id, hlc) VALUES (?, ?, ?, ?)", [change.uid, change.entity.rawValue, localID, change.hlc])
        return .applied
    }

    /// Makes the plan of the latest activation held the one active plan.
    func followLatestActivation() throws {
        let latest = try connection.scalar("""
            SELECT e.plan_id FROM sync_plan s JOIN plan_event e ON e.id = s.local_id
            WHERE s.entity = 'planEvent' AND e.kind = 'activate' ORDER BY s.hlc DESC, s.uid DESC LIMIT 1
            """)
        guard let latest else { return }
        try connection.run("UPDATE plan SET active = 0 WHERE active = 1 AND id <> ?", [latest])
        try connection.run("UPDATE plan SET active = 1 WHERE id = ? AND active = 0", [latest])
    }
}
