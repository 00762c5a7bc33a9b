import Foundation
import SessionCore
import SessionSystem

/// A daemon whose clock a test sets, to run a timeline at chosen times: the in-process
/// application's injected clock, or a daemon process under libfaketime (Debian's
/// `faketime`), whose offset file a test rewrites.
public protocol SettableClock {
    /// Runs the daemon at `ms` (Unix milliseconds, the clock going on from there), or
    /// on the real clock again for nil.
    func setClock(toMs ms: Int64?) throws
    /// False for a daemon that runs on the real clock only (one started by systemd).
    var canSetClock: Bool { get }
    /// Unix milliseconds of noon of `date` in the daemon's zone: the test process's
    /// for a daemon in it; UTC for a daemon process unless its test says otherwise
    /// (`DaemonProcess`).
    func noonMs(of date: LocalDate) -> Int64
}

extension SettableClock {
    public var canSetClock: Bool { true }

    public func noonMs(of date: LocalDate) -> Int64 { Int64(date.daysSinceEpoch) * 86_400_000 + 43_200_000 }

    /// Runs `body` with the daemon's clock at `ms`, then on the real clock again.
    public func at<T>(ms: Int64, _ body: () throws -> T) throws -> T {
        try setClock(toMs: ms)
        defer { try? setClock(toMs: nil) }
        return try body()
    }

    /// Runs `body` at noon of `date` in the daemon's zone.
    public func on<T>(_ date: LocalDate, _ body: () throws -> T) throws -> T {
        try at(ms: noonMs(of: date), body)
    }
}

/// libfaketime's offset file for a process: "+0" runs it on the real clock, "-N" N
/// seconds behind; read on every clock call (`FAKETIME_NO_CACHE`), so a test moves a
/// running process's time. The monotonic clock is left alone: timeouts stay real.
public final class FakeTimeFile: SettableClock, @unchecked Sendable {
    public let path: String

    /// The library, where Debian installs it.
    public static let library = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"

    public init(path: String) {
        self.path = path
        Fixtures.write("+0\n", to: path)
    }

    /// The environment that puts a process under this file's time.
    public var environment: [String: String] {
        FileManager.default.fileExists(atPath: Self.library)
            ? ["LD_PRELOAD": Self.library, "FAKETIME_TIMESTAMP_FILE": path, "FAKETIME_NO_CACHE": "1", "FAKETIME_DONT_FAKE_MONOTONIC": "1"]
            : [:]
    }

    /// How to run `executable` under this time: through a shell that is itself under
    /// it. libfaketime's constructor adds a variable to the environment of the first
    /// process it loads into, which moves the environment; a Swift program, which finds
    /// its arguments beside the environment, then reads none. Exec'd from a process
    /// already under the library, it finds the variable set and the arguments in place.
    public func command(_ executable: String, _ arguments: [String]) -> (executable: String, arguments: [String]) {
        environment.isEmpty ? (executable, arguments) : ("/bin/sh", ["-c", "exec \"$0\" \"$@\"", executable] + arguments)
    }

    /// Sets the offset so the process's clock reads `ms` now; nil: the real clock.
    public func setClock(toMs ms: Int64?) throws { try set(toMs: ms) }

    /// Sets the offset so the process's clock reads `ms` now; nil: the real clock.
    public func set(toMs ms: Int64?) throws {
        guard FileManager.default.fileExists(atPath: Self.library) else {
            throw DaemonError(message: "libfaketime is not installed (\(Self.library)): make test-deps installs Debian's faketime")
        }
        let offset = ms.map { ($0 - Int64(Date().timeIntervalSince1970 * 1000)) / 1000 } ?? 0
        // Renamed into place: a process reading it mid-write would see a partial offset.
        Fixtures.write((offset < 0 ? "\(offset)" : "+\(offset)") + "\n", to: path + ".new")
        guard rename(path + ".new", path) == 0 else { throw DaemonError(message: "rename \(path): \(String(cString: strerror(errno)))") }
    }
}

/// Wall-clock times in the test process's zone, the one the in-process daemon and
/// sessionctl read times in: an in-process test that writes its moments so holds in any
/// zone (`TZ=Pacific/Kiritimati swift test`), where "2026-11-23T18:00:00Z" falls on the
/// 24th. (A daemon process and the sessionctl run beside it keep UTC: `DaemonProcess`.)
public enum Wall {
    /// Unix milliseconds of "2026-11-23T18:10" or "2026-11-23T18:10:00", a local time.
    public static func ms(_ text: String) -> Int64 {
        let clock = text.dropFirst(11).split(separator: ":").compactMap { Int($0) }
        return ms(LocalDate(String(text.prefix(10)))!, hour: clock[0], minute: clock[1], second: clock.count > 2 ? clock[2] : 0)
    }

    /// Unix milliseconds of a local time of `date`.
    public static func ms(_ date: LocalDate, hour: Int, minute: Int = 0, second: Int = 0) -> Int64 {
        LocalClock().ms(of: LocalDateTime(date: date, secondOfDay: hour * 3600 + minute * 60 + second))
    }

    /// Unix milliseconds of a wall-clock time of `date` in `zone` (a daemon process's,
    /// not this process's), by Foundation's calendar: apart from sessiond's clock.
    public static func ms(_ date: LocalDate, hour: Int, minute: Int = 0, in zone: TimeZone) -> Int64 {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let instant = calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day, hour: hour, minute: minute))!
        return Int64(instant.timeIntervalSince1970 * 1000)
    }

    /// The same local time as RFC 3339, with the zone's offset then.
    public static func at(_ text: String) -> String {
        LocalClock().rfc3339(ms: ms(text))
    }
}
