import JSON
import SessionCore

/// Visits a method's params one by one, so each param is declared once, in
/// `MethodParams.code`, for every use: the daemon decodes and checks it
/// (`ParamsDecoder`), a client writes it (`ParamsEncoder`), and `rpc.discover`
/// documents it (`ParamsDocumenter`). `summary` is the param's line in the OpenRPC
/// document; bounds are the limits the decoder enforces and the schema states.
public protocol ParamsCoder {
    mutating func id(_ name: String, _ value: inout Int64?, required: Bool, _ summary: @autoclosure () -> String)
    mutating func int(_ name: String, _ value: inout Int?, in range: ClosedRange<Int>, _ summary: @autoclosure () -> String)
    mutating func number(_ name: String, _ value: inout Double?, in range: ClosedRange<Double>, step: Double?, required: Bool, _ summary: @autoclosure () -> String)
    mutating func string(_ name: String, _ value: inout String?, maxLength: Int, required: Bool, transform: (String) -> String, _ summary: @autoclosure () -> String)
    mutating func strings(_ name: String, _ value: inout [String]?, maxCount: Int, maxLength: Int, choices: [String]?, _ summary: @autoclosure () -> String)
    mutating func numbers(_ name: String, _ value: inout [Double]?, maxCount: Int, in range: ClosedRange<Double>, _ summary: @autoclosure () -> String)
    /// An array of at most `maxCount` row ids, each given once.
    mutating func ids(_ name: String, _ value: inout [Int64]?, maxCount: Int, _ summary: @autoclosure () -> String)
    mutating func bool(_ name: String, _ value: inout Bool?, _ summary: @autoclosure () -> String)
    mutating func date(_ name: String, _ value: inout LocalDate?, _ summary: @autoclosure () -> String)
    /// A date that names a fact being recorded: bounded by `RecordedDates` (1970-01-01
    /// to tomorrow in the daemon's zone), where `date` takes any valid date.
    mutating func recordedDate(_ name: String, _ value: inout LocalDate?, _ summary: @autoclosure () -> String)
    mutating func timestamp(_ name: String, _ value: inout Timestamp?, _ summary: @autoclosure () -> String)
    mutating func choice(_ name: String, _ value: inout String?, _ choices: @autoclosure () -> [String], required: Bool, _ summary: @autoclosure () -> String)
    /// A JSON document of one of `types` ("object", "array", "string").
    mutating func document(_ name: String, _ value: inout JSONValue?, types: [String], required: Bool, _ summary: @autoclosure () -> String)
    /// An array of at most `maxCount` typed objects, each read by `read` (its errors
    /// reported at their paths, `params.workouts[3].sets[0].reps`) and written by its
    /// own encoding, without a `JSONValue` tree on the client's side.
    mutating func objects<Item: JSONObjectEncodable & Sendable>(
        _ name: String, _ value: inout [Item], maxCount: Int, read: (JSONReader) throws(JSONReadError) -> Item, _ summary: @autoclosure () -> String)
}

extension ParamsCoder {
    public mutating func id(_ name: String, _ value: inout Int64?, _ summary: @autoclosure () -> String) { id(name, &value, required: false, summary()) }

    public mutating func number(_ name: String, _ value: inout Double?, in range: ClosedRange<Double>, step: Double? = nil, _ summary: @autoclosure () -> String) {
        number(name, &value, in: range, step: step, required: false, summary())
    }

    public mutating func string(_ name: String, _ value: inout String?, maxLength: Int, _ summary: @autoclosure () -> String) {
        string(name, &value, maxLength: maxLength, required: false, transform: { $0 }, summary())
    }

    public mutating func string(_ name: String, _ value: inout String?, maxLength: Int, transform: (String) -> String, _ summary: @autoclosure () -> String) {
        string(name, &value, maxLength: maxLength, required: false, transform: transform, summary())
    }

    /// A required string.
    public mutating func string(_ name: String, _ value: inout String, maxLength: Int, _ summary: @autoclosure () -> String) {
        requiring(&value) { coder, optional in coder.string(name, &optional, maxLength: maxLength, required: true, transform: { $0 }, summary()) }
    }

