import Testing
import TestSupport
import SessionCore

/// `HealthDays.Accumulator` against the rules applied to the whole list of samples at
/// once (written out here as they read over a list): the same daily values for samples
/// in any order, while what it holds follows the days, not the samples.
@Suite struct HealthDaysAccumulatorTests {
    typealias Sample = HealthDays.Sample

    /// The rules over a whole list: sleep merged by start instant, measured between
    /// instants and counted for the local day its stretch ends on, steps from the source with the most in each hour, the rest the
    /// day's last.
    static func reference(_ samples: [Sample]) -> [(HealthType, LocalDate, Double, Int64, String)] {
        var merged: [(start: Int64, end: Int64, at: LocalDateTime, atMs: Int64, sources: Set<String>)] = []
        for sample in samples.filter({ $0.kind == .asleep }).sorted(by: { $0.startMs < $1.startMs }) {
            let (start, end) = (sample.startMs, sample.endMs)
            guard end > start else { continue }
            if let last = merged.last, start <= last.end {
                let later = end > last.end
                merged[merged.count - 1] = (last.start, max(last.end, end), later ? sample.end : last.at, later ? sample.endMs : last.atMs, last.sources.union([sample.source]))
            } else {
                merged.append((start, end, sample.end, sample.endMs, [sample.source]))
            }
        }
        var sleep: [LocalDate: (hours: Double, atMs: Int64, sources: Set<String>)] = [:]
        for stretch in merged {
            let day = sleep[stretch.at.date]
            sleep[stretch.at.date] = ((day?.hours ?? 0) + Double(stretch.end - stretch.start) / 3_600_000, max(day?.atMs ?? stretch.atMs, stretch.atMs),
                                      (day?.sources ?? []).union(stretch.sources))
        }
        var result = sleep.sorted { $0.key < $1.key }.map {
            (HealthType.sleepHours, $0.key, ($0.value.hours * 100).rounded() / 100, $0.value.atMs, $0.value.sources.sorted().joined(separator: ", "))
        }
        var hours: [LocalDate: [Int: [String: (count: Double, atMs: Int64)]]] = [:]
        for sample in samples where sample.kind == .steps {
            let hour = sample.start.secondOfDay / 3600
            let known = hours[sample.start.date]?[hour]?[sample.source]
            hours[sample.start.date, default: [:]][hour, default: [:]][sample.source] = ((known?.count ?? 0) + sample.value, max(known?.atMs ?? sample.endMs, sample.endMs))
        }
        result += hours.sorted { $0.key < $1.key }.map { date, byHour in
            var (total, atMs, sources) = (0.0, Int64.min, Set<String>())
            for (_, bySource) in byHour {
                guard let chosen = bySource.max(by: { $0.value.count < $1.value.count || ($0.value.count == $1.value.count && $0.key > $1.key) }) else { continue }
                total += chosen.value.count
                atMs = max(atMs, chosen.value.atMs)
                sources.insert(chosen.key)
            }
            return (HealthType.steps, date, total.rounded(), atMs, sources.sorted().joined(separator: ", "))
        }
        for (kind, type) in [(HealthDays.Kind.restingHeartRate, HealthType.restingHeartRate), (.hrv, .hrvMs), (.bodyMassKg, .bodyMassKg), (.bodyFatPercent, .bodyFatPercent)] {
            var byDay: [LocalDate: Sample] = [:]
            for sample in samples where sample.kind == kind {
                if let known = byDay[sample.end.date], known.end.secondsSinceEpoch > sample.end.secondsSinceEpoch { continue }
                byDay[sample.end.date] = sample
            }
            result += byDay.sorted { $0.key < $1.key }.map { (type, $0.key, $0.value.value, $0.value.endMs, $0.value.source) }
        }
        return result
    }

    static func flat(_ days: [HealthDays.Day]) -> [String] { days.map { "\($0.type) \($0.date) \($0.value) \($0.atMs) \($0.source)" } }
    static func flat(_ days: [(HealthType, LocalDate, Double, Int64, String)]) -> [String] { days.map { "\($0.0) \($0.1) \($0.2) \($0.3) \($0.4)" } }

