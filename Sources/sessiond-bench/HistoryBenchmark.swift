import Glibc
import SessionCore

/// The commands that look back, on a month of history and on twenty years of it: each
/// should cost what it prints, not the years behind it.
enum HistoryBenchmark {
    struct Size {
        let label: String
        let days: Int
        let sets: Int
    }

    /// A month (20 sessions of 21 sets) and twenty years (6,258 sessions of 25 sets), as
    /// a lifter who imports a long Strong history has on day one; `quick`: a year.
    static func sizes(quick: Bool) -> [Size] {
        func sets(days: Int, perSession: Int) -> Int { SummaryBenchmark.sessionDays(days).count * perSession }
        return [Size(label: "month", days: 23, sets: sets(days: 23, perSession: 21)),
                quick ? Size(label: "year", days: 365, sets: sets(days: 365, perSession: 25))
                      : Size(label: "20_years", days: 20 * 365, sets: sets(days: 20 * 365, perSession: 25))]
    }

    /// The commands timed, by figure name: each prints at most a page or a year. The
    /// history and progress pages' last two print the same on both sizes (the newest
    /// five sessions of the exercise; its last three weeks), so their ratio is what the
    /// years behind cost alone. `status` runs in a session with three exercises logged,
    /// each shown with its sets of last time (read through the exercise's sessions); a bare
    /// `log` repeats the set just done, beside the same set typed out (`--yes`: a typed
    /// set is then not checked for plausibility, as a repeated one is not).
    static func commands(today: LocalDate) -> [(name: String, arguments: [String])] {
        [
            ("status", ["status"]),
            ("log_bare", ["log", "back squat"]),
            ("log_numbers", ["log", "back squat", "5", "40", "--yes"]),
            ("history", ["history"]),
            ("history_exercise", ["history", "back squat"]),
            ("progress", ["progress", "back squat"]),
            ("summary", ["summary"]),
            ("history_exercise_same_page", ["history", "back squat", "--limit", "5"]),
            ("progress_same_weeks", ["progress", "back squat", "--from", today.adding(days: -20).description]),
            // The start of a name: matched against every exercise logged (their names, no counts).
            ("history_prefix_same_page", ["history", "back sq", "--limit", "5"]),
        ]
    }

    static var today: LocalDate { LocalDate(daysSinceEpoch: Int(time(nil) / 86_400)) }

    struct Run {
        /// Median wall milliseconds of each command, by name.
        let ms: [String: Double]
        /// The daemon's peak resident set after every command, MiB.
        let daemonPeakMiB: Double
    }

    /// Generates a database of `size` ending today, starts a daemon on it and times each
    /// sessionctl command `runs` times by turns.
    static func measure(_ size: Size, directory: String, runs: Int) throws -> Run {
        let path = directory + "/history-\(size.label).db"
        let today = Self.today
        _ = try SummaryBenchmark.generate(path: path, totalSets: size.sets, days: size.days, first: today.adding(days: 1 - size.days))
        defer { ImportBenchmark.removeDatabase(path) }
        let socket = directory + "/history.sock"
        let daemon = try startDaemon(socket: socket, database: path, for: "on the \(size.label) database")
        defer { stop(daemon) }
        let sessionctl = productsDirectory() + "/sessionctl"
        // A session of today with three exercises the history has: status shows their
        // sets of last time.
        for command in [["start", "--yes"], ["log", "back squat", "5", "40", "--yes"], ["log", "bench press", "5", "35", "--yes"], ["log", "deadlift", "5", "45", "--yes"]] {
            _ = try wallMs(sessionctl, ["--socket", socket] + command)
        }
        var samples: [String: [Double]] = [:]
        for _ in 0..<runs {
            for command in commands(today: today) {
                samples[command.name, default: []].append(try wallMs(sessionctl, ["--socket", socket] + command.arguments))
            }
        }
        return Run(ms: samples.mapValues { Benchmarks.percentile($0.sorted(), 0.5) }, daemonPeakMiB: Double(peakRSSKilobytes(daemon)) / 1024)
    }
}