    /// A required id: decoding leaves the value as it was (and records the problem)
    /// when it is missing or invalid.
    public mutating func id(_ name: String, _ value: inout Int64, _ summary: @autoclosure () -> String) {
        requiring(&value) { coder, optional in coder.id(name, &optional, required: true, summary()) }
    }

    /// A required number.
    public mutating func number(_ name: String, _ value: inout Double, in range: ClosedRange<Double>, _ summary: @autoclosure () -> String) {
        requiring(&value) { coder, optional in coder.number(name, &optional, in: range, step: nil, required: true, summary()) }
    }

    /// A required JSON document.
    public mutating func document(_ name: String, _ value: inout JSONValue, types: [String], _ summary: @autoclosure () -> String) {
        requiring(&value) { coder, optional in coder.document(name, &optional, types: types, required: true, summary()) }
    }

    /// One of an enumeration's raw values; `required`, or its present value kept.
    public mutating func choice<Choice: RawRepresentable & CaseIterable>(
        _ name: String, _ value: inout Choice, required: Bool, _ summary: @autoclosure () -> String
    ) where Choice.RawValue == String {
        // The choices are listed only when a coder needs them (a value to check, a
        // schema to write): this runs for every request.
        var text: String? = value.rawValue
        choice(name, &text, Choice.allCases.map { $0.rawValue }, required: required, summary())
        if let text, let chosen = Choice(rawValue: text) { value = chosen }
    }

    /// One of an enumeration's raw values, nil when absent.
    public mutating func choice<Choice: RawRepresentable & CaseIterable>(
        _ name: String, _ value: inout Choice?, _ summary: @autoclosure () -> String
    ) where Choice.RawValue == String {
        var text = value?.rawValue
        choice(name, &text, Choice.allCases.map { $0.rawValue }, required: false, summary())
        value = text.flatMap(Choice.init(rawValue:))
    }

    /// A flag that keeps its value, its default, when absent.
    public mutating func bool(_ name: String, _ value: inout Bool, _ summary: @autoclosure () -> String) {
        var given: Bool? = value
        bool(name, &given, summary())
        value = given ?? value
    }

    /// Codes a param that must be given through its optional form: the encoder and
    /// documenter see the value; the decoder's nil (missing or invalid, a problem it
    /// recorded) leaves the value as it was.
    private mutating func requiring<Value>(_ value: inout Value, _ code: (inout Self, inout Value?) -> Void) {
        var optional: Value? = value
        code(&self, &optional)
        value = optional ?? value
    }
}

/// Reads params from a request, recording every problem with its path.
public struct ParamsDecoder: ParamsCoder {
    public var params: Params
    let context: DecodingContext

    init(params: Params, context: DecodingContext) {
        self.params = params
        self.context = context
    }