    /// A sample of `kind` starting `minute` minutes into 2026-11-20 (a day either way),
    /// lasting `length` minutes, its end's instant an offset of −1 to +2 hours away.
    static func sample(_ kind: HealthDays.Kind, minute: Int, length: Int, value: Double, source: String, offset: Int) -> Sample {
        let base = LocalDateTime(date: LocalDate("2026-11-20")!, secondOfDay: 0)
        let start = LocalDateTime(secondsAfter: base, minute * 60)
        let end = LocalDateTime(secondsAfter: start, length * 60)
        return Sample(kind: kind, start: start, end: end, startMs: Int64(start.secondsSinceEpoch - offset * 3600) * 1000,
                      endMs: Int64(end.secondsSinceEpoch - offset * 3600) * 1000, value: value, source: source)
    }

    @Test func theSameDailyValuesAsTheRulesOverTheWholeList() throws {
        var generator = SplitMix(seed: 0x4EA1_7D55)
        let kinds: [HealthDays.Kind] = [.asleep, .inBed, .steps, .restingHeartRate, .hrv, .bodyMassKg, .bodyFatPercent]
        let sources = ["Watch", "iPhone", "Scale", "Ring", "Ä app"]
        for round in 0..<40 {
            // Few minutes and sources, so that samples collide: the same hour, the same end, ties.
            let span = [120, 3 * 1440, 30 * 1440][round % 3]
            var samples: [Sample] = []
            for _ in 0..<(round % 5 == 0 ? 6_000 : 400) {
                let kind = kinds[Int(generator.next() % UInt64(kinds.count))]
                let minute = Int(generator.next() % UInt64(span)) - span / 3
                let length = kind == .asleep || kind == .inBed ? Int(generator.next() % 600) - 5 : Int(generator.next() % 20)
                let value = Double(generator.next() % 400) / 4 + 1
                samples.append(Self.sample(kind, minute: minute, length: length, value: value, source: sources[Int(generator.next() % UInt64(sources.count))],
                                           offset: Int(generator.next() % 4) - 1))
            }
            let expected = Self.flat(Self.reference(samples))
            #expect(Self.flat(try HealthDays.days(samples)) == expected, "round \(round)")
            let reversed = Array(samples.reversed())
            #expect(Self.flat(try HealthDays.days(reversed)) == Self.flat(Self.reference(reversed)), "round \(round), in the other order")
        }
    }

    /// A day's hundred thousand readings of one type hold one entry, whatever the type.
    @Test func whatIsHeldFollowsTheDaysNotTheSamples() throws {
        for kind in [HealthDays.Kind.hrv, .steps, .asleep, .bodyMassKg] {
            var accumulator = HealthDays.Accumulator()
            for index in 0..<100_000 {
                try accumulator.add(Self.sample(kind, minute: 60 + index % 50, length: kind == .asleep ? 60 : 1, value: Double(20 + index % 50), source: "Watch", offset: 1))
            }
            let days = try accumulator.days()
            #expect(accumulator.added == 100_000 && days.count == 1, "\(kind): \(days)")
            #expect(accumulator.retained == 1, "\(kind): \(accumulator.retained) held")
        }
    }

    /// Past its bound (distinct days of values, hours of steps, sources) a file is refused
    /// with the figure, not held.
    @Test func pastItsBoundsAFileIsRefusedWithTheFigure() throws {
        var accumulator = HealthDays.Accumulator()
        var refused: HealthDays.Accumulator.Overflow?
        for day in 0...HealthDays.Accumulator.maximumEntries {
            do {
                try accumulator.add(Self.sample(.bodyMassKg, minute: day * 1440, length: 0, value: 80, source: "Scale", offset: 0))
            } catch {
                refused = error
                break
            }
        }
        #expect(refused?.description.contains("more than \(HealthDays.Accumulator.maximumEntries)") == true, "\(String(describing: refused))")
        #expect(accumulator.retained == HealthDays.Accumulator.maximumEntries)
        var sources = HealthDays.Accumulator()
        #expect(throws: HealthDays.Accumulator.Overflow.self) {
            for index in 0...HealthDays.Accumulator.maximumSources {
                try sources.add(Self.sample(.steps, minute: 0, length: 1, value: 1, source: "app \(index)", offset: 0))
            }
        }
    }
}
