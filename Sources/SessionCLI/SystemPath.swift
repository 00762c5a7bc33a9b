import Glibc

/// A path as the system takes it: the bytes it came as on the command line. A file name
/// that is not UTF-8 (Latin-1's "Übung.csv") reaches `CommandLine.arguments` with
/// U+FFFD in place of its bytes, and opened by that text it is no file; so a path with
/// U+FFFD is looked up among the process's own arguments, whole, and opened by theirs.
enum SystemPath {
    /// `path`'s bytes, ending in NUL, for open(2), stat(2) and rename(2).
    static func bytes(_ path: String) -> [CChar] {
        if path.unicodeScalars.contains("\u{FFFD}") {
            for index in 1..<Int(CommandLine.argc) {
                guard let raw = CommandLine.unsafeArgv[index], String(cString: raw) == path else { continue }
                return Array(UnsafeBufferPointer(start: raw, count: strlen(raw) + 1))
            }
        }
        return Array(path.utf8CString)
    }

    /// The bytes of `path` with `suffix` after it: a temporary file beside it.
    static func bytes(_ path: String, appending suffix: String) -> [CChar] {
        Array(bytes(path).dropLast()) + Array(suffix.utf8CString)
    }
}
