import Glibc
import SessionCore
import SessionRPC

// sessiond-bench: measures sessiond on this machine and prints one JSON line per
// figure, each compared with a floor measured in the same run. `--quick` runs a tiny
// workload (the test suite uses it); `--echo PATH` is the round-trip floor's peer.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--echo", arguments.count == 2 { Benchmarks.echoServer(path: arguments[1]) }
if arguments.first == "--load", arguments.count == 4, let clients = Int(arguments[2]), let perClient = Int(arguments[3]) {
    LoadGenerator.run(socket: arguments[1], clients: clients, perClient: perClient)
}
if arguments.contains("--help") {
    print("""
        Usage: sessiond-bench [--quick]
               sessiond-bench --instructions [SESSIOND...]
               sessiond-bench --cold-start [RUNS]
               sessiond-bench --import [--quick]
               sessiond-bench --cli [RUNS]
               sessiond-bench --history [--quick]
               sessiond-bench --health [--quick]
               sessiond-bench --abuse [--quick]
               sessiond-bench --restore [--quick]
               sessiond-bench --load SOCKET CLIENTS PER_CLIENT

        Measures sessiond against this machine's floors and prints one JSON line per
        figure {name, value, unit[, note]}; see README "Performance" and
        docs/performance.md. --quick runs a tiny workload. --load only drives CLIENTS
        connections to a running daemon at SOCKET, each logging PER_CLIENT sets one
        after the other, and prints "<elapsed ns> <calls> <failed calls> <its CPU ns>" (a session
        must be active). --instructions counts, with valgrind's callgrind, the
        instructions per session.log of this build's sessiond and those of one
        socket-activated start (exec, first reply, stop), and those of sessionctl status
        and log from exec to exit, and the same of each SESSIOND given and the sessionctl
        beside it (e.g. an older build, for a comparison in one run); the full run includes
        it when valgrind is installed. --cold-start only times the first call through
        systemd-socket-activate against a warm one, RUNS times (default 30). --import
        only runs the history import against sqlite3's .import, by turns. --cli only
        times sessionctl --version, status (beside mpc status) and log (beside timew
        start), by turns, RUNS times (default 50). --history only
        times the commands that look back (status, history, history EXERCISE, progress,
        summary) on a generated month and twenty years of history, with their ratios.
        --health only streams a generated 1 GiB Apple Health export.xml through
        sessionctl health import against Python's iterparse and xmllint --stream.
        --abuse only runs the red-team attacks, each alone on a daemon of its own with a
        history of 1,200 sessions (60 lines of 50,000 unknown params at once, 100
        clients pipelining 600 session.list of 1,000 and never reading, batch lines of
        100 history.export pages): the daemon's peak and later memory, another client's
        session.log p99, the watchdog's longest stall; then a history of 1,000,000 sets
        exported as JSON and Strong CSV, backed up and restored from its JSON export, with
        sessionctl's peak memory against sessionctl status's (--restore: that alone).
        """)
    exit(0)
}
let workload = arguments.contains("--quick") ? Workload.quick : Workload.full
var template = Array("/tmp/sessiond-bench-XXXXXX".utf8CString)
guard let made = mkdtemp(&template) else { fatalError("mkdtemp failed") }
let directory = String(cString: made)
defer { _ = system("rm -rf '\(directory)'") }

/// Writes one JSON line at once (unbuffered, so a reader sees each figure as it comes).
func emit(_ metric: Metric) {
    let line = metric.line + "\n"
    _ = line.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
}

// Every timing is of the binaries beside this one; say which build they are.
#if DEBUG
emit(Metric(name: "bench.release_build", value: 0, unit: "bool",
            note: "a debug build in \(productsDirectory()): its figures are not the ones users get; make bench times the release binaries"))
#else
emit(Metric(name: "bench.release_build", value: 1, unit: "bool",
            note: "the binaries make release builds (static Swift runtime) in \(productsDirectory()), as users get them"))
#endif

