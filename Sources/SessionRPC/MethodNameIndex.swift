/// Method name → position in a route table. Every request is routed, and the loop asks
/// first whether it answers the method itself: a `Dictionary` spent more on its seeded
/// SipHash of the name than the rest of routing. This table hashes the name's bytes
/// with FNV-1a into open-addressed slots, at most half of them taken. Its contents are
/// fixed at start, so a client choosing names cannot lengthen a probe: an unknown name
/// stops at the first empty slot after at most the longest run of taken ones.
struct MethodNameIndex: Sendable {
    private let names: [String]
    /// Positions in `names`; -1 for an empty slot. A power of two long.
    private let slots: [Int32]

    init(_ names: [String]) {
        var size = 8
        while size < names.count * 2 { size *= 2 }
        var slots = [Int32](repeating: -1, count: size)
        for (position, name) in names.enumerated() {
            var slot = Self.hash(name) & (size - 1)
            while slots[slot] >= 0 {
                precondition(names[Int(slots[slot])] != name, "method \(name) registered twice")
                slot = (slot + 1) & (size - 1)
            }
            slots[slot] = Int32(position)
        }
        self.names = names
        self.slots = slots
    }

    /// The position of the method called `name`, nil when there is none.
    func position(of name: String) -> Int? {
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
