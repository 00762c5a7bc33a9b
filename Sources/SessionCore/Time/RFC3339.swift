/// RFC 3339 timestamps, the protocol's time format (`2026-11-30T18:05:00+01:00`).
/// Parsing needs no time zone; writing one in the local zone is `LocalClock.rfc3339`.
public enum RFC3339 {
    /// A timestamp as a person reads it, at the wall time it was written in (the
    /// daemon's zone): "2026-11-30 18:05", with ":SS" when its seconds are not 0.
    /// Text that is no RFC 3339 timestamp is given back as it is.
    public static func wallText(_ text: String) -> String {
        let chars = Array(text.utf8)
        guard parse(text) != nil else { return text }
        let seconds = String(decoding: chars[17..<19], as: UTF8.self)
        return String(decoding: chars[0..<10], as: UTF8.self) + " " + String(decoding: chars[11..<16], as: UTF8.self) + (seconds == "00" ? "" : ":" + seconds)
    }

    /// Parses an RFC 3339 timestamp (`Z` or `±hh:mm`, optional fraction) to Unix ms.
    public static func parse(_ text: String) -> Int64? {
        let chars = Array(text.utf8)
        guard chars.count >= 20 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= chars.count else { return nil }
            var value = 0
            for index in range {
                guard (48...57).contains(chars[index]) else { return nil }
                value = value * 10 + Int(chars[index] - 48)
            }
            return value
        }
        guard let year = number(0..<4), chars[4] == UInt8(ascii: "-"), let month = number(5..<7),
            chars[7] == UInt8(ascii: "-"), let day = number(8..<10),
            chars[10] == UInt8(ascii: "T") || chars[10] == UInt8(ascii: "t") || chars[10] == UInt8(ascii: " "),
            let hour = number(11..<13), chars[13] == UInt8(ascii: ":"), let minute = number(14..<16),
            chars[16] == UInt8(ascii: ":"), let second = number(17..<19),
            let date = LocalDate(year: year, month: month, day: day), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var millis = 0
        if index < chars.count, chars[index] == UInt8(ascii: ".") {
            index += 1
            var digits = 0
            while index < chars.count, (48...57).contains(chars[index]) {
                if digits < 3 { millis = millis * 10 + Int(chars[index] - 48) }
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            if digits < 3 { for _ in digits..<3 { millis *= 10 } }
        }
        guard index < chars.count else { return nil }
        var offsetSeconds = 0
        if chars[index] == UInt8(ascii: "Z") || chars[index] == UInt8(ascii: "z") {
            guard index + 1 == chars.count else { return nil }
        } else if chars[index] == UInt8(ascii: "+") || chars[index] == UInt8(ascii: "-") {
            guard index + 6 == chars.count, let hours = number(index + 1..<index + 3),
                chars[index + 3] == UInt8(ascii: ":"), let minutes = number(index + 4..<index + 6),
                hours < 24, minutes < 60
            else { return nil }
            offsetSeconds = (hours * 3600 + minutes * 60) * (chars[index] == UInt8(ascii: "-") ? -1 : 1)
        } else {
            return nil
        }
        let seconds = date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offsetSeconds
        return Int64(seconds) * 1000 + Int64(millis)
    }
}

extension LocalDateTime {
    /// The wall-clock time `offsetSeconds` east of UTC at Unix second `unixSeconds`.
    public init(unixSeconds: Int64, offsetSeconds: Int) {
        let local = unixSeconds + Int64(offsetSeconds)
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        self.init(date: LocalDate(daysSinceEpoch: Int(days)), secondOfDay: Int(local - days * 86_400))
    }
}

extension RFC3339 {
    /// `unixSeconds` as RFC 3339 text in UTC (`2025-10-20T17:44:06Z`).
    public static func utc(seconds unixSeconds: Int64) -> String {
        let time = LocalDateTime(unixSeconds: unixSeconds, offsetSeconds: 0)
        let second = time.secondOfDay
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(time.date.description)T\(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60))Z"
    }
}
