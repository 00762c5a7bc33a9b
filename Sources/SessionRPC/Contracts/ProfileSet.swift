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

        public mutating func code(_ coder: inout some ParamsCoder) {
            coder.string("goals", &goals, maxLength: Profile.Limits.goalsLength, transform: { $0.collapsingWhitespace() },
                         "at most \(Profile.Limits.goalsLength) characters")
            coder.strings("equipment", &equipment, maxCount: Profile.Limits.equipmentCount, maxLength: Profile.Limits.equipmentLength,
                          choices: nil, "at most \(Profile.Limits.equipmentCount) items of at most \(Profile.Limits.equipmentLength) characters")
            coder.numbers("weightsKg", &weightsKg, maxCount: Profile.Limits.weightsCount, in: Profile.Limits.weightKg,
                          "at most \(Profile.Limits.weightsCount) weights from 0 to \(Int(Profile.Limits.weightKg.upperBound)) kg")
        }

        /// Equipment names are kept whitespace-collapsed, empty ones dropped.
        public mutating func validate(_ params: inout SessionRPC.Params) {
            equipment = equipment?.map { $0.collapsingWhitespace() }.filter { !$0.isEmpty }
        }
    }
}
