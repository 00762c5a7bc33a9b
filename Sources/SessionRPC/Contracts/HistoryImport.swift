import SessionCore
import JSON

/// `history.import`: workouts from another tracker (sessionctl reads Strong and Hevy
/// exports), sent in chunks under one import id and stored all at once by the call
/// that says `done`: until then nothing is stored, and a refused chunk leaves the
/// import as it was. Workouts already stored (same start and title) are skipped, so
/// importing a file twice, or two overlapping exports, adds each workout once.
public enum HistoryImport: MethodContract {
    public static let method = MethodDescription(
        name: "history.import", summary: "Stage imported workouts under an import id; the call with done stores them all at once (or, with dryRun, only counts).",
        errors: [.importRefused, .stagingFull, .implausibleSet], runsLong: true)

    public struct Params: MethodParams {
        /// Chosen by the client; chunks with the same id form one import.
        public var importID = ""
        /// This chunk's workouts (at most `HistoryLimits.workoutsPerChunk`).
        public var workouts: [HistoryWorkout] = []
        /// This chunk's number (0, 1, …): a chunk sent again replaces itself.
        public var chunk = 0
        /// The last call: store everything staged under the id.
        public var done = false
        /// With `done`: count what would be stored, store nothing.
        public var dryRun = false
        /// Drop everything staged under the id (a client that found a bad row after
        /// sending chunks): nothing is stored.
        public var cancel = false
        /// Where the workouts come from (`strong`, `hevy`, `json`), kept with each session.
        public var source: String?
        /// With `done`: refuse (`implausible_set`) a set of a workout entered afterwards
        /// (no source) that looks mistyped, as `session.log` does.
        public var refuseImplausible: Bool?
        /// Parts of sessiond's own archive (`history.archive`), staged like the workouts
        /// and restored before them at `done`.
        public var archive = HistoryArchive()

        public init() {}

        /// The call that drops the import `importID`.
        public static func cancelling(_ importID: String) -> Params {
            var params = Params()
            params.importID = importID
            params.cancel = true
            return params
        }

        public mutating func code(_ coder: inout some ParamsCoder) {
            var id: String? = importID.isEmpty ? nil : importID
            coder.string("importId", &id, maxLength: 64, "required: chosen by the client; chunks with the same id form one import")
            importID = id ?? ""
            coder.objects("workouts", &workouts, maxCount: HistoryLimits.workoutsPerChunk, read: { reader throws(JSONReadError) in try HistoryWorkout(reader: reader) },
                          "this chunk's workouts: {start, durationSeconds, title, note, rpe, sets: [{exercise, kind, reps, weightKg, distanceM, durationSeconds, rpe, note, superset}]}")
            var chunk: Int? = self.chunk
            coder.int("chunk", &chunk, in: 0...100_000, "this chunk's number (0, 1, …): a chunk sent again replaces itself")
            self.chunk = chunk ?? 0
            coder.stagedImportControls(done: &done, dryRun: &dryRun, cancel: &cancel)
            coder.string("source", &source, maxLength: 20, transform: { $0.lowercased() }, "where the workouts come from: "
                            + (TrackerFormat.allCases.map(\.rawValue) + [HealthExportFormat.apple.rawValue, HealthExportFormat.autoExport.rawValue]).joined(separator: ", "))
            coder.bool("refuseImplausible", &refuseImplausible,
                       "with done, for workouts without a source: refuse (implausible_set) a set that looks mistyped, as session.log does")
            var profiles = archive.profile.map { [$0] } ?? []
            coder.objects("profile", &profiles, maxCount: 1, read: { reader throws(JSONReadError) in try Profile(reader: reader) },
                          "an archive's profile (one): {goals, equipment, weightsKg}")
            archive.profile = profiles.first
            coder.objects("aliases", &archive.aliases, maxCount: HistoryLimits.archiveItemsPerChunk,
                          read: { reader throws(JSONReadError) in try ArchivedAlias(reader: reader) }, "an archive's aliases: {alias, name}")
            coder.objects("exercises", &archive.exercises, maxCount: HistoryLimits.archiveItemsPerChunk,
                          read: { reader throws(JSONReadError) in try CustomExercise(reader: reader) },
                          "an archive's exercises of one's own: {name, equipment, primaryMuscles, secondaryMuscles, countsBodyMass}")
            coder.objects("rests", &archive.rests, maxCount: HistoryLimits.archiveItemsPerChunk,
                          read: { reader throws(JSONReadError) in try ArchivedRest(reader: reader) }, "an archive's rests of one's own: {exerciseKey, seconds}")
            coder.objects("plans", &archive.plans, maxCount: HistoryArchiveGet.plansPage.upperBound,
                          read: { reader throws(JSONReadError) in try ArchivedPlan(reader: reader) },
                          "an archive's plans: {planId, name, weekStart, importedAt, active, revises, source}")
            coder.objects("events", &archive.events, maxCount: HistoryLimits.archiveItemsPerChunk,
                          read: { reader throws(JSONReadError) in try ArchivedPlanEvent(reader: reader) },
                          "an archive's plan events, in the order they happened: {at, kind (activate or move), planId, from, to}")
            coder.objects("health", &archive.health, maxCount: HistoryLimits.archiveItemsPerChunk,
                          read: { reader throws(JSONReadError) in try ArchivedHealthSample(reader: reader) },
                          "an archive's health samples: {type, value, date, recordedAt, source}")
        }

        public mutating func validate(_ params: inout SessionRPC.Params) {
            if importID.isEmpty, !params.failed("importId") { params.fail("importId", "is required") }
            if cancel, done || !workouts.isEmpty || !archive.isEmpty { params.fail("cancel", "goes alone with importId: it drops the import, so no workouts and no done") }
        }
    }

    /// The sources whose workouts a watch measured (a FIT activity, a health export's
    /// workouts): one that overlaps a session tracked here gives that session its heart
    /// rate and energy instead of being stored beside it (`Result.measured`).
    public static let measuringSources: Set<String> = [
        TrackerFormat.fit.rawValue, HealthExportFormat.apple.rawValue, HealthExportFormat.autoExport.rawValue,
    ]

    /// An exercise name of an import and the exercise it became (`exercise` nil: a
    /// name of the person's own).
    @Coded
    public struct Name: CodedObject, Equatable {
        public var name = ""
        public var exercise: String?
    }

    public struct Result: CodedResult {
        public var importID = ""
        /// Workouts staged under the id so far (after `done`: what was considered).
        public var staged = 0
        public var done = false
        public var dryRun = false
        /// With `done`: what was (or, in a dry run, would be) stored.
        public var imported: HistoryCounts?
        /// With `done`: workouts skipped as already stored.
        public var skipped = 0
        /// With `done`: each exercise name of what was (or would be) stored and the
        /// exercise it became.
        public var names: [Name] = []
        /// With `done`: sessions tracked here that a watch's workout overlapped (a FIT
        /// activity of the same training): they took its heart rate and energy, and the
        /// workout was not stored as a second session.
        public var measured: [Int64] = []

        public init() {}

        public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
            try coder.stagedImport(importID: &importID, staged: &staged, done: &done, dryRun: &dryRun)
            try coder.object("imported", &imported)
            try coder.int("skipped", &skipped)
            try coder.objects("names", &names)
            try coder.ids("measured", &measured)
        }
    }
}
