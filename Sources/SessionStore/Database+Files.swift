import Glibc

/// Which file a name leads to: its device and inode.
struct FileIdentity: Equatable {
    let device: UInt
    let inode: UInt

    /// `DEVICE:INODE`, in decimal.
    var text: String { "\(device):\(inode)" }

    /// The file at `path` now (symbolic links followed); nil when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt(info.st_dev)
        inode = UInt(info.st_ino)
    }
}

/// The database file, its write-ahead log and its wal-index as the connection opened
/// them.
struct OpenedFiles {
    let main: FileIdentity?
    let wal: FileIdentity?
    let shm: FileIdentity?

    init(path: String) {
        main = FileIdentity(path: path)
        wal = FileIdentity(path: path + "-wal")
        shm = FileIdentity(path: path + "-shm")
    }
}

/// What the wal-index (`PATH-shm`) says of the WAL, read before SQLite opens the
/// database (which would start the index over). sqlite's wal.c, WalIndexHdr, in native
/// byte order: version at 0, isInit at 12, mxFrame at 16, the WAL header's salt (its
/// bytes 16–23, copied as they are) at 32; the checkpoint's nBackfill at 96.
struct WALIndexHeader {
    /// Frames committed to the WAL.
    let written: UInt32
    /// Frames of them already copied into the database file.
    let copied: UInt32
    /// The salt of the WAL those frames are in.
    let salt: [UInt8]

    init?(path: String) {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 100)
        guard read(fd, &header, header.count) == header.count else { return nil }
        func u32(_ offset: Int) -> UInt32 { header.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) } }
        guard u32(0) == 3_007_000, header[12] == 1 else { return nil }
        (written, copied, salt) = (u32(16), u32(96), Array(header[32..<40]))
    }

    /// Committed frames not yet in the database file: they live only in the WAL.
    var unsavedFrames: Int { written > copied ? Int(written - copied) : 0 }

    /// The salt in the header of the WAL at `path` (bytes 16–23); nil when it has no
    /// whole header (missing, or empty as a WAL is after a truncating checkpoint).
    static func salt(ofWAL path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 32)
        guard read(fd, &header, header.count) == header.count else { return nil }
        return Array(header[16..<24])
    }
}

extension Database {
    /// The second name the daemon gives its write-ahead log (`linkWriteAheadLog`):
    /// `PATH-wal` removed while the daemon runs, its committed writes stay on disk under
    /// this one, even if the daemon is killed before it can copy them.
    public static func walLinkPath(_ path: String) -> String { path + ".wal-link" }

    /// The lock file that keeps a second daemon off the database at `path` (the
    /// server's `DatabaseLock` holds it).
    public static func lockPath(_ path: String) -> String { path + ".lock" }

    /// The WAL frames lost before this start: the wal-index a process left without
    /// closing the database (a crash) says the WAL held committed frames not yet copied
    /// into the database file, and no WAL with its salt is at `PATH-wal` (removed, or
    /// replaced by another program's empty one). Read before SQLite opens the database,
    /// which would start the index over; nil when nothing was lost.
    public static func lostWALFrames(path: String) -> Int? {
        guard let index = WALIndexHeader(path: path + "-shm"), index.unsavedFrames > 0 else { return nil }
        return WALIndexHeader.salt(ofWAL: path + "-wal") == index.salt ? nil : index.unsavedFrames
    }

    /// Puts back, before SQLite opens the database, a write-ahead log whose name was
    /// removed (or taken by another file) while a daemon ran that was then killed: its
    /// second name (`walLinkPath`) still leads to it. Only when the wal-index says that
    /// WAL (by its salt) holds committed frames the database file lacks, and `PATH-wal`
    /// is not that WAL; otherwise a second name left from an earlier run is removed.
    /// Returns the frames restored, nil when none were.
    public static func restoreLinkedWAL(path: String) -> Int? {
        let wal = path + "-wal", link = walLinkPath(path)
        guard let kept = FileIdentity(path: link) else { return nil }
        if kept == FileIdentity(path: wal) { return nil }  // one file, two names: as it should be
        if let index = WALIndexHeader(path: path + "-shm"), index.unsavedFrames > 0,
           WALIndexHeader.salt(ofWAL: link) == index.salt, WALIndexHeader.salt(ofWAL: wal) != index.salt,
           rename(link, wal) == 0 {
            syncDirectory(of: path)
            return index.unsavedFrames
        }
        unlink(link)
        return nil
    }

    /// Gives the open WAL a second name (`walLinkPath`, a hard link beside it), so
    /// that removing `PATH-wal` does not free what it holds; the link is synced into the
    /// directory. Returns why it could not (a file system without hard links), for a
    /// warning: the check after each commit still copies a removed WAL's writes.
    public func linkWriteAheadLog() -> String? {
        let link = Self.walLinkPath(path)
        unlink(link)
        guard let wal = files?.wal else { return "\(path)-wal was not there when the database was opened" }
        guard Glibc.link(path + "-wal", link) == 0 else {
            return "cannot link \(path)-wal to \(link): \(String(cString: strerror(errno)))"
        }
        guard FileIdentity(path: link) == wal else {
            unlink(link)
            return "\(path)-wal changed while it was being linked to \(link)"
        }
        Self.syncDirectory(of: path)
        return nil
    }

