/// A JSON value as RFC 8259 defines it. Objects keep their keys in document order,
/// so warnings and re-encoded output follow the order a person wrote.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// Builds an object from ordered pairs.
    public static func obj(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(pairs.map { (key: $0.key, value: $0.value) })
    }

    /// The value of `key` when this is an object that has it (the last one wins when a
    /// key repeats, as most JSON parsers do).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.last(where: { $0.key == key })?.value
    }

    /// The members of an object, or nil.
    public var objectPairs: [(key: String, value: JSONValue)]? {
        if case .object(let pairs) = self { return pairs }
        return nil
    }

    /// The elements of an array, or nil.
    public var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The string, or nil.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The number, or nil.
    public var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The number when it is integral and fits an `Int`, or nil.
    public var intValue: Int? {
        guard case .number(let value) = self, value.rounded() == value,
            abs(value) < 9_007_199_254_740_992
        else { return nil }
        return Int(value)
    }

    /// The boolean, or nil.
    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// True for `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// A short name of the value's type for error messages ("a string", "an array").
    public var typeDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count
                && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
    ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue {
    /// Wraps an optional: nil becomes `null`.
    public init(_ value: Int?) { self = value.map { .number(Double($0)) } ?? .null }
    /// Wraps an optional: nil becomes `null`.
    public init(_ value: Double?) { self = value.map { .number($0) } ?? .null }
    /// Wraps an optional: nil becomes `null`.
    public init(_ value: String?) { self = value.map { .string($0) } ?? .null }
}
