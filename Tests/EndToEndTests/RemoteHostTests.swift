import Foundation
import JSON
import Testing
import TestSupport

/// `sessionctl -H USER@HOST[:PORT]`: the same commands against the daemon on another
/// machine, through a real sshd (Debian's openssh-server on a loopback port, with keys
/// the test makes) whose sessions find the built sessionctl and the daemon's socket as
/// that machine's own would. Each answer — output and exit status — is compared with
/// the same command run here on the daemon's socket; files named on the command line
/// are read and written in this process's directory. Skipped, with the reason, only
/// where no sshd can run.
@Suite(.serialized, .disabled(if: SSHServer.unavailable != nil, Comment(rawValue: "sshd cannot run here: \(SSHServer.unavailable ?? "")")))
struct RemoteHostTests {
    /// A daemon, an sshd whose sessions reach it, and a directory to run sessionctl in.
    final class Machines {
        let daemon: DaemonProcess
        let server: SSHServer
        let directory: String

        init() throws {
            daemon = try DaemonProcess()
            server = try SSHServer(environment: ["SESSIOND_SOCKET": daemon.socketPath])
            directory = Fixtures.temporaryDirectory("remote")
        }

        deinit {
            server.stop()
            daemon.cleanUp()
            Fixtures.removeTree(directory)
        }

        /// sessionctl run here, in `directory`, on the daemon's socket.
        func local(_ arguments: [String], socket: String? = nil, stdin: String? = nil) throws -> ProcessResult {
            try RemoteHostTests.run(arguments, in: directory, stdin: stdin, environment: ["SESSIOND_SOCKET": socket ?? daemon.socketPath])
        }

        /// The same command with -H: this machine's $SESSIOND_SOCKET names no socket, so
        /// only the ssh route can answer.
        func remote(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> ProcessResult {
            try RemoteHostTests.run(["-H", server.destination] + arguments, in: directory, stdin: stdin,
                                    environment: ["SESSIONCTL_SSH": server.sshCommand, "SESSIOND_SOCKET": directory + "/no-daemon-here.sock"]
                                        .merging(environment) { $1 })
        }
    }

    /// Runs the built sessionctl with `directory` as its working directory.
    static func run(_ arguments: [String], in directory: String, stdin: String? = nil, environment: [String: String]) throws -> ProcessResult {
        try runProcess("/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", directory, Binaries.sessionctl] + arguments, stdin: stdin, environment: environment)
    }