    public mutating func id(_ name: String, _ value: inout Int64?, required: Bool, _ summary: @autoclosure () -> String) {
        value = params.id(name, required: required)
    }
    public mutating func int(_ name: String, _ value: inout Int?, in range: ClosedRange<Int>, _ summary: @autoclosure () -> String) {
        value = params.int(name, in: range)
    }
    public mutating func number(_ name: String, _ value: inout Double?, in range: ClosedRange<Double>, step: Double?, required: Bool, _ summary: @autoclosure () -> String) {
        value = params.number(name, in: range, step: step, required: required)
    }
    public mutating func string(_ name: String, _ value: inout String?, maxLength: Int, required: Bool, transform: (String) -> String, _ summary: @autoclosure () -> String) {
        value = params.string(name, maxLength: maxLength, required: required, transform: transform)
    }
    public mutating func strings(_ name: String, _ value: inout [String]?, maxCount: Int, maxLength: Int, choices: [String]?, _ summary: @autoclosure () -> String) {
        value = params.strings(name, maxCount: maxCount, maxLength: maxLength)
        guard let choices else { return }
        for item in value ?? [] where !choices.contains(item) {
            params.fail(name, "unknown value \"\(item)\"; known: \(choices.joined(separator: ", "))")
        }
    }
    public mutating func numbers(_ name: String, _ value: inout [Double]?, maxCount: Int, in range: ClosedRange<Double>, _ summary: @autoclosure () -> String) {
        // Counted on the tape first: a tree of a long array is built only within the bound.
        guard let slice = params.take(name) else { return }
        let raw = (slice.elementCount ?? 0) <= maxCount ? slice.value : .null
        let numbers = raw.arrayValue?.compactMap(\.numberValue) ?? []
        guard raw.arrayValue?.count == numbers.count, numbers.count <= maxCount, numbers.allSatisfy(range.contains) else {
            params.fail(name, "must be an array of at most \(maxCount) numbers from \(JSONValue.format(number: range.lowerBound)) to \(JSONValue.format(number: range.upperBound))")
            return
        }
        value = numbers
    }
    public mutating func ids(_ name: String, _ value: inout [Int64]?, maxCount: Int, _ summary: @autoclosure () -> String) {
        guard let slice = params.take(name) else { return }
        let raw = (slice.elementCount ?? 0) <= maxCount ? slice.value : .null
        let items = raw.arrayValue ?? []
        let ids = items.compactMap { item -> Int64? in
            guard let number = item.numberValue, number >= 1, number <= Double(Params.maximumID), number.rounded() == number else { return nil }
            return Int64(number)
        }
        guard raw.arrayValue != nil, ids.count == items.count, (1...maxCount).contains(ids.count), Set(ids).count == ids.count else {
            params.fail(name, "must be an array of 1 to \(maxCount) different ids")
            return
        }
        value = ids
    }
    public mutating func bool(_ name: String, _ value: inout Bool?, _ summary: @autoclosure () -> String) {
        value = params.bool(name)
    }
    public mutating func date(_ name: String, _ value: inout LocalDate?, _ summary: @autoclosure () -> String) {
        value = params.date(name)
    }
    public mutating func recordedDate(_ name: String, _ value: inout LocalDate?, _ summary: @autoclosure () -> String) {
        value = params.date(name)
        if let date = value, let problem = RecordedDates.problem(date, today: context.today, approximate: context.isApproximate) {
            params.fail(name, problem)
            value = nil
        }
    }
    public mutating func timestamp(_ name: String, _ value: inout Timestamp?, _ summary: @autoclosure () -> String) {
        value = params.timestamp(name, notAfterMs: context.latestMs, instant: context.instant)
    }
    public mutating func choice(_ name: String, _ value: inout String?, _ choices: @autoclosure () -> [String], required: Bool, _ summary: @autoclosure () -> String) {
        value = params.choice(name, choices(), required: required)
    }
    public mutating func document(_ name: String, _ value: inout JSONValue?, types: [String], required: Bool, _ summary: @autoclosure () -> String) {
        guard let found = params.take(name)?.value else {
            if required { params.fail(name, "is required") }
            return
        }
        let kind = found.objectPairs != nil ? "object" : found.arrayValue != nil ? "array" : found.stringValue != nil ? "string" : ""
        guard types.contains(kind) else {
            params.fail(name, "must be \(types.joined(separator: " or ")), got \(found.typeDescription)")
            return
        }
        value = found
    }
}

extension ParamsDecoder {
    public mutating func objects<Item: JSONObjectEncodable & Sendable>(
        _ name: String, _ value: inout [Item], maxCount: Int, read: (JSONReader) throws(JSONReadError) -> Item, _ summary: @autoclosure () -> String
    ) {
        guard let found = params.take(name) else { return }
        // Read where they stand in the request line: no tree of a large chunk is built.
        guard let items = found.elements else {
            params.fail(name, "must be an array of objects, got \(found.typeDescription)")
            return
        }
        guard items.count <= maxCount else {
            params.fail(name, "at most \(maxCount) per call, got \(items.count); send the rest in further calls")
            return
        }
        value = []
        for (index, item) in items.enumerated() {
            do throws(JSONReadError) {
                value.append(try read(try JSONReader(item, in: "params", key: JSONKey(name), index: index)))
            } catch {
                params.fail(path: error.path, "must be \(error.expected)")
            }
        }
    }
}

