import JSON

/// The bound on what lines decoded and not yet answered keep in memory, of all
/// connections together, and on the lines one turn of the loop decodes.
extension Server {
    /// True while the jobs decoded and not yet answered keep less than
    /// `ServerLimits.maximumDecodedBytes` and this turn decoded less than
    /// `maximumDecodedBytesPerTurn`: whatever many clients send at once, the lines the
    /// daemon holds parsed stay within the one, and the loop gets back to epoll (other
    /// clients, the watchdog) within the other (each connection's own bounds are
    /// `ClientConnection.mayDecode`).
    var hasDecodeBudget: Bool {
        decodedBytes < ServerLimits.maximumDecodedBytes && decodedThisTurn < ServerLimits.maximumDecodedBytesPerTurn
    }

    /// Pauses a connection's reading until its next line fits the decoded jobs' bound,
    /// or the next turn's allowance (`resumeAwaitingDecodeBudget`).
    func awaitDecodeBudget(_ connection: ClientConnection) {
        connection.readPaused = true
        guard !connection.awaitsDecodeBudget else { return }
        connection.awaitsDecodeBudget = true
        awaitingDecodeBudget.append(connection)
        updateInterest(connection)
    }

    /// Resumes, in the order they paused, the connections waiting for the bound or the
    /// allowance; those whose line still does not fit wait on.
    func resumeAwaitingDecodeBudget() {
        guard hasDecodeBudget, !awaitingDecodeBudget.isEmpty else { return }
        let waiting = awaitingDecodeBudget
        awaitingDecodeBudget.removeAll(keepingCapacity: true)
        for connection in waiting {
            connection.awaitsDecodeBudget = false
            guard connection.isOpen else { continue }
            resumeReading(connection)
            updateInterest(connection)
        }
    }

    /// True when a line of `length` bytes may be decoded now: what it may keep parsed
    /// (`JSONSlice.footprintBound`) fits beside the jobs' within
    /// `ServerLimits.maximumDecodedBytes`, and its bytes within the turn's allowance;
    /// with nothing held or decoded in this turn, any line does (so one always goes on).
    func admits(_ length: Int) -> Bool {
        fitsInMemory(length) && (decodedThisTurn == 0 || decodedThisTurn + length <= ServerLimits.maximumDecodedBytesPerTurn)
    }

    /// True when what a line of `length` bytes may keep parsed fits beside the jobs'
    /// (or nothing is held).
    func fitsInMemory(_ length: Int) -> Bool {
        decodedBytes == 0 || decodedBytes + JSONSlice.footprintBound(length: length) <= ServerLimits.maximumDecodedBytes
    }
}