    @Test func commandsAnswerThroughSSHAsTheyDoHere() throws {
        let machines = try Machines()
        // The daemon's clock stands still (libfaketime's absolute time), so that what
        // depends on it (running for, rest left) reads the same at either command.
        try #require(FileManager.default.fileExists(atPath: FakeTimeFile.library), "make test-deps installs faketime")
        Fixtures.write("2026-11-27 18:30:00\n", to: machines.daemon.clock.path)
        let client = try machines.daemon.client()
        try Workout.backfill(client, start: "2026-11-23T18:00:00Z", end: "2026-11-23T19:00:00Z", sets: [("Back Squat", 5, 100), ("Bench Press", 8, 60)], rpe: 8)
        try Workout.backfill(client, start: "2026-11-25T18:00:00Z", end: "2026-11-25T18:50:00Z", sets: [("Deadlift", 5, 140)])
        #expect(try machines.local(["start"]).status == 0)
        // A set logged from the other machine, taken back here, and logged here: the same
        // set, said the same way (log sends its set and a read in one pipelined write).
        let there = try machines.remote(["log", "squat", "5", "80"])
        #expect(there.status == 0, "\(there.stderr)")
        #expect(try machines.local(["undo"]).status == 0)
        let here = try machines.local(["log", "squat", "5", "80"])
        #expect(there.stdout == here.stdout && there.stderr == here.stderr && !here.stdout.isEmpty, "\(there.stdout) vs \(here.stdout)")
        let commands: [[String]] = [
            ["status"], ["status", "--json"], ["summary", "--week", "2026-11-23"], ["summary", "--week", "2026-11-23", "--json"],
            ["history", "squat"], ["call", "rpc.discover", "--json"],
            ["show", "999"],  // refused by the daemon: exit 1
            ["log", "--bogus"],  // a usage error: exit 2
            ["--json", "show", "999"],
        ]
        for command in commands {
            let local = try machines.local(command)
            let remote = try machines.remote(command)
            #expect(remote.status == local.status, "\(command): \(remote.status) vs \(local.status): \(remote.stderr)")
            #expect(remote.stdout == local.stdout, "\(command)")
            #expect(remote.stderr == local.stderr, "\(command): \(remote.stderr) vs \(local.stderr)")
        }
        #expect(try machines.local(["show", "999"]).status == 1 && machines.local(["log", "--bogus"]).status == 2, "both kinds of failure were compared")
        #expect(try machines.remote(["call", "rpc.discover", "--json"]).stdout.utf8.count > 100_000, "a reply larger than the relay's pipes hold")

        // Export: the file is written by the sessionctl here, in its working directory
        // (the path is relative; ssh's session starts in the remote user's home).
        let exportedThere = try machines.remote(["export", "there.json"])
        let exportedHere = try machines.local(["export", "here.json"])
        #expect(exportedThere.status == 0 && exportedHere.status == 0, "\(exportedThere.stderr)")
        #expect(exportedThere.stderr == exportedHere.stderr.replacingOccurrences(of: "here.json", with: "there.json"))
        let file = Fixtures.read(machines.directory + "/there.json")
        #expect(file == Fixtures.read(machines.directory + "/here.json") && file.contains("Deadlift"))
        let home = String(cString: getpwuid(getuid()).pointee.pw_dir)
        #expect(!FileManager.default.fileExists(atPath: home + "/there.json"), "nothing was written where the ssh session runs")
        let kept = try machines.remote(["export", "there.json"])
        #expect(kept.status == 1 && kept.stderr.contains("cannot write there.json: it exists"), "an existing file is kept, as here: \(kept.stderr)")

        // Import: the file is read here and sent; --socket names the socket on the other
        // machine (a second, empty daemon), which restores the export byte for byte.
        let restored = try DaemonProcess()
        defer { restored.cleanUp() }
        let compared = try DaemonProcess()
        defer { compared.cleanUp() }
        let importedThere = try machines.remote(["--socket", restored.socketPath, "import", "there.json"])
        let importedHere = try machines.local(["import", "there.json"], socket: compared.socketPath)
        #expect(importedThere.status == 0 && importedThere.stdout == importedHere.stdout && importedThere.stderr == importedHere.stderr,
                "\(importedThere.stdout) \(importedThere.stderr) vs \(importedHere.stdout)")
        #expect(importedThere.stdout.contains("imported 2 workouts"), "\(importedThere.stdout)")
        #expect(try machines.local(["export", "restored.json"], socket: restored.socketPath).status == 0)
        #expect(Fixtures.read(machines.directory + "/restored.json") == file)
        // Standard input is this one's too, not the stream to the daemon.
        let piped = try machines.remote(["--socket", restored.socketPath, "import", "-", "--dry-run"], stdin: file)
        #expect(piped.status == 0 && piped.stdout.contains("would import 0 workouts") && piped.stdout.contains("2 workouts already stored"),
                "\(piped.stdout) \(piped.stderr)")
    }

    @Test func watchStreamsWhatAnotherClientDoes() throws {
        let machines = try Machines()
        #expect(try machines.local(["start"]).status == 0)
        let there = try Watcher(["-H", machines.server.destination, "watch"],
                                environment: ["SESSIONCTL_SSH": machines.server.sshCommand, "SESSIOND_SOCKET": "/nonexistent.sock"])
        let here = try Watcher(["watch"], environment: ["SESSIOND_SOCKET": machines.daemon.socketPath])
        // Each says where it watches once it is subscribed.
        #expect(try there.errorLine()?.hasPrefix("watching events on \(machines.server.destination)") == true)
        #expect(try here.errorLine()?.hasPrefix("watching events on \(machines.daemon.socketPath)") == true)
        _ = try machines.daemon.client().call("session.log", .obj(["exercise": "Goblet Squat", "reps": 10, "weightKg": 24]))
        let heardThere = try #require(try there.line())
        #expect(heardThere.contains("set.logged") && heardThere.contains("Goblet Squat"), "\(heardThere)")
        let heardHere = try here.line()
        #expect(heardThere == heardHere)
        let restThere = try there.line()
        let restHere = try here.line()
        #expect(restThere?.contains("rest.started") == true && restThere == restHere)
        // The daemon going away ends both alike.
        machines.daemon.stop()
        #expect(there.exitStatus() == 3 && here.exitStatus() == 3)
        #expect(there.errors.contains("the daemon closed the connection"), "\(there.errors)")
    }

    /// A shell script in `directory` standing in for ssh (`$SESSIONCTL_SSH`): its path.
    static func standInSSH(_ body: String, in directory: String) -> String {
        let path = directory + "/ssh"
        Fixtures.write("#!/bin/sh\n" + body, to: path)
        chmod(path, 0o755)
        return path
    }

    /// A completion through ssh must never wait for a person: its ssh asks for no
    /// password or host key and gives up connecting after 3 s; a command's ssh asks as
    /// ssh does, and gives up connecting after 10 s. A bad $SESSIONCTL_HOST is named as that variable.
    @Test func aCompletionsSSHNeverAsks() throws {
        let directory = Fixtures.temporaryDirectory("ssh-args")
        defer { Fixtures.removeTree(directory) }
        let recorder = Self.standInSSH("printf '%s\\n' \"$@\" >> \"\(directory)/args-$$\"\nexit 255\n", in: directory)
        func arguments(_ words: [String]) throws -> [String] {
            _ = try Self.run(["-H", "someone@example.invalid"] + words, in: directory, environment: ["SESSIONCTL_SSH": recorder])
            let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("args-") }
            defer { for file in files { unlink(directory + "/" + file) } }
            return try files.flatMap { try String(contentsOfFile: directory + "/" + $0, encoding: .utf8).split(separator: "\n").map(String.init) }
        }
        for helper in ["__complete-exercises", "__complete-plans"] {
            let passed = try arguments([helper])
            #expect(passed.contains("BatchMode=yes") && passed.contains("ConnectTimeout=3"), "\(helper): \(passed)")
        }
        let command = try arguments(["status"])
        #expect(!command.contains("BatchMode=yes"), "a person may be asked")
        // A host out of reach is given up after 10 s, not ssh's minutes of TCP retries.
        #expect(command.contains("ConnectTimeout=10"), "\(command)")
        let badHost = try Self.run(["status"], in: directory, environment: ["SESSIONCTL_HOST": "bad host"])
        #expect(badHost.status == 2 && badHost.stderr.hasPrefix("sessionctl: $SESSIONCTL_HOST must be [USER@]HOST[:PORT], got \"bad host\""), "\(badHost.stderr)")
    }

    /// track through -H takes the round trips it takes here: the first question ssh's
    /// connection asks (`daemon.status`) also tells it the daemon's zone, asked once.
    @Test func trackThroughSSHAsksTheZoneOnce() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let relay = try SocketRelay(path: daemon.directory + "/relay.sock", upstream: daemon.socketPath)
        let ssh = Self.standInSSH("exec '\(Binaries.sessionctl)' dial-stdio --socket '\(relay.path)'\n", in: daemon.directory)
        let tracked = try Self.run(["-H", "someone@gym", "track", "yesterday", "18:00-19:00", "squat", "3x5@100"], in: daemon.directory,
                                   environment: ["SESSIONCTL_SSH": ssh])
        #expect(tracked.status == 0, "\(tracked.stderr)")
        #expect(relay.roundTrips() == 3, "the zone, the names, the session")
        #expect(try daemon.client().call("session.list").arrayValue?.count == 1)
    }

    /// A login script on the host that prints before sessionctl runs: its words are
    /// quoted, with what they likely are.
    @Test func aHostThatPrintsFirstIsNamedByWhatItPrinted() throws {
        let directory = Fixtures.temporaryDirectory("ssh-banner")
        defer { Fixtures.removeTree(directory) }
        let ssh = Self.standInSSH("echo 'Welcome to the gym server'\ncat > /dev/null\n", in: directory)
        let run = try Self.run(["-H", "someone@gym", "status"], in: directory, environment: ["SESSIONCTL_SSH": ssh])
        #expect(run.status == 3 && run.stderr.contains("not JSON: \"Welcome to the gym server\" (does a login script on that host print something?)"),
                "\(run.stderr)")
    }

    @Test func anUnreachableDaemonIsExitThreeWithSSHsMessage() throws {
        let machines = try Machines()
        #expect(try machines.remote(["status"]).status == 0, "the route works when everything is there")
        let unused = try SSHServer.freePort()
        let refused = try Self.run(["-H", "\(machines.server.user)@127.0.0.1:\(unused)", "status"], in: machines.directory,
                                   environment: ["SESSIONCTL_SSH": machines.server.sshCommand])
        #expect(refused.status == 3, "\(refused.stderr)")
        #expect(refused.stderr.contains("cannot reach sessiond at \(machines.server.user)@127.0.0.1:\(unused): ssh: connect to host 127.0.0.1 port \(unused): Connection refused"),
                "\(refused.stderr)")
        // No sessiond on the named socket there: the far side's reason.
        let stopped = try machines.remote(["--socket", machines.directory + "/stopped.sock", "status"])
        #expect(stopped.status == 3 && stopped.stderr.contains("cannot reach sessiond on \(machines.server.destination) at \(machines.directory)/stopped.sock: No such file or directory"),
                "\(stopped.stderr)")
        let json = try machines.remote(["--socket", machines.directory + "/stopped.sock", "status", "--json"])
        #expect(json.status == 3 && (try? JSONParser.parse(json.stdout))?["error"]?["kind"] == "unreachable", "\(json.stdout)")
        // log, which says a set whose reply was lost may have been stored, says instead
        // that nothing was reached: ssh starts whatever answers, and the first question
        // tells. The same for a host that refuses.
        let throughStopped = { (words: [String]) in try machines.remote(["--socket", machines.directory + "/stopped.sock"] + words) }
        let throughRefused = { (words: [String]) in
            try Self.run(["-H", "\(machines.server.user)@127.0.0.1:\(unused)"] + words, in: machines.directory,
                         environment: ["SESSIONCTL_SSH": machines.server.sshCommand])
        }
        for (run, said) in [(throughStopped, "No such file or directory"), (throughRefused, "Connection refused")] {
            let log = try run(["log", "squat", "5", "100"])
            #expect(log.status == 3 && log.stderr.contains(said) && !log.stderr.contains("may have been stored"), "\(log.stderr)")
            // Said once, with where on the far side.
            #expect(log.stderr.components(separatedBy: "cannot reach sessiond").count <= 2, "\(log.stderr)")
            let logJSON = try run(["log", "squat", "5", "100", "--json"])
            #expect(logJSON.status == 3 && (try? JSONParser.parse(logJSON.stdout))?["error"]?["kind"] == "unreachable", "\(logJSON.stdout)")
        }
        // No ssh at all.
        let noSSH = try machines.remote(["status"], environment: ["SESSIONCTL_SSH": "/nonexistent/ssh"])
        #expect(noSSH.status == 3 && noSSH.stderr.contains("/nonexistent/ssh: not found"), "\(noSSH.stderr)")
        // No sessionctl on the other machine's PATH.
        let bare = try SSHServer(environment: ["SESSIOND_SOCKET": machines.daemon.socketPath], path: "/usr/bin:/bin")
        defer { bare.stop() }
        let missing = try Self.run(["-H", bare.destination, "status"], in: machines.directory, environment: ["SESSIONCTL_SSH": bare.sshCommand])
        #expect(missing.status == 3 && missing.stderr.contains("sessionctl") && missing.stderr.contains("not found"), "\(missing.stderr)")
    }

    /// backup's FILE is written here, and the daemon's database path names a file on the
    /// daemon's machine: the path is no reason to refuse over -H (on two machines they
    /// are two files), but the file is. Here one machine plays both, so the database's
    /// path leads to the very file the daemon holds open, and the backup is refused
    /// through -H as it is run here; another path is written here.
    @Test func aBackupOverSSHOntoTheDaemonsOwnOpenDatabaseIsRefused() throws {
        let machines = try Machines()
        #expect(try machines.local(["start"]).status == 0)
        #expect(try machines.local(["log", "squat", "5", "100"]).status == 0)
        let database = machines.daemon.databasePath
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        for target in [database, database + "-wal", database + "-shm", database + ".lock"] {
            let here = try machines.local(["backup", "--force", target])
            #expect(here.status == 1 && here.stderr.contains("which the daemon has open") && !here.stderr.contains("through -H"), "\(here.status) \(here.stderr)")
            let there = try machines.remote(["backup", "--force", target])
            #expect(there.status == 1 && there.stderr.contains("which the daemon has open (through -H, a daemon on this very machine)"),
                    "\(there.status) \(there.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before, "the live database was left as it was")
        // The daemon still serves the same database: the set logged before is there.
        #expect(try machines.local(["log", "squat", "5", "100"]).status == 0)
        #expect(try machines.daemon.client().call("session.current")["sets"]?.intValue == 2)
        let elsewhere = machines.directory + "/copy.db"
        let there = try machines.remote(["backup", elsewhere])
        let copy = try [UInt8](Data(contentsOf: URL(fileURLWithPath: elsewhere)))
        #expect(there.status == 0 && there.stderr == "backed up \(copy.count) bytes to \(elsewhere)\n" && copy.starts(with: Array("SQLite format 3\u{0}".utf8)),
                "\(there.stdout) \(there.stderr)")
        let help = try machines.local(["backup", "--help"])
        #expect(help.stdout.replacingOccurrences(of: "\n", with: " ").contains("also through -H to a daemon on this same machine"), "\(help.stdout)")
    }

    @Test func theHostComesFromTheEnvironmentUnlessGivenEmpty() throws {
        let machines = try Machines()
        let environment = ["SESSIONCTL_HOST": machines.server.destination, "SESSIONCTL_SSH": machines.server.sshCommand]
        let status = try Self.run(["status"], in: machines.directory, environment: environment.merging(["SESSIOND_SOCKET": "/nonexistent.sock"]) { $1 })
        let local = try machines.local(["status"])
        #expect(status.status == 0 && status.stdout == local.stdout, "\(status.stderr)")
        // -H '' is this machine, whatever $SESSIONCTL_HOST says.
        let here = try Self.run(["-H", "", "status"], in: machines.directory, environment: environment.merging(["SESSIOND_SOCKET": "/nonexistent.sock"]) { $1 })
        #expect(here.status == 3 && here.stderr.contains("cannot reach sessiond at /nonexistent.sock"), "\(here.stderr)")
        // A host that is no host is a usage error, before anything runs.
        for bad in ["root@127.0.0.1:0", "-oProxyCommand=touch", "root@", "[::1"] {
            let refused = try Self.run(["--host", bad, "status"], in: machines.directory, environment: environment)
            #expect(refused.status == 2 && refused.stderr.contains("--host must be [USER@]HOST[:PORT]"), "\(bad): \(refused.stderr)")
        }
    }
}

