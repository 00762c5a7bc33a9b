import ArgumentParsing
import Foundation
import SessionCore
import SessionFormats
import Testing
import TestSupport

@testable import SessionCLI

/// The completion script is generated from the commands' declarations: every option
/// is offered to its command, and every value an option declares is what bash
/// completes after it, as bash itself runs the script.
@Suite struct CompletionTests {
    /// Runs `lines` of completion requests (words after `sessionctl`) through bash with
    /// the generated script; one line of offered words per request.
    func complete(_ requests: [[String]], stubs: String? = nil) throws -> [String] {
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
            """], environment: ["PATH": (stubs.map { $0 + ":" } ?? "") + "/usr/bin:/bin", "SESSIOND_SOCKET": "/nonexistent"])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        return run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// The same requests through zsh (the generated function, with compadd standing in
    /// for zsh's completion system) and fish (`complete -C`, fish's own completion of a
    /// command line): the words each offers, one line each, in the order offered.
    func complete(_ requests: [[String]], shell: String, stubs: String? = nil) throws -> [String] {
        guard let executable = ["/usr/bin/\(shell)", "/bin/\(shell)"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            Issue.record("\(shell) is not installed: make test-deps installs it")
            return []
        }
        let directory = Fixtures.temporaryDirectory("completion")
        defer { Fixtures.removeTree(directory) }
        let path = directory + "/sessionctl.\(shell)"
        let script = shell == "zsh" ? ShellCompletion.zsh(commands: Commands.all) : ShellCompletion.fish(commands: Commands.all)
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        let quoted = { (word: String) in "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
        let body: String
        if shell == "zsh" {
            body = """
                compadd() {
                    while [[ $1 == -* && $1 != -- ]]; do [[ $1 == -M ]] && shift; shift; done
                    [[ $1 == -- ]] && shift
                    local word; local -a offered
                    for word in "$@"; do [[ ${(L)word} == ${(L)PREFIX}* ]] && offered+=("$word"); done
                    print -rn -- "${offered[*]}"
                }
                _files() { print -rn -- FILES }
                compdef() { }
                compset() { [[ $1 == -P ]] && PREFIX=${PREFIX#*=} }
                source \(path)
                line() { words=("$@"); CURRENT=${#words}; PREFIX=${words[CURRENT]}; _sessionctl; print }
                """ + requests.map { "\nline sessionctl " + $0.map(quoted).joined(separator: " ") }.joined()
        } else {
            // fish's candidates, one a line with a tab before the description.
            body = "source \(path)\n" + requests.map { request in
                let line = (["sessionctl"] + request).map { $0.isEmpty ? "" : $0 }.joined(separator: " ")
                return "echo (complete -C \(quoted(line)) | string replace -r '\\t.*' '')\n"
            }.joined()
        }
        let run = try runProcess(executable, ["-c", body], environment: ["PATH": (stubs.map { $0 + ":" } ?? "") + "/usr/bin:/bin", "SESSIOND_SOCKET": "/nonexistent",
                                                                   "HOME": directory])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(shell): \(run.stderr)")
        return run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// Every command whose synopsis names a FILE completes file names there, in each
    /// shell; another command's words do not.
    @Test(arguments: ["bash", "zsh", "fish"]) func aFileWordCompletesFileNames(shell: String) throws {
        let directory = Fixtures.temporaryDirectory("files")
        defer { Fixtures.removeTree(directory) }
        try "{}".write(toFile: directory + "/plan.json", atomically: true, encoding: .utf8)
        let takingFiles = Commands.all.filter(\.takesFile).map { $0.words.joined(separator: " ") }
        #expect(Set(takingFiles) == ["import", "export", "backup", "plan import", "plan check", "plan export", "health import"], "\(takingFiles)")
        let requests = Commands.all.filter(\.takesFile).map { $0.words + [directory + "/pl"] } + [["status", directory + "/pl"]]
        let offered = shell == "bash" ? try complete(requests) : try complete(requests, shell: shell)
        // zsh's _files stands in as the word FILES (see complete(_:shell:)).
        let file = shell == "zsh" ? "FILES" : directory + "/plan.json"
        #expect(offered == Array(repeating: file, count: takingFiles.count) + [""], "\(shell): \(offered)")
    }

    /// zsh and fish offer what bash offers: the verbs, each group's subcommands, each
    /// command's options and each option's declared values, from the same declarations.
    /// log's EXERCISE is its first argument wherever options stand before it: after
    /// --rpe 8 too, and not in the place of REPS. A stand-in sessionctl answers the names.
    @Test(arguments: ["bash", "zsh", "fish"]) func logsExerciseCompletesAfterOptions(shell: String) throws {
        let stubs = Fixtures.temporaryDirectory("stubs")
        defer { Fixtures.removeTree(stubs) }
        try "#!/bin/sh\n[ \"$1\" = __complete-exercises ] && printf 'Squat\\nSled Push\\n'\nexit 0\n".write(toFile: stubs + "/sessionctl", atomically: true, encoding: .utf8)
        #expect(chmod(stubs + "/sessionctl", 0o755) == 0)
        // Bash splits 18:05 at its colon, as COMP_WORDBREAKS has it.
        let at = shell == "bash" ? ["log", "--at", "18", ":", "05", "--warmup", "s"] : ["log", "--at", "18:05", "--warmup", "s"]
        let requests = [["log", "s"], ["log", "--rpe", "8", "s"], at, ["log", "squat", "s"], ["log", "--rpe", ""]]
        let offered = shell == "bash" ? try complete(requests, stubs: stubs) : try complete(requests, shell: shell, stubs: stubs)
        for (request, line) in zip(requests.prefix(3), offered) {
            #expect(line.split(separator: " ").contains("Squat"), "\(shell) \(request): \(line)")
        }
        #expect(offered.count == 5 && !offered[3].contains("Squat"), "\(shell): REPS is no exercise: \(offered)")
        #expect(offered.count == 5 && !offered[4].contains("Squat"), "\(shell): --rpe's value is no exercise: \(offered)")
    }

    /// An option's value written after its `=` completes as one given apart (bash hands
    /// the piece after the `=`, or the `=` itself when nothing follows it); exercise
    /// show's NAME and alias's NAME are exercises known, from the daemon.
    @Test(arguments: ["bash", "zsh", "fish"]) func aValueAfterItsEqualsSignAndAnExercisesNameComplete(shell: String) throws {
        let stubs = Fixtures.temporaryDirectory("stubs")
        defer { Fixtures.removeTree(stubs) }
        // As the real one prints them: lower case, words joined by hyphens.
        try "#!/bin/sh\n[ \"$1 $2\" = \"__complete-exercises --known\" ] && printf 'squat\\nsled-push\\n'\nexit 0\n"
            .write(toFile: stubs + "/sessionctl", atomically: true, encoding: .utf8)
        #expect(chmod(stubs + "/sessionctl", 0o755) == 0)
        let assigned: [[String]] = shell == "bash"
            ? [["export", "--format", "="], ["export", "--format", "=", "st"]]
            : [["export", "--format="], ["export", "--format=st"]]
        let requests = assigned + [["exercise", "show", "sl"], ["alias", "ohp", "s"], ["alias", "s"]]
        let offered = shell == "bash" ? try complete(requests, stubs: stubs) : try complete(requests, shell: shell, stubs: stubs)
        // fish offers the whole word, the option with its value.
        let strong = shell == "fish" ? "--format=strong" : "strong"
        #expect(offered.count == 5, "\(shell): \(offered)")
        guard offered.count == 5 else { return }
        #expect(offered[0].split(separator: " ").map(String.init).sorted() == (shell == "fish" ? ["--format=hevy", "--format=json", "--format=strong"] : ["hevy", "json", "strong"]),
                "\(shell): \(offered[0])")
        #expect(offered[1] == strong, "\(shell): \(offered[1])")
        #expect(offered[2] == "sled-push", "\(shell): \(offered[2])")
        #expect(offered[3].split(separator: " ").contains("squat"), "\(shell): \(offered[3])")
        #expect(!offered[4].contains("squat"), "\(shell): ALIAS is a name of one's own: \(offered[4])")
    }

    /// Each command's arguments complete as it declares them, in each shell: a plan
    /// edit's DAY to the weekdays, its EXERCISE to the active plan's names and swap's NEW
    /// to every name known; show's SESSION to the latest sessions, plan diff's to plans,
    /// health show's TYPE to the words a person types. A stand-in sessionctl answers
    /// what the daemon would.
    @Test(arguments: ["bash", "zsh", "fish"]) func argumentsCompleteAsTheirCommandDeclares(shell: String) throws {
        let stubs = Fixtures.temporaryDirectory("stubs")
        defer { Fixtures.removeTree(stubs) }
        try """
            #!/bin/sh
            case "$*" in
            "__complete-exercises --planned") printf 'goblet-squat\\ngood-morning\\nplank\\n' ;;
            "__complete-exercises --known") printf 'squat\\nsled-push\\ngoblet-squat\\n' ;;
            __complete-plans) printf '12\\n11\\n' ;;
            __complete-sessions) printf '40\\n39\\n' ;;
            esac
            exit 0

            """.write(toFile: stubs + "/sessionctl", atomically: true, encoding: .utf8)
        #expect(chmod(stubs + "/sessionctl", 0o755) == 0)
        let requests: [([String], Set<String>)] = [
            (["plan", "set", ""], ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]),
            (["plan", "set", "--sets", "4", "mon", "go"], ["goblet-squat", "good-morning"]),
            (["plan", "remove", "t"], ["tue", "thu"]),
            (["plan", "remove", "thu", "p"], ["plank"]),
            (["plan", "swap", "mon", "goblet-squat", "s"], ["squat", "sled-push"]),
            (["plan", "add", "fri", "sl"], ["sled-push"]),
            (["plan", "add", "fri", "sled-push", "s"], []),
            (["plan", "move", "mon", "s"], ["sat", "sun"]),
            (["plan", "redo", "w"], ["wed"]),
            (["show", ""], ["40", "39"]),
            (["show", "40", ""], []),
            (["plan", "diff", "12", "1"], ["12", "11"]),
            (["health", "show", "rh"], ["rhr"]),
        ]
        let offered = shell == "bash" ? try complete(requests.map(\.0), stubs: stubs) : try complete(requests.map(\.0), shell: shell, stubs: stubs)
        #expect(offered.count == requests.count, "\(shell): \(offered)")
        for ((request, expected), line) in zip(requests, offered) {
            #expect(Set(line.split(separator: " ").map(String.init)) == expected, "\(shell) \(request): \(line)")
        }
    }

    /// health's words are the ones a person types, each once: sleep, rhr, mass, not
    /// the wire's sleepHours, and steps not twice.
    @Test func healthOffersEachTypedWordOnce() throws {
        let table = ShellCompletion.Table(Commands.all)
        let words = try #require(table.groups.first { $0.verb == "health" }?.words)
        #expect(words.count == Set(words).count, "\(words)")
        #expect(words.contains("sleep") && words.contains("rhr") && words.contains("import"), "\(words)")
        #expect(!words.contains { $0.contains(where: \.isUppercase) }, "\(words)")
    }

    @Test(arguments: ["zsh", "fish"]) func zshAndFishOfferWhatBashOffers(shell: String) throws {
        let commands = Commands.all.filter { !$0.words[0].hasPrefix("__") }
        let verbs = Set(commands.filter { $0.words.count > 1 }.map { $0.words[0] })
        var requests: [[String]] = [[""], ["--socket", "/x", "st"], ["plan", ""], ["health", ""], ["plan", "imp"], ["completion", ""]]
        requests += commands.map { $0.words + ($0.words.count == 1 && verbs.contains($0.words[0]) ? ["sleep", "--"] : ["--"]) }
        for command in commands {
            for option in command.options {
                guard case .words = option.completion else { continue }
                requests.append(command.words + [option.name, ""])
            }
        }
        let bash = try complete(requests)
        let other = try complete(requests, shell: shell)
        #expect(other.count == requests.count, "\(other)")
        for (index, request) in requests.enumerated() where index < other.count {
            var expected = Set(bash[index].split(separator: " ").map(String.init))
            if request == ["completion", ""] { expected = ["bash", "zsh", "fish"] }
            // fish offers options only to a word that starts with a dash, as fish users expect.
            if shell == "fish", request.last == "" { expected = expected.filter { !$0.hasPrefix("-") } }
            // fish offers -h beside --help, and --version among the verbs with a description.
            let offered = Set(other[index].split(separator: " ").map(String.init)).subtracting(["-h", "-y", "-v"])
            #expect(offered == expected, "\(shell) \(request): \(offered.sorted()) against bash's \(expected.sorted())")
        }
        #expect(other.first?.split(separator: " ").contains("status") == true && other[1] == "start status", "\(other.prefix(2))")
    }

    /// A typo of a command is offered the command, as a typo of an exercise is; a word
    /// near none is only named.
    @Test func aMistypedCommandIsOfferedItsCommand() {
        for (words, offered) in [(["stauts"], "did you mean \"status\"?"), (["lgo"], "did you mean \"log\"?"),
                                 (["plan", "imprt"], "did you mean \"plan import\"?"), (["xyzzy"], nil)] {
            let console = Console(capturing: false)
            let status = SessionCtl.run(words, context: CommandContext(console: console, environment: ["SESSIOND_SOCKET": "/nonexistent"]))
            #expect(status == ExitStatus.usage && console.capturedError.contains("unknown command"), "\(words): \(console.capturedError)")
            if let offered {
                #expect(console.capturedError.contains(offered), "\(words): \(console.capturedError)")
            } else {
                #expect(!console.capturedError.contains("did you mean"), "\(console.capturedError)")
            }
        }
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
        // Bash hands USER@HOST:PORT and --socket=PATH over in pieces (COMP_WORDBREAKS):
        // read whole, the verb after them completes.
        let pieces = try complete([["-H", "root", "@", "127.0.0.1", ":", "22022", "sta"], ["--socket", "=", "/tmp/x.sock", "sta"],
                                   ["--host", "=", "gym", "sta"], ["-H", "gym", ":", "2222", "log", "--rpe", "=", "8", "--at", "18", ":", "05", "--"]])
        #expect(pieces[0...2].allSatisfy { $0 == "start status" }, "\(pieces)")
        #expect(pieces[3].split(separator: " ").contains("--rpe"), "log's options after pieces: \(pieces[3])")
        // Host names as the shell knows them (/etc/hosts), before the verb and after it.
        let hosts = (try? String(contentsOfFile: "/etc/hosts", encoding: .utf8)) ?? ""
        if hosts.split(whereSeparator: \.isWhitespace).contains("localhost") {
            #expect(offered[4...].allSatisfy { $0.split(separator: " ").contains("localhost") }, "\(offered)")
        }
    }

    /// The declarations feed every shell: each option a command declares with values
    /// is completed after it in the bash, zsh and fish scripts, with the values it
    /// declares, which a typed option takes from its reading (an enumeration's cases).
    @Test func everyDeclaredOptionWithValuesIsInEachShellsScript() {
        let bash = BashCompletion.script(commands: Commands.all)
        let zsh = ShellCompletion.zsh(commands: Commands.all)
        let fish = ShellCompletion.fish(commands: Commands.all).split(separator: "\n")
        var checked = 0
        for command in Commands.all where !command.words[0].hasPrefix("__") {
            let key = command.words.joined(separator: " ")
            for option in command.options where option.value != nil && option.completion != .none {
                checked += 1
                let name = option.name
                #expect(bash.contains("\"\(key) \(name)\")") || bash.contains("*\" \(name)\")"), "bash: \(key) \(name)")
                #expect(zsh.contains("\"\(key) \(name)\")"), "zsh: \(key) \(name)")
                let line = fish.first { $0.contains("'__sessionctl_is \(key)' -l \(name.dropFirst(2)) ") }
                #expect(line?.contains(" -x -a ") == true || line?.contains(" -r -F") == true, "fish: \(key) \(name)")
                guard case .words(let words) = option.completion else { continue }
                #expect(bash.contains("_sessionctl_words \"\(words.joined(separator: " "))\""), "bash: \(key) \(name)")
                #expect(zsh.contains("_sessionctl_add " + words.map { "'\($0)'" }.joined(separator: " ")), "zsh: \(key) \(name)")
                #expect(line?.contains("-a '\(words.joined(separator: " "))'") == true, "fish: \(key) \(name)")
            }
        }
        #expect(checked >= 20, "every command's --socket and --host, and the value lists")
        #expect(Options.kind.spec.completion == .words(SetKind.allCases.map(\.rawValue)))
        #expect(Options.exportFormat.spec.completion == .words(TrackerExport.Format.written.map(\.rawValue)))
    }
}
