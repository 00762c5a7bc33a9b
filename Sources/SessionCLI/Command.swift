import ArgumentParsing
import SessionCore
import SessionRPC

/// What a command gets to run: where to write, the environment, the clock.
public struct CommandContext {
    public let console: Console
    public let environment: [String: String]
    public let clock: LocalClock

    public init(console: Console, environment: [String: String], clock: LocalClock = LocalClock()) {
        self.console = console
        self.environment = environment
        self.clock = clock
    }
}

/// Exit statuses, as PROTOCOL.md fixes them.
public enum ExitStatus {
    public static let ok: Int32 = 0
    /// The daemon refused (or, offline, the input was refused).
    public static let refused: Int32 = 1
    public static let usage: Int32 = 2
    public static let unreachable: Int32 = 3
}

/// One `sessionctl` verb.
struct Command: Sendable {
    /// The words that select it: ["plan", "check"].
    let words: [String]
    /// The arguments after the words, for the usage line: "FILE|-".
    let synopsis: String
    /// One line for the verb list.
    let summary: String
    /// Paragraphs for `--help`, after the usage line.
    let details: String
    let options: [OptionSpec]
    let run: @Sendable (ParsedArguments, CommandContext) throws -> Int32

    /// `sessionctl plan check [OPTIONS] FILE|-`.
    var usage: String {
        let optionsPart = options.isEmpty ? "" : " [OPTIONS]"
        return "sessionctl \(words.joined(separator: " "))\(optionsPart)\(synopsis.isEmpty ? "" : " " + synopsis)"
    }

    /// The full `--help` text.
    var help: String {
        var lines = ["Usage: \(usage)", "", summary]
        if !details.isEmpty { lines += ["", details] }
        let all = options + [CommonOptions.help]
        lines += ["", "Options:"]
        let labels = all.map { spec in
            [spec.short, spec.name].compactMap { $0 }.joined(separator: ", ") + (spec.value.map { " " + $0 } ?? "")
        }
        let width = (labels.map(\.count).max() ?? 0) + 2
        for (label, spec) in zip(labels, all) {
            lines.append("  " + label + String(repeating: " ", count: width - label.count) + spec.help)
        }
        return lines.joined(separator: "\n")
    }
}

/// Options every verb shares.
enum CommonOptions {
    static let help = OptionSpec("--help", short: "-h", help: "show this help and exit")
    static let json = OptionSpec("--json", help: "print JSON for programs instead of text")
}
