extension Array {
    /// Keeps the elements `keep` says yes to, in order, in place (no second array of the
    /// kept ones): `keep` is called once for each element, first to last, so it may note
    /// what it sees (a key seen, a session measured), which `removeAll(where:)` does not
    /// promise.
    public mutating func keep(where keep: (Element) throws -> Bool) rethrows {
        var kept = 0
        for index in indices where try keep(self[index]) {
            if index != kept { swapAt(kept, index) }
            kept += 1
        }
        removeLast(count - kept)
    }
}
