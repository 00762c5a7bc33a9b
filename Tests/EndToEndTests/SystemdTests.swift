import Foundation
import Testing
import TestSupport
import SessionCore
import SessionRPC
import SessionSystem

/// sessiond as a systemd service, checked with systemd's own tools. This machine has no
/// systemd manager (PID 1), so the units are verified and rated offline, socket
/// activation runs under systemd-socket-activate, and sd_notify messages are received on
/// a NOTIFY_SOCKET the test owns.
@Suite struct SystemdTests {
    /// The units with ExecStart pointing at the built binary, in a temporary directory.
    func stagedUnits(_ directory: String, user: Bool) throws -> [String] {
        let source = Fixtures.packageRoot + "/systemd" + (user ? "/user" : "")
        return try ["sessiond.socket", "sessiond.service"].map { name in
            let text = Fixtures.read(source + "/" + name).replacingOccurrences(of: "/usr/local/bin/sessiond", with: Binaries.sessiond)
            let path = directory + "/" + name
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
    }

    @Test func unitsVerifyClean() throws {
        let directory = Fixtures.temporaryDirectory("units")
        defer { Fixtures.removeTree(directory) }
        // --man=no: the man pages are installed by make install, not present here.
        let system = try runProcess("/usr/bin/systemd-analyze", ["verify", "--man=no"] + stagedUnits(directory, user: false))
        #expect(system.status == 0, "\(system.stderr)")
        #expect(system.stderr.isEmpty, "\(system.stderr)")
        let userDirectory = directory + "/user"
        try FileManager.default.createDirectory(atPath: userDirectory, withIntermediateDirectories: true)
        let runtime = directory + "/runtime"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let user = try runProcess("/usr/bin/systemd-analyze", ["--user", "verify", "--man=no"] + stagedUnits(userDirectory, user: true),
                                  environment: ["XDG_RUNTIME_DIR": runtime])
        #expect(user.status == 0, "\(user.stderr)")
        #expect(user.stderr.isEmpty, "\(user.stderr)")
    }

    @Test func systemServiceIsRatedSafe() throws {
        let directory = Fixtures.temporaryDirectory("security")
        defer { Fixtures.removeTree(directory) }
        let units = try stagedUnits(directory, user: false)
        let result = try runProcess("/usr/bin/systemd-analyze", ["security", "--offline=yes", units[1]])
        let line = try #require(result.stdout.split(separator: "\n").first { $0.contains("Overall exposure level for sessiond.service") })
        let score = try #require(line.split(separator: ":").last?.split(separator: " ").first.flatMap { Double($0) })
        #expect(score <= 0.9, "\(line)")
        #expect(line.contains("SAFE"))
    }

    @Test func socketActivation() throws {
        let directory = Fixtures.temporaryDirectory("activation")
        defer { Fixtures.removeTree(directory) }
        let socketPath = directory + "/activated.sock"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-socket-activate")
        process.arguments = ["-l", socketPath, Binaries.sessiond, "--database", directory + "/db.sqlite", "--timezone", "UTC"]
        var environment = ProcessInfo.processInfo.environment
        environment["SESSIOND_SOCKET"] = nil
        environment["NOTIFY_SOCKET"] = nil
        process.environment = environment
        let log = directory + "/log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let connected = try RPCClient.waitingForServer(at: socketPath)
        let status = try connected.call("daemon.status")
        #expect(status["database"] == .string(directory + "/db.sqlite"))
        #expect(Fixtures.read(log).contains("socket=activation"))
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func notifiesReadinessStatusWatchdogAndStopping() throws {
        let directory = Fixtures.temporaryDirectory("notify")
        defer { Fixtures.removeTree(directory) }
        let notify = try DatagramReceiver(path: directory + "/notify.sock")
        let daemon = try DaemonProcess(environment: ["NOTIFY_SOCKET": notify.path, "WATCHDOG_USEC": "200000"])
        defer { daemon.cleanUp() }
        let ready = try #require(notify.receive(until: { $0.contains("READY=1") }))
        #expect(ready.last?.contains("STATUS=idle") == true)
        #expect(ready.last?.contains("MAINPID=\(daemon.pid)") == true)
        let pings = try #require(notify.receive(until: { $0 == "WATCHDOG=1" }, timeout: 5))
        #expect(!pings.isEmpty)
        _ = try daemon.client().call("session.start")
        let status = try #require(notify.receive(until: { $0.hasPrefix("STATUS=in session") }, timeout: 5))
        #expect(status.last == "STATUS=in session: Free session, 0 sets")
        daemon.stop()
        let stopping = notify.receive(until: { $0.contains("STOPPING=1") }, timeout: 5)
        #expect(stopping != nil)
    }

    @Test func readinessComesOnlyOnceTheSocketListens() throws {
        let directory = Fixtures.temporaryDirectory("ready")
        defer { Fixtures.removeTree(directory) }
        let notify = try DatagramReceiver(path: directory + "/notify.sock")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binaries.sessiond)
        process.arguments = ["--socket", directory + "/s.sock", "--database", directory + "/db.sqlite"]
        process.environment = ["NOTIFY_SOCKET": notify.path, "PATH": "/usr/bin:/bin"]
        try process.run()
        defer { process.terminate(); process.waitUntilExit() }
        #expect(notify.receive(until: { $0.contains("READY=1") }) != nil)
        let client = try RPCClient(path: directory + "/s.sock")
        #expect(try client.call("daemon.status")["schemaVersion"] != nil, "ready means migrated and listening")
    }

    @Test func onlyAllowedPeersAreServed() throws {
        if let missing = Nobody.unavailable() {
            Issue.record("\(missing) to act as another user")
            return
        }
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        chmod(daemon.directory, 0o755)
        chmod(daemon.socketPath, 0o666)  // let the kernel pass the connection: SO_PEERCRED decides
        let asNobody = try Nobody.run(Binaries.sessionctl, ["--socket", daemon.socketPath, "status"])
        #expect(asNobody.status == 1)
        #expect(asNobody.stderr.contains("uid 65534 may not use this sessiond"), "\(asNobody.stderr)")
        #expect(daemon.log.contains("client refused"))
        #expect(daemon.log.contains("uid=65534"))
        #expect(try daemon.client().call("daemon.status")["version"] != nil, "root is served")

        let grouped = try DaemonProcess(extraArguments: ["--group", "nogroup"])
        defer { grouped.cleanUp() }
        chmod(grouped.directory, 0o755)
        let attributes = try FileManager.default.attributesOfItem(atPath: grouped.socketPath)
        #expect((attributes[.posixPermissions] as? Int) == 0o660)
        #expect((attributes[.groupOwnerAccountID] as? Int) == 65534)
        let member = try Nobody.run(Binaries.sessionctl, ["--socket", grouped.socketPath, "status"])
        #expect(member.status == 0, "\(member.stderr)")
    }

    @Test func logsNativeJournalFieldsWhenStderrIsTheJournal() throws {
        // Without a running journald the test owns the journal's socket and reads the
        // native protocol itself; with one, it asks journalctl.
        let journalPath = "/run/systemd/journal/socket"
        let probe = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        let journaldListens = UnixAddress.withAddress(journalPath) { connect(probe, $0, $1) } == 0
        close(probe)
        let ownJournal = !journaldListens  // a stale file from an interrupted run is replaced
        var journal: DatagramReceiver?
        if ownJournal {
            try FileManager.default.createDirectory(atPath: "/run/systemd/journal", withIntermediateDirectories: true)
            journal = try DatagramReceiver(path: journalPath)
        }
        let directory = Fixtures.temporaryDirectory("journal")
        defer { Fixtures.removeTree(directory) }
        let stderrPath = directory + "/stderr"
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        var info = stat()
        stat(stderrPath, &info)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binaries.sessiond)
        process.arguments = ["--socket", directory + "/s.sock", "--database", directory + "/db.sqlite"]
        process.environment = ["JOURNAL_STREAM": "\(info.st_dev):\(info.st_ino)", "PATH": "/usr/bin:/bin"]
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        try process.run()
        defer { process.terminate(); process.waitUntilExit() }
        _ = try RPCClient.waitingForServer(at: directory + "/s.sock").call("session.start")
        let entries: [String]
        if let journal {
            entries = try #require(journal.receive(until: { $0.contains("MESSAGE=session started") }))
        } else {
            var exported = ""
            _ = try Wait.poll(timeout: 10) {
                exported = try runProcess("/usr/bin/journalctl", ["-o", "export", "--no-pager", "_PID=\(process.processIdentifier)"]).stdout
                return exported.contains("MESSAGE=session started")
            }
            entries = exported.components(separatedBy: "\n\n")
        }
        let ready = try #require(entries.first { $0.contains("MESSAGE=ready") })
        #expect(ready.contains("PRIORITY=6\n"))
        #expect(ready.contains("MESSAGE_ID=8f3b1e2a6c0d4f5b9a7e1c3d5f7a9b0c"))
        #expect(ready.contains("SYSLOG_IDENTIFIER=sessiond"))
        // How long the start took, in ms from main(): a number, and under the 20 s any
        // test daemon is given to start.
        let startup = ready.split(separator: "\n").first { $0.hasPrefix("STARTUP_MS=") }.flatMap { Double($0.dropFirst("STARTUP_MS=".count)) }
        #expect(startup.map { $0 > 0 && $0 < 20_000 } == true, "STARTUP_MS in \(ready)")
        let started = try #require(entries.first { $0.contains("MESSAGE=session started") })
        #expect(started.contains("SESSION_ID=1"))
        #expect(Fixtures.read(stderrPath).isEmpty, "nothing went to the plain stream")
    }

