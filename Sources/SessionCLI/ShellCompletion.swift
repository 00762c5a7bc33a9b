import ArgumentParsing
import SessionCore
import SessionRPC

/// The zsh and fish completion scripts, generated from the verb table as the bash one
/// is (`BashCompletion`): the same commands and subcommands, each command's options,
/// each option's values as it declares them (`OptionSpec.completion`), global options
/// before the verb, and the exercise names, plan ids and event types the bash script
/// offers, asked of the daemon the options point at.
enum ShellCompletion {
    /// The shells `sessionctl completion` writes a script for.
    static let shells = ["bash", "zsh", "fish"]

    /// The visible commands, the first words, and each group's subcommands (with
    /// health's types beside `health import`, as in bash).
    struct Table {
        let commands: [Command]
        let firstWords: [String]
        let groups: [(verb: String, subcommands: [String], words: [String])]

        init(_ all: [Command]) {
            commands = all.filter { !$0.words[0].hasPrefix("__") }
            firstWords = Array(Set(commands.map { $0.words[0] })).sorted()
            let grouped = Dictionary(grouping: commands.filter { $0.words.count > 1 }, by: { $0.words[0] })
            groups = grouped.sorted { $0.key < $1.key }.map { verb, list in
                let subcommands = list.map { $0.words[1] }.sorted()
                // The words a person types (sleep, rhr, mass), each once; the wire names
                // (sleepHours) are read too, but not offered.
                let health = verb == "health" ? HealthType.allCases.flatMap(\.words) : []
                return (verb, subcommands, Array(Set(subcommands + health)).sorted())
            }
        }

        /// Each command's options, `--help` last.
        func options(_ command: Command) -> [OptionSpec] { command.options + [CommonOptions.help] }

        /// What each command's arguments complete to (`Command.completes`, then a FILE's
        /// file names), as the scripts test for it: the command's words (`key`), its verb,
        /// and the place of the argument among the words after the verb, options and
        /// their values left out, as the scripts count them (plan swap's OLD is the 3rd,
        /// after swap and DAY); nil for every argument.
        var arguments: [(key: String, verb: String, argument: Int?, completion: OptionSpec.Completion)] {
            commands.flatMap { command in
                let declared = command.completes() + (command.takesFile ? [.every(.file)] : [])
                return declared.map { completes in
                    (command.words.joined(separator: " "), command.words[0], completes.position.map { $0 + command.words.count - 1 }, completes.completion)
                }
            }
        }

        /// Every option that takes a value, by each of its names: the word after one is
        /// its value, no argument of the command (`log --rpe 8 SQUAT`).
        var valuedOptions: String {
            Set(commands.flatMap(options).filter { $0.value != nil }.flatMap { [$0.name] + ($0.short.map { [$0] } ?? []) }).sorted().joined(separator: " ")
        }
    }

    /// The part of the bash and zsh scripts after the verb, past its first word: which
    /// command the line is (`key`: a verb's second word is its subcommand when it has
    /// one of that name, `health import`; `health sleep` is health's own), that command's
    /// options (`flags`), and the value of the option just typed, as the option declares
    /// it. `keys`, `cases` and `values` are the shell's case lines.
    static func commandCases(keys: [String], cases: [String], values: [String]) -> String {
        """
                key="$verb"
                case "$verb" in
            \(keys.joined(separator: "\n"))
                esac
                case "$key" in
            \(cases.joined(separator: "\n"))
                esac
                # An option's value, as the option declares it.
                case "$key $prev" in
            \(values.joined(separator: "\n"))
                esac
            """
    }

