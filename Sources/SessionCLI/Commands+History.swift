#if canImport(Glibc)
import Glibc
#endif
import ArgumentParsing
import SessionCore
import SessionRPC
import JSON

extension Commands {
    static let historyImport = Command(
        words: ["import"], synopsis: "FILE|-",
        summary: "Import a Strong or Hevy CSV export as finished sessions (all or nothing; twice adds nothing).",
        details: """
            The layout is detected from the header and the separator (Strong in English or
            French, with or without unit columns; Hevy); --format overrides it. The file is
            read here, so it may lie anywhere you can read: every row is checked first, and a
            file with any bad row is refused with its line numbers (exit status 1) and nothing
            is sent. The workouts then go to the daemon in chunks under one import id and are
            stored together by the last call. Workouts already stored (same start and title)
            are skipped. --dry-run asks the daemon what would be stored and stores nothing.
            """,
        options: CommonOptions.daemon + [
            OptionSpec("--format", value: "strong|hevy", help: "the export's app, when detection guesses wrong"),
            OptionSpec("--dry-run", help: "show what would be imported; store nothing"),
        ],
        run: { arguments, context in
            guard arguments.positionals.count == 1 else { throw UsageError("import needs one FILE (or - for standard input)") }
            var format: HistoryExport.Format?
            if let name = arguments.value("--format") {
                guard let value = HistoryExport.Format(rawValue: name.lowercased()) else { throw UsageError("--format must be strong or hevy, got \"\(name)\"") }
                format = value
            }
            let path = arguments.positionals[0]
            let bytes = try FileInput.readBytes(path, maximumBytes: HistoryUpload.maximumFileBytes)
            let console = context.console
            let export: HistoryExport.Result
            do throws(HistoryExport.Failure) {
                export = try HistoryExport.read(bytes, format: format)
            } catch {
                if arguments.has("--json") {
                    console.print(JSONValue.obj(["imported": false, "errors": .array(error.problems.map {
                        .obj(["line": JSONValue($0.line), "message": .string($0.message)]) })]).prettyText)
                } else {
                    console.error(console.red("\(path): not imported, nothing was stored:"))
                    for problem in error.problems { console.error("  " + problem.description) }
                }
                return ExitStatus.refused
            }
            let dryRun = arguments.has("--dry-run")
            let result = try HistoryUpload.send(export, dryRun: dryRun, client: try context.connect(arguments), context: context)
            if context.printJSON(result, arguments) { return ExitStatus.ok }
            let counts = result.imported ?? HistoryCounts()
            let verb = dryRun ? "would import" : "imported"
            var line = "\(verb) \(counts.workouts) workout\(counts.workouts == 1 ? "" : "s") from \(export.format.rawValue): "
                + "\(counts.sets) sets (\(counts.warmups) warm-up), \(counts.exercises) exercises"
            if let first = counts.first, let last = counts.last { line += ", \(first) to \(last)" }
            console.print(line)
            if result.skipped > 0 { console.print(console.dim("\(result.skipped) already stored, skipped")) }
            return ExitStatus.ok
        })
}

/// Sends an export's workouts in chunks that keep each request line well under the
/// daemon's 1 MiB limit, under one import id; the last call stores them.
enum HistoryUpload {
    /// A heavy user's five years are about 50 MB; this leaves room.
    static let maximumFileBytes = 512 << 20
    /// The encoded workouts of one call, at most (the line limit is 1 MiB).
    static let chunkBytes = 512 << 10

    static func send(_ export: HistoryExport.Result, dryRun: Bool, client: SocketClient, context: CommandContext) throws -> HistoryImport.Result {
        var random = SystemRandomNumberGenerator()
        let importID = "import-\(getpid())-\(random.next() as UInt64)"
        var chunk: [HistoryWorkout] = []
        var chunkSize = 0
        var number = 0
        func flush() throws {
            guard !chunk.isEmpty else { return }
            _ = try context.call(client, HistoryImport.self, HistoryImport.Params(importID: importID, chunk: number, workouts: chunk, done: false,
                                                                                  source: export.format.rawValue))
            number += 1
            chunk = []
            chunkSize = 0
        }
        for workout in export.workouts {
            let size = workout.jsonBytes.count
            if !chunk.isEmpty, chunkSize + size > chunkBytes || chunk.count == HistoryLimits.workoutsPerChunk { try flush() }
            chunk.append(workout)
            chunkSize += size
        }
        try flush()
        return try context.call(client, HistoryImport.self, HistoryImport.Params(importID: importID, chunk: number, workouts: [], done: true,
                                                                                 dryRun: dryRun, source: export.format.rawValue))
    }
}
