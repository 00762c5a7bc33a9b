/// Strings fixed when the index is built → their positions in the list it was built
/// from, for look-ups made on every request (the route table's method names, the
/// exercise catalog's names). A `Dictionary` spends more on its seeded SipHash of a
/// short name than the rest of such a look-up; this hashes the name's bytes with FNV-1a
/// into open-addressed slots, at most half of them taken. The contents never change
/// after the build, so a client choosing names cannot lengthen a probe: an unknown name
/// stops at the first empty slot after at most the longest run of taken ones.
public struct FixedStringIndex: Sendable {
    private let names: [String]
    /// Positions in `names`; -1 for an empty slot. A power of two long.
    private let slots: [Int32]

    /// The index of `names`, which must be unique.
    public init(_ names: [String]) {
        var size = 8
        while size < names.count * 2 { size *= 2 }
        var slots = [Int32](repeating: -1, count: size)
        for (position, name) in names.enumerated() {
            var slot = Self.hash(name) & (size - 1)
            while slots[slot] >= 0 {
                precondition(names[Int(slots[slot])] != name, "\(name) is in the index twice")
                slot = (slot + 1) & (size - 1)
            }
            slots[slot] = Int32(position)
        }
        self.names = names
        self.slots = slots
    }

    /// The position of `name` in the list the index was built from, nil when absent.
    public func position(of name: String) -> Int? {
        let mask = slots.count - 1
        var slot = Self.hash(name) & mask
        while true {
            let position = slots[slot]
            if position < 0 { return nil }
            if names[Int(position)] == name { return Int(position) }
            slot = (slot + 1) & mask
        }
    }

    /// FNV-1a over the name's UTF-8 bytes.
    private static func hash(_ name: String) -> Int {
        var name = name
        return name.withUTF8 { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return Int(truncatingIfNeeded: hash ^ (hash >> 32))
        }
    }
}
