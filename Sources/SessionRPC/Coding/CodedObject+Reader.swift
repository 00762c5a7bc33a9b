import JSON
import SessionCore

/// Reads each member of a reply, failing with its path when it is missing or of
/// another type.
struct ObjectReader: ObjectCoder {
    typealias Failure = JSONReadError
    let reader: JSONReader
    /// The texts the item before this one in its array read, shared when this one has
    /// the same bytes: a workout's sets mostly repeat one exercise, and sharing the
    /// String spares each an allocation and the checks.
    var before: SharedTexts?

    init(reader: JSONReader, before: SharedTexts? = nil) {
        self.reader = reader
        self.before = before
    }

    mutating func id(_ key: StaticString, _ value: inout Int64) throws(JSONReadError) { value = try reader.id(JSONKey(key)) }
    mutating func id(_ key: StaticString, _ value: inout Int64?) throws(JSONReadError) { value = try reader.optionalID(JSONKey(key)) }
    mutating func int(_ key: StaticString, _ value: inout Int) throws(JSONReadError) { value = try reader.int(JSONKey(key)) }
    mutating func int(_ key: StaticString, _ value: inout Int?) throws(JSONReadError) { value = try reader.optionalInt(JSONKey(key)) }
    mutating func number(_ key: StaticString, _ value: inout Double) throws(JSONReadError) { value = try reader.number(JSONKey(key)) }
    mutating func number(_ key: StaticString, _ value: inout Double?) throws(JSONReadError) { value = try reader.optionalNumber(JSONKey(key)) }
    mutating func string(_ key: StaticString, _ value: inout String) throws(JSONReadError) { value = try reader.string(JSONKey(key)) }
    mutating func string(_ key: StaticString, _ value: inout String?) throws(JSONReadError) { value = try reader.optionalString(JSONKey(key)) }
    mutating func timestamp(_ key: StaticString, _ value: inout String) throws(JSONReadError) { value = try reader.timestamp(JSONKey(key)) }
    mutating func timestamp(_ key: StaticString, _ value: inout String?) throws(JSONReadError) { value = try reader.optionalTimestamp(JSONKey(key)) }
    mutating func date(_ key: StaticString, _ value: inout LocalDate) throws(JSONReadError) { value = try reader.date(JSONKey(key)) }
    mutating func date(_ key: StaticString, _ value: inout LocalDate?) throws(JSONReadError) { value = try reader.optionalDate(JSONKey(key)) }
    mutating func date(_ key: StaticString, _ value: inout String) throws(JSONReadError) { value = try reader.date(JSONKey(key)).description }
    mutating func bool(_ key: StaticString, _ value: inout Bool) throws(JSONReadError) { value = try reader.bool(JSONKey(key)) }
    mutating func strings(_ key: StaticString, _ value: inout [String]) throws(JSONReadError) { value = try reader.strings(JSONKey(key)) }
    mutating func ids(_ key: StaticString, _ value: inout [Int64]) throws(JSONReadError) {
        value = try array(key, "an id") { $0.intValue.map(Int64.init) }
    }
    mutating func numbers(_ key: StaticString, _ value: inout [Double]) throws(JSONReadError) {
        value = try array(key, "a number") { $0.numberValue }
    }
    mutating func number(_ key: StaticString, _ value: inout Double, places: Int) throws(JSONReadError) { try number(key, &value) }
    mutating func number(_ key: StaticString, _ value: inout Double?, places: Int) throws(JSONReadError) { try number(key, &value) }
    mutating func numbers(_ key: StaticString, _ value: inout [Double], places: Int) throws(JSONReadError) { try numbers(key, &value) }
    mutating func dates(_ key: StaticString, _ value: inout [LocalDate]) throws(JSONReadError) {
        value = try array(key, "a date (YYYY-MM-DD)") { $0.stringValue.flatMap(LocalDate.init) }
    }
    mutating func int(_ key: StaticString, _ value: inout Int, in bounds: ClosedRange<Int>) throws(JSONReadError) {
        try int(key, &value)
        try check(bounds.contains(value), key, "a whole number from \(bounds.lowerBound) to \(bounds.upperBound), got \(value)")
    }
    mutating func int(_ key: StaticString, _ value: inout Int?, in bounds: ClosedRange<Int>) throws(JSONReadError) {
        try int(key, &value)
        try check(value.map(bounds.contains) ?? true, key, "a whole number from \(bounds.lowerBound) to \(bounds.upperBound), got \(value ?? 0)")
    }
    mutating func number(_ key: StaticString, _ value: inout Double?, in bounds: ClosedRange<Double>) throws(JSONReadError) {
        try number(key, &value)
        try check(value.map(bounds.contains) ?? true, key,
                  "a number from \(JSONValue.format(number: bounds.lowerBound)) to \(JSONValue.format(number: bounds.upperBound)), got \(JSONValue.format(number: value ?? 0))")
    }
    mutating func text(_ key: StaticString, _ value: inout String, maxLength: Int) throws(JSONReadError) {
        var read: String?
        try text(key, &read, maxLength: maxLength)
        guard let read else { throw JSONReadError(path: reader.path(of: JSONKey(key)), expected: "a text of 1 to \(maxLength) characters") }
        value = read
    }
    mutating func text(_ key: StaticString, _ value: inout String?, maxLength: Int) throws(JSONReadError) {
        if let before, let shared = before.text(key), reader.member(JSONKey(key), isUnescaped: shared) {
            value = shared
            return
        }
        defer { before?.keep(value, for: key) }
        guard let text = try reader.optionalString(JSONKey(key))?.collapsingWhitespace(), !text.isEmpty else {
            value = nil
            return
        }
        try check(text.hasAtMost(characters: maxLength), key, "at most \(maxLength) characters")
        value = text
    }
    mutating func choices<Choice: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: inout [Choice]) throws(JSONReadError)
    where Choice.RawValue == String {
        value = try array(key, "one of " + Choice.allCases.map(\.rawValue).joined(separator: ", ")) { $0.stringValue.flatMap(Choice.init(rawValue:)) }
    }
    mutating func parts<Item: MemberCodable>(_ key: StaticString, _ value: inout [Item]) throws(JSONReadError) {
        value = []
        if try reader.optionalArray(JSONKey(key)) { try objects(key, &value) }
    }
    func check(_ condition: @autoclosure () -> Bool, _ key: StaticString, _ expected: @autoclosure () -> String) throws(JSONReadError) {
        guard condition() else { throw JSONReadError(path: reader.path(of: JSONKey(key)), expected: expected()) }
    }
    /// An array member, each item read by `item` (nil: not of the kind `expected` names).
    private func array<Item>(_ key: StaticString, _ expected: String, _ item: (JSONValue) -> Item?) throws(JSONReadError) -> [Item] {
        guard let items = reader.raw(JSONKey(key))?.arrayValue else { throw JSONReadError(path: reader.path(of: JSONKey(key)), expected: "an array") }
        var read: [Item] = []
        read.reserveCapacity(items.count)
        for (index, value) in items.enumerated() {
            guard let one = item(value) else { throw JSONReadError(path: reader.path(of: JSONKey(key)) + "[\(index)]", expected: expected) }
            read.append(one)
        }
        return read
    }
    mutating func constant(_ key: StaticString, _ value: Bool) throws(JSONReadError) {
        guard try reader.bool(JSONKey(key)) == value else { throw JSONReadError(path: reader.path(of: JSONKey(key)), expected: "\(value)") }
    }
    mutating func document<Document: CarriedDocument>(_ key: StaticString, _ value: inout Document) throws(JSONReadError) {
        guard let found = reader.raw(JSONKey(key)), found.objectPairs != nil else {
            throw JSONReadError(path: reader.path(of: JSONKey(key)), expected: "an object")
        }
        value.json = found
    }
    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: inout Choice) throws(JSONReadError)
    where Choice.RawValue == String {
        value = try Self.choice(reader.string(JSONKey(key)), key, in: reader)
    }
    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: inout Choice?) throws(JSONReadError)
    where Choice.RawValue == String {
        // The item before's word, when this one has the same bytes (a set's kind):
        // no String is read from the request for it.
        if let before, let shared = before.text(key), reader.member(JSONKey(key), isUnescaped: shared), let read = Choice(rawValue: shared) {
            value = read
            return
        }
        value = try reader.optionalString(JSONKey(key)).map { (text) throws(JSONReadError) in try Self.choice(text, key, in: reader) }
        before?.keep(value?.rawValue, for: key)
    }
    /// `text` as one of `Choice`'s cases; the path is written out only for an error.
    private static func choice<Choice: RawRepresentable & CaseIterable>(_ text: String, _ key: StaticString, in reader: JSONReader) throws(JSONReadError) -> Choice
    where Choice.RawValue == String {
        guard let read = Choice(rawValue: text) else {
            throw JSONReadError(path: reader.path(of: JSONKey(key)), expected: "one of " + Choice.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return read
    }
    mutating func names(_ key: StaticString, _ value: inout [String], among: [String]) throws(JSONReadError) {
        value = try reader.strings(JSONKey(key))
        if let unknown = value.firstIndex(where: { !among.contains($0) }) {
            throw JSONReadError(path: reader.path(of: JSONKey(key)) + "[\(unknown)]", expected: "one of " + among.joined(separator: ", "))
        }
    }
    mutating func derivedObjects<Item: MemberCodable>(_ key: StaticString, _ value: [Item]) throws(JSONReadError) {
        _ = try reader.objects(JSONKey(key))
    }
    mutating func omitted(_ key: StaticString, _ value: inout Int?) throws(JSONReadError) { value = try reader.optionalInt(JSONKey(key)) }
    mutating func omitted(_ key: StaticString, _ value: inout Double?) throws(JSONReadError) { value = try reader.optionalNumber(JSONKey(key)) }
    mutating func omitted(_ key: StaticString, _ value: inout String?) throws(JSONReadError) { value = try reader.optionalString(JSONKey(key)) }
    mutating func omitted(_ key: StaticString, _ value: inout Int64?) throws(JSONReadError) { value = try reader.optionalID(JSONKey(key)) }
    mutating func omitted(_ key: StaticString, _ value: inout LocalDate?) throws(JSONReadError) { try date(key, &value) }
    mutating func omitted(_ key: StaticString, _ value: inout Int?, in bounds: ClosedRange<Int>) throws(JSONReadError) { try int(key, &value, in: bounds) }
    mutating func omitted(_ key: StaticString, _ value: inout Double?, in bounds: ClosedRange<Double>) throws(JSONReadError) { try number(key, &value, in: bounds) }
    mutating func omitted(_ key: StaticString, _ value: inout [String]?) throws(JSONReadError) {
        value = try reader.optionalArray(JSONKey(key)) ? try reader.strings(JSONKey(key)) : nil
    }
    mutating func flag(_ key: StaticString, _ value: inout Bool) throws(JSONReadError) { value = try reader.optionalBool(JSONKey(key)) ?? false }
    var reads: Bool { true }
    mutating func derived(_ key: StaticString, _ value: Bool) throws(JSONReadError) { try constant(key, value) }
    mutating func object<Item: MemberCodable>(_ key: StaticString, _ value: inout Item) throws(JSONReadError) {
        value = try Item(reader: reader.object(JSONKey(key)))
    }
    mutating func object<Item: MemberCodable>(_ key: StaticString, _ value: inout Item?) throws(JSONReadError) {
        value = try reader.optionalObject(JSONKey(key)).map { reader throws(JSONReadError) in try Item(reader: reader) }
    }
    mutating func objects<Item: MemberCodable>(_ key: StaticString, _ value: inout [Item]) throws(JSONReadError) {
        value = try Self.items(try reader.objects(JSONKey(key)))
    }
    mutating func objects<Item: MemberCodable>(_ key: StaticString, _ value: inout [Item], maxCount: Int) throws(JSONReadError) {
        let items = try reader.objects(JSONKey(key))
        try check(items.count <= maxCount, key, "at most \(maxCount) items")
        value = try Self.items(items)
    }
    /// Each of `readers`' objects, the texts of one shared with the next's (`before`).
    private static func items<Item: MemberCodable>(_ readers: [JSONReader]) throws(JSONReadError) -> [Item] {
        var items: [Item] = []
        // Read items are kept until the whole request is: no slack, no regrowing.
        items.reserveCapacity(readers.count)
        let texts = SharedTexts()
        for item in readers {
            var read = Item()
            var coder = ObjectReader(reader: item, before: texts)
            try read.code(&coder)
            items.append(read)
        }
        return items
    }
    mutating func dateTime(_ key: StaticString, _ value: inout LocalDateTime) throws(JSONReadError) {
        guard let read = LocalDateTime(try reader.string(JSONKey(key))) else {
            throw JSONReadError(path: reader.path(of: JSONKey(key)), expected: "a local date and time as YYYY-MM-DDTHH:MM:SS")
        }
        value = read
    }
    mutating func omittedTimestamp(_ key: StaticString, _ value: inout String?) throws(JSONReadError) { try timestamp(key, &value) }
    mutating func omitted<Item: MemberCodable>(_ key: StaticString, _ value: inout Item?) throws(JSONReadError) { try object(key, &value) }
}

/// The texts one item of an array read, by key, for the next item to share
/// (`ObjectReader.before`).
final class SharedTexts {
    private var kept: [(key: UnsafeRawPointer, text: String)] = []

    /// A key's identity: where its literal lies (nil for one kept as a scalar).
    private static func address(_ key: StaticString) -> UnsafeRawPointer? {
        key.hasPointerRepresentation ? UnsafeRawPointer(key.utf8Start) : nil
    }

    func text(_ key: StaticString) -> String? {
        guard let address = Self.address(key) else { return nil }
        for entry in kept where entry.key == address { return entry.text }
        return nil
    }

    func keep(_ text: String?, for key: StaticString) {
        guard let address = Self.address(key) else { return }
        if let index = kept.firstIndex(where: { $0.key == address }) {
            if let text { kept[index].text = text } else { kept.remove(at: index) }
        } else if let text {
            kept.append((address, text))
        }
    }
}
