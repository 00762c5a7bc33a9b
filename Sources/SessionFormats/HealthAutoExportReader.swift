import Glibc
import JSON
import SessionCore

/// Health Auto Export's JSON (`{"data": {"metrics": [{name, units, data: [...]}]}}`,
/// the shape its v1 and v2 exports share), read streaming, whatever its size: each data
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
    /// A data point or a workout larger than this is refused (`JSONStreamReader`): the
    /// file is read streaming, twice (each metric's name and units may follow its data),
    /// in the memory of its largest item, whatever its size.
    public static let maximumItemBytes = 16 << 20

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

    /// Reads a file already in memory.
    public static func read(_ bytes: [UInt8]) throws -> Read {
        try read { JSONStreamReader(bytes: bytes, maximumCapture: maximumItemBytes) }
    }

    /// What a stream (standard input, a pipe) is copied to a temporary file for, at
    /// most: a larger export is read from its file, which is not copied.
    public static let maximumSpooledBytes = 1 << 30

    /// Reads the file open at `fd`, whose first bytes `prefix` were read from it already:
    /// twice from where it began when it is a regular file, else (standard input, a
    /// pipe, a device) after copying it, up to `maximumSpooledBytes`, to a temporary
    /// file, removed as soon as it is made; a stream that does not begin as a JSON
    /// object is refused before any of it is copied.
    public static func read(fd: Int32, prefix: [UInt8] = [], maximumSpooled: Int = maximumSpooledBytes) throws -> Read {
        var status = stat()
        if fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
            let here = lseek(fd, 0, SEEK_CUR)
            if here >= off_t(prefix.count) { return try read(fd: fd, from: here - off_t(prefix.count)) }
        }
        var template = Array(((getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp") + "/sessionctl-health-XXXXXX").utf8CString)
        let spool = mkstemp(&template)
        guard spool >= 0 else { throw Failure(message: "cannot make a temporary file to read standard input twice: \(String(cString: strerror(errno)))") }
        _ = template.withUnsafeBufferPointer { $0.baseAddress.map { unlink($0) } }
        defer { close(spool) }
        var buffer = prefix + [UInt8](repeating: 0, count: 1 << 16)
        var count = prefix.count
        if count == 0 { count = try buffer.withUnsafeMutableBytes { try readSome(fd, $0) } }
        // The first byte after a byte-order mark and white space opens the object.
        let first = ByteOrderMark.text(of: buffer[..<count]).first
        guard first == nil || first == UInt8(ascii: "{") else {
            throw Failure(message: "not Health Auto Export's JSON: it does not begin with {")
        }
        var spooled = 0
        repeat {
            spooled += count
            guard spooled <= maximumSpooled else {
                throw Failure(message: "more than \(maximumSpooled >> 20) MiB came through a pipe: give the export's file instead, which is read where it is")
            }
            var written = 0
            while written < count {
                let wrote = buffer.withUnsafeBytes { bytes -> Int in
                    guard let base = bytes.baseAddress else { return 0 }
                    return Glibc.write(spool, base + written, count - written)
                }
                if wrote < 0, errno == EINTR { continue }
                guard wrote > 0 else { throw Failure(message: "cannot copy standard input to a temporary file: \(String(cString: strerror(errno)))") }
                written += wrote
            }
            count = try buffer.withUnsafeMutableBytes { try readSome(fd, $0) }
        } while count > 0
        return try read(fd: spool, from: 0)
    }

    /// Reads the file at `fd` from `start`, twice.
    private static func read(fd: Int32, from start: off_t) throws -> Read {
        try read {
            guard lseek(fd, start, SEEK_SET) == start else { throw Failure(message: "cannot read the file again: \(String(cString: strerror(errno)))") }
            return JSONStreamReader(maximumCapture: maximumItemBytes) { try readSome(fd, $0) }
        }
    }

    /// Reads what `fd` has next into `buffer`; 0 at the end.
    private static func readSome(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            let count = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw Failure(message: String(cString: strerror(errno))) }
            return count
        }
    }

    /// The file could not be read.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, as strerror(3) says it.
        public let message: String
        /// The message.
        public var description: String { message }
    }

    /// Reads the document `open` gives from its start, each time it is called: once for
    /// each metric's name and units and the strength workouts, once for the data points.
    public static func read(opening open: () throws -> JSONStreamReader) throws -> Read {
        // The first pass: what each metric is, by its index.
        var names: [String?] = []
        var units: [String] = []
        var workouts: [HistoryWorkout] = []
        // Workouts' durations left out, said with the values left out.
        var workoutsLeftOut: [(path: String, problem: String)] = []
        var first = try open()
        try walk(&first, metric: { index, key, stream in
            while names.count <= index {
                names.append(nil)
                units.append("")
            }
            switch key {
            case "name":
                guard case .string(let name) = try stream.value() else { throw JSONReadError(path: "$.data.metrics[\(index)].name", expected: "a string") }
                names[index] = name
            case "units":
                switch try stream.value() {
                case .string(let text): units[index] = text
                case .null: break
                default: throw JSONReadError(path: "$.data.metrics[\(index)].units", expected: "a string")
                }
            default: return false
            }
            return true
        }, workout: { index, stream in
            let item = try JSONReader(try stream.value(), path: "$.data.workouts[\(index)]")
            if let (workout, seconds) = try workout(item) {
                if let problem = HistoryWorkout.recordedDurationProblem(seconds) { workoutsLeftOut.append((item.path, problem)) }
                workouts.append(workout)
            }
            guard workouts.count <= AppleHealthReader.maximumWorkouts else {
                throw JSONReadError(path: "$.data.workouts", expected: "at most \(AppleHealthReader.maximumWorkouts) strength workouts")
            }
        })
        if let missing = names.firstIndex(where: { $0 == nil }) { throw JSONReadError(path: "$.data.metrics[\(missing)].name", expected: "a string") }
        // The second: the data points of the metrics kept, one at a time.
        var days = HealthDays.Accumulator()
        var leftOut = HealthDays.LeftOut()
        for (path, problem) in workoutsLeftOut { leftOut.add(path, problem) }
        var records = 0
        var second = try open()
        try walk(&second, metric: { index, key, stream in
            guard key == "data", index < names.count else { return false }
            if try stream.peek() == UInt8(ascii: "n") { return false }  // null: no data
            guard try stream.peek() == UInt8(ascii: "[") else { throw JSONReadError(path: "$.data.metrics[\(index)].data", expected: "an array") }
            let kind = names[index].flatMap(kind)
            try stream.beginArray()
            var number = 0
            while try stream.nextElement() {
                let path = "$.data.metrics[\(index)].data[\(number)]"
                number += 1
                records += 1
                guard try stream.peek() == UInt8(ascii: "{") else { throw JSONReadError(path: path, expected: "an object") }
                guard let kind else {
                    try stream.skipValue()
                    continue
                }
                try add(JSONReader(try stream.value(), path: path), kind: kind, units: units[index], to: &days, leftOut: &leftOut)
            }
            return true
        }, workout: nil)
        return Read(days: days, workouts: workouts, records: records, kept: days.added, leftOut: leftOut)
    }

    /// Walks the document: each member of each metric (`$.data.metrics[i]`) to `metric`,
    /// which reads its value and returns true, or returns false to pass over it; each
    /// workout (`$.data.workouts[i]`) to `workout`, when given, which reads it.
    private static func walk(_ stream: inout JSONStreamReader, metric: (Int, String, inout JSONStreamReader) throws -> Bool,
                             workout: ((Int, inout JSONStreamReader) throws -> Void)?) throws {
        guard try stream.peek() == UInt8(ascii: "{") else { throw JSONReadError(path: "$", expected: "an object") }
        try stream.beginObject()
        var sawData = false
        while let key = try stream.nextKey() {
            guard key == "data", try stream.peek() == UInt8(ascii: "{") else {
                try stream.skipValue()
                continue
            }
            sawData = true
            try stream.beginObject()
            while let member = try stream.nextKey() {
                let isMetrics = member == "metrics"
                guard isMetrics || (member == "workouts" && workout != nil), try stream.peek() != UInt8(ascii: "n") else {
                    try stream.skipValue()
                    continue
                }
                guard try stream.peek() == UInt8(ascii: "[") else { throw JSONReadError(path: "$.data.\(member)", expected: "an array") }
                try stream.beginArray()
                var index = 0
                while try stream.nextElement() {
                    guard try stream.peek() == UInt8(ascii: "{") else { throw JSONReadError(path: "$.data.\(member)[\(index)]", expected: "an object") }
                    if isMetrics {
                        try stream.beginObject()
                        while let key = try stream.nextKey() {
                            if try !metric(index, key, &stream) { try stream.skipValue() }
                        }
                    } else if let workout {
                        try workout(index, &stream)
                    }
                    index += 1
                }
            }
        }
        guard sawData else { throw JSONReadError(path: "$.data", expected: "an object with metrics (Health Auto Export's JSON)") }
        try stream.end()
    }

    /// Counts one data point of a metric kept towards its day, or leaves it out.
    private static func add(_ point: JSONReader, kind: HealthDays.Kind, units: String, to days: inout HealthDays.Accumulator,
                            leftOut: inout HealthDays.LeftOut) throws {
        let source = String((try point.optionalString("source") ?? "Health Auto Export").prefix(HealthSample.sourceLength))
        if kind == .asleep {
            guard let end = try point.optionalString("sleepEnd").flatMap(AppleHealthReader.time) ?? point.optionalString("date").flatMap(AppleHealthReader.time) else {
                throw JSONReadError(path: point.path + ".sleepEnd", expected: "a time (yyyy-MM-dd HH:mm:ss ±hhmm)")
            }
            let stages = try ["core", "deep", "rem"].compactMap { try point.optionalNumber($0) }.reduce(0, +)
            let hours = try point.optionalNumber("asleep").flatMap { $0 > 0 ? $0 : nil } ?? stages
            guard hours > 0 else { return }
            if let problem = kind.problem(with: hours) ?? (hours < 24 ? nil : "sleep \(Checked.text(hours)) h: must be under 24") {
                leftOut.add(point.path, problem)
                return
            }
            let seconds = Int((hours * 3600).rounded())
            let start = LocalDateTime(secondsAfter: end.local, -seconds)
            try days.add(HealthDays.Sample(kind: .asleep, start: start, end: end.local, startMs: end.ms - Int64(seconds) * 1000, endMs: end.ms, value: hours, source: source))
            return
        }
        guard let time = try AppleHealthReader.time(point.string("date")) else {
            throw JSONReadError(path: point.path + ".date", expected: "a time (yyyy-MM-dd HH:mm:ss ±hhmm)")
        }
        // Heart rates may come as Min/Avg/Max: the average is the reading.
        guard let quantity = try point.optionalNumber("qty") ?? point.optionalNumber("Avg") else {
            throw JSONReadError(path: point.path + ".qty", expected: "a number")
        }
        guard let value = HealthUnits.value(quantity, of: kind, unit: units) else {
            leftOut.add(point.path, "in \"\(units)\", a unit not known for it")
            return
        }
        if let problem = kind.problem(with: value) {
            leftOut.add(point.path, problem)
            return
        }
        try days.add(HealthDays.Sample(kind: kind, start: time.local, end: time.local, startMs: time.ms, endMs: time.ms, value: value, source: source))
    }

    /// A strength workout as a workout without sets, with how long the file says it
    /// lasted (kept as its duration only within a session's bounds); nil for any other
    /// kind.
    static func workout(_ item: JSONReader) throws -> (workout: HistoryWorkout, seconds: Int)? {
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
        return (workout, seconds)
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
