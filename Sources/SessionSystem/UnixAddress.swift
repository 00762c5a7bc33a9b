#if canImport(Glibc)
import Glibc
#endif

/// A Unix-domain socket address for a path, in the one place that builds it.
public enum UnixAddress {
    /// The longest path a `sockaddr_un` holds (without its terminating NUL).
    public static let maximumPathBytes = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// Calls `body` with the address of `path` as a `sockaddr` and its length, as
    /// bind(2) and connect(2) take it. The path must fit (`maximumPathBytes`).
    public static func withAddress<T>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() where index < raw.count - 1 { raw[index] = byte }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
