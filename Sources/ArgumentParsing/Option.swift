/// How an option's value is read from its text: the reading, the words a bad value is
/// told (`needs a number from 1 to 100`, after the option's name), and what the value
/// completes to in a shell. Conformances for numbers, text and enumerations are here;
/// a program adds its own (dates, durations, weights) as static members.
public struct OptionValue<Value>: Sendable {
    /// What the option takes, as a bad value is told it: the error reads
    /// `--limit needs a number from 1 to 100, got "x"`. Worked out when asked: every
    /// command's options are declared at each start, and their words are needed only
    /// for an error.
    public var expected: String { words() }
    private let words: @Sendable () -> String
    /// What the value completes to in a shell.
    public let completion: OptionSpec.Completion
    /// The value, or nil when `text` is not one.
    public let read: @Sendable (String) -> Value?
    /// The part of a refused text the error quotes: the whole text, or for a list the
    /// first item that does not read.
    public let offending: @Sendable (String) -> String
    /// Why a refused text is none, when more can be said than what it takes (a date
    /// of the right shape that names no day: "February 2026 has 28 days").
    public let why: @Sendable (String) -> String?

    /// A reading of a value: `read` gives nil for text that is not one, which is
    /// refused with `expected`, quoting `offending` of it (default: all of it), and
    /// `why` of it when that says something.
    public init(expected: @autoclosure @escaping @Sendable () -> String, completion: OptionSpec.Completion = .none,
                offending: @escaping @Sendable (String) -> String = { $0 }, why: @escaping @Sendable (String) -> String? = { _ in nil },
                read: @escaping @Sendable (String) -> Value?) {
        words = expected
        self.completion = completion
        self.offending = offending
        self.why = why
        self.read = read
    }

    /// The value of `text` given as `name` (an option's, or a positional argument's
    /// such as `WEIGHT`), or the usage error naming it and what it takes.
    public func read(_ text: String, as name: String) throws(UsageError) -> Value {
        guard let value = read(text) else {
            throw UsageError("\(name) \(expected), got \"\(offending(text))\"" + (why(text).map { " (\($0))" } ?? ""))
        }
        return value
    }

    /// The same reading with another error wording.
    public func expecting(_ words: @autoclosure @escaping @Sendable () -> String) -> OptionValue {
        OptionValue(expected: words(), completion: completion, offending: offending, why: why, read: read)
    }

    /// The same reading, its value then checked by `accept` (nil or false: refused).
    public func filtered(_ accept: @escaping @Sendable (Value) -> Bool) -> OptionValue {
        let (read, words) = (read, words)
        return OptionValue(expected: words(), completion: completion, offending: offending, why: why) { text in read(text).flatMap { accept($0) ? $0 : nil } }
    }

    /// A list of this reading's values separated by `separator` ("10,12.5,15"), each
    /// item trimmed of spaces; an empty item is skipped when `skippingEmpty` (so an
    /// empty text is an empty list), else refused. A bad list is refused with
    /// `expected`, quoting its first item that does not read (all of it for an empty
    /// item).
    public func list(separator: Character = ",", skippingEmpty: Bool = false,
                     expected: @autoclosure @escaping @Sendable () -> String) -> OptionValue<[Value]> {
        let read = read
        @Sendable func items(_ text: String) -> [String] {
            text.split(separator: separator, omittingEmptySubsequences: skippingEmpty).map { item in
                let start = item.firstIndex { !$0.isWhitespace } ?? item.endIndex
                let end = item.lastIndex { !$0.isWhitespace }.map(item.index(after:)) ?? start
                return String(item[start..<max(start, end)])
            }
        }
        return OptionValue<[Value]>(expected: expected(), offending: { text in items(text).first { read($0) == nil }.flatMap { $0.isEmpty ? nil : $0 } ?? text }) { text in
            var values: [Value] = []
            for item in items(text) {
                guard let value = read(item) else { return nil }
                values.append(value)
            }
            return values
        }
    }
}

extension OptionValue where Value == String {
    /// Any text.
    public static var text: OptionValue { OptionValue(expected: "needs a value") { $0 } }
    /// Any text, with file names completed.
    public static var file: OptionValue { OptionValue(expected: "needs a file", completion: .file) { $0 } }
}

extension OptionValue where Value == Int {
    /// A whole number in `range`.
    public static func number(in range: ClosedRange<Int>) -> OptionValue {
        OptionValue(expected: "needs a number from \(range.lowerBound) to \(range.upperBound)") { text in
            Int(text).flatMap { range.contains($0) ? $0 : nil }
        }
    }
}

