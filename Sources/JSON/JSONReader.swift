/// A document that is not of the shape a reader expects (a reply of another daemon
/// version, a stored document of another build).
public struct JSONReadError: Error, CustomStringConvertible, Sendable {
    /// Where, as a JSON path (`result.progress.loggedSets`).
    public let path: String
    public let expected: String

    public var description: String { "\(path) should be \(expected)" }

    public init(path: String, expected: String) {
        self.path = path
        self.expected = expected
    }
}

/// Typed reads of a JSON object, each failing with the member's path: how typed
/// values read themselves back (`MethodResult.init(json:)`).
public struct JSONReader {
    private let value: JSONValue
    /// Where this object is (`result.exercises[2]`).
    public let path: String

    public init(_ value: JSONValue, path: String = "result") throws(JSONReadError) {
        guard value.objectPairs != nil else { throw JSONReadError(path: path, expected: "an object") }
        self.value = value
        self.path = path
    }

    private func present(_ key: String) -> JSONValue? {
        guard let found = value[key], !found.isNull else { return nil }
        return found
    }

    /// A member as it is, nil when absent or null.
    public func raw(_ key: String) -> JSONValue? { present(key) }

    private func failure(_ key: String, _ expected: String) -> JSONReadError {
        JSONReadError(path: path + "." + key, expected: expected)
    }

    /// The member read by `extract`; nil when absent or null, an error when of another type.
    private func optional<T>(_ key: String, _ expected: String, _ extract: (JSONValue) -> T?) throws(JSONReadError) -> T? {
        guard let found = present(key) else { return nil }
        guard let value = extract(found) else { throw failure(key, expected + " or null") }
        return value
    }

    /// The member read by `extract`, which must be there.
    private func required<T>(_ key: String, _ expected: String, _ extract: (JSONValue) -> T?) throws(JSONReadError) -> T {
        guard let value = present(key).flatMap(extract) else { throw failure(key, expected) }
        return value
    }

    public func int(_ key: String) throws(JSONReadError) -> Int { try required(key, "an integer", \.intValue) }
    public func optionalInt(_ key: String) throws(JSONReadError) -> Int? { try optional(key, "an integer", \.intValue) }
    public func id(_ key: String) throws(JSONReadError) -> Int64 { Int64(try int(key)) }
    public func optionalID(_ key: String) throws(JSONReadError) -> Int64? { try optionalInt(key).map(Int64.init) }
    public func number(_ key: String) throws(JSONReadError) -> Double { try required(key, "a number", \.numberValue) }
    public func optionalNumber(_ key: String) throws(JSONReadError) -> Double? { try optional(key, "a number", \.numberValue) }
    public func string(_ key: String) throws(JSONReadError) -> String { try required(key, "a string", \.stringValue) }
    public func optionalString(_ key: String) throws(JSONReadError) -> String? { try optional(key, "a string", \.stringValue) }
    public func bool(_ key: String) throws(JSONReadError) -> Bool { try required(key, "true or false", \.boolValue) }

    /// An array of strings.
    public func strings(_ key: String) throws(JSONReadError) -> [String] {
        try required(key, "an array of strings") { value -> [String]? in
            guard let items = value.arrayValue else { return nil }
            let texts = items.compactMap(\.stringValue)
            return texts.count == items.count ? texts : nil
        }
    }

    public func optionalBool(_ key: String) throws(JSONReadError) -> Bool? { try optional(key, "true or false", \.boolValue) }

    /// An array of objects, each read with its path (`result.exercises[2]`).
    public func objects(_ key: String) throws(JSONReadError) -> [JSONReader] {
        let items = try required(key, "an array of objects", \.arrayValue)
        var readers: [JSONReader] = []
        for (index, item) in items.enumerated() { readers.append(try JSONReader(item, path: "\(path).\(key)[\(index)]")) }
        return readers
    }

    /// A nested object, nil when absent or null.
    public func optionalObject(_ key: String) throws(JSONReadError) -> JSONReader? {
        guard let found = present(key) else { return nil }
        return try JSONReader(found, path: path + "." + key)
    }

    public func object(_ key: String) throws(JSONReadError) -> JSONReader {
        guard let found = try optionalObject(key) else { throw failure(key, "an object") }
        return found
    }
}