/// Instructions per session.log of this build's daemon and of `others`, one line each.
func emitInstructionCounts(others: [String]) throws {
    let own = try InstructionCount.perSessionLog(daemonPath: productsDirectory() + "/sessiond", directory: directory)
    emit(Metric(name: "session_log.daemon_instructions_per_call", value: own, unit: "instructions",
                note: "callgrind, every daemon thread, \(InstructionCount.clients) clients; target < 60000"))
    let activates = access(ColdStartBenchmark.activator, X_OK) == 0
    let ownCold = activates ? Double(try InstructionCount.coldStart(daemonPath: productsDirectory() + "/sessiond", directory: directory)) : 0
    if activates {
        emit(Metric(name: "cold_start.daemon_instructions", value: ownCold, unit: "instructions",
                    note: "callgrind: a socket-activated sessiond from exec to its first reply and its stop"))
    }
    let ownCLI = try InstructionCount.sessionctl(productsDirectory() + "/sessionctl", directory: directory)
    if let ownCLI {
        emit(Metric(name: "sessionctl_status.instructions", value: Double(ownCLI.status), unit: "instructions",
                    note: "callgrind: sessionctl status from exec to exit, the daemon outside valgrind"))
        emit(Metric(name: "sessionctl_log.instructions", value: Double(ownCLI.log), unit: "instructions",
                    note: "callgrind: sessionctl log of a new exercise, reps and weight, from exec to exit"))
    }
    for (index, path) in others.enumerated() {
        // The sessionctl beside another build's sessiond, when there is one.
        let directoryOfOther = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if let ownCLI, let otherCLI = try InstructionCount.sessionctl(directoryOfOther + "/sessionctl", directory: directory) {
            emit(Metric(name: "sessionctl_status.instructions_ratio_to_other_\(index + 1)", value: Double(ownCLI.status) / Double(otherCLI.status), unit: "x",
                        note: "\(otherCLI.status) for \(directoryOfOther)/sessionctl"))
            emit(Metric(name: "sessionctl_log.instructions_ratio_to_other_\(index + 1)", value: Double(ownCLI.log) / Double(otherCLI.log), unit: "x",
                        note: "\(otherCLI.log) for \(directoryOfOther)/sessionctl"))
        }
        let other = try InstructionCount.perSessionLog(daemonPath: path, directory: directory)
        emit(Metric(name: "session_log.daemon_instructions_per_call_other_\(index + 1)", value: other, unit: "instructions", note: path))
        emit(Metric(name: "session_log.daemon_instructions_ratio_to_other_\(index + 1)", value: own / other, unit: "x"))
        guard activates else { continue }
        let otherCold = Double(try InstructionCount.coldStart(daemonPath: path, directory: directory))
        emit(Metric(name: "cold_start.daemon_instructions_other_\(index + 1)", value: otherCold, unit: "instructions", note: path))
        emit(Metric(name: "cold_start.daemon_instructions_ratio_to_other_\(index + 1)", value: ownCold / otherCold, unit: "x"))
    }
}

/// The first call through socket activation against a warm one.
func emitColdStart(runs: Int) throws {
    guard let coldStart = try ColdStartBenchmark.measure(directory: directory, runs: runs) else { return }
    emit(Metric(name: "cold_start.first_status_p50", value: coldStart.coldMs, unit: "ms",
                note: "sessionctl status through systemd-socket-activate: starts sessiond, opens the database, replies"))
    emit(Metric(name: "cold_start.warm_status_p50", value: coldStart.warmMs, unit: "ms", note: "the next status, the daemon running"))
    emit(Metric(name: "cold_start.ratio_to_warm", value: coldStart.coldMs / coldStart.warmMs, unit: "x", note: "no target: bound by starting a Swift process on this VM (see cold_start.sessiond_version_p50)"))
    emit(Metric(name: "cold_start.sessiond_version_p50", value: coldStart.executableStartMs, unit: "ms",
                note: "sessiond --version: starting the executable alone, the floor of any cold start"))
    if let startup = coldStart.daemonStartupMs, let rest = coldStart.restMs {
        emit(Metric(name: "cold_start.daemon_startup_p50", value: startup, unit: "ms",
                    note: "the daemon's own start, main() to ready (its log's startup_ms): database open, schema check, threads"))
        emit(Metric(name: "cold_start.rest_p50", value: rest, unit: "ms",
                    note: "per run, first status - warm status - sessiond --version - daemon startup: the activator's fork and exec, the first request on a cold process"))
    }
}

