import Glibc
import ArgumentParsing
import SessionCore
import SessionSystem
import Testing
import TestSupport
@testable import SessionCLI

/// The planner link's parts that need no daemon: the config file and the child process.
@Suite struct PlannerPartsTests {
    @Test func theConfigFileReadsKeysCommentsAndBlankLines() throws {
        let text = """
            # how plan next asks
              planner = ~/bin/ask-model --fast  

            planner-timeout=90
            planner-repairs = 0
            planner-monthly-limit = 10
            """
        let config = try UserConfig(parsing: text, path: "cfg")
        #expect(config.planner == "~/bin/ask-model --fast")
        #expect(config.plannerTimeout == 90)
        #expect(config.plannerRepairs == 0)
        #expect(config.plannerMonthlyLimit == 10)
        #expect(try UserConfig(parsing: "", path: "cfg") == UserConfig())
    }

    @Test(arguments: [
        ("planner", "cfg:1: expected key = value, got \"planner\""),
        ("# ok\nplaner = x", "cfg:2: unknown key \"planer\" (known: planner, planner-timeout, planner-repairs, planner-monthly-limit, units)"),
        ("planner-monthly-limit = ten", "cfg:1: planner-monthly-limit needs a number of attempts from 1 to 100000, got \"ten\""),
        ("planner-timeout = 0", "cfg:1: planner-timeout needs seconds from 1 to 3600, got \"0\""),
        ("planner-repairs = two", "cfg:1: planner-repairs needs a number from 0 to 5, got \"two\""),
        ("planner =", "cfg:1: planner needs a command"),
    ])
    func aLineTheFileCannotTakeIsNamed(text: String, message: String) {
        #expect(throws: UserConfig.Problem.self) { try UserConfig(parsing: text, path: "cfg") }
        do {
            _ = try UserConfig(parsing: text, path: "cfg")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func aModelsTextIsShownWithoutItsControlCharacters() {
        #expect(PlanCommands.displayable("plan\u{1B}[2J\tok\n\u{7}") == "plan\u{FFFD}[2J\tok\n\u{FFFD}")
    }

    @Test func theConfigFileLivesUnderXDGConfigHomeElseHome() {
        #expect(UserConfig.path(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/sessiond/config")
        #expect(UserConfig.path(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"]) == "/h/.config/sessiond/config")
        #expect(UserConfig.path(environment: [:]) == nil)
    }

    /// A config directory another user may write to (or that another user owns) is
    /// refused by every command, naming the directory, exit 1: there the file could be
    /// deleted under us and pounds would silently become kilograms. A sticky directory
    /// (as /tmp) keeps each user's files their own, and a private one is read.
    @Test func aConfigDirectoryOthersMayChangeIsRefused() throws {
        let base = Fixtures.temporaryDirectory("config")
        defer { Fixtures.removeTree(base) }
        let directory = base + "/sessiond"
        mkdir(directory, 0o700)
        Fixtures.write("units = lb\n", to: directory + "/config")
        chmod(directory + "/config", 0o600)
        func run(_ arguments: [String]) -> (status: Int32, error: String, units: WeightUnit) {
            let console = Console(capturing: false)
            let status = SessionCtl.run(arguments, context: CommandContext(
                console: console, environment: ["XDG_CONFIG_HOME": base, "SESSIOND_SOCKET": base + "/none.sock"]))
            return (status, console.capturedError, console.units)
        }
        let owned = run(["status"])
        #expect(owned.status == ExitStatus.unreachable && owned.units == .lb, "\(owned.error)")
        for mode: mode_t in [0o777, 0o770] {
            chmod(directory, mode)
            for arguments in [["status"], ["plan", "next"], ["log", "squat", "5", "100"]] {
                let refused = run(arguments)
                #expect(refused.status == ExitStatus.refused, "\(arguments) in a directory of mode \(String(mode, radix: 8)): \(refused.error)")
                #expect(refused.error.contains("refusing to read it from \(directory): its group or every user may write to it"), "\(refused.error)")
            }
        }
        // Deleted by that other user: still refused, not kilograms.
        unlink(directory + "/config")
        #expect(run(["status"]).status == ExitStatus.refused)
        chmod(directory, 0o1777)
        Fixtures.write("units = lb\n", to: directory + "/config")
        chmod(directory + "/config", 0o600)
        let sticky = run(["status"])
        #expect(sticky.status == ExitStatus.unreachable && sticky.units == .lb, "\(sticky.error)")
    }

    @Test func aChildReadsAllItsInputWhileItsOutputIsRead() throws {
        // More than a pipe holds both ways: neither side may wait for the other.
        let input = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
        let finished = try ChildProcess.run(shell: "cat; echo done >&2", input: input, timeoutMs: 20_000)
        #expect(finished.ending == .exited(0))
        #expect(finished.standardOutput == input)
        #expect(String(decoding: finished.standardError, as: UTF8.self) == "done\n")
    }

    @Test func whatAChildLeftRunningIsNotWaitedForAndGoesWithIt() throws {
        // The shell exits; the sleep it started holds standard output open.
        let started = MonotonicClock.nowNs()
        let finished = try ChildProcess.run(shell: "sleep 30 & echo $! >&2; echo answer", input: [], timeoutMs: 20_000)
        #expect(MonotonicClock.nowNs() - started < 5_000_000_000, "waited for the background child's output")
        #expect(finished.ending == .exited(0))
        #expect(finished.standardOutput == Array("answer\n".utf8))
        let child = pid_t(String(decoding: finished.standardError, as: UTF8.self).trimmingWhitespace()) ?? 0
        // Gone, or a zombie its new parent has yet to reap.
        func ended() -> Bool {
            guard kill(child, 0) == 0, let stat = try? FileInput.read("/proc/\(child)/stat") else { return true }
            return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
        }
        #expect(child > 0 && ended(), "the background child \(child) outlived the command")
    }

    @Test func aChildsEndingIsReported() throws {
        #expect(try ChildProcess.run(shell: "exit 7", input: [], timeoutMs: 20_000).ending == .exited(7))
        #expect(try ChildProcess.run(shell: "kill -9 $$", input: [], timeoutMs: 20_000).ending == .signalled(SIGKILL))
        // One that never reads its input does not stop this process with SIGPIPE.
        let unread = try ChildProcess.run(shell: "exec 0<&-; echo hi", input: Array(repeating: 65, count: 1 << 20), timeoutMs: 20_000)
        #expect(unread.ending == .exited(0))
        #expect(unread.standardOutput == Array("hi\n".utf8))
        let slow = try ChildProcess.run(shell: "echo partial; sleep 30", input: [], timeoutMs: 300)
        #expect(slow.ending == .timedOut)
        #expect(slow.standardOutput == Array("partial\n".utf8))
        // One that closes its output and goes on running is stopped at the deadline too.
        let quiet = try ChildProcess.run(shell: "exec >&- 2>&-; sleep 30", input: [], timeoutMs: 300)
        #expect(quiet.ending == .timedOut)
        let changed = try ChildProcess.run(shell: "echo $SESSIOND_ATTEMPT", input: [], timeoutMs: 20_000, environment: ["SESSIOND_ATTEMPT": "2"])
        #expect(changed.standardOutput == Array("2\n".utf8))
    }
}

/// The weight unit sessionctl chooses, and the weights a log reads in it.
@Suite struct WeightUnitPreferenceTests {
    @Test func theUnitComesFromTheEnvironmentThenTheConfigFile() throws {
        #expect(try WeightUnit.resolve(environment: ["SESSIOND_UNITS": "LBS"]) { UserConfig() } == .lb)
        var config = try UserConfig(parsing: "units = lb\n", path: "cfg")
        #expect(config.units == .lb)
        #expect(try WeightUnit.resolve(environment: [:]) { config } == .lb)
        #expect(try WeightUnit.resolve(environment: ["SESSIOND_UNITS": "kg"]) { config } == .kg)
        config.units = nil
        #expect(try WeightUnit.resolve(environment: [:]) { config } == .kg)
        #expect(throws: UsageError.self) { try WeightUnit.resolve(environment: ["SESSIOND_UNITS": "stone"]) { UserConfig() } }
        #expect(throws: UserConfig.Problem.self) { try UserConfig(parsing: "units = stone", path: "cfg") }
    }

    @Test func bareWeightsInALogAreInThePreferredUnit() throws {
        #expect(try LogArguments(["squat", "5", "225"], unit: .lb).weightKg == 102.06)
        #expect(try LogArguments(["squat", "3x5@135"], unit: .lb).weightKg == 61.23)
        #expect(try LogArguments(["squat", "5", "100kg"], unit: .lb).weightKg == 100)
        #expect(try LogArguments(["squat", "5", "100"], unit: .kg).weightKg == 100)
    }
}
