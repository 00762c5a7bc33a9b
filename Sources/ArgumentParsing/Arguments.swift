/// A usage error: exit status 2, with the message and a pointer to `--help`.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// An option's long name with its dashes (`--note`), declared once as a constant of
/// its own (`OptionName.note`) that its declaration and every read of it name.
public struct OptionName: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let text: String
    public init(stringLiteral text: String) { self.text = text }
    public var description: String { text }
}

/// One option a command accepts: its names, its value, the param it gives, what its
/// value completes to, and its help. Help, the parser, the naming of a refused param
/// and the completion script all read it.
public struct OptionSpec: Sendable {
    /// The long name with dashes: `--json`.
    public let name: String
    /// A short alias with one dash, or nil.
    public let short: String?
    /// The value's placeholder in help (`DATE`); nil for a flag.
    public let value: String?
    /// The member of the method's params the option gives (`--dry-run` gives `dryRun`,
    /// `--weights` gives `weightsKg`): a param the daemon or the contract refuses is
    /// named by its option. By default the name in camel case, without its dashes
    /// (worked out when asked: the daemon's start reads its options too).
    public var param: String { declaredParam ?? Self.camelCase(name) }
    private let declaredParam: String?
    /// What the value completes to in a shell.
    public let completion: Completion
    /// One line for `--help`.
    public let help: String

    /// What an option's value completes to.
    public enum Completion: Sendable, Equatable {
        case none
        /// One of these words.
        case words([String])
        /// A file's path.
        case file
        /// A host name (those the shell knows: /etc/hosts, $HOSTFILE).
        case host
        /// A word the daemon gives, asked with this hidden verb (`__complete-plans`).
        case asked(String)

        /// The raw values of an enumeration's cases.
        public static func cases<Choice: CaseIterable & RawRepresentable>(of choice: Choice.Type) -> Completion where Choice.RawValue == String {
            .words(Choice.allCases.map { $0.rawValue })
        }
    }

    public init(_ name: OptionName, short: String? = nil, value: String? = nil, param: String? = nil, completion: Completion = .none, help: String) {
        self.name = name.text
        self.short = short
        self.value = value
        declaredParam = param
        self.completion = completion
        self.help = help
    }

    /// The same option with another help line; its param as declared (not worked out:
    /// every command's options are declared at each start).
    public func help(_ line: String) -> OptionSpec {
        OptionSpec(OptionName(stringLiteral: name), short: short, value: value, param: declaredParam, completion: completion, help: line)
    }

    /// The same option giving another param (`--week` gives `weekStart` to one method,
    /// `date` to another).
    public func param(_ param: String) -> OptionSpec {
        OptionSpec(OptionName(stringLiteral: name), short: short, value: value, param: param, completion: completion, help: help)
    }

    /// The long name and the short one, when there is one.
    public var names: [String] { [name] + (short.map { [$0] } ?? []) }

    /// `--dry-run` → `dryRun`.
    static func camelCase(_ name: String) -> String {
        let words = name.split(separator: "-")
        return words.enumerated().map { index, word in index == 0 ? String(word) : word.prefix(1).uppercased() + word.dropFirst() }.joined()
    }
}

/// Arguments split into options and positionals against a command's option list.
/// Accepts `--name value`, `--name=value`, `-x value`, and `--` to end options.
public struct ParsedArguments: Sendable {
    /// The flags given (a few names: an array spares a start-up the `Set` type's
    /// first use).
    public private(set) var flags: [String] = []
    public private(set) var values: [String: String] = [:]
    /// Every value of each option, in order, for options that may repeat.
    public private(set) var repeated: [String: [String]] = [:]
    public private(set) var positionals: [String] = []

    /// The same options with `words` as the positional arguments.
    public func with(positionals words: [String]) -> ParsedArguments {
        var copy = self
        copy.positionals = words
        return copy
    }

    public init(_ arguments: [String], options: [OptionSpec]) throws(UsageError) {
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") || Self.isNumber(argument) {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let spec = options.first(where: { $0.name == name || $0.short == name }) else {
                throw UsageError("unknown option \(name)")
            }
            if spec.value != nil {
                if let inlineValue {
                    values[spec.name] = inlineValue
                    repeated[spec.name, default: []].append(inlineValue)
                } else if index < arguments.count {
                    values[spec.name] = arguments[index]
                    repeated[spec.name, default: []].append(arguments[index])
                    index += 1
                } else {
                    throw UsageError("\(spec.name) needs a value (\(spec.value ?? "VALUE"))")
                }
            } else {
                guard inlineValue == nil else { throw UsageError("\(spec.name) takes no value") }
                if !flags.contains(spec.name) { flags.append(spec.name) }
            }
        }
    }

    /// Negative numbers ("-3") and amounts ("-10:00", "-30s": time off a rest) are
    /// positionals, so `log 1 -3` reports the bad value instead of an unknown option: no
    /// option starts with a digit after its dash.
    private static func isNumber(_ text: String) -> Bool {
        text.count > 1 && (Double(text) != nil || text.dropFirst().first.map { $0.isASCII && $0.isNumber } == true)
    }

    /// True when the flag was given.
    public func has(_ name: OptionName) -> Bool { flags.contains(name.text) }

    /// True when the option or flag spelled `text` (`--weight`) was given.
    public func gave(_ text: String) -> Bool { flags.contains(text) || values[text] != nil }

    /// The value of an option, or nil (the last one when it was given more than once).
    public subscript(_ name: OptionName) -> String? { values[name.text] }

    /// Every value of an option given more than once (`--avoid A --avoid B`).
    public func allValues(_ name: OptionName) -> [String] { repeated[name.text] ?? [] }
}
