#if canImport(Glibc)
import Glibc
#endif

/// Starts a program (posix_spawn) and returns its pid; stdout/stderr go to /dev/null
/// unless `inherit`.
func spawn(_ path: String, _ arguments: [String], inherit: Bool = false) -> pid_t {
    var pid: pid_t = 0
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if !inherit {
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }
    // A child gets default signal handling and an empty mask, whatever the process
    // that started the benchmark blocked or ignored.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGTERM, SIGINT, SIGPIPE] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let result = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
    precondition(result == 0, "cannot start \(path): \(String(cString: strerror(result)))")
    return pid
}

/// Waits for a child and returns its exit status.
@discardableResult
func wait(for pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    return (status >> 8) & 0xFF
}

/// Runs `body` on `count` POSIX threads at once and waits for all of them.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    final class Box { let run: () -> Void; init(_ run: @escaping () -> Void) { self.run = run } }
    var threads: [pthread_t] = []
    for index in 0..<count {
        var thread = pthread_t()
        let box = Unmanaged.passRetained(Box { body(index) }).toOpaque()
        pthread_create(&thread, nil, { argument in
            guard let argument else { return nil }
            Unmanaged<Box>.fromOpaque(argument).takeRetainedValue().run()
            return nil
        }, box)
        threads.append(thread)
    }
    for thread in threads { pthread_join(thread, nil) }
}

/// Monotonic nanoseconds.
func nowNs() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// The directory holding this executable (and the other built products).
func productsDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    let path = count > 0 ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
    return String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
}

/// Peak resident set size of a process in kB (VmHWM), or 0.
func peakRSSKilobytes(_ pid: pid_t) -> Int {
    guard let file = fopen("/proc/\(pid)/status", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 512)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(cString: line)
        if text.hasPrefix("VmHWM:") {
            return Int(text.dropFirst(6).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "0") ?? 0
        }
    }
    return 0
}