/// A Strong export (250,000 rows, about 20 MB: a heavy user's years) through sessionctl
/// and the daemon, against SQLite's own CSV import.
func emitImport() throws {
    let csv = directory + "/strong.csv"
    try ImportBenchmark.generate(path: csv, rows: workload.importRows)
    // sessiond and sqlite3 by turns, each round from fresh files; rates and the ratio are
    // medians over the rounds, memory is the first round's.
    var imports: [ImportBenchmark.Run] = []
    var importFloors: [Double] = []
    var importRatios: [Double] = []
    for _ in 0..<workload.importRounds {
        let run = try ImportBenchmark.sessiond(csv: csv, directory: directory)
        imports.append(run)
        if let floor = ImportBenchmark.sqliteSeconds(csv: csv, directory: directory) {
            importFloors.append(floor)
            importRatios.append(run.seconds / floor)
        }
    }
    let imported = imports[0]
    let rows = Double(workload.importRows)
    let rounds = "median of \(workload.importRounds) rounds by turns with sqlite3"
    let workouts = max(1, workload.importRows / 25)
    let days = workouts * 8 / 7
    let span = days >= 365 ? "\(days / 365) years" : "\(days) days"
    emit(Metric(name: "history_import.rows_per_second", value: Benchmarks.percentile(imports.map { rows / $0.seconds }.sorted(), 0.5), unit: "1/s",
                note: "sessionctl import of a \(workload.importRows)-row Strong export (\(workouts) workouts over \(span), a workout every 8 days in 7): parse, check, send in chunks, store; \(rounds)"))
    let fileMiB = Double(fileSize(csv)) / 1_048_576
    emit(Metric(name: "history_import.sessionctl_peak_rss", value: imported.sessionctlPeakMiB, unit: "MiB",
                note: "the file's bytes (\(Int(fileMiB.rounded())) MiB) and one chunk: workouts are sent as they are read"))
    emit(Metric(name: "history_import.sessionctl_peak_rss_ratio_to_file", value: imported.sessionctlPeakMiB / fileMiB, unit: "x"))
    emit(Metric(name: "history_import.sessiond_peak_rss", value: imported.daemonPeakMiB, unit: "MiB",
                note: "the daemon holds an import's workouts until done, and SQLite a 16 MiB cache while storing them"))
    emit(Metric(name: "history_import.sessiond_rss_after", value: imported.daemonAfterMiB, unit: "MiB",
                note: "once the import is stored: the memory it took goes back to the system"))
    if !importFloors.isEmpty {
        emit(Metric(name: "history_import.sqlite3_csv_rows_per_second", value: Benchmarks.percentile(importFloors.map { rows / $0 }.sorted(), 0.5), unit: "1/s",
                    note: "sqlite3 -csv .import of the same file into a plain table; \(rounds)"))
        emit(Metric(name: "history_import.ratio_to_sqlite3_csv", value: Benchmarks.percentile(importRatios.sorted(), 0.5), unit: "x",
                    note: "target <= 3; the median of each round's ratio (rounds: \(importRatios.map { String(Double(Int($0 * 100)) / 100) }.joined(separator: ", ")))"))
    }
    let importSeconds = Benchmarks.percentile(imports.map(\.seconds).sorted(), 0.5)
    if let schemaFloor = ImportBenchmark.sqliteSchemaSeconds(csv: csv, directory: directory) {
        emit(Metric(name: "history_import.sqlite3_schema_rows_per_second", value: rows / schemaFloor, unit: "1/s",
                    note: "sqlite3 .import, then INSERT … SELECT into sessiond's own set table and indexes, in C"))
        emit(Metric(name: "history_import.ratio_to_sqlite3_schema", value: importSeconds / schemaFloor, unit: "x",
                    note: "what sessiond adds to storing the rows in its schema: checking, sending, deciding each set"))
    }
}

/// The commands that look back, timed on a month and on twenty years of history, each
/// with its ratio; and the daemon's peak memory after them.
func emitHistory() throws {
    let sizes = HistoryBenchmark.sizes(quick: arguments.contains("--quick"))
    let runs = max(3, workload.cliRuns / 5)
    let measured = try sizes.map { try HistoryBenchmark.measure($0, directory: directory, runs: runs) }
    guard let base = measured.first, let top = measured.last, let small = sizes.first, let large = sizes.last else { return }
    for command in HistoryBenchmark.commands(today: HistoryBenchmark.today) {
        let arguments = command.arguments.joined(separator: " ")
        for (size, run) in zip(sizes, measured) {
            emit(Metric(name: "history_scale.\(command.name)_\(size.label)_p50", value: run.ms[command.name] ?? 0, unit: "ms",
                        note: "sessionctl \(arguments), \(size.sets) sets over \(size.days) days; median of \(runs)"))
        }
        emit(Metric(name: "history_scale.\(command.name)_ratio_\(large.label)_to_\(small.label)", value: (top.ms[command.name] ?? 0) / (base.ms[command.name] ?? 1),
                    unit: "x", note: "target <= 1.5"))
    }
    // A bare log repeats the set just done: beside the same set typed out, one round trip each.
    for (size, run) in zip(sizes, measured) {
        emit(Metric(name: "between_sets.log_bare_to_numbers_\(size.label)", value: (run.ms["log_bare"] ?? 0) / (run.ms["log_numbers"] ?? 1), unit: "x",
                    note: "sessionctl log back squat against log back squat 5 40 --yes; target <= 1.1"))
    }
    for (size, run) in zip(sizes, measured) {
        emit(Metric(name: "history_scale.sessiond_peak_rss_\(size.label)", value: run.daemonPeakMiB, unit: "MiB",
                    note: size.label == large.label ? "after every command above; target <= 12" : "after every command above"))
    }
}

