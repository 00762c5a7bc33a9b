/// How an option's value is read from its text: the reading, the words a bad value is
/// told (`needs a number from 1 to 100`, after the option's name), and what the value
/// completes to in a shell. Conformances for numbers, text and enumerations are here;
/// a program adds its own (dates, durations, weights) as static members.
public struct OptionValue<Value>: Sendable {
    /// What the option takes, as a bad value is told it: the error reads
    /// `--limit needs a number from 1 to 100, got "x"`.
    public let expected: String
    /// What the value completes to in a shell.
    public let completion: OptionSpec.Completion
    /// The value, or nil when `text` is not one.
    public let read: @Sendable (String) -> Value?

    /// A reading of a value: `read` gives nil for text that is not one, which is
    /// refused with `expected`.
    public init(expected: String, completion: OptionSpec.Completion = .none, read: @escaping @Sendable (String) -> Value?) {
        self.expected = expected
        self.completion = completion
        self.read = read
    }

    /// The same reading with another error wording.
    public func expecting(_ words: String) -> OptionValue {
        OptionValue(expected: words, completion: completion, read: read)
    }

    /// The same reading, its value then checked by `accept` (nil or false: refused).
    public func filtered(_ accept: @escaping @Sendable (Value) -> Bool) -> OptionValue {
        let read = read
        return OptionValue(expected: expected, completion: completion) { text in read(text).flatMap { accept($0) ? $0 : nil } }
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
    public static func id(expected: String) -> OptionValue {
        OptionValue(expected: expected) { text in Int64(text).flatMap { $0 > 0 ? $0 : nil } }
    }
}

extension OptionValue where Value == Double {
    /// Any number (bounds left to whoever checks the value).
    public static func number(expected: String) -> OptionValue {
        OptionValue(expected: expected) { Double($0) }
    }

    /// A finite number in `range`.
    public static func number(in range: ClosedRange<Double>, expected: String) -> OptionValue {
        OptionValue(expected: expected) { text in Double(text).flatMap { $0.isFinite && range.contains($0) ? $0 : nil } }
    }
}

extension OptionValue where Value: CaseIterable & RawRepresentable & Equatable & Sendable, Value.RawValue == String {
    /// One of `cases` (default: all) by its raw value, in any letter case when
    /// `ignoringCase`; their raw values complete.
    public static func choice(expected: String, of cases: [Value] = Array(Value.allCases), ignoringCase: Bool = false) -> OptionValue {
        OptionValue(expected: expected, completion: .words(cases.map(\.rawValue))) { text in
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
        Option(spec: OptionSpec(name, short: spec.short, value: spec.value, param: spec.param, completion: spec.completion, help: line),
               reading: reading)
    }

    /// The value of `text`, or the usage error naming the option and what it takes.
    public func read(_ text: String) throws(UsageError) -> Value {
        guard let value = reading.read(text) else { throw UsageError("\(spec.name) \(reading.expected), got \"\(text)\"") }
        return value
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
