import SessionCore
import JSON

/// One object of a list result (`session.list`, `plan.list`).
public protocol ResultItem: JSONObjectEncodable, Sendable {
    /// A JSON Schema of one item.
    static var schema: JSONValue { get }
    /// Reads one item of a reply.
    init(reader: JSONReader) throws(JSONReadError)
}

/// A result that is an array of items.
public struct ResultList<Item: ResultItem>: MethodResult {
    public let items: [Item]

    public init(_ items: [Item]) { self.items = items }

    public static var schema: JSONValue { Schema.array(Item.schema) }

    public func encode(to writer: inout JSONWriter) {
        writer.array { for item in items { item.encode(to: &$0) } }
    }

    public init(json: JSONValue) throws(JSONReadError) {
        guard let values = json.arrayValue else { throw JSONReadError(path: "result", expected: "an array") }
        var items: [Item] = []
        for (index, value) in values.enumerated() { items.append(try Item(reader: JSONReader(value, path: "result[\(index)]"))) }
        self.items = items
    }
}
