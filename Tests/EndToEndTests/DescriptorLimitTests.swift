import Foundation
import JSON
import Testing
import TestSupport

/// Out of file descriptors (the soft limit is 1,024 unless the unit raises it): the
/// daemon must neither spin nor flood the journal, and must serve again once
/// descriptors are free.
@Suite struct DescriptorLimitTests {
    /// User plus system CPU seconds of a process so far.
    private func cpuSeconds(_ pid: Int32) -> Double {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    @Test func runningOutOfDescriptorsBacksOffInsteadOfSpinning() throws {
        let directory = Fixtures.temporaryDirectory("fd-limit")
        defer { Fixtures.removeTree(directory) }
        let socket = directory + "/s.sock"
        let logPath = directory + "/log"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -n 48 && exec \"$0\" --socket \"$1\" --database \"$2\" --timezone UTC",
                             Binaries.sessiond, socket, directory + "/d.db"]
        process.standardError = log
        try process.run()
        defer { if process.isRunning { process.terminate() }; process.waitUntilExit() }
        _ = try RPCClient.waitingForServer(at: socket)

        // Far more clients than descriptors; the kernel queues those not accepted.
        var clients: [RPCClient] = []
        for _ in 0..<80 { clients.append(try RPCClient(path: socket)) }
        let before = cpuSeconds(process.processIdentifier)
        Thread.sleep(forTimeInterval: 1.5)  // the span whose CPU time is under test
        let spent = cpuSeconds(process.processIdentifier) - before
        #expect(spent < 0.5, "\(spent) s of CPU in 1.5 s with the descriptors used up: it must back off, not spin")
        let lines = ((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "").split(separator: "\n")
        let warnings = lines.filter { $0.contains("out of file descriptors") }
        #expect(warnings.count >= 1 && warnings.count <= 2, "logged once per interval, not once per attempt: \(warnings.count)")

        // Descriptors come back when clients leave; a new client is served.
        clients.removeAll()
        let client = try RPCClient.waitingForServer(at: socket)
        #expect(try client.call("daemon.status")["version"] != nil)
    }

    @Test func aConnectionOverTheCapIsToldWhyBeforeItIsClosed() throws {
        let cap = 1024  // ServerLimits.maximumConnections, documented in the README
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        if limit.rlim_cur < rlim_t(cap + 64), limit.rlim_max >= rlim_t(cap + 64) {
            limit.rlim_cur = rlim_t(cap + 64)
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        guard limit.rlim_cur >= rlim_t(cap + 64) else {
            Issue.record("the test needs \(cap + 64) descriptors; the hard limit is \(limit.rlim_max)")
            return
        }
        let directory = Fixtures.temporaryDirectory("conn-cap")
        defer { Fixtures.removeTree(directory) }
        let socket = directory + "/s.sock"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -n 4096 && exec \"$0\" --socket \"$1\" --database \"$2\" --timezone UTC",
                             Binaries.sessiond, socket, directory + "/d.db"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() }; process.waitUntilExit() }
        let first = try RPCClient.waitingForServer(at: socket)
        _ = try first.call("daemon.status")  // accepted and served: one of the cap
        var held = [first]
        for _ in 1..<cap {
            let client = try RPCClient(path: socket)
            held.append(client)
        }
        _ = try held.last?.call("daemon.status")  // the cap-th is served
        let over = try RPCClient(path: socket)
        let reply = try over.readJSON(timeout: 10)
        #expect(reply["error"]?["code"] == -32031, "\(reply)")
        #expect(reply["error"]?["data"]?["reason"] == "too_many_connections")
        #expect(try over.readLine(timeout: 10) == nil, "then the connection is closed")
        // A held one leaving makes room.
        held.removeLast().close()
        let served = Wait.poll(timeout: 2) { (try? RPCClient(path: socket).call("daemon.status")["version"]) != nil }
        #expect(served)
    }

    /// Another user (a member of --group) may hold at most its share of the
    /// connections, event subscribers too; past it it is told why, and sessiond's own
    /// user is still served.
    @Test func anotherUserHoldsAtMostItsShareOfTheConnections() throws {
        if let missing = Nobody.unavailable(python: true, group: "nogroup") {
            Issue.record("\(missing): connections of another user are made as nobody")
            return
        }
        let directory = Fixtures.temporaryDirectory("conn-share")
        defer { Fixtures.removeTree(directory) }
        chmod(directory, 0o755)
        let daemon = try DaemonProcess(directory: directory, extraArguments: ["--group", "nogroup"])
        defer { daemon.cleanUp() }
        let share = 256  // ServerLimits.maximumPerOtherUser, documented in docs/protocol.md
        // As nobody: hold share + 20 connections (half of them event subscribers), each
        // asked one thing; count the answers.
        let script = #"""
            import json, socket, sys
            path, count = sys.argv[1], int(sys.argv[2])
            held, served, refused, reasons = [], 0, 0, set()
            for index in range(count):
                s = socket.socket(socket.AF_UNIX)
                s.connect(path)
                method = "events.subscribe" if index % 2 else "daemon.status"
                reply = b""
                try:
                    s.sendall((json.dumps({"jsonrpc": "2.0", "id": 1, "method": method}) + "\n").encode())
                    while not reply.endswith(b"\n"):
                        chunk = s.recv(65536)
                        if not chunk: break
                        reply += chunk
                except OSError as error:  # a refused connection closed under the request
                    print(f"connection {index}: {error!r}", file=sys.stderr)
                if not reply.strip():
                    refused += 1
                    reasons.add("closed without a reply")
                    continue
                answer = json.loads(reply.split(b"\n")[0])
                if "error" in answer:
                    refused += 1
                    reasons.add(answer["error"]["data"]["reason"] + ": " + answer["error"]["message"])
                else:
                    served += 1
                held.append(s)
            print(json.dumps({"served": served, "refused": refused, "reasons": sorted(reasons)}))
            sys.stdout.flush()
            sys.stdin.read()  # hold them until told
            """#
        let holder = Nobody.process("/usr/bin/python3", ["-c", script, daemon.socketPath, String(share + 20)])
        let input = Pipe(), output = Pipe()
        holder.standardInput = input
        holder.standardOutput = output
        try holder.run()
        defer { try? input.fileHandleForWriting.close(); holder.waitUntilExit() }
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let counts = try JSONParser.parse(String(decoding: line, as: UTF8.self))
        #expect(counts["served"]?.intValue == share && counts["refused"]?.intValue == 20, "\(counts)")
        // Each refused one is told why before it is closed; one closed under its request
        // (its reply lost to the reset) says only that it closed.
        let reasons = counts["reasons"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(reasons.contains { $0.contains("too_many_connections: uid 65534 holds 256 connections") }, "\(counts)")
        #expect(reasons.allSatisfy { $0.hasPrefix("too_many_connections") || $0 == "closed without a reply" }, "\(counts)")
        // sessiond's own user is served while they are held.
        #expect(try daemon.client().call("daemon.status")["version"] != nil)
    }
}
