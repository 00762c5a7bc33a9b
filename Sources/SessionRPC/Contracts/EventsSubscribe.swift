import SessionCore
import JSON

/// `events.subscribe`: this connection then receives events as notifications
/// `{"method": "event", "params": {"type": …}}`.
public enum EventsSubscribe: MethodContract {
    public static let method = MethodDescription(
        name: "events.subscribe", summary: "Receive events on this connection as notifications {\"method\": \"event\", \"params\": {\"type\": …}}.")

    /// Every event type the daemon publishes.
    public static var types: [String] { EventRegistry.types }

    @CodedParams
    public struct Params: MethodParams {
        /// The types wanted; nil for all.
        @Param(.strings, maxCount: EventsSubscribe.types.count, maxLength: 40, choices: EventsSubscribe.types,
            "the event types wanted (default: all)")
        public var types: [String]?
    }

    @Coded
    public struct Result: CodedResult {
        public var subscribed: [String] = []
    }
}
