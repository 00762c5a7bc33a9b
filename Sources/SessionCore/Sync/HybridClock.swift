import SessionMacros

/// A hybrid logical clock's reading (Kulkarni et al., "Logical Physical Clocks", 2014):
/// the wall time in milliseconds, a counter that orders what happened within one
/// millisecond (or while the wall clock stood behind a time already seen), and the
/// device that made it, which breaks the last ties. Readings of every device are totally
/// ordered, and a change made after another was seen always reads later, whatever the
/// devices' wall clocks say.
///
/// Written as text whose byte order is the clock's order (`text`): the store compares
/// it in SQL, PostgreSQL with `COLLATE "C"`.
@Memberwise
public struct HybridTimestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Milliseconds since the Unix epoch.
    public let wallMs: Int64
    /// Orders readings of the same `wallMs`.
    public let counter: Int64
    /// The device that took the reading: lowercase hexadecimal.
    public let device: String

    /// Digits of `wallMs` and `counter` in the text: fixed widths keep the byte order.
    public static let wallDigits = 13
    /// Digits of `counter` in the text.
    public static let counterDigits = 10

    /// Before every reading a clock takes (a device id has at least one digit): what a
    /// record with no reading of its own, or none that reads, is held at.
    public static let earliest = HybridTimestamp(wallMs: 0, counter: 0, device: "")

    /// Reads `text` as `text` writes it (`0001764979200000-0000000003-9f…`); nil for
    /// anything else.
    public init?(text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == Self.wallDigits, parts[1].count == Self.counterDigits,
              Self.isDigits(parts[0]), Self.isDigits(parts[1]), let wall = Int64(parts[0]), let counter = Int64(parts[1]), Self.isDevice(parts[2])
        else { return nil }
        self.init(wallMs: wall, counter: counter, device: String(parts[2]))
    }

    private static func isDigits(_ text: Substring) -> Bool {
        text.utf8.allSatisfy { (48...57).contains($0) }
    }

    /// True for a device id: 1 to 32 lowercase hexadecimal digits.
    public static func isDevice(_ text: some StringProtocol) -> Bool {
        (1...32).contains(text.count) && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// The reading as text, in the clock's order byte by byte.
    public var text: String {
        Self.padded(wallMs, Self.wallDigits) + "-" + Self.padded(counter, Self.counterDigits) + "-" + device
    }

    /// The reading as `text` writes it.
    public var description: String { text }

    /// The clock's order: wall time, then counter, then device.
    public static func < (left: HybridTimestamp, right: HybridTimestamp) -> Bool {
        (left.wallMs, left.counter, left.device) < (right.wallMs, right.counter, right.device)
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(max(value, 0))
        return String(repeating: "0", count: max(width - digits.count, 0)) + digits
    }
}

/// A device's hybrid logical clock: the last reading it gave or saw, and the two rules
/// that move it. The store keeps its state (`sync_clock`) and its triggers take the
/// local rule in SQL; these are the rules themselves, with the wall time passed in.
@Memberwise
public struct HybridClock: Sendable, Equatable {
    /// The device the readings name.
    public let device: String
    /// The wall time of the last reading given or seen (a new device's: zero).
    public private(set) var wallMs: Int64 = 0
    /// Its counter.
    public private(set) var counter: Int64 = 0

    /// The last reading given or seen, under this device's name.
    public var current: HybridTimestamp { HybridTimestamp(wallMs: wallMs, counter: counter, device: device) }

    /// How far ahead of this device's wall clock a reading seen may move the clock: a
    /// year, further than a clock set wrong by hand is, so that devices still converge
    /// when one's clock runs days ahead. A reading further ahead (a row written by hand
    /// with the largest reading the text holds) is stored with its record, but moves the
    /// clock no further: it cannot push the clock past what its text can write.
    public static let maximumLeadMs: Int64 = 366 * 86_400_000

    /// The largest counter the clock keeps: a tenth of what the text holds
    /// (`HybridTimestamp.counterDigits`), so that a reading seen near the text's limit
    /// (a row written by hand) carries into the next millisecond here, and the store's
    /// own ticks in SQL, which add one a change, never outgrow the text.
    public static let maximumCounter: Int64 = 999_999_999

    /// A local change at wall time `nowMs`: later than every reading before, the wall
    /// time when it moved on, else the last one's with the counter one higher.
    public mutating func tick(nowMs: Int64) -> HybridTimestamp {
        if nowMs > wallMs {
            wallMs = nowMs
            counter = 0
        } else {
            advance(wallMs, counter + 1)
        }
        return current
    }

    /// Another device's reading `remote` seen at wall time `nowMs`: the clock moves past
    /// it, so every later local change reads later than the change it came with; past
    /// `maximumLeadMs` ahead of `nowMs` it stays where it is.
    public mutating func receive(_ remote: HybridTimestamp, nowMs: Int64) {
        guard remote.wallMs <= nowMs + Self.maximumLeadMs else { return }
        let wall = max(wallMs, remote.wallMs, nowMs)
        if wall == wallMs && wall == remote.wallMs {
            advance(wall, max(counter, remote.counter) + 1)
        } else if wall == wallMs {
            advance(wall, counter + 1)
        } else if wall == remote.wallMs {
            advance(wall, remote.counter + 1)
        } else {
            advance(wall, 0)
        }
    }

    /// Moves to `wall` and `counter`, or to the next millisecond when the counter would
    /// pass `maximumCounter`: the reading still reads later, and still writes as text.
    private mutating func advance(_ wall: Int64, _ counter: Int64) {
        if counter > Self.maximumCounter {
            wallMs = wall + 1
            self.counter = 0
        } else {
            wallMs = wall
            self.counter = counter
        }
    }
}
