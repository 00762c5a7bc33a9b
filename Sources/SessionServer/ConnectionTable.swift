/// The open connections by descriptor. Every readiness event and every write looks its
/// connection up here, several times per request: an array indexed by the descriptor
/// (the kernel hands out the lowest free one, so it stays about as long as the most
/// connections open at once) costs an index where a dictionary hashed the number.
struct ConnectionTable: Sequence {
    private var slots: [ClientConnection?] = []
    private(set) var count = 0

    subscript(fd: Int32) -> ClientConnection? {
        slots.indices.contains(Int(fd)) ? slots[Int(fd)] : nil
    }

    /// Keeps `connection` under its descriptor, which no open connection holds.
    mutating func insert(_ connection: ClientConnection) {
        let index = Int(connection.fd)
        precondition(index >= 0, "a connection has a descriptor")
        if index >= slots.count { slots.append(contentsOf: repeatElement(nil, count: index + 1 - slots.count)) }
        // A descriptor is the kernel's again only once its connection was removed.
        assert(slots[index] == nil, "descriptor \(index) is held by an open connection")
        if slots[index] == nil { count += 1 }
        slots[index] = connection
    }

    /// Forgets the connection under `fd`; the one forgotten, nil when there was none.
    mutating func remove(fd: Int32) -> ClientConnection? {
        guard let connection = self[fd] else { return nil }
        slots[Int(fd)] = nil
        count -= 1
        return connection
    }

    /// The open connections, in descriptor order. A loop over them may drop some: it
    /// goes on over the table as it was when the loop began.
    func makeIterator() -> Iterator { Iterator(slots: slots) }

    struct Iterator: IteratorProtocol {
        let slots: [ClientConnection?]
        var index = 0

        mutating func next() -> ClientConnection? {
            while index < slots.count {
                defer { index += 1 }
                if let connection = slots[index] { return connection }
            }
            return nil
        }
    }
}
