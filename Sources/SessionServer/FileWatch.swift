#if canImport(Glibc)
import Glibc
#endif
import SessionSystem

/// Tells the serving loop when the database file or its write-ahead log is removed or
/// replaced, at once and without polling (inotify on their directory): a WAL deleted
/// while the daemon runs holds acknowledged writes that the next crash would lose, so
/// they must be copied into the database file before anything else happens.
final class FileWatch {
    let descriptor: FileDescriptor
    /// The watched names in the directory: the database file's and its WAL's.
    private let names: Set<[UInt8]>

    /// Nil when the directory cannot be watched (the check after each commit remains).
    init?(databasePath: String) {
        let directory = FilePath.directory(of: databasePath), name = FilePath.name(of: databasePath)
        guard let descriptor = try? FileDescriptor(inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)), from: "inotify_init1") else { return nil }
        let events = UInt32(IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO)
        guard inotify_add_watch(descriptor.raw, directory, events) >= 0 else { return nil }
        self.descriptor = descriptor
        names = [Array(name.utf8), Array((name + "-wal").utf8)]
    }

    /// Reads the events queued; true when one of them names the database or its WAL.
    func changed() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var touched = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor.raw, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return touched }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let length = buffer.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)) }
                let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
                if names.contains(Array(nameBytes)) { touched = true }
                offset += header + length
            }
        }
    }
}