/// A generated Apple Health export.xml through `sessionctl health import`, against
/// Python's iterparse and libxml2's streaming parse of the same file; both processes'
/// peak memory.
func emitHealth() throws {
    let path = directory + "/export.xml"
    let records = try HealthBenchmark.generate(path: path, bytes: workload.healthBytes)
    let mib = Double(fileSize(path)) / 1_048_576
    let size = mib >= 1024 ? "\(Double(Int(mib / 1024 * 10)) / 10) GiB" : "\(Int(mib.rounded())) MiB"
    let run = try HealthBenchmark.sessionctl(path: path, directory: directory)
    emit(Metric(name: "health_import.mib_per_second", value: mib / run.seconds, unit: "MiB/s",
                note: "sessionctl health import --dry-run of a generated \(size) export.xml (\(records) records, strength workouts every third day): libexpat, daily values, workouts asked of the daemon; no target (an export is read once)"))
    emit(Metric(name: "health_import.sessionctl_peak_rss", value: run.sessionctlPeakMiB, unit: "MiB", note: "target < 64 whatever the file's size"))
    emit(Metric(name: "health_import.sessiond_peak_rss", value: run.daemonPeakMiB, unit: "MiB", note: "target < 64"))
    if let python = HealthBenchmark.pythonSeconds(path: path) {
        emit(Metric(name: "health_import.python_iterparse_mib_per_second", value: mib / python, unit: "MiB/s",
                    note: "python3 xml.etree.ElementTree.iterparse over the same file, each element cleared: what a person would script"))
        emit(Metric(name: "health_import.speed_ratio_to_python_iterparse", value: python / run.seconds, unit: "x", note: "no target"))
    }
    if let xmllint = HealthBenchmark.xmllintSeconds(path: path) {
        emit(Metric(name: "health_import.xmllint_stream_mib_per_second", value: mib / xmllint, unit: "MiB/s", note: "xmllint --stream --noout: the parse alone"))
        emit(Metric(name: "health_import.time_ratio_to_xmllint_stream", value: run.seconds / xmllint, unit: "x", note: "no target"))
    }
    unlink(path)
}

/// The red-team attacks, each alone on a daemon of its own (AttackBenchmark).
func emitAttacks() throws {
    let quick = arguments.contains("--quick")
    let runs = try AttackBenchmark.measure(directory: directory, sessions: 1_200, samples: quick ? 30 : 300, scale: quick ? 10 : 1)
    let interval = AttackBenchmark.watchdogUsec / 1000
    for run in runs {
        emit(Metric(name: "attack.\(run.name).peak_rss", value: run.peakMiB, unit: "MiB", note: "the daemon's peak during the attack (\(run.what)); target "
                    + (run.name == "staged_imports" ? "what the bound lets one user stage" : "< 64")))
        emit(Metric(name: "attack.\(run.name).rss_after", value: run.afterMiB, unit: "MiB", note: "\(run.afterSeconds) s after the attack ended; target < 16"))
        emit(Metric(name: "attack.\(run.name).other_session_log_p99", value: Benchmarks.percentile(run.latencies, 0.99), unit: "ms",
                    note: "another client's session.log throughout, \(run.latencies.count) calls; target < 100"))
        emit(Metric(name: "attack.\(run.name).watchdog_stall", value: run.watchdogStallMs, unit: "ms",
                    note: "the longest gap between WATCHDOG=1 pings past their \(interval / 2) ms schedule (WatchdogSec=\(interval) ms); target < \(interval / 3)"))
    }
    // `--abuse --attacks`: the attacks on the daemon alone.
    if arguments.contains("--attacks") { return }
    // One exercise's history of a million sets: what a client asks of it costs a page.
    let sessions = quick ? 25 : 500
    let long = try AttackBenchmark.oneExercise(directory: directory, sessions: sessions, runs: quick ? 3 : 20)
    let label = "attack.one_exercise_\(sessions * 2_000)_sets"
    emit(Metric(name: "\(label).session_list_limit_1", value: long.listMs, unit: "ms", note: "session.list {limit: 1}, median (the red team measured 645 ms at 1,000,000 sets)"))
    emit(Metric(name: "\(label).exercise_history_page", value: long.pageMs, unit: "ms",
                note: "its first exercise.history page, median: \(long.pageBytes) bytes (at most \(HistoryLimits.pageSets) sets a page)"))
    emit(Metric(name: "\(label).sessionctl_history", value: long.sessionctlMs, unit: "ms",
                note: "sessionctl history EXERCISE, median wall time; it could not be delivered (over 8 MiB) before pages"))
    emit(Metric(name: "\(label).peak_rss", value: long.peakMiB, unit: "MiB", note: "the daemon's peak over these; target < 64"))
    emitRestore(quick: quick)
    HealthAbuseBenchmark.emitAll(directory: directory, quick: quick)
}

