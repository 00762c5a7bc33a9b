import Glibc

/// Runs a shell command to its end with bytes on its standard input, collecting what it
/// prints, under a deadline. The command runs as `/bin/sh -c COMMAND` in a process
/// group of its own, so that a timeout stops everything it started (a `curl` inside a
/// script too), not just the shell.
public enum ChildProcess {
    /// How the command ended.
    public enum Ending: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal killed it.
        case signalled(Int32)
        /// The deadline passed; its process group was sent SIGTERM, then SIGKILL.
        case timedOut
        /// This process was sent this signal (SIGINT, SIGTERM, SIGHUP) while it waited;
        /// the command's process group was stopped as on a timeout.
        case interrupted(Int32)
    }

    /// What a finished command printed and how it ended.
    public struct Finished: Sendable {
        public let ending: Ending
        public let standardOutput: [UInt8]
        public let standardError: [UInt8]
    }

    /// Why the command could not be run at all.
    public struct LaunchError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// At most this much of each output stream is kept; the rest is read and dropped,
    /// so a runaway command cannot fill memory.
    public static let outputLimit = 16 << 20

    /// Runs `command` with `input` on its standard input and waits at most `timeoutMs`.
    /// `arguments` are the shell's `$0`, `$1`, … (so that text reaches the command
    /// unquoted and unexpanded); `environment` adds or replaces variables of this
    /// process's environment. With `interruptible`, a signal of `Signals.interruptions`
    /// sent to this process while it waits (one it does not ignore: `nohup` keeps its
    /// hang-ups away) stops the command (`Ending.interrupted`: it runs in a group of its
    /// own, which a terminal's Ctrl-C does not reach) and is not acted on; without, it
    /// acts as ever (Ctrl-C ends this process; a short command such as groff, in its own
    /// group, runs to its end).
    public static func run(shell command: String, arguments: [String] = [], input: [UInt8], timeoutMs: Int,
                           environment: [String: String] = [:], interruptible: Bool = false) throws(LaunchError) -> Finished {
        // Held back while the command runs, taken when they come (`pendingInterruption`).
        var interrupting = sigset_t()
        sigemptyset(&interrupting)
        for signal in Signals.interruptions where interruptible && !Signals.isIgnored(signal) { sigaddset(&interrupting, signal) }
        var previousMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &interrupting, &previousMask)
        defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }
        var toChild: [Int32] = [-1, -1]
        var fromChild: [Int32] = [-1, -1]
        var errorsFromChild: [Int32] = [-1, -1]
        guard makePipe(&toChild), makePipe(&fromChild), makePipe(&errorsFromChild) else {
            let reason = String(cString: strerror(errno))
            for fd in toChild + fromChild + errorsFromChild where fd >= 0 { close(fd) }
            throw LaunchError(description: "cannot make pipes: \(reason)")
        }
        let pid: pid_t
        do {
            pid = try spawn("/bin/sh", ["-c", command] + arguments, descriptors: [toChild[0], fromChild[1], errorsFromChild[1]],
                            environment: environment, ownGroup: true)
        } catch {
            for fd in toChild + fromChild + errorsFromChild { close(fd) }
            throw error
        }
        // A command that exits without reading all its input must not kill this process
        // with SIGPIPE: the write fails with EPIPE instead.
        PipeSignal.begin()
        defer { PipeSignal.end() }
        close(toChild[0])
        close(fromChild[1])
        close(errorsFromChild[1])
        var streams = Streams(input: input, stdin: toChild[1], stdout: fromChild[0], stderr: errorsFromChild[0])
        let deadline = monotonicMs() + Int64(timeoutMs)
        var timedOut = false
        var interruption: Int32?
        var exitStatus: Int32?
        // Once the command has exited, what it printed is read for `lingerMs` more at
        // most: something it left running that holds its output open (a background
        // child) is not waited for, and does not turn a complete answer into a timeout.
        var readUntil = Int64.max
        while streams.open, monotonicMs() < readUntil {
            let left = deadline - monotonicMs()
            if left <= 0 {
                timedOut = true
                break
            }
            if let signal = pendingInterruption(interrupting) {
                interruption = signal
                break
            }
            streams.pump(waitMs: Int32(min(left, 50)))
            if exitStatus == nil, let status = reaped(pid) {
                exitStatus = status
                readUntil = monotonicMs() + lingerMs
            }
        }
        streams.closeAll()
        // A command that closed its output may still run: it gets what is left of the
        // deadline to exit.
        while !timedOut, interruption == nil, exitStatus == nil {
            var status: Int32 = 0
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid {
                exitStatus = status
            } else if reaped < 0, errno != EINTR {
                exitStatus = waitForExit(pid)
            } else if monotonicMs() >= deadline {
                timedOut = true
            } else if let signal = pendingInterruption(interrupting) {
                interruption = signal
            } else {
                usleep(5_000)
            }
        }
        let status = exitStatus ?? stopGroup(pid)
        // What the command started goes with it: its process group is ended.
        if exitStatus != nil { endGroup(pid) }
        // One that came while the group was ended is taken too, before the mask is
        // restored: it would end this process before its caller kept what it must.
        if interruption == nil, let signal = pendingInterruption(interrupting) { interruption = signal }
        let ending: Ending
        if let interruption {
            ending = .interrupted(interruption)
        } else if timedOut {
            ending = .timedOut
        } else if status & 0x7F == 0 {
            ending = .exited((status >> 8) & 0xFF)
        } else {
            ending = .signalled(status & 0x7F)
        }
        return Finished(ending: ending, standardOutput: streams.output, standardError: streams.errors)
    }

    /// Starts `path` with `arguments`; the child's descriptors 0, 1, 2 are `descriptors`
    /// (-1: /dev/null). A child gets default signal handling and an empty mask whatever
    /// this process blocked or ignored; with `ownGroup` it leads a new process group.
    public static func spawn(_ path: String, _ arguments: [String], descriptors: [Int32], environment: [String: String] = [:],
                             ownGroup: Bool = false) throws(LaunchError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, fd) in descriptors.enumerated() {
            if fd >= 0 {
                posix_spawn_file_actions_adddup2(&actions, fd, Int32(target))
            } else {
                posix_spawn_file_actions_addopen(&actions, Int32(target), "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGPIPE, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownGroup {
            flags |= POSIX_SPAWN_SETPGROUP
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = mergedEnvironment(environment).map { strdup($0) } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard result == 0 else { throw LaunchError(description: "cannot start \(path): \(String(cString: strerror(result)))") }
        return pid
    }

    /// A pipe whose ends close on exec (the child gets only the ends dup2 gives it).
    private static func makePipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// This process's environment with `changes` applied, as NAME=VALUE strings.
    static func mergedEnvironment(_ changes: [String: String]) -> [String] {
        var entries: [String] = []
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
            if changes[name] == nil { entries.append(text) }
            index += 1
        }
        return entries + changes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }

    /// How long output is read after the command exited.
    static let lingerMs: Int64 = 500

    /// The wait status of `pid` when it has exited, without waiting.
    /// A signal of `set` (blocked) sent to this process, taken; nil when none waits.
    private static func pendingInterruption(_ set: sigset_t) -> Int32? {
        var set = set
        var none = timespec(tv_sec: 0, tv_nsec: 0)
        let signal = sigtimedwait(&set, nil, &none)
        return signal > 0 ? signal : nil
    }

    private static func reaped(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == pid ? status : nil
    }

    /// Ends what is left of the process group of a leader that exited: SIGTERM, and
    /// SIGKILL for whatever still runs a second later. (The group's id stays taken
    /// while any member lives, so no other process is signalled.)
    private static func endGroup(_ pid: pid_t) {
        guard kill(-pid, SIGTERM) == 0 else { return }
        let grace = monotonicMs() + 1000
        while monotonicMs() < grace, kill(-pid, 0) == 0 { usleep(10_000) }
        kill(-pid, SIGKILL)
    }

    /// Asks the command's process group to stop, kills what is left after a grace
    /// period, and returns the leader's wait status.
    private static func stopGroup(_ pid: pid_t) -> Int32 {
        kill(-pid, SIGTERM)
        let grace = monotonicMs() + 1000
        var status: Int32 = 0
        while monotonicMs() < grace {
            if waitpid(pid, &status, WNOHANG) == pid {
                // The leader is gone; anything it left in the group goes too.
                kill(-pid, SIGKILL)
                return status
            }
            usleep(20_000)
        }
        kill(-pid, SIGKILL)
        return waitForExit(pid)
    }

    /// Where `name` runs from on `path` (a `PATH` value, an empty entry meaning the
    /// working directory), as the shell finds it; nil when no entry has it.
    public static func executable(named name: String, path: String) -> String? {
        path.split(separator: ":", omittingEmptySubsequences: false).lazy.map { ($0.isEmpty ? "." : String($0)) + "/" + name }.first { access($0, X_OK) == 0 }
    }

    /// Waits for a child `spawn` started (one attached to the terminal, an editor) and
    /// returns its exit status, or 128 + the signal that ended it.
    public static func waitForEnd(_ pid: pid_t) -> Int32 {
        let status = waitForExit(pid)
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// Waits for the child and returns its wait status.
    private static func waitForExit(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return status
    }

    /// Milliseconds of the monotonic clock.
    static func monotonicMs() -> Int64 { MonotonicClock.nowNs() / 1_000_000 }
}

/// The three pipes to a running child: input written as the child reads it, output
/// and errors read as they come, so that neither side blocks the other.
private struct Streams {
    let input: [UInt8]
    var written = 0
    var stdin: Int32
    var stdout: Int32
    var stderr: Int32
    var output: [UInt8] = []
    var errors: [UInt8] = []

    init(input: [UInt8], stdin: Int32, stdout: Int32, stderr: Int32) {
        self.input = input
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        _ = fcntl(stdin, F_SETFL, fcntl(stdin, F_GETFL) | O_NONBLOCK)
        if input.isEmpty { closeInput() }
    }

    /// True while the child may still print.
    var open: Bool { stdout >= 0 || stderr >= 0 }

    /// Waits up to `waitMs` for any pipe to be ready and moves what it can.
    mutating func pump(waitMs: Int32) {
        var fds = [pollfd(fd: stdin, events: Int16(POLLOUT), revents: 0), pollfd(fd: stdout, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: stderr, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&fds, nfds_t(fds.count), waitMs)
        guard ready > 0 else { return }
        if fds[0].revents != 0 { writeInput() }
        if fds[1].revents != 0 { Self.drain(&stdout, into: &output) }
        if fds[2].revents != 0 { Self.drain(&stderr, into: &errors) }
    }

    private mutating func writeInput() {
        let count = input.withUnsafeBytes { write(stdin, $0.baseAddress! + written, input.count - written) }
        if count > 0 {
            written += count
            if written == input.count { closeInput() }
        } else if count < 0, errno != EAGAIN, errno != EINTR {
            // The child closed its input (EPIPE): it wants no more.
            closeInput()
        }
    }

    private mutating func closeInput() {
        if stdin >= 0 { close(stdin) }
        stdin = -1
    }

    private static func keep(_ bytes: ArraySlice<UInt8>, into buffer: inout [UInt8]) {
        let room = ChildProcess.outputLimit - buffer.count
        if room > 0 { buffer += bytes.prefix(room) }
    }

    private static func drain(_ fd: inout Int32, into buffer: inout [UInt8]) {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = read(fd, &chunk, chunk.count)
        if count > 0 {
            keep(chunk[0..<count], into: &buffer)
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            close(fd)
            fd = -1
        }
    }

    mutating func closeAll() {
        closeInput()
        for fd in [stdout, stderr] where fd >= 0 { close(fd) }
        stdout = -1
        stderr = -1
    }
}