    /// The zsh script: a completion function for `compinit` (`#compdef`) that also
    /// registers itself when sourced.
    static func zsh(commands all: [Command]) -> String {
        let table = Table(all)
        let subs = table.groups.map { "            \($0.verb)) _sessionctl_add \(words($0.words)); return ;;" }
        let keys = table.groups.map { "        \($0.verb)) case ${words[i+1]} in \($0.subcommands.joined(separator: "|"))) key=\"$verb ${words[i+1]}\" ;; esac ;;" }
        var cases: [String] = []
        var values: [String] = []
        for command in table.commands {
            let key = command.words.joined(separator: " ")
            cases.append("        \"\(key)\") flags=(\(table.options(command).map(\.name).joined(separator: " "))) ;;")
            for option in command.options where option.value != nil {
                guard let action = zshAction(option.completion) else { continue }
                values.append("        \"\(key) \(option.name)\") \(action); return ;;")
            }
        }
        // Each command's arguments, as it declares them.
        let arguments = table.arguments.compactMap { argument -> String? in
            guard let action = zshAction(argument.completion) else { return nil }
            let place = argument.argument.map { " && (( argument == \($0) ))" } ?? ""
            return "    elif [[ \"$key\" == \"\(argument.key)\" ]]\(place); then\n        \(action)"
        }
        // The options before the verb, from their declarations (`CommonOptions.global`).
        let global = Global(CommonOptions.global)
        let globalValues = CommonOptions.global.compactMap { spec -> String? in
            guard spec.value != nil, let action = zshAction(spec.completion) else { return nil }
            let test = spec.names.map { "\"$prev\" == \($0)" }.joined(separator: " || ")
            return "    if [[ \(test) ]]; then \(action); return; fi"
        }
        return """
            #compdef sessionctl
            # zsh completion for sessionctl (generated by: sessionctl completion zsh)
            # Install: sessionctl completion zsh > "${fpath[1]}/_sessionctl", or source it.
            _sessionctl_add() {
                # Any case matches, as in the bash script.
                compadd -M 'm:{a-zA-Z}={A-Za-z}' -- "$@"
            }
            _sessionctl() {
                local -a global flags
                local i=2 verb key position prev="${words[CURRENT-1]}"
                # Global options before the verb.
                while (( i < CURRENT )); do
                    case "${words[i]}" in
                        \(global.valued.joined(separator: "|"))) global+=("${words[i]}" "${words[i+1]}"); (( i += 2 )) ;;
                        \(global.assigned.joined(separator: "|"))) global+=("${words[i]}"); (( i += 1 )) ;;
                        \(global.flags.joined(separator: "|"))) (( i += 1 )) ;;
                        *) break ;;
                    esac
                done
            \(globalValues.joined(separator: "\n"))
                if (( i >= CURRENT )); then
                    _sessionctl_add \(words(table.firstWords)) --help --version \(CommonOptions.global.map(\.name).joined(separator: " "))
                    return
                fi
                verb="${words[i]}"
                position=$(( CURRENT - i ))
                # --format=st: the value after the = completes as after --format st.
                local assigned=0
                if [[ "${words[CURRENT]}" == --*=* ]]; then
                    prev="${words[CURRENT]%%=*}"
                    assigned=1
                    compset -P '*='
                fi
                # The argument being completed among the verb's, options and their values
                # left out: EXERCISE after log --rpe 8 is the first.
                # 0 while an option's value is being completed.
                local j=$(( i + 1 )) argument=1
                while (( j < CURRENT )); do
                    if [[ " \(table.valuedOptions) " == *" ${words[j]} "* ]]; then (( j += 2 )); (( j > CURRENT )) && argument=0; continue; fi
                    [[ "${words[j]}" == -* ]] || (( argument += 1 ))
                    (( j += 1 ))
                done
                if (( position == 1 )); then
                    case "$verb" in
            \(subs.joined(separator: "\n"))
                    esac
                fi
            \(commandCases(keys: keys, cases: cases, values: values))
                if [[ "${words[CURRENT]}" == -* ]] && (( ! assigned )); then
                    _sessionctl_add "${flags[@]}"
                elif [[ "$verb" == track ]] && [[ "$prev" == *, || "$prev" =~ '^[0-9]{1,2}:[0-9]{2}-[0-9]{1,2}:[0-9]{2}$' ]]; then
                    # An exercise comes after the times and after each comma.
                    \(zshAction(.exercises("known")) ?? "")
            \(arguments.joined(separator: "\n"))
                fi
            }
            # Autoloaded from $fpath it completes at once; sourced, it registers itself.
            if [[ "$funcstack[1]" == _sessionctl ]]; then
                _sessionctl "$@"
            else
                compdef _sessionctl sessionctl 2>/dev/null
            fi

            """
    }

