import JSON
import SessionCore

/// Health Auto Export's JSON (`{"data": {"metrics": [{name, units, data: [...]}]}}`,
/// the shape its v1 and v2 exports share), read whole (up to `maximumBytes`): each data
/// point of a metric sessiond keeps is counted towards its day (`HealthDays.Accumulator`).
/// A night of `sleep_analysis` comes aggregated, in hours: its asleep
/// time (`asleep`, or the stages `core` + `deep` + `rem` of newer versions) ending at
/// `sleepEnd`. Its strength workouts (`data.workouts` named traditional or functional
/// strength training) become workouts without sets, with their heart rate (v2's
/// `heartRate` {avg, max}, else v1's `avgHeartRate`/`maxHeartRate`, else the readings
/// of `heartRateData`) and active energy (kcal or kJ). A value that does not read (a
/// workout's duration that is no length of time included) is refused with its JSON path;
/// a data point whose number lies outside its type's plausible bounds is left out and
/// counted (`leftOut`, by its path), and a heart rate or energy that is not plausible is
/// none.
public enum HealthAutoExportReader {
    /// A file larger than this is refused before it is read: it is parsed whole, and its
    /// document takes about eight times its size in memory (6 MiB: 51 MiB at the peak).
    public static let maximumBytes = 6 << 20

    public struct Read {
        /// The daily values of the data points kept.
        public var days = HealthDays.Accumulator()
        public var workouts: [HistoryWorkout] = []
        /// Data points read, and those of the metrics kept.
        public let records: Int
        public let kept: Int
        /// Data points of implausible values, left out.
        public var leftOut = HealthDays.LeftOut()
    }

    public static func read(_ bytes: [UInt8]) throws -> Read {
        let document = try JSONParser.parse(bytes: bytes)
        let root = try JSONReader(document, path: "$")
        guard let data = try root.optionalObject("data") else { throw JSONReadError(path: "$.data", expected: "an object with metrics (Health Auto Export's JSON)") }
        let workouts = try data.optionalArray("workouts") ? try data.objects("workouts").compactMap(workout) : []
        guard workouts.count <= AppleHealthReader.maximumWorkouts else {
            throw JSONReadError(path: "$.data.workouts", expected: "at most \(AppleHealthReader.maximumWorkouts) strength workouts")
        }
        guard try data.optionalArray("metrics") else { return Read(workouts: workouts, records: 0, kept: 0) }
        var days = HealthDays.Accumulator()
        var leftOut = HealthDays.LeftOut()
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
                    guard hours > 0 else { continue }
                    if let problem = kind.problem(with: hours) ?? (hours < 24 ? nil : "sleep \(Checked.text(hours)) h: must be under 24") {
                        leftOut.add(point.path, problem)
                        continue
                    }
                    let seconds = Int((hours * 3600).rounded())
                    let start = LocalDateTime(secondsAfter: end.local, -seconds)
                    try days.add(HealthDays.Sample(kind: .asleep, start: start, end: end.local, endMs: end.ms, value: hours, source: source))
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
                if let problem = kind.problem(with: value) {
                    leftOut.add(point.path, problem)
                    continue
                }
                try days.add(HealthDays.Sample(kind: kind, start: time.local, end: time.local, endMs: time.ms, value: value, source: source))
            }
        }
        return Read(days: days, workouts: workouts, records: records, kept: days.added, leftOut: leftOut)
    }

    /// A strength workout as a workout without sets; nil for any other kind.
    public static func workout(_ item: JSONReader) throws -> HistoryWorkout? {
        let name = try item.optionalString("name")?.lowercased()
        guard let kind = StrengthWorkout.allCases.first(where: { $0.name.lowercased() == name }) else { return nil }
        guard let start = try AppleHealthReader.time(item.string("start")) else {
            throw JSONReadError(path: item.path + ".start", expected: "a time (yyyy-MM-dd HH:mm:ss ±hhmm)")
        }
        guard let end = try AppleHealthReader.time(item.string("end")), end.ms >= start.ms else {
            throw JSONReadError(path: item.path + ".end", expected: "a time (yyyy-MM-dd HH:mm:ss ±hhmm) after the start")
        }
        var seconds = Int((end.ms - start.ms) / 1000)
        if let duration = try item.optionalNumber("duration") {
            guard let checked = Checked.seconds(duration) else {
                throw JSONReadError(path: item.path + ".duration", expected: "a length of time in seconds (got \(Checked.text(duration)))")
            }
            seconds = checked
        }
        var workout = HistoryWorkout(recorded: kind.title, start: start.local, startMs: start.ms, durationSeconds: seconds)
        // A quantity is {qty, units} (or a bare number in some versions).
        func quantity(_ reader: JSONReader?, _ key: JSONKey) throws -> (value: Double, units: String)? {
            guard let reader else { return nil }
            if let number = try? reader.optionalNumber(key) { return (number, "") }
            guard let object = try reader.optionalObject(key), let value = try object.optionalNumber("qty") else { return nil }
            return (value, try object.optionalString("units") ?? "")
        }
        let energy = try quantity(item, "activeEnergyBurned") ?? quantity(item, "activeEnergy")
        workout.energyKcal = energy.flatMap { AppleHealthReader.kcal(String($0.value), unit: $0.units) }
        let heart = try item.optionalObject("heartRate")
        var rates = try (quantity(heart, "avg") ?? quantity(item, "avgHeartRate"), quantity(heart, "max") ?? quantity(item, "maxHeartRate"))
        if rates.0 == nil || rates.1 == nil, try item.optionalArray("heartRateData") {
            let data = try item.objects("heartRateData")
            let readings = try data.compactMap { try $0.optionalNumber("qty") ?? $0.optionalNumber("Avg") }
            if let highest = try data.compactMap({ try $0.optionalNumber("Max") ?? $0.optionalNumber("qty") }).max(), !readings.isEmpty {
                rates = ((readings.reduce(0, +) / Double(readings.count), "bpm"), (highest, "bpm"))
            }
        }
        workout.setHeartRate(average: rates.0.flatMap { Checked.int($0.value, in: HistoryLimits.heartRate) },
                             maximum: rates.1.flatMap { Checked.int($0.value, in: HistoryLimits.heartRate) })
        return workout
    }

    /// The kind of a metric sessiond keeps; nil for the rest.
    public static func kind(_ name: String) -> HealthDays.Kind? {
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
