import Glibc
import SessionCore

/// The daemon's clock and time zone: wall time in milliseconds, local dates, and RFC
/// 3339 timestamps with the zone's offset. The zone is the process's `TZ` (glibc), set
/// once at start by `use(timeZone:)`; domain code gets the values, never this clock.
/// Its time is the system's, or what a test gives it (`init(now:)`).
public struct LocalClock: Sendable {
    /// Where the time comes from: nil for the system's clock.
    private let source: (@Sendable () -> Int64)?

    /// The system's clock.
    public init() { source = nil }

    /// A clock whose time (Unix milliseconds) is `now`'s, in the process's zone: what
    /// tests set to run the application at chosen times.
    public init(now: @escaping @Sendable () -> Int64) { source = now }

    /// Why a time zone name was refused.
    public struct UnknownTimeZone: Error, CustomStringConvertible {
        public let name: String
        public var description: String {
            "unknown time zone \"\(name)\": use an IANA name such as Europe/Berlin or UTC (see /usr/share/zoneinfo)"
        }
    }

    /// Sets the process's time zone to an IANA name (checked against the zoneinfo
    /// database, since glibc silently falls back to UTC for names it does not know).
    public static func use(timeZone name: String) throws(UnknownTimeZone) {
        let valid = ["UTC", "GMT", "Etc/UTC"].contains(name)
            || (!name.contains("..") && !name.hasPrefix("/") && access("/usr/share/zoneinfo/" + name, R_OK) == 0)
        guard valid else { throw UnknownTimeZone(name: name) }
        setenv("TZ", name, 1)
        tzset()
        HourOffsets.shared.forget()
    }

    /// The name of the zone in use: `TZ` (set by `use(timeZone:)` or the environment),
    /// else the system's (/etc/localtime's link into the zoneinfo database, or
    /// /etc/timezone), else UTC.
    public static func zoneName() -> String {
        if let value = getenv("TZ").map({ String(cString: $0) }), !value.isEmpty {
            return value.hasPrefix(":") ? String(value.dropFirst()) : value
        }
        var target = [CChar](repeating: 0, count: 4096)
        let length = readlink("/etc/localtime", &target, target.count - 1)
        if length > 0 {
            let path = String(decoding: target[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            if let index = parts.lastIndex(of: "zoneinfo"), index + 1 < parts.count { return parts[(index + 1)...].joined(separator: "/") }
        }
        if let file = fopen("/etc/timezone", "r") {
            defer { fclose(file) }
            var line = [UInt8](repeating: 0, count: 256)
            let read = fread(&line, 1, line.count, file)
            let name = String(decoding: line[0..<read], as: UTF8.self).trimmingWhitespace()
            if !name.isEmpty { return name }
        }
        return "UTC"
    }

    /// Unix time in milliseconds.
    public func nowMs() -> Int64 {
        if let source { return source() }
        return Self.systemNowMs()
    }

    /// The system's time (CLOCK_REALTIME) in milliseconds.
    public static func systemNowMs() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
    }

    /// Milliseconds on CLOCK_MONOTONIC: for durations and deadlines (timeouts, the
    /// watchdog), which a step of the wall clock (NTP, a person setting the date) must
    /// not move.
    public static func monotonicMs() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
    }

    /// Today's date in the daemon's zone.
    public func today() -> LocalDate { localDate(atMs: nowMs()) }

    /// Broken-down local time of a second since the epoch, by localtime_r(3).
    private static func systemLocal(atSecond second: Int64) -> tm {
        var seconds = time_t(second)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return parts
    }

    /// The zone's offset from UTC in seconds at `second`, as localtime_r(3) gives it;
    /// nil when its fields are not UTC plus that offset (a zone that counts leap
    /// seconds, `right/…`), where only the system's fields are right.
    static func offsetFromSystem(atSecond second: Int64) -> Int? {
        let system = Local(systemLocal(atSecond: second), second: second)
        let computed = Local(second: second, offset: system.offset)
        guard computed.date == system.date, computed.secondOfDay == system.secondOfDay else { return nil }
        return system.offset
    }

    /// An instant in local time: its date, second of the day and the offset in force.
    private struct Local {
        let date: LocalDate
        let secondOfDay: Int
        let offset: Int

