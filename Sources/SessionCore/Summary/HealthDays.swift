import SessionMacros

/// Samples as health exports hold them (Apple Health's records: an interval, a value,
/// the app or device that wrote it) turned into the daily values the summary reads,
/// by one rule per type:
/// * **Sleep** belongs to the day you woke up: the asleep intervals of every source
///   are merged where they overlap (a phone and a watch counting the same night are
///   not added), and each merged stretch counts for the day it ends on. In bed is
///   kept apart: it is not sleep.
/// * **Steps**: a day's steps come from one source per hour (the one with the most in
///   that hour, the hour the sample starts in), so two devices counting the same walk
///   are not added.
/// * **Resting heart rate**, **HRV** and **body fat**: the day's reported value (its last).
/// * **Body mass**: the last of the day.
/// A sample's day and hour are its local time as the export wrote it; a length of
/// sleep is measured between instants, so a night across a change of clocks counts
/// the hours slept. Readers stream
/// their samples into an `Accumulator`, which keeps what these rules need and no sample.
public enum HealthDays {
    public enum Kind: Sendable, Equatable {
        case asleep, inBed, steps, restingHeartRate, hrv, bodyMassKg, bodyFatPercent
    }

    @Memberwise
    public struct Sample: Sendable, Equatable {
        public let kind: Kind
        public let start: LocalDateTime
        public let end: LocalDateTime
        /// The instants `start` and `end` name (the export writes their offsets, which
        /// differ across a change of clocks: a night's length is theirs, not the wall
        /// clock's).
        public let startMs: Int64
        public let endMs: Int64
        public let value: Double
        public let source: String
    }

    public struct Day: Sendable, Equatable {
        public let type: HealthType
        public let date: LocalDate
        public let value: Double
        /// When the value was recorded: the end of its last sample, as an instant (what
        /// makes the same value imported twice one).
        public let atMs: Int64
        public let source: String
    }

    /// The daily values of `samples`, by type and date (`Accumulator` over the list).
    public static func days(_ samples: [Sample]) throws(Accumulator.Overflow) -> [Day] {
        var accumulator = Accumulator()
        for sample in samples { try accumulator.add(sample) }
        return try accumulator.days()
    }
}

/// The health export formats `sessionctl health import` reads; names from one list, as
/// completion, the help and `history.import`'s sources give them.
public enum HealthExportFormat: String, Sendable, CaseIterable {
    case apple, autoExport = "auto-export", googleFit = "google-fit", gadgetbridge
}

extension HealthDays.Kind {
    /// The daily value a sample of this kind counts towards; nil for in bed (not kept).
    public var type: HealthType? {
        switch self {
        case .asleep: .sleepHours
        case .inBed: nil
        case .steps: .steps
        case .restingHeartRate: .restingHeartRate
        case .hrv: .hrvMs
        case .bodyMassKg: .bodyMassKg
        case .bodyFatPercent: .bodyFatPercent
        }
    }

    /// Nil when one sample of this kind may have `value`, else what is wrong with it:
    /// outside its type's plausible bounds (a sample's steps may be a fraction: a
    /// day's are rounded).
    public func problem(with value: Double) -> String? {
        guard let type else { return nil }
        let name = type.words.first ?? type.rawValue
        guard type.bounds.contains(value) else {
            return "\(name) \(Checked.text(value)) \(type.unit): must \(type.problem(with: value) ?? "be plausible")"
        }
        return nil
    }
}

extension HealthDays {
    /// Samples a reader left out because their values are implausible (a scale's 1e300,
    /// a negative step count): how many, and the first few with their place in the file,
    /// for a warning. The rest of the file is imported.
    public struct LeftOut: Sendable, Equatable {
        /// How many were left out.
        public private(set) var count = 0
        /// The first `shown`, each as "PLACE: PROBLEM".
        public private(set) var examples: [String] = []
        /// Examples kept, at most.
        public static let shown = 3

        public init() {}

        /// Counts one left out at `place` ("line 12", "record 40", "$.data.metrics[0].data[3]").
        public mutating func add(_ place: String, _ problem: String) {
            count += 1
            if examples.count < Self.shown { examples.append("\(place): \(problem)") }
        }

        /// The warning, nil when none was left out.
        public var warning: String? {
            guard count > 0 else { return nil }
            let more = count > examples.count ? "; and \(count - examples.count) more" : ""
            return "\(count) implausible value\(count == 1 ? "" : "s") left out (\(examples.joined(separator: "; "))\(more))"
        }
    }
}
