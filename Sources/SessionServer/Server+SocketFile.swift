import Glibc
import SessionSystem

extension Server {
    /// The database's files the loop watches: the database and its write-ahead log.
    static func databaseFiles(_ databasePath: String) -> [String] { [databasePath, databasePath + "-wal"] }

    /// Acts on the watched files that were removed, moved or replaced: the database's
    /// are checked on the database thread; the socket file is bound again.
    func filesChanged(_ paths: Set<String>) {
        if Self.databaseFiles(databasePath).contains(where: paths.contains) { databaseThread.checkFiles() }
        if let socket = listener?.boundPath, paths.contains(socket), socketRetry == nil {
            socketRetry = (0, LocalClock.monotonicMs() + Self.socketSettleMs, nil)
        }
    }

    /// How long after its socket file went the daemon binds it again: a moment, so that
    /// an `rm -rf` of the socket's directory, which removes the file and then the
    /// directory, finds the directory empty.
    static let socketSettleMs: Int64 = 200
    /// Tries between failed binds of a socket file gone: doubling from a second to a
    /// minute, so that an idle daemon whose socket cannot come back wakes seldom.
    static let socketRetryMs: (first: Int64, most: Int64) = (1000, 60_000)

    /// The socket file bound here is gone from its path (a careless `rm`, a cleaner of
    /// temporary files): no new client would find the daemon. With nothing in its place
    /// it is bound again, `socketSettleMs` after — the connections waiting on the old socket accepted first,
    /// the old one closed — without asking, removing or making anything, on the loop;
    /// a bind that fails (its directory gone, no descriptor left) is tried again later
    /// (`socketRetryMs`). A file put in its place (another daemon's socket, say) is left
    /// alone, and this daemon goes on serving the connections it has.
    func bindSocketAgain() {
        guard stoppingSinceMs == nil, let path = listener?.boundPath, listener?.isAtItsPath == false else {
            socketRetry = nil
            return
        }
        var info = stat()
        if lstat(path, &info) == 0 {
            socketRetry = nil
            logger.warning("the socket file was replaced by another file, left alone: new clients no longer reach this sessiond, which serves the connections it has; stop it, or restart it with another --socket", [
                ("socket", path),
            ])
            return
        }
        let fresh: Listener
        do {
            fresh = try Listener.bindAgain(path: path, group: listener?.group ?? nil)
        } catch {
            let failures = (socketRetry?.failures ?? 0) + 1
            let wait = min(Self.socketRetryMs.most, Self.socketRetryMs.first << Int64(min(failures - 1, 6)))
            let said = socketRetry?.reason
            socketRetry = (failures, LocalClock.monotonicMs() + wait, error.description)
            // Said once for each reason, not at every try.
            if said != error.description {
                logger.error("the socket file was removed and cannot be bound again yet: new clients do not reach this sessiond; tried again, from every second to every minute", [
                    ("socket", path), ("error", error.description),
                ])
            }
            return
        }
        socketRetry = nil
        // Those the old socket queued, which closing it would reset (but during a
        // back-off: no descriptor for them).
        if acceptResumesAtMs == nil { acceptClients() }
        let watched = acceptResumesAtMs == nil  // during a back-off, the heartbeat watches it again
        if watched { unwatchListener() }
        listenerFD = fresh.fd
        listener = consume fresh  // closes the old socket; its file is gone, so nothing is removed
        if watched {
            do {
                try watch(listenerFD, tag: Self.listenerTag)
            } catch {
                logger.warning("cannot watch the listening socket again", [("error", error.description)])
            }
        }
        // Its directory may be a new one, made since: watched anew.
        fileWatch?.watch(path)
        logger.warning("the socket file was removed while sessiond ran: bound again", [("socket", path)])
    }
}
