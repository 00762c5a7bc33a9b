import Glibc
import SessionCore
import SessionRPC

/// `sessionctl import` of a generated Strong export against SQLite's own CSV import of
/// the same file into a plain table (`sqlite3 -csv .import`), the floor of reading and
/// storing those rows.
enum ImportBenchmark {
    /// Writes a Strong export of about `rows` rows: near-daily workouts of 25 sets, the
    /// last of them a week ago (an import refuses dates after tomorrow).
    static func generate(path: String, rows: Int) throws {
        var text = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE\n"
        let workouts = max(1, rows / 25)
        let first = Int(time(nil) / 86_400) - 7 - (workouts - 1) * 8 / 7
        for workout in 0..<workouts {
            let day = first + workout * 8 / 7
            let date = LocalDate(daysSinceEpoch: day).description
            for set in 0..<25 {
                let exercise = SummaryBenchmark.exercises[(workout + set / 5) % SummaryBenchmark.exercises.count]
                text += "\(date) 18:00:00,\"Workout \(workout % 4)\",1h 2m,\"\(exercise)\",\(set % 5 == 0 ? "W" : String(set % 5)),\(40 + set % 30).5,\(5 + set % 6),0,0,\n"
            }
        }
        try writeFile(path, text)
    }

    /// What `sessionctl import` of one file into a fresh daemon took.
    struct Run {
        let seconds: Double
        /// Peak resident set sizes in MiB: sessionctl's, and the daemon's by the end.
        let sessionctlPeakMiB: Double
        let daemonPeakMiB: Double
        /// The daemon's resident set size once the import is over, in MiB.
        let daemonAfterMiB: Double
    }

    /// `sessionctl import` of `csv` into a fresh daemon and database.
    static func sessiond(csv: String, directory: String) throws -> Run {
        let socket = directory + "/import.sock"
        removeDatabase(directory + "/import.db")
        let daemon = try startDaemon(socket: socket, database: directory + "/import.db", for: "for the history import")
        defer { stop(daemon) }
        let (seconds, peak) = try runWatchingPeak(productsDirectory() + "/sessionctl", ["--socket", socket, "import", csv])
        return Run(seconds: seconds, sessionctlPeakMiB: Double(peak) / 1024,
                   daemonPeakMiB: Double(peakRSSKilobytes(daemon)) / 1024, daemonAfterMiB: Double(rssKilobytes(daemon)) / 1024)
    }

    /// Removes a database file and its WAL and shared-memory files.
    static func removeDatabase(_ path: String) {
        for file in [path, path + "-wal", path + "-shm"] { unlink(file) }
    }

    /// The sqlite3 shell, nil when it is not installed.
    static var sqlite: String? {
        let candidates: [String] = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3"]
        return candidates.first { access($0, X_OK) == 0 }
    }

    /// Seconds `sqlite3 -csv DB ".import FILE t"` takes, nil when sqlite3 is not installed.
    static func sqliteSeconds(csv: String, directory: String) -> Double? {
        guard let sqlite else { return nil }
        removeDatabase(directory + "/plain.db")  // .import into an existing table would append
        let start = nowNs()
        guard output(of: sqlite, ["-csv", directory + "/plain.db", ".import '\(csv)' rows"]) != nil else { return nil }
        return Double(nowNs() - start) / 1e9
    }

    /// Seconds sqlite3 takes to store the same rows in sessiond's own set table — its
    /// columns and indexes, copied from the database `sessionctl import` wrote: the
    /// `.import` into a plain table, then one `INSERT … SELECT` in one transaction, all
    /// in C. The floor of storing these rows as sessiond must; nil without sqlite3.
    static func sqliteSchemaSeconds(csv: String, directory: String) -> Double? {
        guard let sqlite, let schema = output(of: sqlite, [directory + "/import.db", ".schema logged_set"]), !schema.isEmpty else {
            return nil
        }
        let script = directory + "/schema-floor.sql"
        do {
            try writeFile(script, """
                PRAGMA journal_mode = WAL;
                PRAGMA synchronous = FULL;
                \(schema)
                .mode csv
                .import '\(csv)' rows
                BEGIN;
                INSERT INTO logged_set (session_id, exercise_name, exercise_key, set_number, progress_sets, kind, reps, weight_kg,
                    e1rm_kg, record_weight_kg, logged_at_ms)
                SELECT rowid / 25, "Exercise Name", lower("Exercise Name"), 1, 1, CASE WHEN "Set Order" = 'W' THEN 'warmup' ELSE 'normal' END,
                    Reps, Weight, Weight * (1 + Reps / 30.0), Weight, rowid * 1000
                FROM rows;
                COMMIT;

                """)
        } catch {
            return nil
        }
        let start = nowNs()
        guard output(of: sqlite, [directory + "/schema-floor.db", ".read '\(script)'"]) != nil else { return nil }
        return Double(nowNs() - start) / 1e9
    }
}
