import SessionCore
import Glibc

/// Apple Health's `export.xml` read as a stream through libexpat (`ExpatStream`), a
/// chunk at a time: each `Record` of a type sessiond keeps is counted towards its day
/// (`HealthDays.Accumulator`) and nothing else is held, so memory follows the days in the
/// file, not its gigabytes or its samples. Strength workouts (`Workout` of the
/// traditional or functional strength training type) become workouts without sets:
/// their time, and the heart rate and energy of their `WorkoutStatistics` (or the older
/// `totalEnergyBurned`). A file that is not well-formed XML, that passes the parser's
/// bounds (a tag over a mebibyte, elements nested hundreds deep), or a record that does
/// not read (a value that is no finite number, a workout's duration that is no length
/// of time), is refused whole with its line and column. A record whose value is a
/// number outside its type's plausible bounds is left out and counted (`leftOut`, by its
/// place among the records); a statistic that is not a plausible heart rate or energy is
/// none.
public final class AppleHealthReader: ExpatHandler {
    /// A document refused, and where.
    public typealias Failure = ExpatStream.Failure

    /// The daily values of the records kept, as they are read.
    public private(set) var days = HealthDays.Accumulator()
    /// The strength workouts, in file order.
    public private(set) var workouts: [HistoryWorkout] = []
    /// The workout whose statistics are being read.
    private var workout: HistoryWorkout?
    /// Records read, and those of the types kept.
    public private(set) var records = 0
    public private(set) var kept = 0
    /// Records of implausible values, left out.
    public private(set) var leftOut = HealthDays.LeftOut()
    /// Strength workouts a file may hold (one a day for fifty years).
    public static let maximumWorkouts = 20_000
    private var stream: ExpatStream?

