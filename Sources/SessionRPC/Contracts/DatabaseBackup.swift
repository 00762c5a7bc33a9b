import SessionCore
import JSON

/// `database.backup`: a consistent copy of the database taken while the daemon runs
/// (SQLite's online backup API), handed over in Base64 chunks, so the client writes
/// it wherever it may (the daemon's sandbox reaches no home directory). The first call
/// (no `backupId`) takes the copy; each next call asks for the bytes from `offset`; the
/// copy is deleted once its last chunk is sent, or after 10 minutes untouched.
public enum DatabaseBackup: MethodContract {
    public static let method = MethodDescription(
        name: "database.backup", summary: "Take a consistent copy of the database and hand it over in Base64 chunks (backupId and offset fetch the next).",
        errors: [.backupFailed], runsLong: true)

    /// Raw bytes per chunk (about 700 KB of Base64, under the 1 MiB line limit).
    public static let chunkBytes = 512 << 10

    public struct Params: MethodParams {
        /// The copy to read on from; absent: take a new copy.
        public var backupID: String?
        public var offset = 0

        public init() {}

        public mutating func code(_ coder: inout some ParamsCoder) {
            coder.string("backupId", &backupID, maxLength: 64, "the copy to read on from (absent: take a new copy)")
            var offset: Int? = self.offset == 0 ? nil : self.offset
            coder.int("offset", &offset, in: 0...Int(Int32.max), "where the next chunk starts, in bytes")
            self.offset = offset ?? 0
        }
    }

    @Coded
    public struct Result: CodedResult {
        public var backupID: String = ""
        /// The whole copy's size in bytes.
        public var size: Int = 0
        public var offset: Int = 0
        /// This chunk, Base64.
        public var data: String = ""
        /// True with the last chunk: the daemon has deleted its copy.
        public var done: Bool = false
    }
}
