#if canImport(Glibc)
import Glibc
#endif

/// The process's environment as a dictionary (without Foundation's ProcessInfo, which
/// would load more than the executables need).
public enum ProcessEnvironment {
    public static func current() -> [String: String] {
        var environment: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let pair = String(cString: entry)
            if let equals = pair.firstIndex(of: "=") {
                environment[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            pointer += 1
        }
        return environment
    }
}
