import Foundation

/// The other user the tests act as: nobody (uid and gid 65534, no groups), through
/// setpriv(1), which needs the tests to run as root.
public enum Nobody {
    public static let setpriv = "/usr/bin/setpriv"
    /// setpriv's arguments that run what follows as nobody.
    public static let becoming = ["--reuid=65534", "--regid=65534", "--clear-groups"]

    /// Why the tests cannot act as nobody here (not root, no setpriv, no python3 when
    /// `python` is asked, no group `group` when one is named); nil when they can.
    public static func unavailable(python: Bool = false, group: String? = nil) -> String? {
        var needs: [String] = []
        if getuid() != 0 { needs.append("root") }
        if !FileManager.default.isExecutableFile(atPath: setpriv) { needs.append("setpriv(1)") }
        if python, !FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") { needs.append("python3") }
        if let group, getgrnam(group) == nil { needs.append("the \(group) group") }
        return needs.isEmpty ? nil : "needs " + needs.joined(separator: ", ")
    }

    /// Runs `path` with `arguments` as nobody, as `runProcess` runs it.
    public static func run(_ path: String, _ arguments: [String], timeout: Double = 30) throws -> ProcessResult {
        try runProcess(setpriv, becoming + [path] + arguments, timeout: timeout)
    }

    /// A process that runs `path` with `arguments` as nobody, not started.
    public static func process(_ path: String, _ arguments: [String]) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: setpriv)
        process.arguments = becoming + [path] + arguments
        return process
    }
}
