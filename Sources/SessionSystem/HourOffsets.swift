import Synchronization

/// The zone's offset from UTC during one whole UTC hour, remembered in one atomic word
/// (the hour and the offset packed), so the threads that format times share it without
/// a lock. It is remembered only when the offset is the same at the hour's first and
/// last second: an hour with a change in it is asked of the system second by second.
/// This rests on no zone changing its offset twice within one hour (none in the tz
/// database does). `LocalClock.use(timeZone:)` forgets it.
struct HourOffsets: ~Copyable {
    static let shared = HourOffsets()

    /// (hour + 2^39) << 24 | (offset + 2^23), or the hour with `systemOnly`; 0 when
    /// nothing is remembered.
    private let word = Atomic<UInt64>(0)
    /// In place of an offset: this hour's times must be broken down by the system.
    private static let systemOnly: UInt64 = 0xFF_FFFF

    /// The offset in force at `second`, by `lookup` (the system's answer; nil when
    /// the system's fields must be used instead, as they are for the rest of the hour).
    func offset(atSecond second: Int64, lookup: (Int64) -> Int?) -> Int? {
        let hour = second >= 0 ? second / 3600 : (second - 3599) / 3600
        let packed = word.load(ordering: .relaxed)
        if packed != 0, Int64(bitPattern: packed >> 24) - (1 << 39) == hour {
            let low = packed & 0xFF_FFFF
            return low == Self.systemOnly ? nil : Int(low) - (1 << 23)
        }
        guard abs(hour) < 1 << 38 else { return lookup(second) }
        let tag = UInt64(bitPattern: hour + (1 << 39)) << 24
        guard let first = lookup(hour * 3600), abs(first) < 1 << 22 else {
            word.store(tag | Self.systemOnly, ordering: .relaxed)
            return nil
        }
        guard lookup(hour * 3600 + 3599) == first else { return lookup(second) }  // a change within this hour
        word.store(tag | UInt64(first + (1 << 23)), ordering: .relaxed)
        return first
    }

    /// Forgets the remembered hour (the zone changed).
    func forget() { word.store(0, ordering: .relaxed) }
}
