#if canImport(Glibc)
import Glibc
#endif

extension Server {
    /// Acts on the watched files that were removed, moved or replaced: the database's
    /// are checked on the database thread; the socket file is bound again.
    func filesChanged(_ paths: Set<String>) {
        if paths.contains(databasePath) || paths.contains(databasePath + "-wal") { databaseThread.checkFiles() }
        if let socket = listener?.boundPath, paths.contains(socket) { socketFileChanged(socket) }
    }

    /// The socket file bound here is gone from its path (a careless `rm`, a cleaner of
    /// temporary files): no new client would find the daemon. With nothing in its place
    /// it is bound again, and the old socket closed; a file put in its place (another
    /// daemon's socket, say) is left alone, and this daemon goes on serving the
    /// connections it has.
    func socketFileChanged(_ path: String) {
        guard stoppingSinceMs == nil, listener?.isAtItsPath == false else { return }
        var info = stat()
        if lstat(path, &info) == 0 {
            logger.warning("the socket file was replaced by another file, left alone: new clients no longer reach this sessiond, which serves the connections it has; stop it, or restart it with another --socket", [
                ("socket", path),
            ])
            return
        }
        let fresh: Listener
        do {
            fresh = try Listener.bind(path: path, group: listener?.group ?? nil)
        } catch {
            logger.error("the socket file was removed and cannot be bound again: new clients no longer reach this sessiond; restart it", [
                ("socket", path), ("error", error.description),
            ])
            return
        }
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
        logger.warning("the socket file was removed while sessiond ran: bound again", [("socket", path)])
    }
}
