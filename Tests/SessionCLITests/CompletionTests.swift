import ArgumentParsing
import Foundation
import Testing
import TestSupport

@testable import SessionCLI

/// The completion script is generated from the commands' declarations: every option
/// is offered to its command, and every value an option declares is what bash
/// completes after it, as bash itself runs the script.
@Suite struct CompletionTests {
    /// Runs `lines` of completion requests (words after `sessionctl`) through bash with
    /// the generated script; one line of offered words per request.
    func complete(_ requests: [[String]]) throws -> [String] {
        let script = BashCompletion.script(commands: Commands.all)
        let path = Fixtures.temporaryDirectory("completion") + "/sessionctl.bash"
        defer { Fixtures.removeTree(URL(fileURLWithPath: path).deletingLastPathComponent().path) }
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        let quoted = { (word: String) in "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
        let body = requests.map { "line sessionctl " + $0.map(quoted).joined(separator: " ") }.joined(separator: "\n")
        let run = try runProcess("/bin/bash", ["-c", """
            source \(path)
            line() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _sessionctl; echo "${COMPREPLY[*]}"; }
            \(body)
            """], environment: ["PATH": "/usr/bin:/bin", "SESSIOND_SOCKET": "/nonexistent"])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        return run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test func everyDeclaredValueListIsWhatItsOptionCompletesTo() throws {
        var requests: [[String]] = []
        var expected: [String] = []
        for command in Commands.all where !command.words[0].hasPrefix("__") {
            for option in command.options {
                guard case .words(let words) = option.completion else { continue }
                requests.append(command.words + [option.name, ""])
                expected.append(words.joined(separator: " "))
            }
        }
        #expect(requests.count >= 7, "log and edit --kind, the four --format, --paper")
        #expect(try complete(requests) == expected)
    }

    @Test func everyOptionIsOfferedToItsCommand() throws {
        let commands = Commands.all.filter { !$0.words[0].hasPrefix("__") }
        // A verb that has subcommands completes them as its second word: its own
        // options are asked after an argument of its own (health sleep --).
        let verbs = Set(commands.filter { $0.words.count > 1 }.map { $0.words[0] })
        let offered = try complete(commands.map { $0.words + ($0.words.count == 1 && verbs.contains($0.words[0]) ? ["sleep", "--"] : ["--"]) })
        for (command, line) in zip(commands, offered) {
            let names = (command.options + [CommonOptions.help]).map(\.name).filter { $0.hasPrefix("--") }
            #expect(Set(line.split(separator: " ").map(String.init)) == Set(names), "\(command.words)")
        }
    }

    /// Each option names the param it gives, so a refused param is named by its
    /// option: by default its name in camel case, else as declared.
    @Test func anOptionGivesTheParamItNames() {
        #expect(OptionSpec("--dry-run", help: "").param == "dryRun")
        #expect(OptionSpec("--weights", value: "LIST", param: "weightsKg", help: "").param == "weightsKg")
        let profile = Commands.all.first { $0.words == ["profile"] }
        #expect(profile?.argumentName(ofParam: "params.weightsKg[3]") == "--weights")
        let log = Commands.all.first { $0.words == ["log"] }
        #expect(log?.argumentName(ofParam: "params.weightKg") == "WEIGHT")
        #expect(log?.argumentName(ofParam: "params.requestId") == "requestId", "a param no option or word gives keeps its name")
    }

    /// The options every command takes may come before the verb with their values
    /// (`CommonOptions.global`): the verb after them completes, and -H's value is a host.
    @Test func globalOptionsBeforeTheVerbAreSkippedWithTheirValues() throws {
        let offered = try complete([["-H", "gym", "sta"], ["--host=gym", "sta"], ["--socket", "/x", "-H", "gym", "--json", "wat"], ["--h"],
                                    ["-H", "localhos"], ["status", "-H", "localhos"], ["status", "--host", "localhos"]])
        #expect(offered[0] == "start status" && offered[1] == "start status", "\(offered)")
        #expect(offered[2] == "watch")
        #expect(offered[3].split(separator: " ").contains("--host"), "\(offered[3])")
        // Host names as the shell knows them (/etc/hosts), before the verb and after it.
        let hosts = (try? String(contentsOfFile: "/etc/hosts", encoding: .utf8)) ?? ""
        if hosts.split(whereSeparator: \.isWhitespace).contains("localhost") {
            #expect(offered[4...].allSatisfy { $0.split(separator: " ").contains("localhost") }, "\(offered)")
        }
    }
}
