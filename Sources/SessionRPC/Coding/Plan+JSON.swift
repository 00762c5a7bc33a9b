import JSON
import SessionCore

extension Plan: CodedObject {
    /// The plan as a `JSONValue`, for printing indented.
    public var json: JSONValue { (try? JSONParser.parse(bytes: jsonBytes)) ?? .null }
}

/// A plan import's problem or warning at its path.
extension PathMessage: CodedObject {
    /// As a warning: its kind always said (`other` when none).
    public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.string("path", &path)
        try coder.string("message", &message)
        var said = kind ?? .other
        try coder.choice("kind", &said)
        kind = said
    }

    /// `{"path": …, "message": …}`, and `"kind"` for a warning.
    public var json: JSONValue {
        var pairs: [(key: String, value: JSONValue)] = [("path", .string(path)), ("message", .string(message))]
        if let kind { pairs.append(("kind", .string(kind.rawValue))) }
        return .object(pairs)
    }
}
