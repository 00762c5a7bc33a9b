import Glibc
import SessionCore

/// A history of a million sets taken out and put back: `sessionctl export` as JSON and
/// as Strong's CSV, then the JSON export restored into an empty daemon, each with
/// sessionctl's peak memory, against the same figures of `sessionctl status` (what
/// any command costs) and the file's size, measured in the same run.
enum RestoreBenchmark {
    struct Run {
        let sets: Int
        /// sessionctl's peak memory, in MiB, for `status` (the floor), the two exports and the restore.
        let floorMiB: Double
        let exportJSON: Step
        let exportStrong: Step
        /// `sessionctl backup`: the database copied, a chunk at a time.
        let backup: Step
        let restore: Step
        /// The daemon's peak memory while it staged and stored the restore, in MiB.
        let restoreDaemonPeakMiB: Double
        /// True when the restored daemon exports the same JSON, byte for byte.
        let identical: Bool
    }

    /// One sessionctl run: its seconds, its peak memory and the size of the file it
    /// wrote or read.
    struct Step {
        let seconds: Double
        let peakMiB: Double
        let fileMiB: Double
    }

    /// Generates a history of `sets` sets (sessions of at most a session's sets, six
    /// days in seven, a health sample each, ending yesterday) and runs the steps.
    static func measure(directory: String, sets: Int) throws -> Run {
        let path = directory + "/restore-source.db"
        let perSession = 150
        let sessions = max(1, sets / perSession)
        let days = sessions * 7 / 6 + 1
        _ = try SummaryBenchmark.generate(path: path, totalSets: sets, days: days, first: HistoryBenchmark.today.adding(days: -days))
        defer { ImportBenchmark.removeDatabase(path) }
        let socket = directory + "/restore-source.sock"
        let source = try startDaemon(socket: socket, database: path, for: "on a history of \(sets) sets")
        defer { stop(source) }
        let ctl = productsDirectory() + "/sessionctl"
        let floor = try runWatchingPeak(ctl, ["--socket", socket, "status"])
        func step(_ arguments: [String], file: String) throws -> Step {
            let run = try runWatchingPeak(ctl, ["--socket", socket] + arguments)
            return Step(seconds: run.seconds, peakMiB: Double(run.peakKilobytes) / 1024, fileMiB: Double(fileSize(file)) / 1_048_576)
        }
        let json = directory + "/restore.json"
        let strong = directory + "/restore.csv"
        defer { unlink(json); unlink(strong) }
        let exportJSON = try step(["export", "--force", json], file: json)
        let exportStrong = try step(["export", "--format", "strong", "--force", strong], file: strong)
        let copy = directory + "/restore-backup.db"
        defer { unlink(copy) }
        let backup = try step(["backup", "--force", copy], file: copy)

        // Into an empty daemon, and out again.
        let target = directory + "/restore-target.db"
        defer { ImportBenchmark.removeDatabase(target) }
        let targetSocket = directory + "/restore-target.sock"
        let restored = try startDaemon(socket: targetSocket, database: target, for: "for the restore")
        defer { stop(restored) }
        let restoreRun = try runWatchingPeak(ctl, ["--socket", targetSocket, "import", json])
        let restore = Step(seconds: restoreRun.seconds, peakMiB: Double(restoreRun.peakKilobytes) / 1024, fileMiB: exportJSON.fileMiB)
        let daemonPeak = Double(peakRSSKilobytes(restored)) / 1024
        let again = directory + "/restore-again.json"
        defer { unlink(again) }
        _ = try runWatchingPeak(ctl, ["--socket", targetSocket, "export", "--force", again])
        return Run(sets: sets, floorMiB: Double(floor.peakKilobytes) / 1024, exportJSON: exportJSON, exportStrong: exportStrong, backup: backup, restore: restore,
                   restoreDaemonPeakMiB: daemonPeak, identical: sameBytes(json, again))
    }

    /// True when two files hold the same bytes.
    static func sameBytes(_ left: String, _ right: String) -> Bool {
        guard let a = fopen(left, "rb"), let b = fopen(right, "rb") else { return false }
        defer {
            fclose(a)
            fclose(b)
        }
        var first = [UInt8](repeating: 0, count: 1 << 16)
        var second = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let read = fread(&first, 1, first.count, a)
            guard fread(&second, 1, second.count, b) == read else { return false }
            if read == 0 { return true }
            guard first[0..<read] == second[0..<read] else { return false }
        }
    }
}
