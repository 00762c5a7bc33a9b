/// A file path's directory and name, as dirname(1) and basename(1) split it.
public enum FilePath {
    /// The directory holding `path`: "/" for a file at the root, "." for a bare name.
    public static func directory(of path: String) -> String {
        path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    }

    /// The last component of `path`.
    public static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }
}
