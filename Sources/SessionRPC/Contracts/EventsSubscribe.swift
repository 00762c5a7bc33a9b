import SessionCore
import JSON

/// `events.subscribe`: this connection then receives events as notifications
/// `{"method": "event", "params": {"type": …}}`.
public enum EventsSubscribe: MethodContract {
    public static let name = "events.subscribe"
    public static let summary = "Receive events on this connection as notifications {\"method\": \"event\", \"params\": {\"type\": …}}."

    /// Every event type the daemon publishes.
    public static var types: [String] { EventRegistry.types }

    public struct Params: MethodParams {
        /// The types wanted; nil for all.
        public var types: [String]?

        public init() {}

        public init(types: [String]?) { self.types = types }

        public mutating func code(_ coder: inout some ParamsCoder) {
            coder.strings("types", &types, maxCount: EventsSubscribe.types.count, maxLength: 40, choices: EventsSubscribe.types,
                          "the event types wanted (default: all)")
        }
    }

    public struct Result: MethodResult, JSONObjectEncodable {
        public let subscribed: [String]

        public init(subscribed: [String]) { self.subscribed = subscribed }

        public static let schema = Schema.object(["subscribed": Schema.array(Schema.string)])

        public func encodeMembers(to writer: inout JSONWriter) {
            writer.key("subscribed")
            writer.array { for type in subscribed { $0.value(type) } }
        }

        public init(json: JSONValue) throws(JSONReadError) {
            self.init(subscribed: try JSONReader(json).strings("subscribed"))
        }
    }
}
