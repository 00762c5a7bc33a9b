import Glibc
import SessionRPC
import SessionSystem

/// Starts a program (posix_spawn) and returns its pid. Its stdout goes to `output`
/// (and its stdin and stderr are ours) when given, both go to /dev/null otherwise.
func spawn(_ path: String, _ arguments: [String], output: Int32? = nil, environment: [String: String] = [:]) -> pid_t {
    do {
        return try ChildProcess.spawn(path, arguments, descriptors: output.map { [0, $0, 2] } ?? [0, -1, -1], environment: environment)
    } catch {
        fatalError("\(error)")
    }
}

/// Runs a program to its end and returns what it printed; nil when it failed.
func output(of path: String, _ arguments: [String]) -> String? {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    let pid = spawn(path, arguments, output: ends[1])
    close(ends[1])
    let bytes = readToEnd(ends[0])
    close(ends[0])
    guard wait(for: pid) == 0 else { return nil }
    return String(decoding: bytes, as: UTF8.self)
}

/// Everything a descriptor yields until end of file (or an error).
func readToEnd(_ fd: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = read(fd, &chunk, chunk.count)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return bytes }
        bytes += chunk[0..<count]
    }
}

/// CPU time each of a process's threads has run so far, in seconds, by thread id: the
/// scheduler's own count in nanoseconds (/proc/PID/task/TID/schedstat), so short runs
/// measure too; utime + stime in clock ticks where a kernel has no schedstat.
func threadCPUSeconds(_ pid: pid_t) -> [Int: Double] {
    var threads: [Int: Double] = [:]
    for tid in threadIDs(pid) {
        let task = "/proc/\(pid)/task/\(tid)"
        if let text = procFile(task + "/schedstat"), let field = text.split(separator: " ").first, let nanoseconds = Double(field) {
            threads[tid] = nanoseconds / 1e9
        } else if let ticks = ticks(statFile: task + "/stat") {
            threads[tid] = ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
        }
    }
    return threads
}

/// utime + stime of a /proc …/stat file, in clock ticks.
private func ticks(statFile path: String) -> Double? {
    guard let text = procFile(path), let close = text.lastIndex(of: ")") else { return nil }
    // Fields after the command name, which may hold spaces: state is field 3, utime 14, stime 15.
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
    return user + system
}

/// The text of a file (one under /proc, a profile), or nil when it cannot be read.
func procFile(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    return String(decoding: readToEnd(fd), as: UTF8.self)
}

/// Waits for a child and returns its exit status.
@discardableResult
func wait(for pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    return (status >> 8) & 0xFF
}

/// Monotonic nanoseconds.
func nowNs() -> UInt64 { UInt64(MonotonicClock.nowNs()) }

/// The directory holding this executable (and the other built products).
func productsDirectory() -> String {
    FilePath.directory(of: FilePath.executable() ?? CommandLine.arguments[0])
}

/// Peak resident set size of a process in kB (VmHWM), or 0.
func peakRSSKilobytes(_ pid: pid_t) -> Int { statusKilobytes(pid, "VmHWM:") }

/// Resident set size of a process now, in kB (VmRSS), or 0.
func rssKilobytes(_ pid: pid_t) -> Int { statusKilobytes(pid, "VmRSS:") }

/// A size field of /proc/PID/status in kB, or 0.
private func statusKilobytes(_ pid: pid_t, _ field: String) -> Int {
    guard let status = procFile("/proc/\(pid)/status"),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) })
    else { return 0 }
    return Int(line.dropFirst(field.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "0") ?? 0
}

/// Context switches (voluntary and not) of every thread of `pid` so far: each wake-up
/// of an idle process is one.
func contextSwitches(_ pid: pid_t) -> Int {
    threadIDs(pid).reduce(0) { total, tid in
        let status = procFile("/proc/\(pid)/task/\(tid)/status") ?? ""
        return total + status.split(separator: "\n").filter { $0.contains("ctxt_switches") }
            .compactMap { Int($0.split(whereSeparator: { $0 == " " || $0 == "\t" }).last ?? "") }.reduce(0, +)
    }
}

/// The ids of a process's threads (/proc/PID/task).
func threadIDs(_ pid: pid_t) -> [Int] {
    guard let directory = opendir("/proc/\(pid)/task") else { return [] }
    defer { closedir(directory) }
    var ids: [Int] = []
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if let tid = Int(name) { ids.append(tid) }
    }
    return ids
}