    @Test func worksWithoutAnyNetwork() throws {
        // PrivateNetwork=yes, reproduced with a network namespace of its own.
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else {
            Issue.record("needs root and unshare(1)")
            return
        }
        let directory = Fixtures.temporaryDirectory("nonet")
        defer { Fixtures.removeTree(directory) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["--net", Binaries.sessiond, "--socket", directory + "/s.sock", "--database", directory + "/db.sqlite"]
        try process.run()
        defer { process.terminate(); process.waitUntilExit() }
        let connected = try RPCClient.waitingForServer(at: directory + "/s.sock")
        try Workout.importPlan(connected)
        _ = try connected.call("session.start")
        #expect(try connected.call("session.log", .obj(["exercise": "plank", "durationSeconds": 45]))["durationSeconds"] == 45)
    }

    @Test func makeInstallAndUninstallHonourPrefixAndDestdir() throws {
        let destination = Fixtures.temporaryDirectory("install")
        defer { Fixtures.removeTree(destination) }
        let arguments = ["-C", Fixtures.packageRoot, "BUILD_DIR=\(Binaries.directory)", "DESTDIR=\(destination)", "PREFIX=/usr"]
        let install = try runProcess("/usr/bin/make", ["install-files"] + arguments)
        #expect(install.status == 0, "\(install.stderr)")
        for path in ["/usr/bin/sessiond", "/usr/bin/sessionctl", "/usr/share/man/man8/sessiond.8", "/usr/share/man/man1/sessionctl.1",
                     "/usr/share/bash-completion/completions/sessionctl", "/usr/share/zsh/site-functions/_sessionctl",
                     "/usr/share/fish/vendor_completions.d/sessionctl.fish", "/usr/share/doc/sessiond/protocol.md",
                     "/usr/lib/systemd/system/sessiond.service", "/usr/lib/systemd/system/sessiond.socket",
                     "/usr/lib/systemd/user/sessiond.service", "/usr/lib/sysusers.d/sessiond.conf",
                     "/usr/share/sessiond/planners/openai-compatible", "/usr/share/sessiond/planners/anthropic", "/usr/share/sessiond/planners/ollama",
                     "/usr/bin/sessiond-sync", "/usr/lib/systemd/system/sessiond-sync.service", "/usr/lib/systemd/user/sessiond-sync.service",
                     "/usr/share/doc/sessiond/sync.md", "/usr/share/man/man1/sessiond-sync.1"] {
            #expect(FileManager.default.fileExists(atPath: destination + path), "\(path)")
        }
        let unit = Fixtures.read(destination + "/usr/lib/systemd/system/sessiond.service")
        #expect(unit.contains("ExecStart=/usr/bin/sessiond --group sessiond"))
        #expect(Fixtures.read(destination + "/usr/lib/systemd/system/sessiond-sync.service").contains("ExecStart=/usr/bin/sessiond-sync --socket"))
        let uninstall = try runProcess("/usr/bin/make", ["uninstall"] + arguments)
        #expect(uninstall.status == 0)
        let left = FileManager.default.enumerator(atPath: destination)?.compactMap { $0 as? String }.filter {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: destination + "/" + $0, isDirectory: &isDirectory)
            return !isDirectory.boolValue
        }
        #expect(left == [], "uninstall leaves no file behind")
    }
}