    /// Reads `prefix` (bytes already read from `fd`), then `fd` to its end.
    /// A file of a known size tells its progress to `progress`.
    public static func read(fd: Int32, prefix: [UInt8] = [], progress: ReadProgressMaker = { _, _ in NoProgress() }) throws(Failure) -> AppleHealthReader {
        let reader = try AppleHealthReader()
        if !prefix.isEmpty { try reader.feed(prefix, count: prefix.count) }
        var status = stat()
        let size = fstat(fd, &status) == 0 && status.st_mode & S_IFMT == S_IFREG ? Int64(status.st_size) : 0
        var progress = progress("reading export.xml", size)
        defer { progress.finish() }
        var done = Int64(prefix.count)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw Failure(line: 0, column: 0, message: String(cString: strerror(errno))) }
            if count == 0 { break }
            try reader.feed(buffer, count: count)
            done += Int64(count)
            progress.update(done)
        }
        try reader.finish()
        return reader
    }

    /// The export.xml inside the Health app's export.zip, read from the archive in
    /// place; a failure in it names the entry.
    public static func read(zip archive: ZipArchive, progress: ReadProgressMaker = { _, _ in NoProgress() }) throws -> AppleHealthReader {
        let exports = archive.entries.filter { $0.name.split(separator: "/").last == "export.xml" }
        guard let entry = exports.first else {
            throw ZipArchive.Failure(message: "the zip archive holds no export.xml (the Health app's export.zip has apple_health_export/export.xml)")
        }
        guard exports.count == 1 else { throw ZipArchive.Failure(message: "the zip archive holds \(exports.count) export.xml: \(exports.map(\.name).joined(separator: ", "))") }
        let reader = try AppleHealthReader()
        var progress = progress("reading \(entry.name)", Int64(clamping: entry.size))
        defer { progress.finish() }
        var done: Int64 = 0
        do {
            try archive.read(entry) { bytes in
                try reader.feed(bytes)
                done += Int64(bytes.count)
                progress.update(done)
            }
            try reader.finish()
        } catch let failure as Failure {
            throw ZipArchive.Failure(message: "\(entry.name): \(failure)")
        }
        return reader
    }

    /// A reader to `feed` the document a piece at a time, then `finish`.
    public init() throws(Failure) {
        stream = try ExpatStream(handler: self)
    }

    /// Parses the next piece of the document.
    public func feed(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        try stream?.feed(bytes)
    }

    /// Parses the first `count` bytes of `bytes` as the next piece.
    public func feed(_ bytes: [UInt8], count: Int) throws(Failure) {
        try bytes.withUnsafeBytes { all in Result { () throws(Failure) in try feed(UnsafeRawBufferPointer(rebasing: all[0..<count])) } }.get()
    }

    /// Ends the document (it must be complete and well-formed); the parser is let go.
    public func finish() throws(Failure) {
        try stream?.finish()
        stream = nil
    }

    /// A record, a workout or a workout's statistic read; other elements passed over.
    public func startElement(_ name: UnsafePointer<CChar>, _ attributes: ExpatAttributes) -> String? {
        if ExpatAttributes.equal(name, "Record") { return record(attributes) }
        if ExpatAttributes.equal(name, "Workout") { return startWorkout(attributes) }
        if ExpatAttributes.equal(name, "WorkoutStatistics") { addStatistics(attributes) }
        return nil
    }

    /// A workout's end: it is complete with its statistics.
    public func endElement(_ name: UnsafePointer<CChar>) {
        guard ExpatAttributes.equal(name, "Workout") else { return }
        if let workout { workouts.append(workout) }
        workout = nil
    }

    private func record(_ attributes: ExpatAttributes) -> String? {
        records += 1
        // Most records are of types not kept (heart rate, energy, distance): told from the
        // type's bytes and passed over before any String is made.
        guard let raw = attributes.raw("type"), Self.keptTypes.contains(where: { ExpatAttributes.equal(raw, $0) }) else { return nil }
        let type = String(cString: raw)
        guard let kind = Self.kind(type: type, value: attributes.string("value")) else { return nil }
        guard let start = attributes.string("startDate").flatMap(Self.time), let end = attributes.string("endDate").flatMap(Self.time) else {
            return "a \(type) record whose startDate or endDate is no date (yyyy-MM-dd HH:mm:ss ±hhmm)"
        }
        let source = String((attributes.string("sourceName") ?? "Apple Health").prefix(HealthSample.sourceLength))
        var value = 0.0
        if kind != .asleep && kind != .inBed {
            guard let number = attributes.string("value").flatMap(\.decimalValue), number.isFinite else { return "a \(type) record whose value is no number" }
            let unit = attributes.string("unit") ?? ""
            guard let converted = HealthUnits.value(number, of: kind, unit: unit) else {
                leftOut.add("record \(records)", "a \(type) in \"\(unit)\", a unit not known for it")
                return nil
            }
            value = converted
            if let problem = kind.problem(with: value) {
                leftOut.add("record \(records)", "a \(type) of \(problem)")
                return nil
            }
        }
        kept += 1
        do {
            try days.add(HealthDays.Sample(kind: kind, start: start.local, end: end.local, startMs: start.ms, endMs: end.ms, value: value, source: source))
        } catch {
            return error.description
        }
        return nil
    }

    /// The record types `kind(type:value:)` may keep.
    private static let keptTypes: [StaticString] = [
        "HKQuantityTypeIdentifierStepCount", "HKQuantityTypeIdentifierRestingHeartRate", "HKQuantityTypeIdentifierHeartRateVariabilitySDNN",
        "HKQuantityTypeIdentifierBodyMass", "HKQuantityTypeIdentifierBodyFatPercentage", "HKCategoryTypeIdentifierSleepAnalysis",
    ]

    private func startWorkout(_ attributes: ExpatAttributes) -> String? {
        guard let type = attributes.string("workoutActivityType"), let kind = StrengthWorkout.allCases.first(where: { $0.appleType == type }) else { return nil }
        guard let start = attributes.string("startDate").flatMap(Self.time), let end = attributes.string("endDate").flatMap(Self.time), end.ms >= start.ms else {
            return "a \(type) workout whose startDate or endDate is no date (yyyy-MM-dd HH:mm:ss ±hhmm), or ends before it starts"
        }
        var seconds = Int((end.ms - start.ms) / 1000)
        if let text = attributes.string("duration") {
            let unitSeconds: Double = switch attributes.string("durationUnit") ?? "min" {
            case "s": 1
            case "h", "hr": 3600
            default: 60
            }
            guard let duration = text.decimalValue.flatMap({ Checked.seconds($0, unitSeconds: unitSeconds) }) else {
                return "a \(type) workout whose duration \"\(text)\" is no length of time"
            }
            seconds = duration
        }
        guard workouts.count < Self.maximumWorkouts else { return "more than \(Self.maximumWorkouts) strength workouts: more than a health export holds" }
        if let problem = HistoryWorkout.recordedDurationProblem(seconds) { leftOut.add("workout \(workouts.count + 1)", problem) }
        var workout = HistoryWorkout(recorded: kind.title, start: start.local, startMs: start.ms, durationSeconds: seconds)
        workout.energyKcal = Self.kcal(attributes.string("totalEnergyBurned"), unit: attributes.string("totalEnergyBurnedUnit"))
        self.workout = workout
        return nil
    }

    /// A workout's statistic: its heart rate (average and maximum) or its active energy.
    private func addStatistics(_ attributes: ExpatAttributes) {
        guard workout != nil else { return }
        switch attributes.string("type") {
        case "HKQuantityTypeIdentifierHeartRate":
            let perMinute = attributes.string("unit") == "count/s" ? 60.0 : 1.0
            func rate(_ name: StaticString) -> Int? {
                attributes.string(name).flatMap(\.decimalValue).flatMap { Checked.int($0 * perMinute, in: HistoryLimits.heartRate) }
            }
            workout?.setHeartRate(average: rate("average"), maximum: rate("maximum"))
        case "HKQuantityTypeIdentifierActiveEnergyBurned":
            if let kcal = Self.kcal(attributes.string("sum"), unit: attributes.string("unit")) { workout?.energyKcal = kcal }
        default:
            break
        }
    }

    /// Energy in kcal from Health's units (`kcal`, `Cal`, `kJ`); nil when it is none or
    /// past `HistoryLimits.energyKcal`.
    public static func kcal(_ text: String?, unit: String?) -> Double? {
        guard let value = text.flatMap(\.decimalValue), value.isFinite else { return nil }
        let kcal = unit == "kJ" ? value / 4.184 : value
        return HistoryLimits.energyKcal.contains(kcal) && kcal > 0 ? kcal : nil
    }

    /// The kind of a record sessiond keeps; nil for the rest (distance, energy, awake…).
    public static func kind(type: String, value: String?) -> HealthDays.Kind? {
        switch type {
        case "HKQuantityTypeIdentifierStepCount": return .steps
        case "HKQuantityTypeIdentifierRestingHeartRate": return .restingHeartRate
        case "HKQuantityTypeIdentifierHeartRateVariabilitySDNN": return .hrv
        case "HKQuantityTypeIdentifierBodyMass": return .bodyMassKg
        case "HKQuantityTypeIdentifierBodyFatPercentage": return .bodyFatPercent
        case "HKCategoryTypeIdentifierSleepAnalysis":
            // iOS 16's stages and the older Asleep are sleep; InBed is kept apart; Awake is not sleep.
            switch value {
            case "HKCategoryValueSleepAnalysisAsleep", "HKCategoryValueSleepAnalysisAsleepCore", "HKCategoryValueSleepAnalysisAsleepDeep",
                 "HKCategoryValueSleepAnalysisAsleepREM", "HKCategoryValueSleepAnalysisAsleepUnspecified":
                return .asleep
            case "HKCategoryValueSleepAnalysisInBed": return .inBed
            default: return nil
            }
        default: return nil
        }
    }

    /// `2024-03-02 07:10:00 +0100`, or the 2015 exports' `20150302071000+0100`: the local
    /// time as written, and the instant it names.
    public static func time(_ text: String) -> (local: LocalDateTime, ms: Int64)? {
        var text = text
        let bytes = Array(text.utf8)
        if bytes.count == 19, !bytes.contains(UInt8(ascii: " ")), !bytes.contains(UInt8(ascii: "-")) || bytes[14] == UInt8(ascii: "-") {
            let digits = String(decoding: bytes[0..<14], as: UTF8.self)
            let parts = [digits.prefix(4), digits.dropFirst(4).prefix(2), digits.dropFirst(6).prefix(2)].joined(separator: "-")
            let clock = [digits.dropFirst(8).prefix(2), digits.dropFirst(10).prefix(2), digits.dropFirst(12).prefix(2)].joined(separator: ":")
            text = parts + " " + clock + " " + String(decoding: bytes[14...], as: UTF8.self)
        }
        let fields = text.split(separator: " ")
        guard fields.count == 3, let local = LocalDateTime(fields[0] + " " + fields[1]) else { return nil }
        // ±hhmm, digits only, within a day (RFC 3339's rule): +9999 is no offset.
        let zone = Array(fields[2].utf8)
        guard zone.count == 5, zone[0] == UInt8(ascii: "+") || zone[0] == UInt8(ascii: "-"),
            zone[1...].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        let digit = { (index: Int) in Int(zone[index] - UInt8(ascii: "0")) }
        let (hours, minutes) = (digit(1) * 10 + digit(2), digit(3) * 10 + digit(4))
        guard hours < 24, minutes < 60 else { return nil }
        let offset = (hours * 3600 + minutes * 60) * (zone[0] == UInt8(ascii: "-") ? -1 : 1)
        return (local, Int64(local.secondsSinceEpoch - offset) * 1000)
    }
}

/// The strength workouts a health app records, as the Health app's export and Health
/// Auto Export name them, and the title their sessions get.
public enum StrengthWorkout: CaseIterable {
    case traditional, functional

    public var appleType: String {
        switch self {
        case .traditional: "HKWorkoutActivityTypeTraditionalStrengthTraining"
        case .functional: "HKWorkoutActivityTypeFunctionalStrengthTraining"
        }
    }

    /// Health Auto Export's name (compared without case).
    public var name: String {
        switch self {
        case .traditional: "Traditional Strength Training"
        case .functional: "Functional Strength Training"
        }
    }

    public var title: String {
        switch self {
        case .traditional: "Strength training"
        case .functional: "Functional strength training"
        }
    }
}
