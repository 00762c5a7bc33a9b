import Glibc
import SessionSystem

/// Tells the serving loop when a file it depends on is removed, moved or replaced, at
/// once and without polling (inotify on their directories): the database file and its
/// write-ahead log — a WAL deleted while the daemon runs holds acknowledged writes that
/// the next crash would lose, so they must be copied into the database file before
/// anything else happens — and the socket file bound here, without which no new client
/// finds the daemon.
final class FileWatch {
    let descriptor: FileDescriptor
    /// The watched paths of each watch (a directory), by their names in it.
    private var watched: [Int32: [String: String]] = [:]

    /// Watches `paths`; nil when no directory of theirs can be watched.
    init?(paths: [String]) {
        guard let descriptor = try? FileDescriptor(inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)), from: "inotify_init1") else { return nil }
        self.descriptor = descriptor
        for path in paths { watch(path) }
        guard !watched.isEmpty else { return nil }
    }

    /// Watches `path` (again, after its directory was made anew); false when its
    /// directory cannot be watched. A directory watched twice is one watch.
    @discardableResult
    func watch(_ path: String) -> Bool {
        let watch = inotify_add_watch(descriptor.raw, FilePath.directory(of: path), UInt32(IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO))
        guard watch >= 0 else { return false }
        watched[watch, default: [:]][FilePath.name(of: path)] = path
        return true
    }

    /// True when `path` is watched.
    func watches(_ path: String) -> Bool { watched.values.contains { $0[FilePath.name(of: path)] == path } }

    /// Reads the events queued: the watched paths they name.
    func changed() -> Set<String> {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var touched: Set<String> = []
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor.raw, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return touched }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let watch = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self) }
                let length = buffer.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)) }
                let name = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
                if let path = watched[watch]?[String(decoding: name, as: UTF8.self)] { touched.insert(path) }
                offset += header + length
            }
        }
    }
}