/// Writes `text` to a new file at `path` (replacing one there).
func writeFile(_ path: String, _ text: String) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw BenchError("cannot write \(path)") }
    defer { close(fd) }
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written > 0 else { throw BenchError("cannot write \(path)") }
        offset += written
    }
}

/// Waits up to about 5 s for a daemon's socket: until a connection is taken, or, with
/// `connecting` false, until the socket file is there (connecting to a socket that
/// systemd-socket-activate listens on would start the daemon).
func waitForSocket(_ path: String, connecting: Bool = true) -> Bool {
    for _ in 0..<1000 {
        if connecting ? (try? SocketClient(path: path)) != nil : access(path, F_OK) == 0 { return true }
        usleep(5_000)
    }
    return false
}

/// Waits until a socket at `path` listens, found in /proc/net/unix (its line carries
/// the accepting flag, `__SO_ACCEPTCON`) without connecting: a connection to
/// systemd-socket-activate would start the daemon it stands for, and the socket's file
/// exists from bind(2) on, before listen(2), while a connect is still refused.
func waitForListening(_ path: String) -> Bool {
    for _ in 0..<1000 {
        let listening = procFile("/proc/net/unix")?.split(separator: "\n").contains { line in
            let fields = line.split(separator: " ")
            return fields.count >= 8 && fields[3] == "00010000" && fields[7] == path
        }
        if listening == true { return true }
        usleep(5_000)
    }
    return false
}

/// Wall milliseconds of one run of a program, which must exit 0.
func wallMs(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Double {
    let begin = nowNs()
    guard wait(for: spawn(path, arguments, environment: environment)) == 0 else { throw BenchError("\(path) \(arguments.joined(separator: " ")) failed") }
    return Double(nowNs() - begin) / 1e6
}

/// The median of `runs` runs of `wallMs`.
func medianWallMs(_ path: String, _ arguments: [String], runs: Int) throws -> Double {
    var samples: [Double] = []
    for _ in 0..<runs { samples.append(try wallMs(path, arguments)) }
    return Benchmarks.percentile(samples.sorted(), 0.5)
}

/// A file's size in bytes, or 0.
func fileSize(_ path: String) -> Int {
    var status = stat()
    return stat(path, &status) == 0 ? Int(status.st_size) : 0
}

/// Runs a program to its end, reading its peak memory while it runs (getrusage's
/// ru_maxrss of a spawned child also counts this process's memory at the spawn, which
/// the child shared until exec); the seconds it took and that peak in KiB. A failure
/// is an error naming the program.
func runWatchingPeak(_ path: String, _ arguments: [String]) throws -> (seconds: Double, peakKilobytes: Int) {
    let start = nowNs()
    let child = spawn(path, arguments)
    var peak = 0
    var status: Int32 = 0
    while true {
        let waited = waitpid(child, &status, WNOHANG)
        if waited == child { break }
        guard waited == 0 || errno == EINTR else { throw BenchError("waiting for \(arguments.joined(separator: " ")) failed (errno \(errno))") }
        peak = max(peak, peakRSSKilobytes(child))
        usleep(2_000)
    }
    let seconds = Double(nowNs() - start) / 1e9
    guard status == 0 else { throw BenchError("\(path) \(arguments.joined(separator: " ")) failed (wait status \(status))") }
    return (seconds, peak)
}

/// This build's sessiond on `socket` over `database`, in `zone` and with `environment`
/// added to its own, once it listens; with `session`, once a session is started too,
/// for the figures that log into one. `purpose` says in an error what it was for. Stop
/// it with `stop(_:)`.
func startDaemon(socket: String, database: String, zone: String = "UTC", environment: [String: String] = [:], session: Bool = false,
                 for purpose: String) throws -> pid_t {
    let daemon = spawn(productsDirectory() + "/sessiond", ["--socket", socket, "--database", database, "--timezone", zone], environment: environment)
    var started = waitForSocket(socket)
    if started, session {
        if let client = try? SocketClient(path: socket), case .success? = try? client.call("session.start") {} else { started = false }
    }
    guard started else {
        stop(daemon)
        throw BenchError("sessiond did not start \(purpose)")
    }
    return daemon
}

/// This build's sessiond on `socket` with a session started (`startDaemon`).
func daemonWithSession(socket: String, database: String) throws -> pid_t {
    try startDaemon(socket: socket, database: database, session: true, for: "with a session on \(socket)")
}

/// Stops a daemon `daemonWithSession` started, and waits for it.
func stop(_ daemon: pid_t) {
    kill(daemon, SIGTERM)
    _ = wait(for: daemon)
}
