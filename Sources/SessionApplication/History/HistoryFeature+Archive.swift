import SessionCore
import SessionFormats
import SessionRPC
import SessionStore
import JSON

extension HistoryFeature {
    /// `history.archive`: one part of what a restore needs besides the workouts.
    func archive(_ params: HistoryArchiveGet.Params) throws -> HistoryArchiveGet.Result {
        var archive = HistoryArchive()
        var next: Int64?
        switch params.part {
        case .settings:
            archive.profile = try database.profile.profile()
            archive.aliases = try database.exercises.aliases().values.sorted { $0.alias < $1.alias }.map { item in ArchivedAlias {
                $0.alias = item.alias
                $0.name = item.name
            } }
            archive.exercises = try database.exercises.customExercises().values.sorted { $0.key < $1.key }
            archive.rests = try database.exercises.exerciseRests().sorted { $0.key < $1.key }.map { item in ArchivedRest {
                $0.exerciseKey = item.key
                $0.seconds = item.value
            } }
        case .plans:
            let limit = min(params.limit ?? HistoryArchiveGet.plansPage.upperBound, HistoryArchiveGet.plansPage.upperBound)
            let rows = try database.plans.archivedPlans(afterID: params.after ?? 0, limit: limit)
            archive.plans = try rows.map { row in
                guard let stored = try database.plans.plan(row.id) else { throw SessionError.planNotFound(row.id) }
                return ArchivedPlan {
                    $0.planID = row.id
                    $0.importedAt = clock.rfc3339(ms: row.importedAtMs)
                    $0.active = row.active
                    $0.revises = row.revises
                    $0.plan = stored.plan.json
                    $0.source = row.source
                }
            }
            next = rows.count == limit ? rows.last?.id : nil
        case .events:
            archive.events = try database.plans.planTimeline().events.map { event in
                switch event.kind {
                case .activated(let planID): ArchivedPlanEvent {
                    $0.at = clock.rfc3339(ms: event.atMs)
                    $0.date = event.date
                    $0.kind = .activate
                    $0.planID = planID
                }
                case .moved(let planID, let from, let to): ArchivedPlanEvent {
                    $0.at = clock.rfc3339(ms: event.atMs)
                    $0.date = event.date
                    $0.kind = .move
                    $0.planID = planID
                    $0.from = from
                    $0.to = to
                }
                }
            }
        case .health:
            let limit = params.limit ?? HistoryArchiveGet.healthPage.upperBound
            let page = try database.health.archivedHealth(afterID: params.after ?? 0, limit: limit)
            archive.health = page.rows.map { item in
                ArchivedHealthSample {
                    $0.type = item.type
                    $0.value = item.value
                    $0.date = item.date
                    $0.recordedAt = clock.rfc3339(ms: item.recordedAtMs)
                    $0.source = item.source
                }
            }
            next = page.lastID
        }
        return HistoryArchiveGet.Result { $0.archive = archive; $0.next = next }
    }

    /// Restores an archive's parts: the profile and aliases, the plans (each checked
    /// again through the importer: the typed boundary) with their import times and the
    /// one active, the plan events, the health samples. What is stored already
    /// (the same plan, the same sample) is not added again. The archive's plan ids
    /// mapped to the stored ones.
    /// The archive's plans, each read at the typed boundary as an import reads a plan
    /// (what a dry run checks too), with the instant it was imported.
    func plans(of archive: HistoryArchive) throws -> [(archived: ArchivedPlan, plan: ImportedPlan, importedAtMs: Int64)] {
        var plans: [(archived: ArchivedPlan, plan: ImportedPlan, importedAtMs: Int64)] = []
        for (index, archived) in archive.plans.enumerated() {
            let path = "params.plans[\(index)]"
            guard let importedAtMs = RFC3339.parse(archived.importedAt) else {
                throw RPCError.invalidParams([PathMessage(path: path + ".importedAt", message: "must be an RFC 3339 time")])
            }
            let imported: ImportedPlan
            do {
                var options = PlanImportOptions(today: clock.localDate(atMs: importedAtMs))
                options.storedBefore = true
                imported = try PlanImporter.importPlan(json: archived.plan, options: options)
            } catch {
                throw RPCError.invalidParams(error.errors.map { PathMessage(path: path + ".plan." + $0.path, message: $0.message) })
            }
            plans.append((archived, imported, importedAtMs))
        }
        return plans
    }