extension ParamsDocumenter {
    public mutating func objects<Item: JSONObjectEncodable & Sendable>(
        _ name: String, _ value: inout [Item], maxCount: Int, read: (JSONReader) throws(JSONReadError) -> Item, _ summary: @autoclosure () -> String
    ) {
        specs.append(ParamSpec(name, required: false, schema: Schema.array(Schema.object), summary()))
    }
}

/// Items written as a JSON array, each by its own encoding.
struct EncodableArray<Item: JSONEncodable & Sendable>: JSONEncodable, Sendable {
    let items: [Item]
    /// The items' absent members are left out, as absent params are.
    func encode(to writer: inout JSONWriter) {
        let omitting = writer.omitsAbsentMembers
        writer.omitsAbsentMembers = true
        writer.array { for item in items { $0.value(item) } }
        writer.omitsAbsentMembers = omitting
    }
}

/// Writes params as a client sends them: absent values are left out.
public struct ParamsEncoder: ParamsCoder {
    /// Each present param with its value, written as it is encoded.
    public private(set) var encoded: [(key: String, value: any JSONEncodable & Sendable)] = []

    /// The params as a tree (tools that show or edit them).
    public var members: [(key: String, value: JSONValue)] {
        encoded.map { member in (key: member.key, value: member.value as? JSONValue ?? (try? JSONParser.parse(bytes: member.value.jsonBytes)) ?? .null) }
    }

    private mutating func add(_ name: String, _ value: JSONValue?) {
        if let value { encoded.append((key: name, value: value)) }
    }

    public mutating func objects<Item: JSONObjectEncodable & Sendable>(
        _ name: String, _ value: inout [Item], maxCount: Int, read: (JSONReader) throws(JSONReadError) -> Item, _ summary: @autoclosure () -> String
    ) {
        if !value.isEmpty { encoded.append((key: name, value: EncodableArray(items: value))) }
    }

    public mutating func id(_ name: String, _ value: inout Int64?, required: Bool, _ summary: @autoclosure () -> String) { add(name, value.map { JSONValue(Int($0)) }) }
    public mutating func int(_ name: String, _ value: inout Int?, in range: ClosedRange<Int>, _ summary: @autoclosure () -> String) { add(name, value.map { JSONValue($0) }) }
    public mutating func number(_ name: String, _ value: inout Double?, in range: ClosedRange<Double>, step: Double?, required: Bool, _ summary: @autoclosure () -> String) {
        add(name, value.map(JSONValue.number))
    }
    public mutating func string(_ name: String, _ value: inout String?, maxLength: Int, required: Bool, transform: (String) -> String, _ summary: @autoclosure () -> String) {
        add(name, value.map(JSONValue.string))
    }
    public mutating func strings(_ name: String, _ value: inout [String]?, maxCount: Int, maxLength: Int, choices: [String]?, _ summary: @autoclosure () -> String) {
        add(name, value.map { .array($0.map(JSONValue.string)) })
    }
    public mutating func numbers(_ name: String, _ value: inout [Double]?, maxCount: Int, in range: ClosedRange<Double>, _ summary: @autoclosure () -> String) {
        add(name, value.map { .array($0.map(JSONValue.number)) })
    }
    public mutating func ids(_ name: String, _ value: inout [Int64]?, maxCount: Int, _ summary: @autoclosure () -> String) {
        add(name, value.map { .array($0.map { JSONValue(Int($0)) }) })
    }
    public mutating func bool(_ name: String, _ value: inout Bool?, _ summary: @autoclosure () -> String) { add(name, value.map(JSONValue.bool)) }
    public mutating func date(_ name: String, _ value: inout LocalDate?, _ summary: @autoclosure () -> String) { add(name, value.map { .string($0.description) }) }
    public mutating func recordedDate(_ name: String, _ value: inout LocalDate?, _ summary: @autoclosure () -> String) { date(name, &value, summary()) }
    public mutating func timestamp(_ name: String, _ value: inout Timestamp?, _ summary: @autoclosure () -> String) { add(name, value.map { .string($0.text) }) }
    public mutating func choice(_ name: String, _ value: inout String?, _ choices: @autoclosure () -> [String], required: Bool, _ summary: @autoclosure () -> String) {
        add(name, value.map(JSONValue.string))
    }
    public mutating func document(_ name: String, _ value: inout JSONValue?, types: [String], required: Bool, _ summary: @autoclosure () -> String) {
        add(name, value)
    }
}

