import Foundation
import JSON
import Testing
import TestSupport

/// sessionctl started without its standard output, or writing to a reader that went
/// away while SIGPIPE is ignored (as some parents leave it): it says so and stops.
@Suite struct ClosedOutputTests {
    /// Started with standard output closed (`>&-`): the socket to the daemon must not
    /// take its number, or the output would go to the daemon as requests.
    @Test func withoutStandardOutputTheCommandFailsAndTheDaemonGetsNoText() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        _ = try daemon.client().call("session.start")
        _ = try daemon.client().call("session.log", Workout.set("Squat", 5, 100))
        for command in ["history", "status"] {
            let run = try runProcess("/bin/sh", ["-c", "exec \"$0\" --socket \"$1\" \(command) >&-", Binaries.sessionctl, daemon.socketPath])
            #expect(run.status == 1 && run.stderr.contains("cannot write to standard output: Bad file descriptor"), "\(command): \(run.status) \(run.stderr)")
        }
        let log = daemon.log
        #expect(!log.contains("parse error") && !log.contains("invalid"), "the daemon was sent no text: \(log)")
        #expect(try daemon.client().call("session.current")["sets"] == 1)
    }

    /// `watch | head -1` with SIGPIPE ignored: the first event after the reader left
    /// fails to write, and watch stops with status 1 instead of running on.
    @Test func watchStopsWhenItsReaderLeavesWithSIGPIPEIgnored() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/bash")
        shell.arguments = ["-c", "trap '' PIPE; \"$0\" --socket \"$1\" watch | head -n 1 >/dev/null; echo \"watch: ${PIPESTATUS[0]}\" >&2",
                           Binaries.sessionctl, daemon.socketPath]
        let errors = Pipe()
        shell.standardError = errors
        shell.standardOutput = FileHandle.nullDevice
        try shell.run()
        defer { if shell.isRunning { shell.terminate() } }
        let client = try daemon.client()
        // The watch subscribed (its first line went to head, which left).
        try Wait.until(timeout: 10, "the watch's subscription") { try client.call("daemon.status")["subscribers"] == 1 }
        _ = try client.call("session.start")
        _ = try client.call("session.log", Workout.set("Squat", 5, 100))
        try Wait.until(timeout: 10, "the watch to stop") { !shell.isRunning }
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(said.contains("cannot write to standard output: Broken pipe") && said.contains("watch: 1"), "\(said)")
    }
}
