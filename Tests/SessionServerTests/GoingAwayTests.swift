import Glibc
import Foundation
import SessionSystem
import Testing
import TestSupport

@testable import SessionServer

/// A daemon killed a moment ago still holds its socket and its lock until the kernel
/// has closed its files: a restart right after it waits for them, and still refuses a
/// daemon that lives.
@Suite struct GoingAwayTests {
    /// A listening socket at `path` that never accepts: connections wait in its queue,
    /// as they do in a killed daemon's until its socket is closed.
    private func listening(at path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        try #require(fd >= 0)
        try #require(UnixAddress.withAddress(path) { bind(fd, $0, $1) } == 0)
        try #require(listen(fd, 8) == 0)
        return fd
    }

    /// Runs `body` on a thread of its own; the result is read once it has ended.
    private final class Background<Value>: @unchecked Sendable {
        private var value: Value?
        private let done = DispatchSemaphore(value: 0)

        init(_ body: @escaping @Sendable () -> Value) {
            Thread.detachNewThread { [self] in
                value = body()
                done.signal()
            }
        }

        func result(timeout: Double = 20) throws -> Value {
            try #require(done.wait(timeout: .now() + timeout) == .success, "the thread did not end within \(timeout) s")
            return try #require(value)
        }
    }

    @Test func aListenerThatDropsWhatItQueuedIsWaitedFor() throws {
        let directory = Fixtures.temporaryDirectory("going-away")
        defer { Fixtures.removeTree(directory) }
        let path = directory + "/sessiond.sock"
        let listener = try listening(at: path)
        let probe = Background { () -> String? in
            do { try Listener.refuseIfServed(path: path); return nil } catch { return "\(error)" }
        }
        // The probe's connection is queued; then the socket closes with it unaccepted,
        // as a killed daemon's does.
        var entry = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        try #require(poll(&entry, 1, 10_000) == 1, "the probe connects")
        close(listener)
        #expect(try probe.result() == nil, "the place is free once connecting is refused")
    }

    @Test func aListenerThatDoesNotAnswerIsRefused() throws {
        let directory = Fixtures.temporaryDirectory("going-away")
        defer { Fixtures.removeTree(directory) }
        let path = directory + "/sessiond.sock"
        let listener = try listening(at: path)
        defer { close(listener) }
        let error = #expect(throws: Listener.Failure.self) { try Listener.refuseIfServed(path: path) }
        #expect(error?.description == "something listening on \(path) (a sessiond too busy to answer, or another program) takes connections but did not answer within 1 s; stop it or pass another --socket")
    }

    /// A child that has ended and is not yet reaped: a zombie.
    private func zombie() throws -> pid_t {
        var pid: pid_t = 0
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("true"), nil]
        defer { free(arguments[0]) }
        try #require(posix_spawn(&pid, "/bin/true", nil, nil, arguments, environ) == 0)
        var info = siginfo_t()
        try #require(waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == 0, "ended, left unreaped")
        return pid
    }

    @Test func aProcessOnItsWayOutIsToldFromALiveOne() throws {
        let pid = try zombie()
        #expect(ProcessStatus.isExiting(pid), "a zombie")
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        #expect(ProcessStatus.isExiting(pid), "gone")
        #expect(!ProcessStatus.isExiting(getpid()), "this process lives")
    }

    /// Holds `path`'s lock in this process, naming `holder` as the daemon holding it,
    /// as a daemon writes its pid there.
    private func holdLock(_ path: String, as holder: pid_t) throws -> Int32 {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        try #require(fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0)
        let text = Array("\(holder)\n".utf8)
        try #require(pwrite(fd, text, text.count, 0) == text.count)
        return fd
    }

    @Test func theLockOfADaemonOnItsWayOutIsWaitedFor() throws {
        let directory = Fixtures.temporaryDirectory("going-away")
        defer { Fixtures.removeTree(directory) }
        let database = directory + "/sessiond.db", lockPath = directory + "/sessiond.db.lock"
        let holder = try zombie()
        defer { var status: Int32 = 0; waitpid(holder, &status, 0) }
        let held = try holdLock(lockPath, as: holder)
        // Each attempt opens the lock file: the second open is a second attempt, made
        // because the holder was on its way out. Then the lock goes, as the kernel
        // closes the killed daemon's files.
        let opens = inotify_init1(Int32(IN_CLOEXEC))
        defer { close(opens) }
        try #require(opens >= 0 && inotify_add_watch(opens, lockPath, UInt32(IN_OPEN)) >= 0)
        let taking = Background { () -> String? in
            do { _ = try DatabaseLock(databasePath: database); return nil } catch { return "\(error)" }
        }
        var seen = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        while seen < 2 {
            var entry = pollfd(fd: opens, events: Int16(POLLIN), revents: 0)
            try #require(poll(&entry, 1, 10_000) == 1, "the lock is tried again")
            let count = read(opens, &buffer, buffer.count)
            seen += max(0, count) / MemoryLayout<inotify_event>.size
        }
        close(held)
        #expect(try taking.result() == nil, "taken once the holder's files are closed")
    }

    @Test func theLockOfADaemonThatLivesIsRefusedAtOnce() throws {
        let directory = Fixtures.temporaryDirectory("going-away")
        defer { Fixtures.removeTree(directory) }
        let database = directory + "/sessiond.db"
        let held = try holdLock(database + ".lock", as: getpid())
        defer { close(held) }
        let error = #expect(throws: Daemon.StartFailure.self) { _ = try DatabaseLock(databasePath: database) }
        #expect(error?.description.hasPrefix("another sessiond (pid \(getpid())) is using the database \(database)") == true, "\(String(describing: error))")
    }
}