        /// By calendar arithmetic from UTC and the offset.
        init(second: Int64, offset: Int) {
            let shifted = second + Int64(offset)
            let days = shifted >= 0 ? shifted / 86_400 : (shifted - 86_399) / 86_400
            date = LocalDate(daysSinceEpoch: Int(days))
            secondOfDay = Int(shifted - days * 86_400)
            self.offset = offset
        }

        /// As the system broke it down.
        init(_ parts: tm, second: Int64) {
            date = LocalDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
                ?? LocalDate(daysSinceEpoch: Int(second / 86_400))
            secondOfDay = Int(parts.tm_hour) * 3600 + Int(parts.tm_min) * 60 + Int(parts.tm_sec)
            offset = Int(parts.tm_gmtoff)
        }
    }

    /// Local time by the offset in force (looked up once an hour, `HourOffsets`) and
    /// calendar arithmetic: localtime_r(3) for every reply's timestamp took about a
    /// thousand instructions (its lock, the zone's rules) of each `session.log`.
    private func local(ms: Int64) -> Local {
        let second = ms >= 0 ? ms / 1000 : (ms - 999) / 1000
        guard let offset = HourOffsets.shared.offset(atSecond: second, lookup: Self.offsetFromSystem) else {
            return Local(Self.systemLocal(atSecond: second), second: second)
        }
        return Local(second: second, offset: offset)
    }

    /// The local date of an instant.
    public func localDate(atMs ms: Int64) -> LocalDate { local(ms: ms).date }

    /// The instant local midnight starts `date` (the first valid local time of it).
    public func startOfDayMs(_ date: LocalDate) -> Int64 {
        ms(of: LocalDateTime(date: date, secondOfDay: 0))
    }

    /// The instant a local wall-clock time names in this zone (in a DST gap or overlap,
    /// as mktime(3) resolves it).
    public func ms(of time: LocalDateTime) -> Int64 {
        var parts = tm()
        parts.tm_year = Int32(time.date.year - 1900)
        parts.tm_mon = Int32(time.date.month - 1)
        parts.tm_mday = Int32(time.date.day)
        parts.tm_hour = Int32(time.secondOfDay / 3600)
        parts.tm_min = Int32(time.secondOfDay / 60 % 60)
        parts.tm_sec = Int32(time.secondOfDay % 60)
        parts.tm_isdst = -1
        return Int64(mktime(&parts)) * 1000
    }

    /// The local wall-clock time of an instant.
    public func localDateTime(atMs ms: Int64) -> LocalDateTime {
        let local = local(ms: ms)
        return LocalDateTime(date: local.date, secondOfDay: local.secondOfDay)
    }

    /// An instant as a person reads it, at its local wall time: "2026-11-30 18:04", with
    /// ":SS" when its seconds are not 0 (`RFC3339.wallText`).
    public func wallText(ms: Int64) -> String { RFC3339.wallText(rfc3339(ms: ms)) }

    /// RFC 3339 with the local offset and milliseconds: `2026-11-30T18:04:05.123+01:00`.
    public func rfc3339(ms: Int64) -> String {
        let local = local(ms: ms)
        // Written straight into the string's storage: every session.log reply carries one.
        return String(unsafeUninitializedCapacity: 29) { bytes in
            var count = 0
            func put(_ byte: UInt8) {
                bytes[count] = byte
                count += 1
            }
            func digits(_ value: Int, _ width: Int) {
                var rest = value
                var place = count + width - 1
                while place >= count {
                    bytes[place] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                    rest /= 10
                    place -= 1
                }
                count += width
            }
            digits(local.date.year, 4)
            put(UInt8(ascii: "-"))
            digits(local.date.month, 2)
            put(UInt8(ascii: "-"))
            digits(local.date.day, 2)
            put(UInt8(ascii: "T"))
            digits(local.secondOfDay / 3600, 2)
            put(UInt8(ascii: ":"))
            digits(local.secondOfDay / 60 % 60, 2)
            put(UInt8(ascii: ":"))
            digits(local.secondOfDay % 60, 2)
            put(UInt8(ascii: "."))
            digits(Int(((ms % 1000) + 1000) % 1000), 3)
            let offset = local.offset
            if offset == 0 {
                put(UInt8(ascii: "Z"))
            } else {
                put(UInt8(ascii: offset < 0 ? "-" : "+"))
                digits(abs(offset) / 3600, 2)
                put(UInt8(ascii: ":"))
                digits(abs(offset) % 3600 / 60, 2)
            }
            return count
        }
    }
}