/// A `sessionctl watch` left running, read line by line.
final class Watcher {
    private let process = Process()
    private let output = Pipe()
    private let errorPipe = Pipe()
    private var buffer: [UInt8] = []
    private var errorBuffer: [UInt8] = []
    /// What it wrote on standard error after the lines `errorLine` read, once it has exited.
    private(set) var errors = ""

    init(_ arguments: [String], environment: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: Binaries.sessionctl)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = output
        process.standardError = errorPipe
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// The next line it prints, within `timeout` seconds; nil when none comes.
    func line(timeout: Double = 20) throws -> String? {
        Self.line(from: output, buffer: &buffer, timeout: timeout)
    }

    /// The next line it writes on standard error (where watch says what it watches),
    /// within `timeout` seconds; nil when none comes.
    func errorLine(timeout: Double = 20) throws -> String? {
        Self.line(from: errorPipe, buffer: &errorBuffer, timeout: timeout)
    }

    private static func line(from pipe: Pipe, buffer: inout [UInt8], timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        let fd = pipe.fileHandleForReading.fileDescriptor
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeFirst(newline + 1)
                return line
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(left * 1000)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(fd, &chunk, chunk.count)
            guard count > 0 else { return nil }
            buffer += chunk[0..<count]
        }
    }

    /// Its exit status, waiting up to 20 s (-1 if it still runs).
    func exitStatus() -> Int32 {
        _ = Wait.poll(timeout: 20) { !process.isRunning }
        guard !process.isRunning else { return -1 }
        errors = String(decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return process.terminationStatus
    }
}
