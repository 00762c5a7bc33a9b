import SessionMacros

/// A kind of health sample other tools push, with plausible bounds and how a week of
/// them is summarised.
public enum HealthType: String, Sendable, CaseIterable {
    case sleepHours, restingHeartRate, bodyMassKg, steps
    /// Heart-rate variability (SDNN, as Apple Health records it), milliseconds.
    case hrvMs
    /// Body measurements: circumferences in centimetres, and body fat.
    case waistCm, chestCm, hipsCm, armCm, thighCm, bodyFatPercent

    /// Values outside this range are refused as implausible.
    public var bounds: ClosedRange<Double> {
        switch self {
        case .sleepHours: return 0...24
        case .restingHeartRate: return 20...250
        case .bodyMassKg: return 20...400
        case .steps: return 0...200_000
        case .hrvMs: return 1...400
        case .waistCm, .chestCm, .hipsCm: return 30...250
        case .armCm, .thighCm: return 10...150
        case .bodyFatPercent: return 2...75
        }
    }

    /// A circumference in centimetres (shown in inches to a person who uses pounds).
    public var isCircumference: Bool {
        switch self {
        case .waistCm, .chestCm, .hipsCm, .armCm, .thighCm: return true
        default: return false
        }
    }

    /// A body measurement: a circumference or body fat. The generation prompt leaves
    /// them out unless the person's goals name them (`isNamed(inGoals:)`).
    public var isBodyMeasurement: Bool { isCircumference || self == .bodyFatPercent }

    /// The words a person uses for it: `health waist 82`, and what goals mention.
    public var words: [String] {
        switch self {
        case .sleepHours: return ["sleep"]
        case .restingHeartRate: return ["rhr", "hr"]
        case .bodyMassKg: return ["mass", "weight"]
        case .steps: return ["steps"]
        case .hrvMs: return ["hrv"]
        case .waistCm: return ["waist"]
        case .chestCm: return ["chest"]
        case .hipsCm: return ["hips", "hip"]
        case .armCm: return ["arm", "arms"]
        case .thighCm: return ["thigh", "thighs"]
        case .bodyFatPercent: return ["fat", "bodyfat", "bf"]
        }
    }

    /// The type a person's word names (`waist`, `sleep`, `bodyMassKg`), nil for none.
    public init?(word: String) {
        let lowered = word.lowercased()
        guard let type = Self.allCases.first(where: { $0.rawValue.lowercased() == lowered || $0.words.contains(lowered) }) else { return nil }
        self = type
    }

    /// True when `goals` name this measurement ("a smaller waist", "lose body fat",
    /// "bigger arms"), or body measurements at all ("measurements"): a whole word,
    /// in any case.
    public func isNamed(inGoals goals: String) -> Bool {
        let goalWords = Set(goals.lowercased().split { !$0.isLetter }.map(String.init))
        return goalWords.contains("measurements") || !goalWords.isDisjoint(with: words.filter { $0 != "bf" } + (self == .bodyFatPercent ? ["leaner"] : []))
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
        case .hrvMs: return "ms"
        case .waistCm, .chestCm, .hipsCm, .armCm, .thighCm: return "cm"
        case .bodyFatPercent: return "%"
        }
    }

    /// Body mass and measurements are summarised by their latest value, the others by
    /// the week's average.
    public var usesLatest: Bool { self == .bodyMassKg || isBodyMeasurement }
}

/// One health sample as the summary sees it.
@Memberwise
public struct HealthSample: Sendable, Equatable {
    /// A sample's source (who pushed it, the app or device of an export), at most.
    public static let sourceLength = 60

    public let type: HealthType
    public let value: Double
    public let date: LocalDate
    /// When it was recorded (ms), to order samples of one day.
    public let recordedAtMs: Int64

    /// The daily values of `samples`: for each type and day its latest sample by
    /// recording time, as `health.list` shows them (a corrected entry, or a bridge that
    /// pushes the day's steps so far every hour, replaces what the day had). What a
    /// week averages.
    public static func dailyValues(_ samples: [HealthSample]) -> [HealthSample] {
        var latest: [HealthDayKey: HealthSample] = [:]
        for sample in samples {
            let key = HealthDayKey(type: sample.type, date: sample.date)
            if let known = latest[key], known.recordedAtMs > sample.recordedAtMs { continue }
            latest[key] = sample
        }
        return latest.values.sorted { ($0.date, $0.type.rawValue) < ($1.date, $1.type.rawValue) }
    }
}

/// A type's day, the key of a daily value.
struct HealthDayKey: Hashable {
    let type: HealthType
    let date: LocalDate
}

/// What the planner is told about the person: goals, equipment and available weights.
public struct Profile: Sendable, Equatable, Blank {
    public var goals = ""
    public var equipment: [String] = []
    public var weightsKg: [Double] = []

    public init() {}

    /// Bounds that keep the generation prompt within its token budget.
    public enum Limits {
        public static let goalsLength = 300
        public static let equipmentCount = 12
        public static let equipmentLength = 40
        public static let weightsCount = 24
        public static let weightKg = 0.0...500.0
    }
}
