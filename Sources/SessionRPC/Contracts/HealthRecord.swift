import SessionCore
import JSON

/// `health.record`: a health sample other tools (or sessionctl) push.
public enum HealthRecord: MethodContract {
    public static let name = "health.record"
    public static let summary = "Record a health sample: sleepHours, restingHeartRate, bodyMassKg or steps."

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

        public init(type: HealthType, value: Double) {
            self.type = type
            self.value = value
        }

        public static let specs = [
            ParamSpec("type", required: true, schema: Schema.oneOf(HealthType.allCases.map(\.rawValue)), "the kind of sample"),
            ParamSpec("value", required: true, schema: Schema.number, "within the type's plausible bounds"),
            ParamSpec("date", schema: Schema.date, "the day it belongs to (default: the day of time, or today)"),
            ParamSpec("time", schema: Schema.timestamp, "when it was measured (RFC 3339)"),
            ParamSpec("at", schema: Schema.timestamp, "alias of time"),
            ParamSpec("source", schema: Schema.string, "who pushed it, at most 60 characters"),
        ]

        public init(from params: inout SessionRPC.Params, context: DecodingContext) throws(RPCError) {
            let type = params.choice("type", HealthType.allCases.map(\.rawValue)).flatMap(HealthType.init(rawValue:))
            if !params.has("type") { params.fail("type", "is required; one of \(HealthType.allCases.map(\.rawValue).joined(separator: ", "))") }
            let value = params.number("value", in: type?.bounds ?? 0...Double.greatestFiniteMagnitude, required: true)
            date = params.date("date")
            time = params.timestamp("time", notAfterMs: context.latestMs) ?? params.timestamp("at", notAfterMs: context.latestMs)
            source = params.string("source", maxLength: 60) { $0.collapsingWhitespace() }
            try params.check()
            guard let type, let value else { throw RPCError.invalidParams(params.errors) }
            self.type = type
            self.value = value
        }

        public var json: JSONValue {
            var pairs: [(key: String, value: JSONValue)] = [(key: "type", value: .string(type.rawValue)), (key: "value", value: .number(value))]
            if let date { pairs.append((key: "date", value: .string(date.description))) }
            if let time { pairs.append((key: "time", value: .string(time.text))) }
            if let source { pairs.append((key: "source", value: .string(source))) }
            return .object(pairs)
        }
    }

    /// The stored sample.
    public struct Result: MethodResult, JSONObjectEncodable {
        public let sampleID: Int64
        public let type: HealthType
        public let value: Double
        public let date: LocalDate

        public init(sampleID: Int64, type: HealthType, value: Double, date: LocalDate) {
            self.sampleID = sampleID
            self.type = type
            self.value = value
            self.date = date
        }

        public static let schema = Schema.object(["sampleId": Schema.integer, "type": Schema.string, "value": Schema.number, "date": Schema.date])

        public func encodeMembers(to writer: inout JSONWriter) {
            writer.member("sampleId", sampleID)
            writer.member("type", type.rawValue)
            writer.member("value", value)
            writer.member("date", date.description)
        }

        public init(json: JSONValue) throws(JSONReadError) {
            let reader = try JSONReader(json)
            guard let type = HealthType(rawValue: try reader.string("type")) else {
                throw JSONReadError(path: "result.type", expected: "a health type")
            }
            guard let date = LocalDate(try reader.string("date")) else { throw JSONReadError(path: "result.date", expected: "a date") }
            self.init(sampleID: try reader.id("sampleId"), type: type, value: try reader.number("value"), date: date)
        }
    }
}
