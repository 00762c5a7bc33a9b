import Foundation
import Testing
import TestSupport

/// What a person setting sessiond up is told when the defaults do not fit them.
@Suite struct SetupTests {
    /// Without XDG_RUNTIME_DIR and not root, the default socket is the system service's:
    /// the refusal says how to run it as oneself.
    @Test func aDaemonThatMayNotWriteTheSystemSocketsPlaceSaysWhatToDo() throws {
        if let reason = Nobody.unavailable() {
            Issue.record("\(reason)")
            return
        }
        let directory = Fixtures.temporaryDirectory("setup")
        defer { Fixtures.removeTree(directory) }
        chmod(directory, 0o777)
        // A copy nobody may run wherever the build lives (a checkout in a private directory).
        let binary = directory + "/sessiond"
        try FileManager.default.copyItem(atPath: Binaries.sessiond, toPath: binary)
        chmod(binary, 0o755)
        let run = try Nobody.run("/usr/bin/env", ["-u", "XDG_RUNTIME_DIR", "-u", "SESSIOND_SOCKET", "-u", "LISTEN_FDS",
                                                  binary, "--database", directory + "/sessiond.db"])
        #expect(run.status == 1, "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains("/run/sessiond"), "\(run.stderr)")
        #expect(run.stderr.contains("pass --socket PATH") && run.stderr.contains("systemctl --user start sessiond"), "\(run.stderr)")
    }
}
