import Foundation
import Testing
import TestSupport
import SessionCore

/// The benchmark is not a test; this only checks that it runs and reports every figure
/// on a tiny workload.
@Suite struct BenchmarkTests {
    @Test func benchmarkRunsAndPrintsEveryMetric() throws {
        let result = try runProcess(Binaries.directory + "/sessiond-bench", ["--quick"], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let metrics = try result.stdout.split(separator: "\n").map { try JSONParser.parse(String($0)) }
        let names = Set(metrics.compactMap { $0["name"]?.stringValue })
        for required in [
            "floor.socket_round_trip_p50", "floor.durable_commit_p50", "session_log.latency_p50", "session_log.latency_p99",
            "session_log.latency_p50_ratio_to_floor", "session_log.throughput_1_clients", "session_log.throughput_8_clients",
            "session_log.throughput_64_clients", "session_log.throughput_64_clients_ratio_to_commit_rate",
            "sessionctl_log.wall_time_p50", "sessiond.peak_rss",
        ] {
            #expect(names.contains(required), "\(required)")
        }
        for metric in metrics {
            let value = try #require(metric["value"]?.numberValue)
            #expect(value.isFinite && value >= 0, "\(metric.jsonText)")
            #expect(metric["unit"]?.stringValue != nil)
        }
        #expect(metrics.first { $0["name"] == "sessiond.exit_status" }?["value"] == 0, "the daemon stopped cleanly")
        #expect((metrics.first { $0["name"] == "sessiond.peak_rss" }?["value"]?.numberValue ?? 0) > 1)
    }
}
