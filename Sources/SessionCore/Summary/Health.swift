/// A kind of health sample other tools push, with plausible bounds and how a week of
/// them is summarised.
public enum HealthType: String, Sendable, CaseIterable {
    case sleepHours, restingHeartRate, bodyMassKg, steps

    /// Values outside this range are refused as implausible.
    public var bounds: ClosedRange<Double> {
        switch self {
        case .sleepHours: return 0...24
        case .restingHeartRate: return 20...250
        case .bodyMassKg: return 20...400
        case .steps: return 0...200_000
        }
    }

    /// Every type's bounds together: what any sample's value may be at all.
    public static let anyBounds: ClosedRange<Double> =
        allCases.map(\.bounds.lowerBound).min()!...allCases.map(\.bounds.upperBound).max()!

    /// Nil when `value` is a plausible sample of this type, else what is wrong with it,
    /// to follow "must": outside the bounds, or a fraction of a step.
    public func problem(with value: Double) -> String? {
        if !bounds.contains(value) {
            return "be a number from \(PromptText.number(bounds.lowerBound)) to \(PromptText.number(bounds.upperBound))"
        }
        if self == .steps, value != value.rounded() { return "be a whole number of steps" }
        return nil
    }

    /// The unit, for people.
    public var unit: String {
        switch self {
        case .sleepHours: return "h"
        case .restingHeartRate: return "bpm"
        case .bodyMassKg: return "kg"
        case .steps: return "steps"
        }
    }

    /// Body mass is summarised by its latest value, the others by the week's average.
    public var usesLatest: Bool { self == .bodyMassKg }
}

/// One health sample as the summary sees it.
public struct HealthSample: Sendable, Equatable {
    public let type: HealthType
    public let value: Double
    public let date: LocalDate
    /// When it was recorded (ms), to order samples of one day.
    public let recordedAtMs: Int64

    public init(type: HealthType, value: Double, date: LocalDate, recordedAtMs: Int64) {
        self.type = type
        self.value = value
        self.date = date
        self.recordedAtMs = recordedAtMs
    }
}

/// What the planner is told about the person: goals, equipment and available weights.
public struct Profile: Sendable, Equatable {
    public var goals: String
    public var equipment: [String]
    public var weightsKg: [Double]

    public init(goals: String = "", equipment: [String] = [], weightsKg: [Double] = []) {
        self.goals = goals
        self.equipment = equipment
        self.weightsKg = weightsKg
    }

    /// Bounds that keep the generation prompt within its token budget.
    public enum Limits {
        public static let goalsLength = 300
        public static let equipmentCount = 12
        public static let equipmentLength = 40
        public static let weightsCount = 24
        public static let weightKg = 0.0...500.0
    }
}
