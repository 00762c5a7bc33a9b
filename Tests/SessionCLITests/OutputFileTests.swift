import Foundation
import TestSupport
import Testing

/// Where `export`, `backup` and `plan export` write: a regular file is replaced with
/// --force; anything else at the path (a link, a device, a FIFO) is left as it was,
/// with or without it, since the file is written beside the path and renamed over it.
@Suite struct OutputFileTests {
    @Test func onlyARegularFileIsReplacedAndLinksAndSpecialFilesAreLeftAlone() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        _ = try daemon.client().call("session.start")
        _ = try daemon.client().call("session.log", Workout.set("Squat", 5, 100))
        let directory = daemon.directory
        let target = directory + "/target.csv"
        Fixtures.write("kept\n", to: target)
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: directory + "/link.csv", withDestinationPath: target)
        try manager.createSymbolicLink(atPath: directory + "/dangling.csv", withDestinationPath: directory + "/nowhere.csv")
        try manager.createSymbolicLink(atPath: directory + "/loop.csv", withDestinationPath: directory + "/loop.csv")
        #expect(mkfifo(directory + "/fifo.csv", 0o600) == 0)

        for (name, reason) in [("link.csv", "it is a symbolic link"), ("dangling.csv", "it is a symbolic link"), ("loop.csv", "it is a symbolic link"),
                               ("fifo.csv", "it is not a regular file")] {
            for force in [[], ["--force"]] {
                let run = try daemon.ctl(["export", "--format", "strong"] + force + [directory + "/" + name])
                #expect(run.status == 1 && run.stderr.contains(reason), "\(name) \(force): \(run.stderr)")
            }
            var status = stat()
            #expect(lstat(directory + "/" + name, &status) == 0)
            #expect(status.st_mode & S_IFMT == (name == "fifo.csv" ? S_IFIFO : S_IFLNK), "\(name) is left as it was")
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "kept\n", "the link's file is untouched")
        #expect((try manager.destinationOfSymbolicLink(atPath: directory + "/link.csv")) == target)
        #expect(try daemon.ctl(["backup", directory + "/fifo.csv", "--force"]).status == 1)

        let replaced = try daemon.ctl(["export", "--format", "strong", "--force", target])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("Date,"), "a regular file is replaced with --force")
    }
}
