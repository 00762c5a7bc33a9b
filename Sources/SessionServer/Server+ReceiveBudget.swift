/// The bound on bytes read and not yet taken as lines, of all connections together
/// (`ServerLimits.maximumReceivedBytes`): each connection's own is a line of
/// `maximumLineBytes`, and a thousand connections each sending most of one and never
/// its end would otherwise hold a gigabyte.
extension Server {
    /// Bytes `connection` may read now: a read buffer's worth while all connections
    /// together hold less than the bound, or while it has the turn; else what is left
    /// of its `ServerLimits.receiveAllowance` (0: it waits, `awaitReceiveBudget`).
    func receiveRoom(_ connection: ClientConnection) -> Int {
        if receivedBytes < ServerLimits.maximumReceivedBytes || receiveTurn === connection { return readBuffer.count }
        return min(readBuffer.count, max(0, ServerLimits.receiveAllowance - connection.input.heldBytes))
    }

    /// Counts what `connection`'s framer holds now in `receivedBytes` (nothing once it
    /// was dropped).
    func recountReceived(_ connection: ClientConnection) {
        let held = connection.isOpen ? connection.input.heldBytes : 0
        receivedBytes += held - connection.countedReceived
        connection.countedReceived = held
    }

    /// Pauses a connection's reading until the connections together hold less than the
    /// bound, or its turn comes (`resumeAwaitingReceiveBudget`).
    func awaitReceiveBudget(_ connection: ClientConnection) {
        connection.readPaused = true
        guard !connection.awaitsReceiveBudget else { return }
        connection.awaitsReceiveBudget = true
        awaitingReceiveBudget.append(connection)
        updateInterest(connection)
    }

    /// Ends the turn once its connection took a line, went, or paused for another
    /// reason (replies it does not read); then, below the bound, resumes every waiting
    /// connection in the order they paused, or, at it, gives the turn to the first, so
    /// that one line at a time still completes and frees its bytes: no connection waits
    /// for ever behind others' unfinished lines (one that never finishes its line holds
    /// the turn until its line timeout closes it, as it closes those waiting).
    func resumeAwaitingReceiveBudget() {
        if let turn = receiveTurn,
            !turn.isOpen || turn.readClosed || turn.input.completedLines != receiveTurnLines || (turn.readPaused && !turn.awaitsReceiveBudget)
        {
            receiveTurn = nil
        }
        guard !awaitingReceiveBudget.isEmpty else { return }
        if receivedBytes < ServerLimits.maximumReceivedBytes {
            let waiting = awaitingReceiveBudget
            awaitingReceiveBudget.removeAll(keepingCapacity: true)
            for connection in waiting { resumeReceiving(connection) }
        } else if receiveTurn == nil {
            while !awaitingReceiveBudget.isEmpty, receiveTurn == nil {
                let next = awaitingReceiveBudget.removeFirst()
                if next.isOpen {
                    receiveTurn = next
                    receiveTurnLines = next.input.completedLines
                }
                resumeReceiving(next)
            }
        }
    }

    /// Reads from a connection that waited for the bound again (its line timeout ran
    /// meanwhile: `ClientConnection.lineTimerRuns`).
    private func resumeReceiving(_ connection: ClientConnection) {
        connection.awaitsReceiveBudget = false
        guard connection.isOpen else { return }
        resumeReading(connection)
        updateInterest(connection)
    }
}
