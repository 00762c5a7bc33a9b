import Foundation
import JSON
import Testing
import TestSupport

/// A file whose name is not UTF-8 (Latin-1's "Übung", as an older system or a USB stick
/// names it) is read and written by its own bytes: the arguments reach sessionctl's
/// text with U+FFFD in their place, and opened by that text it was no file.
@Suite struct FileNameTests {
    /// Runs sessionctl through the shell with `$name` set to the file `name` (printf's
    /// escapes: `\334bung.json` is Latin-1's Übung.json) in the daemon's directory.
    func run(_ daemon: DaemonProcess, _ name: String, _ command: String) throws -> ProcessResult {
        try runProcess("/bin/sh", ["-c", "name=\"$1/$(printf '\(name)')\"; cd \"$1\" && \(command)", Binaries.sessionctl, daemon.directory, daemon.socketPath],
                       environment: ["PATH": "/usr/bin:/bin", "SESSIOND_SOCKET": daemon.socketPath, "LC_ALL": "C.UTF-8"])
    }

    @Test func aFileNamedInLatin1IsReadAndWrittenByItsBytes() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        // A plan, checked and imported.
        let copied = try run(daemon, #"\334bung.json"#, "cp \"\(Fixtures.dumbbellPlanPath)\" \"$name\" && \"$0\" plan check \"$name\" && \"$0\" plan import \"$name\"")
        #expect(copied.status == 0, "\(copied.stderr)")
        #expect(try daemon.client().call("plan.list").arrayValue?.count == 1)
        // A Strong export, imported.
        let rows = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE\n2026-11-02 18:00:00,\"Legs\",50m,\"Squat (Barbell)\",1,100,5,0,0,\n"
        let csv = daemon.directory + "/rows.csv"
        try rows.write(toFile: csv, atomically: true, encoding: .utf8)
        let imported = try run(daemon, #"Kraft-\351t\351.csv"#, "cp \"\(csv)\" \"$name\" && \"$0\" import \"$name\"")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try daemon.client().call("session.list").arrayValue?.count == 1)
        // An export, written under the name as given, and nothing under the text's.
        let exported = try run(daemon, #"Export-\374.json"#, "\"$0\" export \"$name\" && test -s \"$name\" && ! ls | grep -q 'Export-\u{FFFD}'")
        #expect(exported.status == 0, "\(exported.stdout) \(exported.stderr)")
    }
}
