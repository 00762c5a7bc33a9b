import SessionCore
import JSON

/// The profile as `profile.get` and `profile.set` return it.
public struct ProfileResult: MethodResult, JSONObjectEncodable, Equatable {
    public let profile: Profile

    public init(_ profile: Profile) { self.profile = profile }

    public static let schema = Schema.object(["goals": Schema.string, "equipment": Schema.array(Schema.string), "weightsKg": Schema.array(Schema.number)])

    public func encodeMembers(to writer: inout JSONWriter) {
        writer.member("goals", profile.goals)
        writer.key("equipment")
        writer.array { for item in profile.equipment { $0.value(item) } }
        writer.key("weightsKg")
        writer.array { for weight in profile.weightsKg { $0.value(weight) } }
    }

    public init(json: JSONValue) throws(JSONReadError) {
        let reader = try JSONReader(json)
        let weights = json["weightsKg"]?.arrayValue?.compactMap(\.numberValue)
        guard let weights else { throw JSONReadError(path: "result.weightsKg", expected: "an array of numbers") }
        self.init(Profile(goals: try reader.string("goals"), equipment: try reader.strings("equipment"), weightsKg: weights))
    }
}