/// A history of a million sets exported as JSON and as Strong's CSV, backed up, and
/// restored from its JSON export: sessionctl's peak memory against `sessionctl status`'s in the same
/// run, and the file's size.
func emitRestore(quick: Bool) {
    let sets = quick ? 5_000 : 1_000_000
    let label = "restore.history_\(sets)_sets"
    let run: RestoreBenchmark.Run
    do {
        run = try RestoreBenchmark.measure(directory: directory, sets: sets)
    } catch {
        emit(Metric(name: "\(label).failed", value: 1, unit: "bool", note: "\(error)"))
        return
    }
    emit(Metric(name: "\(label).sessionctl_status_peak_rss", value: run.floorMiB, unit: "MiB", note: "the floor: sessionctl status, what any command costs"))
    for (name, step, what) in [("export_json", run.exportJSON, "sessionctl export (JSON, with the archive)"),
                               ("export_strong", run.exportStrong, "sessionctl export --format strong"),
                               ("backup", run.backup, "sessionctl backup (the database, a chunk at a time)"),
                               ("restore", run.restore, "sessionctl import of the JSON export into an empty daemon")] {
        emit(Metric(name: "\(label).\(name)_sessionctl_peak_rss", value: step.peakMiB, unit: "MiB",
                    note: "\(what); the file \(Int(step.fileMiB.rounded())) MiB; \((step.peakMiB / max(run.floorMiB, 1) * 10).rounded() / 10)x the floor; target < 64"))
        emit(Metric(name: "\(label).\(name)_seconds", value: step.seconds, unit: "s", note: what))
    }
    emit(Metric(name: "\(label).restore_sessiond_peak_rss", value: run.restoreDaemonPeakMiB, unit: "MiB",
                note: "the daemon holds the staged import until done (bounded by HistoryLimits.stagedBytes, \(HistoryLimits.stagedBytes >> 20) MiB as sent)"))
    emit(Metric(name: "\(label).restore_exports_identically", value: run.identical ? 1 : 0, unit: "bool",
                note: "the restored daemon's JSON export is the source's, byte for byte"))
}

/// Runs one part of the bench alone, then exits (0, or 1 with the error).
func runAlone(_ part: () throws -> Void) -> Never {
    var status: Int32 = 0
    do {
        try part()
    } catch {
        let message = "sessiond-bench: \(error)\n"
        _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        status = 1
    }
    _ = system("rm -rf '\(directory)'")
    exit(status)
}

/// `sessionctl --version` and `sessionctl status` beside `mpc status`, by turns
/// (`CLIBenchmark`).
func emitCLIFigures(socket: String, runs: Int) throws {
    let figures = try CLIBenchmark.measure(socket: socket, directory: directory, runs: runs)
    emit(Metric(name: "sessionctl_version.wall_time_p50", value: figures.version, unit: "ms", note: "starting the executable and nothing else"))
    emit(Metric(name: "sessionctl_status.wall_time_p50", value: figures.status, unit: "ms", note: "a start, daemon.status and its answer printed"))
    if let mpc = figures.mpcStatus {
        emit(Metric(name: "mpc_status.wall_time_p50", value: mpc, unit: "ms", note: "MPD's client with no server, run by turns with sessionctl"))
        emit(Metric(name: "sessionctl_status.wall_time_ratio_to_mpc_status", value: figures.status / mpc, unit: "x",
                    note: "no slower than 2.8-3.0 ms against 1.5-1.6 ms (1.9 x), measured 2026-12-04"))
    } else {
        let note = "sessiond-bench: mpc is not installed; sessionctl_status.wall_time_ratio_to_mpc_status skipped (make bench installs it)\n"
        _ = note.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }
}

