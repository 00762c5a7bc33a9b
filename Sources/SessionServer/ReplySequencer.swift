/// Keeps one connection's replies in request order while the database thread finishes
/// them in any order (JSON-RPC over one stream: a client matches replies by position
/// as well as id). Each request line reserves a slot; a reply is released once every
/// earlier slot is. Pure: the caller writes what it releases.
struct ReplySequencer {
    /// What a finished slot sends.
    enum Reply {
        /// One JSON text, UTF-8, without its newline.
        case line([UInt8])
        /// Nothing (a line of notifications only).
        case nothing
    }

    private var nextSlot: UInt64 = 0
    private var nextToRelease: UInt64 = 0
    private var waiting: [UInt64: Reply] = [:]

    /// Slots reserved and not yet released.
    var inFlight: Int { Int(nextSlot - nextToRelease) }

    /// Reserves the slot of the next request line.
    mutating func reserve() -> UInt64 {
        defer { nextSlot += 1 }
        return nextSlot
    }

    /// True when `slot` is the next to be released: its line may be written at once.
    func isNext(_ slot: UInt64) -> Bool { slot == nextToRelease }

    /// Fills `slot` and passes every line now in order to `release`, oldest first.
    mutating func finish(_ slot: UInt64, _ reply: Reply, release: ([UInt8]) -> Void) {
        precondition(slot >= nextToRelease && slot < nextSlot && waiting[slot] == nil, "slot \(slot) finished twice or never reserved")
        guard slot == nextToRelease else {
            waiting[slot] = reply
            return
        }
        var ready: Reply? = reply
        while let next = ready {
            if case .line(let bytes) = next { release(bytes) }
            nextToRelease += 1
            ready = waiting.isEmpty ? nil : waiting.removeValue(forKey: nextToRelease)
        }
    }
}
