import Glibc
import SessionRPC
import SessionSystem

/// What the daemon reaches when the disk costs nothing: a second daemon of the same
/// build, started with a preloaded library whose fsync(2) and fdatasync(2) return at
/// once, takes the same 64-client load. Only this bench's own throwaway copy runs so
/// (its database is deleted with the bench's directory); the real daemon has no such
/// mode. It tells how much of the distance to the CPU ceiling is the disk's wait and
/// how much is the threads handing work to each other.
enum InstantDisk {
    /// The C source of the preloaded library.
    static let source = """
        int fsync(int fd) { (void)fd; return 0; }
        int fdatasync(int fd) { (void)fd; return 0; }

        """

    /// The C compiler to build it with: the first of cc, clang and gcc on PATH (the
    /// Swift toolchain brings clang); nil when there is none, and the figure is skipped.
    static var compiler: String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        return ["cc", "clang", "gcc"].lazy.compactMap { ChildProcess.executable(named: $0, path: path) }.first
    }

    /// Builds the library; nil when it cannot.
    static func library(directory: String) -> String? {
        guard let compiler else { return nil }
        let sourcePath = directory + "/instant-disk.c"
        let libraryPath = directory + "/instant-disk.so"
        guard (try? writeFile(sourcePath, source)) != nil else { return nil }
        return wait(for: spawn(compiler, ["-shared", "-fPIC", "-O2", "-o", libraryPath, sourcePath])) == 0 ? libraryPath : nil
    }

    /// The 64-client throughput of a daemon whose syncs return at once; nil when no
    /// library could be built or the run failed.
    static func throughput(directory: String, clients: Int, perClient: Int) -> Benchmarks.Throughput? {
        guard let library = library(directory: directory) else { return nil }
        let socket = directory + "/instant-disk.sock"
        guard let daemon = try? startDaemon(socket: socket, database: directory + "/instant-disk.db", environment: ["LD_PRELOAD": library],
                                            session: true, for: "with syncs that return at once") else { return nil }
        defer { stop(daemon) }
        return Benchmarks.throughput(socket: socket, daemon: daemon, clients: clients, perClient: perClient)
    }
}
