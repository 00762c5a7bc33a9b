import SessionCore
import JSON

/// `health.import`: daily health values from an export (what `sessionctl health import`
/// reads), sent in chunks under one id and stored together by the call that says
/// `done`, as `history.import` stores workouts.
public enum HealthImport: MethodContract {
    public static let method = MethodDescription(
        name: "health.import", summary: "Daily health values in chunks under one id, stored together by the call that says done; a value stored before is not stored again.",
        errors: [.importRefused, .stagingFull], runsLong: true)

    /// Values one call carries, at most.
    public static let samplesPerChunk = HistoryLimits.archiveItemsPerChunk

    public struct Params: MethodParams {
        public var importID = ""
        public var chunk = 0
        public var samples: [ArchivedHealthSample] = []
        public var done = false
        public var dryRun = false
        public var cancel = false

        public init() {}

        public mutating func code(_ coder: inout some ParamsCoder) {
            var id: String? = importID.isEmpty ? nil : importID
            coder.string("importId", &id, maxLength: 64, "required: chosen by the client; chunks with the same id form one import")
            importID = id ?? ""
            var chunk: Int? = self.chunk
            coder.int("chunk", &chunk, in: 0...100_000, "this chunk's number (0, 1, …): a chunk sent again replaces itself")
            self.chunk = chunk ?? 0
            coder.objects("samples", &samples, maxCount: HealthImport.samplesPerChunk, read: { reader throws(JSONReadError) in try ArchivedHealthSample(reader: reader) },
                          "this chunk's daily values: {type, value, date, recordedAt, source}")
            coder.stagedImportControls(done: &done, dryRun: &dryRun, cancel: &cancel)
        }

        public mutating func validate(_ params: inout SessionRPC.Params) {
            if importID.isEmpty, !params.failed("importId") { params.fail("importId", "is required") }
            if cancel, done || !samples.isEmpty { params.fail("cancel", "goes alone with importId: it drops the import, so no samples and no done") }
        }
    }

    public struct Result: CodedResult, Equatable {
        public var importID = ""
        /// Values staged under the id so far (after `done`: what was considered).
        public var staged = 0
        public var done = false
        public var dryRun = false
        /// With `done`: the values stored (in a dry run, that would be).
        public var stored = 0
        /// With `done`: the values stored before, not stored again.
        public var skipped = 0

        public init() {}

        public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
            try coder.stagedImport(importID: &importID, staged: &staged, done: &done, dryRun: &dryRun)
            try coder.int("stored", &stored)
            try coder.int("skipped", &skipped)
        }
    }
}

extension ParamsCoder {
    /// The calls of an import staged in chunks (`history.import`, `health.import`):
    /// `done`, `dryRun` and `cancel`, each false when absent.
    mutating func stagedImportControls(done: inout Bool, dryRun: inout Bool, cancel: inout Bool) {
        bool("done", &done, "the last call: store everything staged under the id")
        bool("dryRun", &dryRun, "with done: count what would be stored, store nothing")
        bool("cancel", &cancel, "drop everything staged under the id; nothing is stored")
    }
}

extension MemberCoder where Self: ~Copyable {
    /// The reply of an import staged in chunks (`history.import`, `health.import`)
    /// begins alike: its id, what is staged under it, and whether the call was the last
    /// (`done`) and a dry run.
    mutating func stagedImport(importID: inout String, staged: inout Int, done: inout Bool, dryRun: inout Bool) throws(Failure) {
        try string("importId", &importID)
        try int("staged", &staged)
        try bool("done", &done)
        try bool("dryRun", &dryRun)
    }
}
