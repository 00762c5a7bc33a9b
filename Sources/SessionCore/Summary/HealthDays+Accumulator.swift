extension HealthDays {
    /// The daily values of samples that arrive one at a time, as a reader streams a file:
    /// what each rule needs is kept, never the samples. Steps are summed per hour and
    /// source as they come; a reported value keeps the day's last; asleep intervals are
    /// merged into stretches (a batch of new intervals at a time, sorted and swept into
    /// the stretches already merged). `days()` gives what the rules give over the whole
    /// list: the same values, times and sources. Memory follows the days, hours and
    /// sources in the file, not its samples, and is bounded: past `maximumEntries` held
    /// (or `maximumSources` names) the file is refused, with the figure.
    public struct Accumulator: Sendable {
        /// A file whose days need more than the bounds: what was exceeded.
        public struct Overflow: Error, CustomStringConvertible, Sendable {
            /// The sentence that names the bound.
            public let description: String
        }

        /// Hour-by-source step counts, sleep stretches and daily values held at most: ten
        /// years of three step sources a waking hour need 175,000.
        public static let maximumEntries = 300_000
        /// Distinct source names at most (an export names a few dozen apps and devices).
        public static let maximumSources = 10_000

        /// One hour's steps from one source: the hour counted from the epoch, local time.
        private struct StepKey: Hashable {
            let hour: Int
            let source: UInt32
        }

        private struct StepCount {
            var count: Double
            var atMs: Int64
        }

        /// A day's reported value so far: the sample that ends last (the later in the
        /// file of two that end alike).
        private struct Reported {
            var end: Int
            var endMs: Int64
            var value: Double
            var source: UInt32
        }

        /// Asleep time merged where it overlaps or touches, between instants (Unix ms);
        /// `endDay` is the local day its end was written on (the day it counts for), and
        /// `atMs` the end instant of the first sample (by start, then file order) that
        /// reaches `end`.
        private struct Stretch {
            var start: Int64
            var end: Int64
            var endDay: Int
            var atMs: Int64
            var winnerStart: Int64
            var winnerOrder: Int
            var sources: SourceSet

            /// The stretch of both (they overlap or touch).
            mutating func merge(_ other: Stretch) {
                start = min(start, other.start)
                if other.end > end || other.end == end && (other.winnerStart, other.winnerOrder) < (winnerStart, winnerOrder) {
                    (atMs, winnerStart, winnerOrder) = (other.atMs, other.winnerStart, other.winnerOrder)
                }
                if other.end > end { (end, endDay) = (other.end, other.endDay) }
                sources.formUnion(other.sources)
            }
        }

        private var sourceIDs: [String: UInt32] = [:]
        private var sourceNames: [String] = []
        private var steps: [StepKey: StepCount] = [:]
        /// Reported values by kind (`reportedKinds`' order) and day since the epoch.
        private var reported: [Int: Reported] = [:]
        private var stretches: [Stretch] = []
        private var pendingSleep: [Stretch] = []
        /// Samples added, counted.
        public private(set) var added = 0

        /// The kinds whose day keeps its last reported value, and their daily types.
        private static let reportedKinds: [(kind: Kind, type: HealthType)] = [
            (.restingHeartRate, .restingHeartRate), (.hrv, .hrvMs), (.bodyMassKg, .bodyMassKg), (.bodyFatPercent, .bodyFatPercent),
        ]

        /// An accumulator of no samples.
        public init() {}

        /// Entries held: what memory follows (the tests' measure of it).
        public var retained: Int { steps.count + reported.count + stretches.count + pendingSleep.count }

        /// Counts `sample` towards its day; throws when the file needs more than the bounds.
        public mutating func add(_ sample: Sample) throws(Overflow) {
            added += 1
            switch sample.kind {
            case .inBed:
                return
            case .asleep:
                let (start, end) = (sample.startMs, sample.endMs)
                guard end > start else { return }
                let source = try id(sample.source)
                pendingSleep.append(Stretch(start: start, end: end, endDay: sample.end.date.daysSinceEpoch, atMs: sample.endMs, winnerStart: start,
                                            winnerOrder: added, sources: SourceSet(source)))
                if pendingSleep.count >= max(4096, stretches.count) { try mergeSleep() }
            case .steps:
                let key = StepKey(hour: Self.floor(sample.start.secondsSinceEpoch, 3600), source: try id(sample.source))
                if let known = steps[key] {
                    steps[key] = StepCount(count: known.count + sample.value, atMs: max(known.atMs, sample.endMs))
                } else {
                    try room()
                    steps[key] = StepCount(count: sample.value, atMs: sample.endMs)
                }
            case .restingHeartRate, .hrv, .bodyMassKg, .bodyFatPercent:
                guard let index = Self.reportedKinds.firstIndex(where: { $0.kind == sample.kind }) else { return }
                let key = sample.end.date.daysSinceEpoch << 3 | index
                let end = sample.end.secondsSinceEpoch
                if let known = reported[key], known.end > end { return }
                if reported[key] == nil { try room() }
                reported[key] = Reported(end: end, endMs: sample.endMs, value: sample.value, source: try id(sample.source))
            }
        }

        /// The daily values: sleep, steps, then each reported type, each by date.
        public mutating func days() throws(Overflow) -> [Day] {
            try mergeSleep()
            return sleepDays() + stepDays() + Self.reportedKinds.indices.flatMap(reportedDays)
        }

        private func sleepDays() -> [Day] {
            var byDay: [Int: (hours: Double, atMs: Int64, sources: SourceSet)] = [:]
            for stretch in stretches {
                let day = stretch.endDay
                var known = byDay[day] ?? (0, stretch.atMs, SourceSet())
                known.hours += Double(stretch.end - stretch.start) / 3_600_000
                known.atMs = max(known.atMs, stretch.atMs)
                known.sources.formUnion(stretch.sources)
                byDay[day] = known
            }
            return byDay.sorted { $0.key < $1.key }.map {
                Day(type: .sleepHours, date: LocalDate(daysSinceEpoch: $0.key), value: ($0.value.hours * 100).rounded() / 100, atMs: $0.value.atMs,
                    source: names($0.value.sources))
            }
        }

        private func stepDays() -> [Day] {
            // hour → the source with the most steps in it; equal counts: the name first in order.
            var chosen: [Int: (count: Double, atMs: Int64, source: UInt32)] = [:]
            for (key, step) in steps {
                if let best = chosen[key.hour],
                   best.count > step.count || best.count == step.count && sourceNames[Int(best.source)] < sourceNames[Int(key.source)] {
                    continue
                }
                chosen[key.hour] = (step.count, step.atMs, key.source)
            }
            var byDay: [Int: (total: Double, atMs: Int64, sources: SourceSet)] = [:]
            for (hour, best) in chosen.sorted(by: { $0.key < $1.key }) {
                let day = Self.floor(hour, 24)
                var known = byDay[day] ?? (0, Int64.min, SourceSet())
                known.total += best.count
                known.atMs = max(known.atMs, best.atMs)
                known.sources.insert(best.source)
                byDay[day] = known
            }
            return byDay.sorted { $0.key < $1.key }.map {
                Day(type: .steps, date: LocalDate(daysSinceEpoch: $0.key), value: $0.value.total.rounded(), atMs: $0.value.atMs, source: names($0.value.sources))
            }
        }

        private func reportedDays(_ index: Int) -> [Day] {
            let type = Self.reportedKinds[index].type
            return reported.filter { $0.key & 7 == index }.sorted { $0.key < $1.key }.map {
                Day(type: type, date: LocalDate(daysSinceEpoch: $0.key >> 3), value: $0.value.value, atMs: $0.value.endMs, source: sourceNames[Int($0.value.source)])
            }
        }

        /// The intervals added since the last merge swept, in order of start, into the
        /// stretches: one that starts before the last stretch ends joins it.
        private mutating func mergeSleep() throws(Overflow) {
            guard !pendingSleep.isEmpty else { return }
            let all = (stretches + pendingSleep).sorted { ($0.start, $0.winnerStart, $0.winnerOrder) < ($1.start, $1.winnerStart, $1.winnerOrder) }
            pendingSleep.removeAll(keepingCapacity: true)
            stretches.removeAll(keepingCapacity: true)
            for stretch in all {
                if let last = stretches.last, stretch.start <= last.end {
                    stretches[stretches.count - 1].merge(stretch)
                } else {
                    stretches.append(stretch)
                }
            }
            if retained > Self.maximumEntries { throw overflow() }
        }

        /// Throws when one more entry would pass `maximumEntries`.
        private func room() throws(Overflow) {
            if retained >= Self.maximumEntries { throw overflow() }
        }

        private func overflow() -> Overflow {
            Overflow(description: "more than \(Self.maximumEntries) hour-by-source step counts, sleep stretches and daily values: more days than a health export holds")
        }

        /// The number that stands for `source`.
        private mutating func id(_ source: String) throws(Overflow) -> UInt32 {
            if let known = sourceIDs[source] { return known }
            guard sourceNames.count < Self.maximumSources else {
                throw Overflow(description: "more than \(Self.maximumSources) source names (apps and devices): more than a health export holds")
            }
            let id = UInt32(sourceNames.count)
            sourceIDs[source] = id
            sourceNames.append(source)
            return id
        }

        /// The names of `sources`, in order, joined.
        private func names(_ sources: SourceSet) -> String {
            sources.members.map { sourceNames[Int($0)] }.sorted().joined(separator: ", ")
        }

        /// `value / divisor` rounded towards minus infinity (times before 1970 too).
        private static func floor(_ value: Int, _ divisor: Int) -> Int {
            value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
        }
    }

    /// A set of source numbers: the first 64 in one word, the rest (rare) in a list.
    struct SourceSet: Sendable {
        private var low: UInt64 = 0
        private var more: [UInt32] = []

        /// No sources.
        init() {}

        /// The one source `id`.
        init(_ id: UInt32) { insert(id) }

        /// Adds the source `id`.
        mutating func insert(_ id: UInt32) {
            if id < 64 {
                low |= 1 << UInt64(id)
            } else if !more.contains(id) {
                more.append(id)
            }
        }

        /// Adds the sources of `other`.
        mutating func formUnion(_ other: SourceSet) {
            low |= other.low
            for id in other.more { insert(id) }
        }

        /// The sources, by number.
        var members: [UInt32] { (0..<64).filter { low & (1 << UInt64($0)) != 0 }.map(UInt32.init) + more }
    }
}