/// `--cli`: the CLI's round trips alone, against a daemon of its own.
func emitCLIRoundTrips(runs: Int) throws {
    let socket = directory + "/cli.sock"
    let daemon = try daemonWithSession(socket: socket, database: directory + "/cli.db")
    defer { stop(daemon) }
    try emitCLIFigures(socket: socket, runs: runs)
    emitLogBesideTimew(try Benchmarks.cliWallTimes(socket: socket, directory: directory, runs: runs))
}

if arguments.first == "--cold-start" { runAlone { try emitColdStart(runs: arguments.count > 1 ? Int(arguments[1]) ?? 30 : 30) } }
if arguments.first == "--instructions" { runAlone { try emitInstructionCounts(others: Array(arguments.dropFirst())) } }
if arguments.first == "--import" { runAlone { try emitImport() } }
if arguments.first == "--cli" { runAlone { try emitCLIRoundTrips(runs: arguments.count > 1 ? Int(arguments[1]) ?? 50 : 50) } }
if arguments.first == "--history" { runAlone { try emitHistory() } }
if arguments.first == "--health" { runAlone { try emitHealth() } }
if arguments.first == "--abuse" { runAlone { try emitAttacks() } }
if arguments.first == "--restore" { runAlone { emitRestore(quick: arguments.contains("--quick")) } }

