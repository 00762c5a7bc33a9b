import Foundation

/// Runs the package's built executables as a user would.
public enum Binaries {
    /// The directory holding the built products (beside the test bundle).
    public static let directory: String = {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return (executable as NSString).deletingLastPathComponent
    }()

    public static var sessiond: String { directory + "/sessiond" }
    public static var sessionctl: String { directory + "/sessionctl" }
    public static var sessiondSync: String { directory + "/sessiond-sync" }
}

/// The outcome of running a command.
public struct ProcessResult: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// Runs `path` with `arguments`, optional standard input and extra environment, and
/// waits for it (at most `timeout` seconds, then it is killed).
public func runProcess(_ path: String, _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], timeout: Double = 30) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = nil
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let directory = Fixtures.temporaryDirectory("run")
    defer { Fixtures.removeTree(directory) }
    let outPath = directory + "/stdout"
    let errPath = directory + "/stderr"
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    let input = Pipe()
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    process.standardInput = input
    try process.run()
    // A child that exits before reading its input (psql that could not connect yet)
    // must not take the test runner down with SIGPIPE: the write fails instead.
    signal(SIGPIPE, SIG_IGN)
    if let stdin { try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    _ = Wait.poll(timeout: timeout) { !process.isRunning }
    // SIGKILL: a child may inherit SIGTERM blocked from the test runner's thread.
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    let outData = FileManager.default.contents(atPath: outPath) ?? Data()
    let errData = FileManager.default.contents(atPath: errPath) ?? Data()
    return ProcessResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
}