extension OptionValue where Value == Int64 {
    /// A positive whole number: an id.
    public static func id(expected: @autoclosure @escaping @Sendable () -> String) -> OptionValue {
        OptionValue(expected: expected()) { text in Int64(text).flatMap { $0 > 0 ? $0 : nil } }
    }
}

extension OptionValue where Value == Double {
    /// Any number (bounds left to whoever checks the value).
    public static func number(expected: @autoclosure @escaping @Sendable () -> String) -> OptionValue {
        OptionValue(expected: expected()) { decimal($0) }
    }

    /// A finite number in `range`.
    public static func number(in range: ClosedRange<Double>, expected: @autoclosure @escaping @Sendable () -> String) -> OptionValue {
        OptionValue(expected: expected()) { text in decimal(text).flatMap { range.contains($0) ? $0 : nil } }
    }

    /// A finite decimal as a person types one: digits with a point or a decimal comma
    /// (7.5, 7,5), a sign; not what strtod reads besides (0x10, inf, nan, 1e3).
    static func decimal(_ text: String) -> Double? {
        var seenSeparator = false, seenDigit = false
        var normal = ""
        for (index, character) in text.enumerated() {
            switch character {
            case "0"..."9": seenDigit = true
            case "+" where index == 0, "-" where index == 0: break
            case "." where !seenSeparator, "," where !seenSeparator: seenSeparator = true
            default: return nil
            }
            normal.append(character == "," ? "." : character)
        }
        guard seenDigit, let value = Double(normal), value.isFinite else { return nil }
        return value
    }
}

extension OptionValue where Value: CaseIterable & RawRepresentable & Equatable & Sendable, Value.RawValue == String {
    /// One of `cases` (default: all) by its raw value, in any letter case when
    /// `ignoringCase`; their raw values complete.
    public static func choice(expected: @autoclosure @escaping @Sendable () -> String, of cases: [Value] = Array(Value.allCases), ignoringCase: Bool = false) -> OptionValue {
        OptionValue(expected: expected(), completion: .words(cases.map { $0.rawValue })) { text in
            Value(rawValue: ignoringCase ? text.lowercased() : text).flatMap { cases.contains($0) ? $0 : nil }
        }
    }
}

/// An option with a typed value, declared once: its name, its placeholder, its help,
/// the param it gives and how its value is read. `spec` is what a command lists (help,
/// the parser, completion); `ParsedArguments.value(_:)` reads the value as `Value`,
/// refusing a bad one with a usage error naming the option and what it takes.
public struct Option<Value>: Sendable {
    /// The declaration help, the parser and the completion scripts read.
    public let spec: OptionSpec
    /// How the value is read.
    public let reading: OptionValue<Value>

    /// An option `name VALUE` read by `parse`; its completion is `parse`'s unless
    /// `completion` is given.
    public init(_ name: OptionName, short: String? = nil, value: String, param: String? = nil, completion: OptionSpec.Completion? = nil,
                help: String, parse: OptionValue<Value>) {
        spec = OptionSpec(name, short: short, value: value, param: param, completion: completion ?? parse.completion, help: help)
        reading = parse
    }

    private init(spec: OptionSpec, reading: OptionValue<Value>) {
        self.spec = spec
        self.reading = reading
    }

    /// The option's name.
    public var name: OptionName { OptionName(stringLiteral: spec.name) }

    /// The same option with a command's own help line (`--from`: "sessions from DATE
    /// on"); its name, value, param and completion stay as declared.
    public func help(_ line: String) -> Option {
        Option(spec: spec.help(line), reading: reading)
    }

    /// The same option giving another param of the method its command calls.
    public func param(_ param: String) -> Option {
        Option(spec: spec.param(param), reading: reading)
    }

    /// The value of `text`, or the usage error naming the option and what it takes.
    public func read(_ text: String) throws(UsageError) -> Value {
        try reading.read(text, as: spec.name)
    }
}

extension ParsedArguments {
    /// The option's value (the last one when it was given more than once), nil when it
    /// was not given; a bad value is a usage error naming the option.
    public func value<Value>(_ option: Option<Value>) throws(UsageError) -> Value? {
        guard let text = self[option.name] else { return nil }
        return try option.read(text)
    }

    /// Every value of an option that may repeat, in order.
    public func values<Value>(_ option: Option<Value>) throws(UsageError) -> [Value] {
        var result: [Value] = []
        for text in allValues(option.name) { result.append(try option.read(text)) }
        return result
    }
}