/// Lists the params for `rpc.discover`, each with its JSON Schema and bounds.
public struct ParamsDocumenter: ParamsCoder {
    public private(set) var specs: [ParamSpec] = []

    private mutating func add(_ name: String, _ schema: JSONValue, required: Bool = false, _ summary: @autoclosure () -> String) {
        specs.append(ParamSpec(name, required: required, schema: schema, summary()))
    }

    public mutating func id(_ name: String, _ value: inout Int64?, required: Bool, _ summary: @autoclosure () -> String) {
        add(name, Schema.integer, required: required, summary())
    }
    public mutating func int(_ name: String, _ value: inout Int?, in range: ClosedRange<Int>, _ summary: @autoclosure () -> String) { add(name, Schema.range(range), summary()) }
    public mutating func number(_ name: String, _ value: inout Double?, in range: ClosedRange<Double>, step: Double?, required: Bool, _ summary: @autoclosure () -> String) {
        // An unbounded number (bounds checked elsewhere) is documented as just a number.
        add(name, range.upperBound == .greatestFiniteMagnitude ? Schema.number : Schema.range(range), required: required, summary())
    }
    public mutating func string(_ name: String, _ value: inout String?, maxLength: Int, required: Bool, transform: (String) -> String, _ summary: @autoclosure () -> String) {
        add(name, Schema.string, required: required, summary())
    }
    public mutating func strings(_ name: String, _ value: inout [String]?, maxCount: Int, maxLength: Int, choices: [String]?, _ summary: @autoclosure () -> String) {
        add(name, Schema.array(choices.map(Schema.oneOf) ?? Schema.string), summary())
    }
    public mutating func numbers(_ name: String, _ value: inout [Double]?, maxCount: Int, in range: ClosedRange<Double>, _ summary: @autoclosure () -> String) {
        add(name, Schema.array(Schema.range(range)), summary())
    }
    public mutating func ids(_ name: String, _ value: inout [Int64]?, maxCount: Int, _ summary: @autoclosure () -> String) {
        add(name, Schema.array(Schema.integer), summary())
    }
    public mutating func bool(_ name: String, _ value: inout Bool?, _ summary: @autoclosure () -> String) { add(name, Schema.boolean, summary()) }
    public mutating func date(_ name: String, _ value: inout LocalDate?, _ summary: @autoclosure () -> String) { add(name, Schema.date, summary()) }
    public mutating func recordedDate(_ name: String, _ value: inout LocalDate?, _ summary: @autoclosure () -> String) {
        add(name, Schema.date, summary() + "; from 1970-01-01 to tomorrow")
    }
    public mutating func timestamp(_ name: String, _ value: inout Timestamp?, _ summary: @autoclosure () -> String) { add(name, Schema.timestamp, summary()) }
    public mutating func choice(_ name: String, _ value: inout String?, _ choices: @autoclosure () -> [String], required: Bool, _ summary: @autoclosure () -> String) {
        add(name, Schema.oneOf(choices()), required: required, summary())
    }
    public mutating func document(_ name: String, _ value: inout JSONValue?, types: [String], required: Bool, _ summary: @autoclosure () -> String) {
        add(name, .obj(["type": .array(types.map(JSONValue.string))]), required: required, summary())
    }
}
