import SessionCore
import JSON

/// `profile.set`: replaces the fields given.
public enum ProfileSet: MethodContract {
    public static let method = MethodDescription(
        name: "profile.set", summary: "Replace the profile's given fields.")
    public typealias Result = ProfileResult

    @CodedParams
    public struct Params: MethodParams {
        /// Whitespace collapsed.
        @Param(.string, maxLength: Profile.Limits.goalsLength, transform: { $0.collapsingWhitespace() },
            "at most \(Profile.Limits.goalsLength) characters")
        public var goals: String?
        @Param(.strings, maxCount: Profile.Limits.equipmentCount, maxLength: Profile.Limits.equipmentLength,
            choices: nil, "at most \(Profile.Limits.equipmentCount) items of at most \(Profile.Limits.equipmentLength) characters")
        public var equipment: [String]?
        @Param(.numbers, maxCount: Profile.Limits.weightsCount, in: Profile.Limits.weightKg,
            "at most \(Profile.Limits.weightsCount) weights from 0 to \(Int(Profile.Limits.weightKg.upperBound)) kg")
        public var weightsKg: [Double]?

        /// Equipment names are kept whitespace-collapsed, empty ones dropped.
        public mutating func validate(_ params: inout SessionRPC.Params) {
            equipment = equipment?.map { $0.collapsingWhitespace() }.filter { !$0.isEmpty }
        }
    }
}
