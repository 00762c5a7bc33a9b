import ArgumentParsing
import Foundation
import Testing
import TestSupport

@testable import SessionCLI

/// sessionctl(1) and `--help` say the same: each command has its entry in COMMANDS, whose
/// tag line names every option the command takes (but the global ones of the SYNOPSIS,
/// which every command takes), and no option it does not take.
@Suite struct ManPageTests {
    /// The man page's COMMANDS entries, by their tag lines: the `.B`/`.BR` line after
    /// each `.TP` (and `.TQ`, a tag more for the same paragraph), as text.
    static func entries() -> [String] {
        let text = Fixtures.read(Fixtures.packageRoot + "/docs/sessionctl.1")
        guard let start = text.range(of: "\n.SH COMMANDS\n"), let end = text.range(of: "\n.SH ", range: start.upperBound..<text.endIndex) else { return [] }
        let lines = text[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return zip(lines, lines.dropFirst()).filter { ($0.0 == ".TP" || $0.0 == ".TQ") && $0.1.hasPrefix(".B") }.map { plain($0.1) }
    }

    /// A troff line as text: its macro's arguments (a quoted one whole) joined as the
    /// macro sets them (`.B` with spaces, `.BR` and the other alternating fonts without),
    /// font escapes taken out, `\-` a hyphen.
    static func plain(_ line: String) -> String {
        var arguments: [String] = []
        var current = ""
        var quoted = false
        for character in line.drop(while: { $0 != " " }) {
            if character == "\"" {
                if quoted { arguments.append(current); current = "" }
                quoted.toggle()
            } else if character == " ", !quoted {
                if !current.isEmpty { arguments.append(current); current = "" }
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { arguments.append(current) }
        var text = arguments.joined(separator: line.hasPrefix(".B ") ? " " : "").replacingOccurrences(of: "\\-", with: "-")
        for escape in ["\\fB", "\\fI", "\\fR", "\\fP"] { text = text.replacingOccurrences(of: escape, with: "") }
        return text
    }

    /// The options a line names: `--name` words (and `-H`-style short ones it lists alone).
    static func options(in line: String) -> Set<String> {
        Set(line.split(whereSeparator: { " [|]=,".contains($0) }).map(String.init).filter { $0.hasPrefix("--") })
    }

    @Test func everyCommandsOptionsAreInItsEntry() throws {
        // The completion's own commands (`__complete-plans`) are plumbing, in no entry.
        let commands = Commands.all.filter { !$0.words[0].hasPrefix("__") }
        // Each entry's commands ("plan show […], plan list, plan activate ID": three),
        // each with the options its part of the line names; a command may have more than
        // one entry (edit SET-ID, edit --session ID). A part is the command whose words
        // begin it, the longest (health show, not health).
        var named: [String: Set<String>] = [:]
        for entry in Self.entries() {
            // A part that begins with no command's words goes on the one before it
            // (track's "EXERCISE SETS[, EXERCISE SETS]...").
            var command: String?
            for part in entry.components(separatedBy: ", ") {
                let begun = commands.map { $0.words.joined(separator: " ") }.filter { part == $0 || part.hasPrefix($0 + " ") }.max { $0.count < $1.count }
                command = begun ?? command
                if let command { named[command, default: []].formUnion(Self.options(in: part)) }
            }
        }
        #expect(named.count > 40, "\(named.count) commands' entries read")
        let global = Set(CommonOptions.global.map(\.name) + [CommonOptions.help.name])
        var problems: [String] = []
        for command in commands {
            let words = command.words.joined(separator: " ")
            guard let options = named[words] else {
                problems.append("\(words): no entry in COMMANDS")
                continue
            }
            let taken = Set(command.options.map(\.name)).subtracting(global)
            for missing in taken.subtracting(options).sorted() { problems.append("\(words): \(missing) is not in its entry") }
            for extra in options.subtracting(taken).subtracting(global).sorted() { problems.append("\(words): its entry names \(extra), which it does not take") }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// Each command's --help reads on a terminal: its paragraphs are wrapped (no line over
    /// 90 characters), and its options' helps start in one column that a long label (a
    /// list of choices) does not push right: such a label has its help on the next line.
    @Test func everyCommandsHelpIsWrappedAndItsOptionsAligned() throws {
        for command in Commands.all where !command.words[0].hasPrefix("__") {
            let lines = command.help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let options = try #require(lines.firstIndex(of: "Options:"))
            // The usage line and the one-line summary stand as they are.
            for line in lines[3..<options] where line.count > 90 {
                Issue.record("\(command.words.joined(separator: " ")): a line of \(line.count) characters: \(line)")
            }
            let columns = Set(lines[(options + 1)...].compactMap { line -> Int? in
                // "  LABEL  help": where the help begins, after two spaces or more.
                guard line.hasPrefix("  -"), let gap = line.range(of: "  ", range: line.index(line.startIndex, offsetBy: 2)..<line.endIndex) else { return nil }
                return line[gap.upperBound...].prefix { $0 == " " }.count + line.distance(from: line.startIndex, to: gap.upperBound)
            })
            #expect(columns.count == 1 && (columns.first ?? 0) <= Command.longestLabel + 4, "\(command.words): \(columns)")
        }
    }
}
