import SessionCore
import JSON

/// `profile.set`: replaces the fields given.
public enum ProfileSet: MethodContract {
    public static let name = "profile.set"
    public static let summary = "Replace the profile's given fields."
    public typealias Result = ProfileResult

    public struct Params: MethodParams {
        /// Whitespace collapsed.
        public var goals: String?
        public var equipment: [String]?
        public var weightsKg: [Double]?

        public init() {}

        public static let specs = [
            ParamSpec("goals", schema: Schema.string, "at most \(Profile.Limits.goalsLength) characters"),
            ParamSpec("equipment", schema: Schema.array(Schema.string),
                      "at most \(Profile.Limits.equipmentCount) items of at most \(Profile.Limits.equipmentLength) characters"),
            ParamSpec("weightsKg", schema: Schema.array(Schema.range(Profile.Limits.weightKg)),
                      "at most \(Profile.Limits.weightsCount) weights from 0 to \(Int(Profile.Limits.weightKg.upperBound)) kg"),
        ]

        public init(from params: inout SessionRPC.Params, context: DecodingContext) throws(RPCError) {
            goals = params.string("goals", maxLength: Profile.Limits.goalsLength) { $0.collapsingWhitespace() }
            equipment = params.strings("equipment", maxCount: Profile.Limits.equipmentCount, maxLength: Profile.Limits.equipmentLength)?
                .map { $0.collapsingWhitespace() }.filter { !$0.isEmpty }
            if let raw = params.raw("weightsKg") {
                let values = raw.arrayValue?.compactMap(\.numberValue) ?? []
                if raw.arrayValue?.count != values.count || values.count > Profile.Limits.weightsCount || !values.allSatisfy(Profile.Limits.weightKg.contains) {
                    params.fail("weightsKg", "must be an array of at most \(Profile.Limits.weightsCount) numbers from 0 to \(Int(Profile.Limits.weightKg.upperBound))")
                } else {
                    weightsKg = values
                }
            }
            try params.check()
        }

        public var json: JSONValue {
            var pairs: [(key: String, value: JSONValue)] = []
            if let goals { pairs.append((key: "goals", value: .string(goals))) }
            if let equipment { pairs.append((key: "equipment", value: .array(equipment.map(JSONValue.string)))) }
            if let weightsKg { pairs.append((key: "weightsKg", value: .array(weightsKg.map(JSONValue.number)))) }
            return .object(pairs)
        }
    }
}
