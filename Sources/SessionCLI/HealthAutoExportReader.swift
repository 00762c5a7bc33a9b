import JSON
import SessionCore

/// Health Auto Export's JSON (`{"data": {"metrics": [{name, units, data: [...]}]}}`,
/// the shape its v1 and v2 exports share): each metric sessiond keeps becomes samples
/// for `HealthDays`. A night of `sleep_analysis` comes aggregated, in hours: its asleep
/// time (`asleep`, or the stages `core` + `deep` + `rem` of newer versions) ending at
/// `sleepEnd`. A value that does not read is refused with its JSON path.
enum HealthAutoExportReader {
    struct Read {
        let samples: [HealthDays.Sample]
        /// Data points read, and those of the metrics kept.
        let records: Int
        let kept: Int
    }

    static func read(_ bytes: [UInt8]) throws -> Read {
        let document = try JSONParser.parse(bytes: bytes)
        let root = try JSONReader(document, path: "$")
        guard let data = try root.optionalObject("data") else { throw JSONReadError(path: "$.data", expected: "an object with metrics (Health Auto Export's JSON)") }
        guard try data.optionalArray("metrics") else { return Read(samples: [], records: 0, kept: 0) }
        var samples: [HealthDays.Sample] = []
        var records = 0
        for metric in try data.objects("metrics") {
            let name = try metric.string("name")
            let units = try metric.optionalString("units") ?? ""
            guard try metric.optionalArray("data") else { continue }
            let points = try metric.objects("data")
            records += points.count
            guard let kind = kind(name) else { continue }
            for point in points {
                let source = String((try point.optionalString("source") ?? "Health Auto Export").prefix(HealthSample.sourceLength))
                if kind == .asleep {
                    guard let end = try point.optionalString("sleepEnd").flatMap(AppleHealthReader.time) ?? point.optionalString("date").flatMap(AppleHealthReader.time) else {
                        throw JSONReadError(path: point.path + ".sleepEnd", expected: "a time (yyyy-MM-dd HH:mm:ss ±hhmm)")
                    }
                    let stages = try ["core", "deep", "rem"].compactMap { try point.optionalNumber($0) }.reduce(0, +)
                    let hours = try point.optionalNumber("asleep").flatMap { $0 > 0 ? $0 : nil } ?? stages
                    guard hours > 0, hours < 24 else { continue }
                    let seconds = Int((hours * 3600).rounded())
                    let start = LocalDateTime(secondsAfter: end.local, -seconds)
                    samples.append(HealthDays.Sample(kind: .asleep, start: start, end: end.local, endMs: end.ms, value: hours, source: source))
                    continue
                }
                guard let time = try AppleHealthReader.time(point.string("date")) else {
                    throw JSONReadError(path: point.path + ".date", expected: "a time (yyyy-MM-dd HH:mm:ss ±hhmm)")
                }
                // Heart rates may come as Min/Avg/Max: the average is the reading.
                guard let quantity = try point.optionalNumber("qty") ?? point.optionalNumber("Avg") else {
                    throw JSONReadError(path: point.path + ".qty", expected: "a number")
                }
                let value: Double
                switch (kind, units.lowercased()) {
                case (.bodyMassKg, "lb"), (.bodyMassKg, "lbs"): value = quantity * 0.453_592_37
                case (.bodyMassKg, "g"): value = quantity / 1000
                case (.bodyFatPercent, _): value = quantity <= 1 ? quantity * 100 : quantity
                default: value = quantity
                }
                samples.append(HealthDays.Sample(kind: kind, start: time.local, end: time.local, endMs: time.ms, value: value, source: source))
            }
        }
        return Read(samples: samples, records: records, kept: samples.count)
    }

    /// The kind of a metric sessiond keeps; nil for the rest.
    static func kind(_ name: String) -> HealthDays.Kind? {
        switch name {
        case "step_count": return .steps
        case "resting_heart_rate": return .restingHeartRate
        case "heart_rate_variability", "heart_rate_variability_sdnn": return .hrv
        case "weight_body_mass", "body_mass": return .bodyMassKg
        case "body_fat_percentage": return .bodyFatPercent
        case "sleep_analysis": return .asleep
        default: return nil
        }
    }
}
