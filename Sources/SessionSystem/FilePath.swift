import Glibc

/// A file path's directory and name, as dirname(1) and basename(1) split it.
public enum FilePath {
    /// The directory holding `path`: "/" for a file at the root, "." for a bare name.
    public static func directory(of path: String) -> String {
        path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    }

    /// This process's executable, as /proc/self/exe names it; nil where it cannot be read.
    public static func executable() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The size of the file at `path` in bytes; 0 when there is none.
    public static func size(of path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// The last component of `path`.
    public static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }
}
