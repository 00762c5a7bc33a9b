/// A document that is not of the shape a reader expects (a reply of another daemon
/// version, a stored document of another build).
public struct JSONReadError: Error, CustomStringConvertible, Sendable, Equatable {
    /// Where, as a JSON path (`result.progress.loggedSets`).
    public let path: String
    public let expected: String

    public var description: String { "\(path) should be \(expected)" }

    public init(path: String, expected: String) {
        self.path = path
        self.expected = expected
    }
}

/// A member's key: a literal, looked up by comparing its bytes with the input's (no
/// String is made for it: a reader of many objects asks for a dozen keys each), or a
/// String.
public struct JSONKey: ExpressibleByStringLiteral, CustomStringConvertible, Sendable {
    private enum Storage: Sendable {
        case literal(StaticString)
        case text(String)
    }

    private let storage: Storage

    public init(stringLiteral value: StaticString) { storage = .literal(value) }
    public init(_ literal: StaticString) { storage = .literal(literal) }
    public init(_ text: String) { storage = .text(text) }

    public var description: String {
        switch storage {
        case .literal(let literal): literal.description
        case .text(let text): text
        }
    }

    /// The key's UTF-8 bytes. Always inlined: a look-up runs it for every member read.
    @inline(__always)
    func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch storage {
        case .literal(let literal): return literal.withUTF8Buffer(body)
        case .text(var text): return text.withUTF8(body)
        }
    }
}

/// Typed reads of a JSON object, each failing with the member's path: how typed
/// values read themselves back (`MethodResult.init(json:)`).
public struct JSONReader {
    /// An object as a tree, or as a slice of the input (a request's params: decoded
    /// member by member as read, without a tree).
    private enum Value {
        case tree(JSONValue)
        case slice(JSONSlice)

        /// What `tree` reads of a tree, or `slice` of a slice.
        func read<T>(_ tree: (JSONValue) -> T?, _ slice: (JSONSlice) -> T?) -> T? {
            switch self {
            case .tree(let value): tree(value)
            case .slice(let value): slice(value)
            }
        }

        func member(_ key: JSONKey) -> Value? {
            read({ $0[key.description].flatMap { $0.isNull ? nil : .tree($0) } }, { $0.member(key).map(Value.slice) })
        }

        var intValue: Int? { read(\.intValue, \.exactInteger) }
        var numberValue: Double? { read(\.numberValue, \.numberValue) }
        var stringValue: String? { read(\.stringValue, \.string) }
        var boolValue: Bool? { read(\.boolValue, \.boolValue) }
        var isObject: Bool { read({ $0.objectPairs.map { _ in true } }, { $0.isObject ? true : nil }) ?? false }
        var items: [Value]? { read({ $0.arrayValue?.map(Value.tree) }, { $0.elements?.map(Value.slice) }) }
        var tree: JSONValue { read({ $0 }, \.value) ?? .null }
    }

    private let value: Value
    /// The path of the object this one is in, and this one's key and index there: the
    /// path is written out only when asked (an error), not for every object read.
    private let parentPath: String
    private let key: JSONKey?
    private let index: Int?

    /// Where this object is (`result.exercises[2]`).
    public var path: String {
        let inParent = key.map { parentPath + "." + $0.description } ?? parentPath
        return index.map { inParent + "[\($0)]" } ?? inParent
    }

    public init(_ value: JSONValue, path: String = "result") throws(JSONReadError) {
        try self.init(value: .tree(value), parentPath: path, key: nil, index: nil)
    }

    /// Reads an object where it stands in the input.
    public init(_ slice: JSONSlice, path: String) throws(JSONReadError) {
        try self.init(value: .slice(slice), parentPath: path, key: nil, index: nil)
    }

    /// The element `index` of the array `key` in `parentPath`.
    public init(_ slice: JSONSlice, in parentPath: String, key: JSONKey, index: Int) throws(JSONReadError) {
        try self.init(value: .slice(slice), parentPath: parentPath, key: key, index: index)
    }

    private init(value: Value, parentPath: String, key: JSONKey?, index: Int?) throws(JSONReadError) {
        self.value = value
        self.parentPath = parentPath
        self.key = key
        self.index = index
        guard value.isObject else { throw JSONReadError(path: path, expected: "an object") }
    }

    private func present(_ key: JSONKey) -> Value? { value.member(key) }

    /// A member as it is, nil when absent or null.
    public func raw(_ key: JSONKey) -> JSONValue? { present(key)?.tree }