    /// The checkpoint before a clean shutdown: everything the WAL holds is copied into
    /// the database file, and then its second name, which has nothing left to keep, is
    /// removed (kept when a reader stopped the copy short).
    public func checkpointAtExit() throws(StorageError) {
        // The backups' connection goes first: open, it keeps the log's files from being
        // removed as the last connection closes.
        backupSource = nil
        let copied: Bool
        do {
            copied = try connection.checkpointEverything()
        } catch {
            throw .sqlite(error)
        }
        if copied { unlink(Self.walLinkPath(path)) }
    }

    /// Checks, after a commit and before its replies, that the database file and its
    /// WAL are still the ones the connection writes: a WAL whose name was removed (or
    /// now leads to another file, as when another program opened the database and made
    /// a new one) holds writes that the next crash would lose. What the WAL holds is
    /// then copied into the database file through the descriptor SQLite still holds (a
    /// checkpoint) and this throws, so the daemon stops; `saved` in the error says
    /// whether the writes are in the file the database's name leads to. Two `stat`s.
    public func verifyFiles() throws(StorageError) {
        if let settled = filesChangedFailure { throw settled }
        guard let files else { return }
        let main = FileIdentity(path: path)
        let problem: String
        var walProblem = false
        if main == nil {
            problem = "the database file \(path) was removed"
        } else if main != files.main {
            problem = "the database file \(path) was replaced"
        } else if let opened = files.wal, case let now = FileIdentity(path: path + "-wal"), now != opened {
            problem = "its write-ahead log \(path)-wal was \(now == nil ? "removed" : "replaced by another file")"
            walProblem = true
        } else {
            return
        }
        let copied = (try? connection.checkpointEverything()) ?? false
        if walProblem { throw .filesChanged(path: path, problem: problem, saved: copied) }
        // The database file's name leads nowhere, or to another file: what the open file
        // holds (the whole record, not only the last writes) is written out again from
        // it: to its own name when that is free and the log beside it holds nothing
        // (all of it copied in: a log left there would be read into the new file), else
        // beside it. Once: the daemon stops, and a commit after this one is not kept.
        filesChangedFailure = .filesChanged(path: path, problem: problem, saved: false)
        guard let rescued = rescue(toOwnName: main == nil && copied) else { throw .filesChanged(path: path, problem: problem, saved: false) }
        throw .filesRescued(path: path, problem: problem, to: rescued)
    }

    /// Writes the database as the connection has it open (a file removed under it is
    /// still read through its descriptor) to a new file, never over another: first
    /// under a name of its own (`PATH.rescue-PID`, whose journal files are its own, not
    /// the live ones beside `path`), synced, then linked to `path` when `toOwnName`
    /// and nothing is there, else to `path.rescued` (or `.rescued-2`, …). Returns
    /// where it is (the name of its own when no other could be taken), or nil when no
    /// whole copy could be written (what was begun is removed).
    func rescue(toOwnName: Bool) -> String? {
        let temporary = path + ".rescue-\(getpid())"
        let begun = [temporary, temporary + "-wal", temporary + "-shm", temporary + "-journal"]
        // A leftover of this pid's name is a rescue that never finished.
        for file in begun { unlink(file) }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        close(descriptor)
        do throws(SQLiteError) {
            let destination = try Connection(path: temporary)
            try connection.copy(into: destination)
            // One file, with no log beside it: the next start makes its own.
            try destination.execute("PRAGMA journal_mode = DELETE")
        } catch {
            for file in begun { unlink(file) }
            return nil
        }
        let fd = open(temporary, O_RDONLY | O_CLOEXEC)
        let synced = fd >= 0 && fsync(fd) == 0
        if fd >= 0 { close(fd) }
        guard synced else {
            for file in begun { unlink(file) }
            return nil
        }
        // link(2) takes no name another file holds: no race puts the copy over one.
        let names = (toOwnName ? [path] : []) + [path + ".rescued"] + (2...99).map { path + ".rescued-\($0)" }
        for name in names where link(temporary, name) == 0 {
            unlink(temporary)
            if name == path {
                // The old log, copied in and empty, loses its names: what the daemon
                // commits before it stops (answered as not stored) goes to a file no
                // name leads to, and no start reads it into the rescued database.
                for file in [path + "-wal", path + "-shm", Self.walLinkPath(path)] { unlink(file) }
            }
            Self.syncDirectory(of: name)
            return name
        }
        Self.syncDirectory(of: temporary)
        return temporary
    }

    /// Syncs the directory holding `path`, so that a name made or changed in it
    /// survives a power loss.
    static func syncDirectory(of path: String) {
        let directory = path.lastIndex(of: "/").map { path[..<$0].isEmpty ? "/" : String(path[..<$0]) } ?? "."
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
