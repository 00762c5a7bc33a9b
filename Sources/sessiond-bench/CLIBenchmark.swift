import Glibc

/// A person's round trips through the CLI beside the tools they are compared with, run
/// by turns so that each sees the same machine: `sessionctl --version` (the executable's
/// start and nothing else), `sessionctl status` (a start, a call and its answer) beside
/// `mpc status` (MPD's client, with no server: its start and a refused connection), and
/// `sessionctl log` beside `timew start` (`Benchmarks.cliWallTimes`).
enum CLIBenchmark {
    struct Figures {
        /// Medians in milliseconds; nil when the tool is not installed.
        let version: Double
        let status: Double
        let mpcStatus: Double?
    }

    /// Where mpc is installed, nil when it is not (`make bench` installs it).
    static var mpc: String? {
        ["/usr/bin/mpc", "/usr/local/bin/mpc"].first { access($0, X_OK) == 0 }
    }

    /// Times each command `runs` times by turns against the daemon at `socket`.
    static func measure(socket: String, directory: String, runs: Int) throws -> Figures {
        let sessionctl = productsDirectory() + "/sessionctl"
        var version: [Double] = []
        var status: [Double] = []
        var mpcStatus: [Double] = []
        let mpc = Self.mpc
        for _ in 0..<runs {
            version.append(try wallMs(sessionctl, ["--version"]))
            status.append(try wallMs(sessionctl, ["--socket", socket, "status"]))
            if let mpc {
                // No server at that path: mpc starts, is refused, and says so (exit 1).
                let begin = nowNs()
                _ = wait(for: spawn(mpc, ["status"], environment: ["MPD_HOST": directory + "/no-mpd.sock"]))
                mpcStatus.append(Double(nowNs() - begin) / 1e6)
            }
        }
        func median(_ samples: [Double]) -> Double { Benchmarks.percentile(samples.sorted(), 0.5) }
        return Figures(version: median(version), status: median(status), mpcStatus: mpcStatus.isEmpty ? nil : median(mpcStatus))
    }
}

/// `sessionctl log`'s round trip and, when timewarrior is installed, `timew start`'s
/// beside it (`Benchmarks.cliWallTimes`).
func emitLogBesideTimew(_ cli: (log: Double, timew: Double?)) {
    emit(Metric(name: "sessionctl_log.wall_time_p50", value: cli.log, unit: "ms", note: "one round trip: the sets and the read for the next: line in one write"))
    if let timew = cli.timew {
        emit(Metric(name: "timew_start.wall_time_p50", value: timew, unit: "ms", note: "timewarrior's timew start, run by turns with sessionctl log"))
        emit(Metric(name: "sessionctl_log.wall_time_ratio_to_timew_start", value: cli.log / timew, unit: "x", note: "target <= 1.0"))
    } else {
        let note = "sessiond-bench: timewarrior is not installed; sessionctl_log.wall_time_ratio_to_timew_start skipped (make bench installs it)\n"
        _ = note.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }
}
