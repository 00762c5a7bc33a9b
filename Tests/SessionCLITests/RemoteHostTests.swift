import ArgumentParsing
import SessionSystem
import Testing

@testable import SessionCLI

/// `-H [USER@]HOST[:PORT]` as read, and the ssh command it becomes; where a command
/// connects when a host is given before or after it, or in the environment.
@Suite struct RemoteHostParsingTests {
    @Test func aHostIsReadAsSystemctlTakesIt() throws {
        let cases: [(String, String?, String, Int?)] = [
            ("example.org", nil, "example.org", nil),
            ("lifter@example.org", "lifter", "example.org", nil),
            ("lifter@192.0.2.7:2222", "lifter", "192.0.2.7", 2222),
            ("[::1]:2200", nil, "::1", 2200),
            ("root@[2001:db8::5]", "root", "2001:db8::5", nil),
            ("fe80::1", nil, "fe80::1", nil),
        ]
        for (text, user, host, port) in cases {
            let parsed = try RemoteHost(parsing: text)
            #expect(parsed.user == user && parsed.host == host && parsed.port == port, "\(text): \(parsed)")
            #expect(parsed.name == text.replacingOccurrences(of: "root@[2001:db8::5]", with: "root@2001:db8::5"), "said as given")
        }
        for bad in ["", "@host", "user@", ":22", "host:", "host:0", "host:65536", "host:ssh", "[::1", "[::1]22", "-oProxyCommand=x", "-l@host", "a host"] {
            #expect(throws: UsageError.self, "\(bad)") { try RemoteHost(parsing: bad) }
        }
    }

    @Test func theCommandIsSSHRunningDialStdioThere() throws {
        let host = try RemoteHost(parsing: "lifter@gym.example:2222")
        let address = host.address(environment: [:], remoteSocket: "/srv/it's here.sock")
        #expect(address == .command(executable: "/bin/sh",
                                    arguments: ["-c", "ssh \"$@\"", "ssh", "-x", "-T", "-o", "ConnectTimeout=10", "-p", "2222", "--", "lifter@gym.example",
                                                "sessionctl dial-stdio --socket '/srv/it'\\''s here.sock'"],
                                    name: "lifter@gym.example:2222"))
        // $SESSIONCTL_SSH replaces ssh, with its options, as the shell reads them.
        let replaced = try RemoteHost(parsing: "gym").address(environment: ["SESSIONCTL_SSH": "ssh -i '/keys/a key'"], remoteSocket: nil)
        #expect(replaced == .command(executable: "/bin/sh", arguments: ["-c", "ssh -i '/keys/a key' \"$@\"", "ssh", "-x", "-T", "-o", "ConnectTimeout=10", "--", "gym",
                                                                     "sessionctl dial-stdio"],
                                     name: "gym"))
    }

    @Test func aHostGivenAfterTheCommandWinsThenBeforeItThenTheEnvironment() throws {
        var context = CommandContext(console: Console(capturing: true), environment: ["SESSIONCTL_HOST": "env-host", "SESSIOND_SOCKET": "/here.sock"])
        let options = CommonOptions.daemon
        func host(_ words: [String]) throws -> String {
            try context.address(try ParsedArguments(words, options: options)).name
        }
        #expect(try host([]) == "env-host")
        context.globalHost = "before"
        #expect(try host([]) == "before")
        #expect(try host(["-H", "after"]) == "after")
        #expect(try host(["--host="]) == "/here.sock", "empty: this machine, whatever else says otherwise")
        // --socket names the socket on the host; this machine's $SESSIOND_SOCKET is not sent.
        guard case .command(_, let arguments, _)? = try? context.address(try ParsedArguments(["--socket", "/there.sock"], options: options)) else {
            Issue.record("not through ssh")
            return
        }
        #expect(arguments.last == "sessionctl dial-stdio --socket '/there.sock'")
        guard case .command(_, let plain, _)? = try? context.address(try ParsedArguments([], options: options)) else { return }
        #expect(plain.last == "sessionctl dial-stdio")
    }

    @Test func aBadHostIsAUsageErrorBeforeOrAfterTheCommand() {
        for words in [["-H", "host:0", "status"], ["status", "--host", "host:0"], ["--host=host:0", "status"]] {
            let console = Console(capturing: true)
            let status = SessionCtl.run(words, context: CommandContext(console: console, environment: [:]))
            #expect(status == ExitStatus.usage, "\(words)")
            #expect(console.capturedError.contains("--host must be [USER@]HOST[:PORT], got \"host:0\": the port must be a number from 1 to 65535"), "\(console.capturedError)")
        }
        let console = Console(capturing: true)
        #expect(SessionCtl.run(["--help"], context: CommandContext(console: console, environment: [:])) == ExitStatus.ok)
        #expect(console.capturedOutput.hasPrefix("Usage: sessionctl [--socket PATH] [-H [USER@]HOST[:PORT]] [--json] COMMAND"), "\(console.capturedOutput)")
    }
}