    /// The fish script: `complete` lines with conditions of its own, which skip the
    /// global options before the verb.
    static func fish(commands all: [Command]) -> String {
        let table = Table(all)
        var lines: [String] = []
        lines.append("complete -c sessionctl -f")
        lines.append("complete -c sessionctl -n __sessionctl_needs_verb -a \(quoted(table.firstWords.joined(separator: " ")))")
        for option in CommonOptions.daemon + [CommonOptions.help] {
            lines.append("complete -c sessionctl -n __sessionctl_needs_verb" + flag(option))
        }
        lines.append("complete -c sessionctl -n __sessionctl_needs_verb -l version -d 'print the version and exit'")
        for group in table.groups {
            lines.append("complete -c sessionctl -n '__sessionctl_at \(group.verb) 1' -a \(quoted(group.words.joined(separator: " ")))")
        }
        for command in table.commands {
            let key = command.words.joined(separator: " ")
            for option in table.options(command) {
                lines.append("complete -c sessionctl -n \(quoted("__sessionctl_is \(key)"))" + flag(option))
            }
        }
        // Each command's arguments, as it declares them; track's exercises come after its
        // times and after each comma.
        for argument in table.arguments {
            let place = argument.argument.map { "; and __sessionctl_argument \(argument.verb) \($0)" } ?? ""
            lines.append("complete -c sessionctl -n \(quoted("__sessionctl_is \(argument.key)" + place))" + fishValues(argument.completion))
        }
        lines.append("complete -c sessionctl -n '__sessionctl_is track; and __sessionctl_after_times_or_comma'" + fishValues(.exercises("known")))
        let verbs = table.groups.map(\.verb).joined(separator: " ")
        let global = Global(CommonOptions.global)
        let subcommands = table.groups.map { "\($0.verb):" + $0.subcommands.joined(separator: ",") }.joined(separator: " ")
        return """
            # fish completion for sessionctl (generated by: sessionctl completion fish)
            # Install: sessionctl completion fish > ~/.config/fish/completions/sessionctl.fish

            # The words after the global options (--socket PATH, -H HOST, --json): the verb and on.
            function __sessionctl_words
                set -l tokens (commandline -opc)
                set -e tokens[1]
                while set -q tokens[1]
                    switch $tokens[1]
                        case \(global.valued.joined(separator: " "))
                            set -e tokens[1..2]
                        case \((global.assigned.map { "'" + $0 + "'" } + global.flags).joined(separator: " "))
                            set -e tokens[1]
                        case '*'
                            break
                    end
                end
                string join \\n -- $tokens
            end

            # The global options given, for the daemon the names are asked of.
            function __sessionctl_global
                set -l tokens (commandline -opc)
                set -e tokens[1]
                while set -q tokens[1]
                    switch $tokens[1]
                        case \(global.valued.joined(separator: " "))
                            echo $tokens[1]
                            echo $tokens[2]
                            set -e tokens[1..2]
                        case \(global.assigned.map { "'" + $0 + "'" }.joined(separator: " "))
                            echo $tokens[1]
                            set -e tokens[1]
                        case \(global.flags.joined(separator: " "))
                            set -e tokens[1]
                        case '*'
                            break
                    end
                end
            end

            # What the daemon the options point at answers a hidden helper; nothing when
            # sessionctl is not on PATH or the daemon does not answer.
            function __sessionctl_ask
                command -q sessionctl; or return
                sessionctl (__sessionctl_global) $argv 2>/dev/null
            end

            function __sessionctl_needs_verb
                test (count (__sessionctl_words)) -eq 0
            end

            # The command the line is: a verb, with its subcommand when it has one of that name.
            function __sessionctl_key
                set -l words (__sessionctl_words)
                set -q words[1]; or return
                if contains -- $words[1] \(verbs); and set -q words[2]
                    for pair in \(subcommands)
                        set -l parts (string split : -- $pair)
                        if test $parts[1] = $words[1]; and contains -- $words[2] (string split , -- $parts[2])
                            echo "$words[1] $words[2]"
                            return
                        end
                    end
                end
                echo $words[1]
            end

            function __sessionctl_is
                set -l key (__sessionctl_key)
                test "$key" = "$argv"
            end

            # True when the verb is $argv[1] and the word being completed is its $argv[2]th.
            function __sessionctl_at
                set -l words (__sessionctl_words)
                set -q words[1]; and test $words[1] = $argv[1]; and test (count $words) -eq $argv[2]
            end

            # True when the verb is $argv[1] and the word being completed is its $argv[2]th
            # argument, options and their values left out (EXERCISE after log --rpe 8).
            function __sessionctl_argument
                set -l words (__sessionctl_words)
                set -q words[1]; and test $words[1] = $argv[1]; or return 1
                set -e words[1]
                set -l argument 1
                while set -q words[1]
                    if contains -- $words[1] \(table.valuedOptions)
                        # The option's value is the word being completed.
                        set -q words[2]; or return 1
                        set -e words[1..2]
                        continue
                    end
                    string match -q -- '-*' $words[1]; or set argument (math $argument + 1)
                    set -e words[1]
                end
                test $argument -eq $argv[2]
            end

            function __sessionctl_after_times_or_comma
                set -l previous (commandline -opc)[-1]
                string match -qr '(,$|^[0-9]{1,2}:[0-9]{2}-[0-9]{1,2}:[0-9]{2}$)' -- $previous
            end

            \(lines.joined(separator: "\n"))

            """
    }

