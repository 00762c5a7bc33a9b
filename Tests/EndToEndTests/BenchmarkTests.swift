import Foundation
import Testing
import TestSupport
import SessionCore
import JSON

/// The benchmark is not a test; this only checks that it runs and reports every figure
/// on a tiny workload.
@Suite struct BenchmarkTests {
    @Test func benchmarkRunsAndPrintsEveryMetric() throws {
        let result = try runProcess(Binaries.directory + "/sessiond-bench", ["--quick"], timeout: 300)
        #expect(result.status == 0, "\(result.stderr)")
        let metrics = try result.stdout.split(separator: "\n").map { try JSONParser.parse(String($0)) }
        let names = Set(metrics.compactMap { $0["name"]?.stringValue })
        // Per-thread CPU comes from schedstat, which this kind of machine's kernel has;
        // with clock ticks alone a tiny run may be too short to measure.
        let schedstat = FileManager.default.fileExists(atPath: "/proc/self/schedstat")
        let ceiling = schedstat ? [
            "session_log.busiest_thread_cpu_per_call_64_clients", "session_log.load_client_cpu_per_call_64_clients",
            "session_log.cpu_ceiling_64_clients", "session_log.cpu_ceiling_64_clients_ratio_to_commit_rate",
            "session_log.throughput_64_clients_ratio_to_cpu_ceiling",
        ] : []
        // The instant-disk run preloads a library the bench builds with the C compiler
        // on PATH (the Swift toolchain's clang at least).
        let compilers = ["cc", "clang", "gcc"].flatMap { name in
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/\(name)" }
        }
        let instantDisk = schedstat && compilers.contains(where: FileManager.default.isExecutableFile(atPath:)) ? [
            "session_log.throughput_64_clients_instant_disk", "session_log.throughput_64_clients_instant_disk_ratio_to_cpu_ceiling",
        ] : []
        for required in [
            "floor.socket_round_trip_p50", "floor.durable_commit_p50", "session_log.latency_p50", "session_log.latency_p99",
            "session_log.latency_p50_ratio_to_floor", "session_log.throughput_1_clients", "session_log.throughput_8_clients",
            "session_log.throughput_64_clients", "session_log.throughput_64_clients_ratio_to_commit_rate",
            "session_log.daemon_cpu_per_call_64_clients", "session_log.throughput_64_clients_ratio_to_1_client", "sessionctl_log.wall_time_p50", "sessiond.peak_rss", "sessiond.peak_rss_after_load",
            "sessiond.idle_wakeups_per_minute", "abuse.max_batch_lines.daemon_status_p99", "abuse.100_non_reading_clients.peak_rss",
            "plan_next.wall_time_p50", "plan_import.wall_time_p50", "plan_next.ratio_to_parts",
            "cold_start.first_status_p50", "cold_start.warm_status_p50", "cold_start.ratio_to_warm", "cold_start.sessiond_version_p50",
            "cold_start.daemon_startup_p50", "cold_start.rest_p50",
            "bench.release_build", "history_scale.history_exercise_year_p50", "history_scale.history_exercise_ratio_year_to_month",
            "history_scale.progress_ratio_year_to_month", "history_scale.sessiond_peak_rss_year",
        ] + ceiling + instantDisk {
            #expect(names.contains(required), "\(required)")
        }
        for metric in metrics {
            let value = try #require(metric["value"]?.numberValue)
            #expect(value.isFinite && value >= 0, "\(metric.jsonText)")
            #expect(metric["unit"]?.stringValue != nil)
        }
        #expect(metrics.first { $0["name"] == "sessiond.exit_status" }?["value"] == 0, "the daemon stopped cleanly")
        #expect((metrics.first { $0["name"] == "sessiond.peak_rss" }?["value"]?.numberValue ?? 0) > 1)
        // The ceiling is a bound on the throughput measured from the same CPU figures.
        let value = { (name: String) in metrics.first { $0["name"]?.stringValue == name }?["value"]?.numberValue ?? .nan }
        if !ceiling.isEmpty {
            let busiest = value("session_log.busiest_thread_cpu_per_call_64_clients")
            #expect(busiest <= value("session_log.daemon_cpu_per_call_64_clients") + 1e-9, "one thread cannot use more than the whole daemon")
            // Both figures are printed rounded to 3 decimals: a slow machine's small busiest
            // thread figure moves the bound by more than 1e-6 (5921.054 against 5921.049).
            #expect(value("session_log.cpu_ceiling_64_clients") <= (1e6 / busiest) * (1 + 1e-5))
        }
    }

    /// `--import` runs the history import alone, against sqlite3's `.import` when sqlite3
    /// is installed, and reports a ratio per round.
    @Test func theImportRunsAlone() throws {
        let result = try runProcess(Binaries.directory + "/sessiond-bench", ["--import", "--quick"], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let metrics = try result.stdout.split(separator: "\n").map { try JSONParser.parse(String($0)) }
        let names = Set(metrics.compactMap { $0["name"]?.stringValue })
        #expect(names.contains("history_import.rows_per_second") && names.contains("history_import.sessiond_peak_rss"))
        #expect(!names.contains("session_log.latency_p50"), "only the import")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") {
            let ratio = try #require(metrics.first { $0["name"] == "history_import.ratio_to_sqlite3_csv" })
            #expect((ratio["value"]?.numberValue ?? 0) > 0)
            #expect(ratio["note"]?.stringValue?.contains("rounds: ") == true)
        }
    }

    /// The load client stores exactly what it says it sent, and counts refusals.
    @Test func theLoadClientLogsEverySetAndCountsFailures() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let bench = Binaries.directory + "/sessiond-bench"
        let refused = try runProcess(bench, ["--load", daemon.socketPath, "2", "3"], timeout: 60)
        #expect(refused.status == 0)
        #expect(refused.stdout.split(separator: " ").dropFirst().prefix(2).map(String.init) == ["6", "6"], "no session: every call fails")
        _ = try daemon.client().call("session.start")
        let result = try runProcess(bench, ["--load", daemon.socketPath, "3", "4"], timeout: 60)
        let fields = result.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
        #expect(fields.count == 4 && fields[0] > 0 && fields[1] == 12 && fields[2] == 0 && fields[3] > 0, "\(result.stdout)")
        #expect(try daemon.client().call("session.current")["sets"] == 12)
    }
}
