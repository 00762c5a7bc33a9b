import SessionCore
import JSON

/// `health.record`: a health sample other tools (or sessionctl) push.
public enum HealthRecord: MethodContract {
    public static let method = MethodDescription(
        name: "health.record", summary: "Record a health sample: sleepHours, restingHeartRate, bodyMassKg or steps.")

    public struct Params: MethodParams {
        public var type: HealthType
        /// Within the type's plausible bounds.
        public var value: Double
        /// The day it belongs to (default: the day of `time`, or today).
        public var date: LocalDate?
        /// When it was measured (`time`, or its alias `at`).
        public var time: Timestamp?
        /// Who pushed it, whitespace collapsed.
        public var source: String?
        /// Makes retries idempotent: the same requestId returns the first sample.
        public var requestID: String?

        public init() {
            type = .sleepHours
            value = 0
        }

        public mutating func code(_ coder: inout some ParamsCoder) {
            coder.choice("type", &type, required: true, "the kind of sample")
            coder.number("value", &value, in: HealthType.anyBounds, "within the type's plausible bounds (steps: a whole number)")
            coder.recordedDate("date", &date, "the day it belongs to (default: the day of time, or today)")
            coder.timestamp("time", &time, "when it was measured (RFC 3339)")
            var at: Timestamp?
            coder.timestamp("at", &at, "alias of time")
            time = time ?? at
            coder.string("source", &source, maxLength: HealthSample.sourceLength, transform: { $0.collapsingWhitespace() },
                         "who pushed it, at most \(HealthSample.sourceLength) characters")
            coder.string("requestId", &requestID, maxLength: SessionLimits.requestIDLength,
                         "makes retries idempotent: the same requestId returns the first sample")
        }

        /// The value must be plausible for its type (`HealthType.problem`).
        public mutating func validate(_ params: inout SessionRPC.Params) {
            if params.has("value"), !params.failed("value"), let problem = type.problem(with: value) {
                params.fail("value", "must \(problem), got \(JSONValue.format(number: value))")
            }
        }
    }

    /// The stored sample.
    @Coded
    public struct Result: CodedResult {
        public var sampleID: Int64 = 0
        public var type: HealthType = .sleepHours
        public var value: Double = 0.0
        public var date: LocalDate = LocalDate(daysSinceEpoch: 0)
    }
}
