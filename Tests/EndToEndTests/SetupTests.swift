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
        let run = try Nobody.run("/usr/bin/env", ["-u", "XDG_RUNTIME_DIR", "-u", "SESSIOND_SOCKET", "-u", "LISTEN_FDS",
                                                  Binaries.sessiond, "--database", directory + "/sessiond.db"])
        #expect(run.status == 1, "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains("/run/sessiond"), "\(run.stderr)")
        #expect(run.stderr.contains("pass --socket PATH") && run.stderr.contains("systemctl --user start sessiond"), "\(run.stderr)")
    }
}
