import Glibc
import SessionCore
import SessionSystem

/// Paths the tests share: the package root, the shared examples beside it, and fresh
/// temporary directories.
public enum Fixtures {
    /// The package root (the directory holding Package.swift).
    public static let packageRoot: String = {
        var path = #filePath
        for _ in 0..<3 {
            guard let slash = path.lastIndex(of: "/") else { break }
            path = String(path[..<slash])
        }
        return path
    }()

    /// `../shared/examples` beside the checkout, as the project lays it out: real
    /// exports, health files and model output. A clone on its own has no such folder.
    public static var examplesDirectory: String { packageRoot + "/../shared/examples" }

    /// True when `examplesDirectory` is there. A test that reads its files is enabled
    /// only then (`.enabled(if: Fixtures.sharedExamplesPresent, …)`), so the rest of the
    /// suite runs without it; `make test` names the tests it leaves out.
    public static let sharedExamplesPresent: Bool = access(examplesDirectory, R_OK) == 0

    /// The plan most tests train on, kept with the tests (a copy of the shared
    /// examples' dumbbell-3day.json), so that they run without `examplesDirectory`.
    public static var dumbbellPlanPath: String { packageRoot + "/Tests/Fixtures/plans/dumbbell-3day.json" }

    /// The text of `dumbbellPlanPath`.
    public static var dumbbellPlan: String { read(dumbbellPlanPath) }

    /// Reads a file as UTF-8 text; a missing fixture stops the test run.
    public static func read(_ path: String) -> String {
        guard let file = fopen(path, "rb") else { fatalError("cannot open fixture \(path)") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes text to a file, replacing it.
    public static func write(_ text: String, to path: String) {
        guard let file = fopen(path, "wb") else { fatalError("cannot write \(path)") }
        _ = Array(text.utf8).withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }

    /// An example plan's text from `../shared/examples/plans` (a test reading one is
    /// enabled only when `sharedExamplesPresent`).
    public static func examplePlan(_ name: String) -> String {
        read(examplesDirectory + "/plans/" + name)
    }

    /// A new empty directory under /tmp, removed by `removeTree` when the test is done.
    public static func temporaryDirectory(_ label: String = "test") -> String {
        var template = Array("/tmp/sessiond-\(label)-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("mkdtemp failed") }
        return String(cString: made)
    }

    /// Removes a directory tree made by `temporaryDirectory`. Not with system(3): while
    /// its command runs it ignores SIGINT and SIGQUIT in the whole test process, and a
    /// program another test starts meanwhile (Foundation's `Process` passes ignored
    /// signals on) would ignore Ctrl-C all its life.
    public static func removeTree(_ path: String) {
        guard path.hasPrefix("/tmp/sessiond-"),
              let pid = try? ChildProcess.spawn("/bin/rm", ["-rf", path], descriptors: [-1, STDOUT_FILENO, STDERR_FILENO]) else { return }
        _ = ChildProcess.waitForEnd(pid)
    }

    /// A Monday to import plans into, fixed so tests do not depend on today.
    public static let monday = LocalDate(year: 2026, month: 11, day: 30)!
}
