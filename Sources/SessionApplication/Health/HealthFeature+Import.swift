import SessionCore
import SessionRPC
import SessionStore

extension HealthFeature {
    /// Stores the daily values not stored before (the same type, value, date and time);
    /// returns how many were new and how many were there already. A dry run counts, a
    /// value twice in `samples` once, as the stored run does.
    func storeHealth(_ samples: [ArchivedHealthSample], dryRun: Bool = false) throws -> (stored: Int, skipped: Int) {
        struct Key: Hashable {
            let type: HealthType
            let value: Double
            let date: LocalDate
            let recordedAtMs: Int64
        }
        var stored = 0
        var counted: Set<Key> = []
        for sample in samples {
            // Steps are whole, as health.record takes them: an archive of a build that
            // stored fractions (before that was refused) is restored with them rounded.
            let value = sample.type == .steps ? sample.value.rounded() : sample.value
            guard let recordedAtMs = RFC3339.parse(sample.recordedAt),
                try !database.health.hasHealthSample(type: sample.type, value: value, date: sample.date, recordedAtMs: recordedAtMs),
                !dryRun || counted.insert(Key(type: sample.type, value: value, date: sample.date, recordedAtMs: recordedAtMs)).inserted
            else { continue }
            stored += 1
            if !dryRun {
                _ = try database.health.insertHealthSample(type: sample.type, value: value, date: sample.date, recordedAtMs: recordedAtMs, source: sample.source)
            }
        }
        return (stored, samples.count - stored)
    }

    /// Refuses health samples dated outside `RecordedDates` (their day, or the time
    /// they were recorded: not before 1970, not on a day after tomorrow), each at its
    /// path (`params.samples[3].date`), before anything is staged.
    func checkRecordedDates(_ samples: [ArchivedHealthSample], param: String) throws {
        let today = clock.localDate(atMs: nowMs)
        var problems: [PathMessage] = []
        for (index, sample) in samples.enumerated() where problems.count < RPCError.maximumListedProblems {
            if let problem = RecordedDates.problem(sample.date, today: today) {
                problems.append(PathMessage(path: "params.\(param)[\(index)].date", message: problem))
            }
            guard let ms = RFC3339.parse(sample.recordedAt) else { continue }
            // A time up to now is on a day up to today: the zone is asked only of later ones.
            let problem = ms < SessionLimits.earliestMs ? "must not lie before 1970-01-01, got \(sample.recordedAt)"
                : ms > nowMs ? RecordedDates.problem(clock.localDate(atMs: ms), today: today) : nil
            if let problem { problems.append(PathMessage(path: "params.\(param)[\(index)].recordedAt", message: problem)) }
        }
        if !problems.isEmpty { throw RPCError.invalidParams(problems) }
    }

    /// `health.import`: stages a chunk of daily values; with `done`, stores everything
    /// staged under the id in this group commit (a dry run counts); with `cancel`,
    /// drops the import. Staged beside `history.import`'s imports, under the same bounds.
    func importHealth(_ params: HealthImport.Params) throws -> HealthImport.Result {
        let key = service.importKey("health:" + params.importID)
        if params.cancel {
            service.staging.cancel(key)
            return HealthImport.Result { $0.importID = params.importID; $0.staged = 0; $0.done = false; $0.dryRun = false }
        }
        try checkRecordedDates(params.samples, param: "samples")
        let staged = try service.staging.add([], archive: HistoryArchive { $0.health = params.samples }, chunk: params.chunk, to: key, source: nil,
                                             done: params.done, nowMs: nowMs)
        if let stored = staged.healthResult, params.done { return stored }  // done sent again: what it stored
        if params.done { try service.staging.checkComplete(key, count: params.samples.isEmpty ? params.chunk : params.chunk + 1) }
        guard params.done else { return HealthImport.Result {
            $0.importID = params.importID
            $0.staged = staged.healthSamples
            $0.done = false
            $0.dryRun = params.dryRun
        } }
        let samples = try service.staging.contents(of: key).archive.health
        let (stored, skipped) = try storeHealth(samples, dryRun: params.dryRun)
        let result = HealthImport.Result {
            $0.importID = params.importID
            $0.staged = samples.count
            $0.done = true
            $0.dryRun = params.dryRun
            $0.stored = stored
            $0.skipped = skipped
        }
        // The values are let go of once this commits: a dry run's with the import, a
        // stored one's kept as its answer.
        if params.dryRun { service.afterCommit.append { $0.staging.cancel(key) } } else { service.staging.done(key, with: result) }
        return result
    }
}

extension HealthFeature {
    /// Importing health values.
    static let importRoutes: [DaemonRoute] = [
        DaemonRoute(HealthImport.self) { params, service in Outcome(try service.health.importHealth(params)) },
    ]
}
