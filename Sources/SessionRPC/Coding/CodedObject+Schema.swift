import JSON
import SessionCore

/// The JSON Schema of the members, every one required but those left out when they do
/// not apply.
struct ObjectSchema: ObjectCoder {
    typealias Failure = JSONReadError
    private var properties: [(key: String, value: JSONValue)] = []
    private var required: [JSONValue] = []

    var schema: JSONValue {
        .obj(["type": "object", "properties": .object(properties), "required": .array(required)])
    }

    private mutating func add(_ key: StaticString, _ schema: JSONValue, required: Bool = true) {
        properties.append((key.description, schema))
        if required { self.required.append(.string(key.description)) }
    }

    mutating func id(_ key: StaticString, _ value: inout Int64) { add(key, Schema.integer) }
    mutating func id(_ key: StaticString, _ value: inout Int64?) { add(key, Schema.nullable(Schema.integer)) }
    mutating func int(_ key: StaticString, _ value: inout Int) { add(key, Schema.integer) }
    mutating func int(_ key: StaticString, _ value: inout Int?) { add(key, Schema.nullable(Schema.integer)) }
    mutating func number(_ key: StaticString, _ value: inout Double) { add(key, Schema.number) }
    mutating func number(_ key: StaticString, _ value: inout Double?) { add(key, Schema.nullable(Schema.number)) }
    mutating func string(_ key: StaticString, _ value: inout String) { add(key, Schema.string) }
    mutating func string(_ key: StaticString, _ value: inout String?) { add(key, Schema.nullable(Schema.string)) }
    mutating func timestamp(_ key: StaticString, _ value: inout String) { add(key, Schema.timestamp) }
    mutating func timestamp(_ key: StaticString, _ value: inout String?) { add(key, Schema.nullable(Schema.timestamp)) }
    mutating func date(_ key: StaticString, _ value: inout LocalDate) { add(key, Schema.date) }
    mutating func date(_ key: StaticString, _ value: inout LocalDate?) { add(key, Schema.nullable(Schema.date)) }
    mutating func date(_ key: StaticString, _ value: inout String) { add(key, Schema.date) }
    mutating func bool(_ key: StaticString, _ value: inout Bool) { add(key, Schema.boolean) }
    mutating func strings(_ key: StaticString, _ value: inout [String]) { add(key, Schema.array(Schema.string)) }
    mutating func ids(_ key: StaticString, _ value: inout [Int64]) { add(key, Schema.array(Schema.integer)) }
    mutating func numbers(_ key: StaticString, _ value: inout [Double]) { add(key, Schema.array(Schema.number)) }
    mutating func number(_ key: StaticString, _ value: inout Double, places: Int) { number(key, &value) }
    mutating func number(_ key: StaticString, _ value: inout Double?, places: Int) { number(key, &value) }
    mutating func numbers(_ key: StaticString, _ value: inout [Double], places: Int) { numbers(key, &value) }
    mutating func dates(_ key: StaticString, _ value: inout [LocalDate]) { add(key, Schema.array(Schema.date)) }
    mutating func int(_ key: StaticString, _ value: inout Int, in bounds: ClosedRange<Int>) { add(key, Schema.range(bounds)) }
    mutating func int(_ key: StaticString, _ value: inout Int?, in bounds: ClosedRange<Int>) { add(key, Schema.nullable(Schema.range(bounds))) }
    mutating func number(_ key: StaticString, _ value: inout Double?, in bounds: ClosedRange<Double>) { add(key, Schema.nullable(Schema.range(bounds))) }
    mutating func text(_ key: StaticString, _ value: inout String, maxLength: Int) { add(key, .obj(["type": "string", "maxLength": JSONValue(maxLength)])) }
    mutating func text(_ key: StaticString, _ value: inout String?, maxLength: Int) {
        add(key, Schema.nullable(.obj(["type": "string", "maxLength": JSONValue(maxLength)])))
    }
    mutating func choices<Choice: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: inout [Choice]) where Choice.RawValue == String {
        add(key, Schema.array(Schema.oneOf(Choice.allCases.map(\.rawValue))))
    }
    mutating func parts<Item: MemberCodable>(_ key: StaticString, _ value: inout [Item]) { add(key, Schema.array(Item.schema)) }
    mutating func dateTime(_ key: StaticString, _ value: inout LocalDateTime) { add(key, Schema.string) }
    mutating func omittedTimestamp(_ key: StaticString, _ value: inout String?) { add(key, Schema.timestamp, required: false) }
    mutating func omitted<Item: MemberCodable>(_ key: StaticString, _ value: inout Item?) { add(key, Item.schema, required: false) }
    mutating func objects<Item: MemberCodable>(_ key: StaticString, _ value: inout [Item], maxCount: Int) {
        add(key, .obj(["type": "array", "items": Item.schema, "maxItems": JSONValue(maxCount)]))
    }
    func check(_ condition: @autoclosure () -> Bool, _ key: StaticString, _ expected: @autoclosure () -> String) {}
    mutating func constant(_ key: StaticString, _ value: Bool) { add(key, .obj(["enum": .array([.bool(value)])])) }
    mutating func document<Document: CarriedDocument>(_ key: StaticString, _ value: inout Document) { add(key, Schema.object) }
    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: inout Choice) where Choice.RawValue == String {
        add(key, Schema.oneOf(Choice.allCases.map(\.rawValue)))
    }
    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: inout Choice?) where Choice.RawValue == String {
        add(key, Schema.nullable(Schema.oneOf(Choice.allCases.map(\.rawValue))))
    }
    mutating func names(_ key: StaticString, _ value: inout [String], among: [String]) { add(key, Schema.array(Schema.oneOf(among))) }
    mutating func derived(_ key: StaticString, _ value: Bool) { add(key, Schema.boolean) }
    mutating func derivedObjects<Item: MemberCodable>(_ key: StaticString, _ value: [Item]) { add(key, Schema.array(Item.schema)) }
    mutating func omitted(_ key: StaticString, _ value: inout Int?) { add(key, Schema.integer, required: false) }
    mutating func omitted(_ key: StaticString, _ value: inout Double?) { add(key, Schema.number, required: false) }
    mutating func omitted(_ key: StaticString, _ value: inout String?) { add(key, Schema.string, required: false) }
    mutating func omitted(_ key: StaticString, _ value: inout Int64?) { add(key, Schema.integer, required: false) }
    mutating func omitted(_ key: StaticString, _ value: inout LocalDate?) { add(key, Schema.date, required: false) }
    mutating func omitted(_ key: StaticString, _ value: inout [String]?) { add(key, Schema.array(Schema.string), required: false) }
    mutating func omitted(_ key: StaticString, _ value: inout Int?, in bounds: ClosedRange<Int>) { add(key, Schema.range(bounds), required: false) }
    mutating func omitted(_ key: StaticString, _ value: inout Double?, in bounds: ClosedRange<Double>) { add(key, Schema.range(bounds), required: false) }
    mutating func flag(_ key: StaticString, _ value: inout Bool) { add(key, Schema.boolean, required: false) }
    var reads: Bool { false }
    mutating func object<Item: MemberCodable>(_ key: StaticString, _ value: inout Item) { add(key, Item.schema) }
    mutating func object<Item: MemberCodable>(_ key: StaticString, _ value: inout Item?) { add(key, Schema.nullable(Item.schema)) }
    mutating func objects<Item: MemberCodable>(_ key: StaticString, _ value: inout [Item]) { add(key, Schema.array(Item.schema)) }
}

