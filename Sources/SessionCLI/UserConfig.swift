import Glibc
import ArgumentParsing
import SessionCore
import SessionSystem

/// sessionctl's settings file, `$XDG_CONFIG_HOME/sessiond/config` (by default
/// `~/.config/sessiond/config`): one `key = value` per line, `#` starts a comment line,
/// blank lines are ignored. A key the file does not know, or a value out of range, is an
/// error naming the line, so that a typo never passes silently.
///
///     # how sessionctl plan next asks for a plan
///     planner = /usr/share/sessiond/planners/openai-compatible
///     planner-timeout = 180
///     planner-repairs = 2
///     planner-monthly-limit = 10
struct UserConfig: Equatable {
    /// The command run for `plan next` and `plan redo` (a shell command line).
    var planner: String?
    /// Seconds a planner may run.
    var plannerTimeout: Int?
    /// How many times a refused reply is sent back for repair.
    var plannerRepairs: Int?
    /// At most this many planner attempts a calendar month.
    var plannerMonthlyLimit: Int?
    /// The unit weights are shown and bare numbers read in.
    var units: WeightUnit?

    /// A line the file could not take.
    struct Problem: Error, Equatable, CustomStringConvertible {
        let path: String
        let line: Int
        let message: String
        var description: String { "\(path):\(line): \(message)" }
    }

    /// The keys a file may set, with what each takes.
    static let keys: [(name: String, help: String)] = [
        ("planner", "the planner command (a shell command line)"),
        ("planner-timeout", "seconds a planner may run, \(PlannerLimits.timeoutSeconds.lowerBound) to \(PlannerLimits.timeoutSeconds.upperBound)"),
        ("planner-repairs", "times a refused reply goes back for repair, \(PlannerLimits.repairs.lowerBound) to \(PlannerLimits.repairs.upperBound)"),
        ("planner-monthly-limit", "planner attempts a month at most, \(PlannerLimits.monthlyLimit.lowerBound) to \(PlannerLimits.monthlyLimit.upperBound)"),
        ("units", "kg or lb: the unit weights are shown and bare numbers read in"),
    ]

    init() {}

    /// Reads a file's text; `path` only names it in problems.
    init(parsing text: String, path: String) throws(Problem) {
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(rawLine).trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                throw Problem(path: path, line: index + 1, message: "expected key = value, got \"\(line)\"")
            }
            let key = String(line[..<equals]).trimmingWhitespace()
            let value = String(line[line.index(after: equals)...]).trimmingWhitespace()
            let problem = { (message: String) in Problem(path: path, line: index + 1, message: message) }
            // A number reads as its option's value does (`--timeout`, `--repairs`), named
            // by its key.
            func number(_ reading: OptionValue<Int>) throws(Problem) -> Int {
                do { return try reading.read(value, as: key) } catch { throw problem(error.message) }
            }
            switch key {
            case "planner":
                guard !value.isEmpty else { throw problem("planner needs a command") }
                planner = value
            case "planner-timeout":
                plannerTimeout = try number(Options.timeout.reading)
            case "planner-repairs":
                plannerRepairs = try number(Options.repairs.reading)
            case "planner-monthly-limit":
                plannerMonthlyLimit = try number(OptionValue.number(in: PlannerLimits.monthlyLimit)
                    .expecting("needs a number of attempts from \(PlannerLimits.monthlyLimit.lowerBound) to \(PlannerLimits.monthlyLimit.upperBound)"))
            case "units":
                guard let unit = WeightUnit(parsing: value) else { throw problem("units must be kg or lb, got \"\(value)\"") }
                units = unit
            default:
                throw problem("unknown key \"\(key)\" (known: \(Self.keys.map(\.name).joined(separator: ", ")))")
            }
        }
    }

    /// Where the file lives for this environment, or nil without a home.
    static func path(environment: [String: String]) -> String? {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") { return base + "/sessiond/config" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.config/sessiond/config"
    }

    /// The file of this environment; a file that does not exist is an empty config.
    /// Its directory is checked first, as a planner's is (`FileInput.untrusted`): in one
    /// another user may write to, the file could be deleted or replaced under us, and
    /// the units would change without a word.
    static func load(environment: [String: String]) throws -> UserConfig {
        guard let path = path(environment: environment) else { return UserConfig() }
        let directory = FilePath.directory(of: path)
        var status = stat()
        if stat(directory, &status) == 0, let problem = FileInput.untrusted(status) {
            throw Untrusted(directory: directory, reason: problem)
        }
        if access(path, F_OK) != 0, errno == ENOENT { return UserConfig() }
        return try UserConfig(parsing: try FileInput.readTrusted(path), path: path)
    }

    /// The config file's directory may be changed by another user: every command that
    /// reads the file refuses to run (exit 1) until it is made private.
    struct Untrusted: Error, CustomStringConvertible {
        let directory: String
        let reason: String
        var description: String { "config file: refusing to read it from \(directory): \(reason)" }
    }
}

/// Bounds of the planner link's settings.
enum PlannerLimits {
    static let timeoutSeconds = 1...3600
    static let defaultTimeoutSeconds = 180
    static let repairs = 0...5
    static let defaultRepairs = 2
    static let monthlyLimit = 1...100_000
}

extension WeightUnit {
    /// The preference of this environment; a bad value is a usage error naming where
    /// it came from.
    static func resolve(environment: [String: String], config: () throws -> UserConfig) throws -> WeightUnit {
        if let text = environment["SESSIOND_UNITS"], !text.isEmpty {
            guard let unit = WeightUnit(parsing: text) else { throw UsageError("SESSIOND_UNITS must be kg or lb, got \"\(text)\"") }
            return unit
        }
        return try config().units ?? .kg
    }
}