    /// What `restore` would refuse of `archive`, found without storing anything (a dry
    /// run's answer): its plans read at the typed boundary, its aliases counted against
    /// the room kept, its events' times, days and plans.
    func checkRestore(_ archive: HistoryArchive) throws {
        _ = try plans(of: archive)
        var kept = Set(try database.exercises.aliases().keys)
        for (index, alias) in archive.aliases.enumerated() {
            if let problem = AliasesFeature.roomProblem(kept: kept.count, isKept: kept.contains(alias.alias.exerciseKey)) {
                throw RPCError.invalidParams([PathMessage(path: "params.aliases[\(index)]", message: problem)])
            }
            kept.insert(alias.alias.exerciseKey)
        }
        _ = try restoredEvents(archive, planIDs: Dictionary(archive.plans.map { ($0.planID, $0.planID) }, uniquingKeysWith: { first, _ in first }))
    }

    func restore(_ archive: HistoryArchive) throws -> [Int64: Int64] {
        if let profile = archive.profile { try database.profile.setProfile(profile, updatedAtMs: nowMs) }
        for (index, alias) in archive.aliases.enumerated() {
            try service.aliases.checkRoom(forAlias: alias.alias.exerciseKey) { RPCError.invalidParams([PathMessage(path: "params.aliases[\(index)]", message: $0)]) }
            _ = try database.exercises.setAlias(alias.alias.exerciseKey, name: alias.name)
        }
        // One the catalog has come to know since is the catalog's now: left out.
        for exercise in archive.exercises where ExerciseCatalog.builtIn.exercise(named: exercise.name) == nil { try database.exercises.defineExercise(exercise) }
        for rest in archive.rests { try database.exercises.setExerciseRest(exerciseKey: try service.identity(ofKey: rest.exerciseKey).key, seconds: rest.seconds) }
        var planIDs: [Int64: Int64] = [:]
        for (archived, imported, importedAtMs) in try plans(of: archive) {
            if let stored = try database.plans.storedPlan(weekStart: imported.plan.weekStart, importedAtMs: importedAtMs, source: archived.source) {
                planIDs[archived.planID] = stored
                continue
            }
            planIDs[archived.planID] = try database.plans.restorePlan(
                imported.plan, source: archived.source, importedAtMs: importedAtMs, active: archived.active, revises: archived.revises.flatMap { planIDs[$0] })
        }
        try database.plans.restorePlanEvents(try restoredEvents(archive, planIDs: planIDs))
        _ = try service.health.storeHealth(archive.health)
        return planIDs
    }

    /// The archive's plan events on the stored plans. An archive written before events
    /// were kept has none: each of its plans then counts as activated when it was
    /// imported, and the active one once more after the last import, as a database of
    /// that time was migrated.
    private func restoredEvents(_ archive: HistoryArchive, planIDs: [Int64: Int64]) throws -> [PlansStore.RestoredEvent] {
        if archive.events.isEmpty {
            let plans = archive.plans.compactMap { plan in RFC3339.parse(plan.importedAt).map { (plan, $0) } }.sorted { $0.1 < $1.1 }
            var events = plans.compactMap { plan, atMs in planIDs[plan.planID].map { (atMs: atMs, kind: PlanCalendar.Event.Kind.activated(planID: $0), date: LocalDate?.none) } }
            if let last = plans.last, let active = plans.first(where: { $0.0.active }), active.0.planID != last.0.planID, let id = planIDs[active.0.planID] {
                events.append((atMs: last.1, kind: .activated(planID: id), date: nil))
            }
            return events
        }
        return try archive.events.enumerated().map { index, event in
            guard let atMs = RFC3339.parse(event.at) else {
                throw RPCError.invalidParams([PathMessage(path: "params.events[\(index)].at", message: "must be an RFC 3339 time")])
            }
            guard let planID = planIDs[event.planID] else {
                throw RPCError.invalidParams([PathMessage(path: "params.events[\(index)].planId", message: "names plan \(event.planID), which the archive does not hold")])
            }
            // The day it kept is its time's day in some zone, within a day of its UTC day;
            // an activation's may be the day after that (made on a day trained).
            if let date = event.date {
                let days = date.daysSinceEpoch - DecodingContext.utcDate(atMs).daysSinceEpoch
                guard (-1...(event.kind == .activate ? 2 : 1)).contains(days) else {
                    throw RPCError.invalidParams([PathMessage(path: "params.events[\(index)].date",
                                                              message: "\(date) is too far from its time \(event.at) (the day it happened on, or for an activation the day after)")])
                }
            }
            if event.kind == .move, let from = event.from, let to = event.to { return (atMs: atMs, kind: .moved(planID: planID, from: from, to: to), date: event.date) }
            return (atMs: atMs, kind: .activated(planID: planID), date: event.date)
        }
    }
}

extension HistoryFeature {
    /// The history as one archive.
    static let archiveRoutes: [DaemonRoute] = [
        DaemonRoute(HistoryArchiveGet.self) { params, service in Outcome(try service.history.archive(params)) },
    ]
}
