import JSON
import SessionCore

// The domain's times as members of a JSON object: RFC 3339 instants and local dates,
// refused with their path when malformed.

/// RFC 3339 members.
extension JSONReader {
    /// The member `key`, an RFC 3339 time with its offset, as written.
    public func timestamp(_ key: JSONKey) throws(JSONReadError) -> String {
        try checkedTimestamp(try string(key), key)
    }

    /// The same, or nil when the member is missing or null.
    public func optionalTimestamp(_ key: JSONKey) throws(JSONReadError) -> String? {
        try optionalString(key).map { (text) throws(JSONReadError) in try checkedTimestamp(text, key) }
    }

    private func checkedTimestamp(_ text: String, _ key: JSONKey) throws(JSONReadError) -> String {
        guard RFC3339.parse(text) != nil else { throw JSONReadError(path: path(of: key), expected: "an RFC 3339 time with its offset") }
        return text
    }
}

/// Date members.
extension JSONReader {
    /// A date as YYYY-MM-DD.
    public func date(_ key: JSONKey) throws(JSONReadError) -> LocalDate {
        guard let date = LocalDate(try string(key)) else { throw JSONReadError(path: path(of: key), expected: "a date as YYYY-MM-DD") }
        return date
    }

    /// A date as YYYY-MM-DD, or nil when the member is missing or null.
    public func optionalDate(_ key: JSONKey) throws(JSONReadError) -> LocalDate? {
        guard let text = try optionalString(key) else { return nil }
        guard let date = LocalDate(text) else { throw JSONReadError(path: path(of: key), expected: "a date as YYYY-MM-DD") }
        return date
    }
}