    private func failure(_ key: JSONKey, _ expected: String) -> JSONReadError {
        JSONReadError(path: path + "." + key.description, expected: expected)
    }

    /// The path of the member `key` (`result.exercises[2].reps`), for an error about it.
    public func path(of key: JSONKey) -> String { path + "." + key.description }

    /// The member read by `extract`; nil when absent or null, an error when of another type.
    private func optional<T>(_ key: JSONKey, _ expected: String, _ extract: (Value) -> T?) throws(JSONReadError) -> T? {
        guard let found = present(key) else { return nil }
        guard let value = extract(found) else { throw failure(key, expected + " or null") }
        return value
    }

    /// The member read by `extract`, which must be there.
    private func required<T>(_ key: JSONKey, _ expected: String, _ extract: (Value) -> T?) throws(JSONReadError) -> T {
        guard let value = present(key).flatMap(extract) else { throw failure(key, expected) }
        return value
    }

    public func int(_ key: JSONKey) throws(JSONReadError) -> Int { try required(key, "an integer", \.intValue) }
    public func optionalInt(_ key: JSONKey) throws(JSONReadError) -> Int? { try optional(key, "an integer", \.intValue) }
    public func id(_ key: JSONKey) throws(JSONReadError) -> Int64 { Int64(try int(key)) }
    public func optionalID(_ key: JSONKey) throws(JSONReadError) -> Int64? { try optionalInt(key).map(Int64.init) }
    public func number(_ key: JSONKey) throws(JSONReadError) -> Double { try required(key, "a number", \.numberValue) }
    public func optionalNumber(_ key: JSONKey) throws(JSONReadError) -> Double? { try optional(key, "a number", \.numberValue) }
    public func string(_ key: JSONKey) throws(JSONReadError) -> String { try required(key, "a string", \.stringValue) }

    /// True when the member `key` is a string of exactly `text`'s bytes, written
    /// without escapes (no String is made to tell): a reader of many objects that
    /// repeat a value (an import's exercise names) keeps the one it read before.
    public func member(_ key: JSONKey, isUnescaped text: String) -> Bool {
        switch present(key) {
        case .slice(let slice)?: slice.isUnescapedString(text)
        case .tree(let value)?: value.stringValue == text
        case nil: false
        }
    }
    public func optionalString(_ key: JSONKey) throws(JSONReadError) -> String? { try optional(key, "a string", \.stringValue) }
    public func bool(_ key: JSONKey) throws(JSONReadError) -> Bool { try required(key, "true or false", \.boolValue) }

    /// An array of strings.
    public func strings(_ key: JSONKey) throws(JSONReadError) -> [String] {
        try required(key, "an array of strings") { value -> [String]? in
            guard let items = value.items else { return nil }
            let texts = items.compactMap(\.stringValue)
            return texts.count == items.count ? texts : nil
        }
    }

    /// An array of numbers.
    public func numbers(_ key: JSONKey) throws(JSONReadError) -> [Double] {
        try required(key, "an array of numbers") { value -> [Double]? in
            guard let items = value.items else { return nil }
            let numbers = items.compactMap(\.numberValue)
            return numbers.count == items.count ? numbers : nil
        }
    }

    public func optionalBool(_ key: JSONKey) throws(JSONReadError) -> Bool? { try optional(key, "true or false", \.boolValue) }

    /// True when `key` holds an array, false when it is missing or null; anything else
    /// is an error.
    public func optionalArray(_ key: JSONKey) throws(JSONReadError) -> Bool {
        try optional(key, "an array") { $0.items.map { _ in true } } ?? false
    }

    /// An array of objects, each read with its path (`result.exercises[2]`).
    public func objects(_ key: JSONKey) throws(JSONReadError) -> [JSONReader] {
        let items = try required(key, "an array of objects", \.items)
        var readers: [JSONReader] = []
        readers.reserveCapacity(items.count)
        let here = path
        for (index, item) in items.enumerated() { readers.append(try JSONReader(value: item, parentPath: here, key: key, index: index)) }
        return readers
    }

    /// A nested object, nil when absent or null.
    public func optionalObject(_ key: JSONKey) throws(JSONReadError) -> JSONReader? {
        guard let found = present(key) else { return nil }
        return try JSONReader(value: found, parentPath: path, key: key, index: nil)
    }

    public func object(_ key: JSONKey) throws(JSONReadError) -> JSONReader {
        guard let found = try optionalObject(key) else { throw failure(key, "an object") }
        return found
    }
}
