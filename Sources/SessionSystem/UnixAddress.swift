import Glibc

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

    /// As `withAddress`, and a name starting with "@" is an abstract address (a
    /// leading NUL, its length exact), as `$NOTIFY_SOCKET` may name one.
    public static func withAddress<T>(orAbstract name: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        guard name.hasPrefix("@") else { return withAddress(name, body) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(name.utf8.dropFirst())
        let count = withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let count = min(bytes.count, raw.count - 1)
            for index in 0..<count { raw[index + 1] = bytes[index] }
            return count
        }
        let length = MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + 1 + count
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(length)) }
        }
    }
}