do {
    let socket = directory + "/sessiond.sock"
    let daemon = try daemonWithSession(socket: socket, database: directory + "/sessiond.db")
    let client = try SocketClient(path: socket)
    // Floors and latency in alternating rounds: a noisy neighbour slows both alike, and
    // the ratio is taken per round.
    let peer = try Benchmarks.EchoPeer(directory: directory)
    let commitFloor = try Benchmarks.CommitFloor(directory: directory)
    // Warm-up, unmeasured: both databases' WAL files grow to their working size (a
    // commit that grows a file also flushes its metadata), caches fill.
    _ = try commitFloor.commits(workload.warmUp)
    _ = try Benchmarks.sequentialLatency(client: client, count: workload.warmUp)
    var roundTrips: [Double] = []
    var commits: [Double] = []
    var latencies: [Double] = []
    var ratios: [Double] = []
    for _ in 0..<workload.rounds {
        let trips = peer.roundTrips(workload.roundTrips / workload.rounds)
        let durable = try commitFloor.commits(workload.commits / workload.rounds)
        let logs = try Benchmarks.sequentialLatency(client: client, count: workload.sequentialLogs / workload.rounds)
        roundTrips += trips
        commits += durable
        latencies += logs
        let floor = Benchmarks.percentile(trips.sorted(), 0.5) + Benchmarks.percentile(durable.sorted(), 0.5)
        ratios.append(Benchmarks.percentile(logs.sorted(), 0.5) / floor)
    }
    let roundTrip = Benchmarks.percentile(roundTrips.sorted(), 0.5)
    let commit = Benchmarks.percentile(commits.sorted(), 0.5)
    let commitRate = 1e6 / commit
    let floor = roundTrip + commit
    emit(Metric(name: "floor.socket_round_trip_p50", value: roundTrip, unit: "us"))
    emit(Metric(name: "floor.durable_commit_p50", value: commit, unit: "us"))
    emit(Metric(name: "floor.durable_commits_per_second", value: commitRate, unit: "1/s"))
    latencies.sort()
    emit(Metric(name: "session_log.latency_p50", value: Benchmarks.percentile(latencies, 0.5), unit: "us"))
    emit(Metric(name: "session_log.latency_p99", value: Benchmarks.percentile(latencies, 0.99), unit: "us"))
    emit(Metric(name: "session_log.latency_p50_ratio_to_floor", value: Benchmarks.percentile(ratios.sorted(), 0.5), unit: "x",
                note: "median over \(workload.rounds) rounds of p50 / (round trip + durable commit) measured in the same round; target <= 1.5"))
    var singleClientRate = 0.0
    let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
    for clients in [1, 8, 64] {
        let perClient = clients == 1 ? workload.sequentialLogs : workload.logsPerClient
        guard let run = Benchmarks.throughput(socket: socket, daemon: daemon, clients: clients, perClient: perClient) else {
            throw BenchError("session.log failed with \(clients) clients")
        }
        if clients == 1 { singleClientRate = run.rate }
        emit(Metric(name: "session_log.throughput_\(clients)_clients", value: run.rate, unit: "1/s"))
        emit(Metric(name: "session_log.throughput_\(clients)_clients_ratio_to_commit_rate", value: run.rate / commitRate, unit: "x",
                    note: clients == 64 ? "depends on the disk's fsync; see the ratio to the CPU ceiling" : nil))
        emit(Metric(name: "session_log.daemon_cpu_per_call_\(clients)_clients", value: run.daemonCPU, unit: "us"))
        // What the target asks against what the CPU allows: when the ceiling is under
        // 10 × the commit rate, only less CPU per call can reach the target, not I/O.
        if clients == 64, let ceiling = run.cpuCeiling(cores: cores) {
            emit(Metric(name: "session_log.busiest_thread_cpu_per_call_\(clients)_clients", value: run.busiestThreadCPU, unit: "us"))
            emit(Metric(name: "session_log.load_client_cpu_per_call_\(clients)_clients", value: run.loadCPU, unit: "us"))
            emit(Metric(name: "session_log.cpu_ceiling_\(clients)_clients", value: ceiling, unit: "1/s",
                        note: "calls/s this CPU cost allows on \(cores) cores with an instant disk: min(1 / busiest thread's CPU per call, cores / (daemon + load client CPU per call))"))
            emit(Metric(name: "session_log.cpu_ceiling_\(clients)_clients_ratio_to_commit_rate", value: ceiling / commitRate, unit: "x",
                        note: "the best ratio to the commit rate this CPU cost allows"))
            emit(Metric(name: "session_log.throughput_\(clients)_clients_ratio_to_cpu_ceiling", value: run.rate / ceiling, unit: "x",
                        note: "what the daemon reaches of what its CPU cost allows; no target: on two cores an fsync is mostly CPU"))
            if let instant = InstantDisk.throughput(directory: directory, clients: clients, perClient: perClient),
                let instantCeiling = instant.cpuCeiling(cores: cores)
            {
                emit(Metric(name: "session_log.throughput_\(clients)_clients_instant_disk", value: instant.rate, unit: "1/s",
                            note: "a throwaway copy of the daemon whose fsync and fdatasync return at once (LD_PRELOAD): the disk's wait taken out"))
                emit(Metric(name: "session_log.throughput_\(clients)_clients_instant_disk_ratio_to_cpu_ceiling", value: instant.rate / instantCeiling, unit: "x",
                            note: "what the design reaches of its CPU ceiling with no disk wait at all: the bound on the ratio above"))
            }
        }
        if clients > 1 {
            emit(Metric(name: "session_log.throughput_\(clients)_clients_ratio_to_1_client", value: run.rate / singleClientRate, unit: "x",
                        note: "what group commit gains over one client at a time"))
        }
    }
    emit(Metric(name: "sessiond.peak_rss_after_load", value: Double(peakRSSKilobytes(daemon)) / 1024, unit: "MiB",
                note: "target <= 12: after every session.log run above; the abuse runs below add their own"))
    // A person's session holds a few dozen sets, not the thousands logged above.
    _ = try? client.call("session.finish")
    _ = try? client.call("session.start")
    try emitCLIFigures(socket: socket, runs: workload.cliRuns)
    let cli = try Benchmarks.cliWallTimes(socket: socket, directory: directory, runs: workload.cliRuns)
    emitLogBesideTimew(cli)
    emit(Metric(name: "sessionctl_log.wall_time_ratio_to_floor", value: cli.log * 1000 / floor, unit: "x"))
    if let timew = cli.timew {
        emit(Metric(name: "sessionctl_log.wall_time_ratio_to_timew_start_plus_commit", value: cli.log / (timew + commit / 1000), unit: "x",
                    note: "timew writes without fsync; this adds the durable commit (floor) sessiond owes every set it acknowledges"))
    }
    let planner = try PlannerBenchmark.wallTimes(directory: directory, runs: workload.cliRuns)
    emit(Metric(name: "plan_next.wall_time_p50", value: planner.nextMs, unit: "ms",
                note: "sessionctl plan next with an instant planner (cat of a 7-day chatbot-style reply)"))
    emit(Metric(name: "plan_import.wall_time_p50", value: planner.importMs, unit: "ms", note: "sessionctl plan import of the same reply"))
    emit(Metric(name: "plan_next.prompt_wall_time_p50", value: planner.promptMs, unit: "ms", note: "sessionctl call prompt.render of the week before"))
    emit(Metric(name: "plan_next.ratio_to_parts", value: planner.nextMs / (planner.importMs + planner.promptMs + planner.shellMs), unit: "x",
                note: "plan next against its parts run alone: the prompt, plan import of the reply, the planner's shell; what is above 1 is the link's own"))
    emit(Metric(name: "plan_next.planner_shell_wall_time_p50", value: planner.shellMs, unit: "ms", note: "/bin/sh -c cat of the reply: the floor of running any planner"))
    try emitColdStart(runs: arguments.contains("--quick") ? 3 : 30)
    let samples = arguments.contains("--quick") ? 20 : 300
    for (name, abuse) in [("max_batch_lines", AbuseBenchmark.maximalBatches(socket: socket)),
                          ("100_non_reading_clients", AbuseBenchmark.nonReadingClients(socket: socket))] {
        let latencies = try AbuseBenchmark.statusLatency(socket: socket, samples: samples, during: abuse)
        emit(Metric(name: "abuse.\(name).daemon_status_p99", value: Benchmarks.percentile(latencies, 0.99) / 1000, unit: "ms",
                    note: "another client's daemon.status while it runs; target < 100"))
        emit(Metric(name: "abuse.\(name).peak_rss", value: Double(peakRSSKilobytes(daemon)) / 1024, unit: "MiB",
                    note: "the daemon's peak so far; target < 64"))
    }
    let rss = peakRSSKilobytes(daemon)
    // The first bench's 20 MiB target predates the abuse runs, whose non-reading clients
    // hold up to the output budget: the whole run's peak is theirs (target < 64 above);
    // the everyday figure is sessiond.peak_rss_after_load (target <= 12).
    emit(Metric(name: "sessiond.peak_rss", value: Double(rss) / 1024, unit: "MiB",
                note: "the whole run's peak, the abuse runs included: target < 64 (after the session.log runs alone: sessiond.peak_rss_after_load)"))
    // An idle daemon (no client at work, no watchdog, nothing due) should not wake at
    // all. Nothing due: the bench's session ends first, with the rest timer its last set
    // started (one ending in the window was a wake-up the figure counted), and the abuse
    // runs' connections are given a moment to close.
    _ = try? client.call("session.finish")
    usleep(300_000)
    let idleSeconds = arguments.contains("--quick") ? 1.0 : 10.0
    let switchesBefore = contextSwitches(daemon)
    usleep(useconds_t(idleSeconds * 1_000_000))
    emit(Metric(name: "sessiond.idle_wakeups_per_minute", value: Double(contextSwitches(daemon) - switchesBefore) * 60 / idleSeconds,
                unit: "1/min", note: "context switches of every daemon thread while idle; target 0"))
    kill(daemon, SIGTERM)
    let status = wait(for: daemon)
    emit(Metric(name: "sessiond.exit_status", value: Double(status), unit: "code"))

    // The weekly summary over 5 years of near-daily workouts, at two history sizes:
    // with the right indexes its cost follows the week, not the history.
    let days = 5 * 365
    var times: [Int: Double] = [:]
    for total in workload.summarySets {
        let path = directory + "/history-\(total).db"
        let generateStart = nowNs()
        let last = try SummaryBenchmark.generate(path: path, totalSets: total, days: days)
        emit(Metric(name: "summary.generate_\(total)_sets", value: Double(nowNs() - generateStart) / 1e9, unit: "s"))
        let time = try SummaryBenchmark.summaryTime(path: path, lastDay: last, days: days, runs: workload.summaryRuns)
        times[total] = time
        emit(Metric(name: "summary.weekly_\(total)_sets_p50", value: time, unit: "ms",
                    note: total >= 1_000_000 ? "target <= 200" : (total >= 50_000 ? "target <= 20" : nil)))
        unlink(path)
    }
    if let small = workload.summarySets.first, let large = workload.summarySets.last, let base = times[small], let top = times[large], base > 0 {
        emit(Metric(name: "summary.weekly_ratio_\(large)_to_\(small)_sets", value: top / base, unit: "x",
                    note: "\(large / small) × the history, the same 5 years: the week's own sets grow by that factor too"))
    }
    try emitImport()
    try emitHistory()
    try emitHealth()
    try emitAttacks()
    if !arguments.contains("--quick"), InstructionCount.valgrind != nil { try emitInstructionCounts(others: []) }
} catch {
    let message = "sessiond-bench: \(error)\n"
    _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(1)
}