/// Schema shorthands for method documentation.
public enum Schema {
    public static let integer: JSONValue = .obj(["type": "integer"])
    public static let number: JSONValue = .obj(["type": "number"])
    public static let string: JSONValue = .obj(["type": "string"])
    public static let boolean: JSONValue = .obj(["type": "boolean"])
    public static let date: JSONValue = .obj(["type": "string", "format": "date"])
    public static let timestamp: JSONValue = .obj(["type": "string", "format": "date-time"])
    public static let object: JSONValue = .obj(["type": "object"])
    public static func array(_ items: JSONValue) -> JSONValue { .obj(["type": "array", "items": items]) }
    public static func nullable(_ schema: JSONValue) -> JSONValue { .obj(["oneOf": [schema, .obj(["type": "null"])]]) }
    public static func range(_ low: Double, _ high: Double, integer: Bool = true) -> JSONValue {
        .obj(["type": integer ? "integer" : "number", "minimum": .number(low), "maximum": .number(high)])
    }
    /// An integer within a limit (`SessionLimits.reps`).
    public static func range(_ bounds: ClosedRange<Int>) -> JSONValue {
        range(Double(bounds.lowerBound), Double(bounds.upperBound))
    }
    /// A number within a limit (`SessionLimits.weightKg`).
    public static func range(_ bounds: ClosedRange<Double>) -> JSONValue {
        range(bounds.lowerBound, bounds.upperBound, integer: false)
    }
    public static func oneOf(_ values: [String]) -> JSONValue { .obj(["enum": .array(values.map { .string($0) })]) }
    /// An object schema listing its properties (each a schema). Every property is
    /// required — a nullable one is written as null, not left out — but those named in
    /// `optional`, which are left out when they do not apply.
    public static func object(_ properties: KeyValuePairs<String, JSONValue>, optional: Set<String> = []) -> JSONValue {
        let required = properties.map(\.key).filter { !optional.contains($0) }
        return .obj(["type": "object", "properties": .obj(properties), "required": .array(required.map { .string($0) })])
    }
}