    /// The global options' names as the scripts match them: those taking a value
    /// (`--socket`, `--host`, `-H`), their `--name=value` forms, and the flags.
    struct Global {
        /// The names of those taking a value: `--socket`, `--host`, `-H`.
        let valued: [String]
        /// Their `--name=value` forms, as patterns: `--socket=*`.
        let assigned: [String]
        /// The names of the flags: `--json`.
        let flags: [String]

        /// The names of `specs` (`CommonOptions.global`).
        init(_ specs: [OptionSpec]) {
            valued = specs.filter { $0.value != nil }.flatMap(\.names)
            assigned = specs.filter { $0.value != nil }.map { $0.name + "=*" }
            flags = specs.filter { $0.value == nil }.flatMap(\.names)
        }
    }

    /// zsh's words for completing a value, nil for a value that has none.
    private static func zshAction(_ completion: OptionSpec.Completion) -> String? {
        switch completion {
        case .none: return nil
        case .words(let list): return "_sessionctl_add \(words(list))"
        case .file: return "_files"
        case .asked(let verb): return "_sessionctl_add ${(f)\"$(sessionctl \"${global[@]}\" \(verb) 2>/dev/null)\"}"
        case .host: return "_hosts"
        }
    }

    /// `-l name` (and `-s x`) with the option's value completion and its help.
    private static func flag(_ option: OptionSpec) -> String {
        var text = " -l " + option.name.dropFirst(2)
        if let short = option.short { text += " -s " + short.dropFirst() }
        if option.value != nil { text += (option.completion == .file ? " -r" : " -x") + fishValues(option.completion) }
        return text + " -d " + quoted(option.help)
    }

    /// fish's `complete` arguments for what a value or an argument completes to.
    private static func fishValues(_ completion: OptionSpec.Completion) -> String {
        switch completion {
        case .none: return ""
        case .words(let list): return " -a " + quoted(list.joined(separator: " "))
        case .file: return " -F"
        case .asked(let verb): return " -a '(__sessionctl_ask \(verb))'"
        case .host: return " -a '(__fish_print_hostnames)'"
        }
    }

    /// Words for zsh, each quoted for the shell.
    private static func words(_ list: [String]) -> String {
        list.map(quoted).joined(separator: " ")
    }

    /// `text` as one word for zsh and fish alike: in single quotes, or, when it has one,
    /// in double quotes with \\, ", $ and ` escaped (which both shells read back).
    private static func quoted(_ text: String) -> String {
        guard text.contains("'") else { return "'" + text + "'" }
        var escaped = ""
        for character in text {
            if "\\\"$`".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return "\"" + escaped + "\""
    }
}
