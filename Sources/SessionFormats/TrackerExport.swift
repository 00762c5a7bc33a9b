import JSON
import SessionCore

/// Reads a Strong or Hevy CSV export into workouts. The layout is found from the
/// header (English or localised names, with or without the optional columns); every
/// problem is reported with its line, and a file with any problem yields nothing.
public enum TrackerExport {
    /// Which tracker's file (`TrackerFormat`, the name a workout's source carries).
    public typealias Format = TrackerFormat

    /// Why a file cannot be imported: every problem found (up to `maximumProblems`),
    /// each with its line.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let problems: [CSVTable.Failure]
        public var description: String { problems.map(\.description).joined(separator: "\n") }
    }

    public static let maximumProblems = 20

    /// What a file held.
    public struct Result: Sendable, Equatable {
        public let format: Format
        /// Oldest first.
        public let workouts: [HistoryWorkout]
        /// Rows that held no set (Strong's rest-timer rows, exercises without sets).
        public let skippedRows: Int
    }

    /// The columns an export may have, whatever the app calls them.
    enum Column: Int, CaseIterable {
        case date, end, title, duration, exercise, setOrder, setType, weight, weightUnit, reps, distance, distanceUnit, seconds,
            note, workoutNote, rpe, superset, workoutNumber
    }

    /// Header names, lowercased, of each column in the layouts seen in the wild
    /// (Strong in English and French, Strong's variant with units in the names, Hevy).
    static let names: [Column: [String]] = [
        .date: ["date", "start_time"],
        .end: ["end_time"],
        .title: ["workout name", "title", "nom de l'entraînement", "nom de la séance"],
        .duration: ["duration", "duration (sec)", "durée", "durée (sec)"],
        .exercise: ["exercise name", "exercise_title", "nom de l'exercice"],
        .setOrder: ["set order", "set_index", "ordre des séries", "ordre de la série", "série"],
        .setType: ["set_type"],
        .weight: ["weight", "weight (kg)", "weight (lbs)", "weight_kg", "weight_lbs", "poids", "poids (kg)"],
        .weightUnit: ["weight unit", "unité de poids"],
        .reps: ["reps", "réps", "répétitions"],
        .distance: ["distance", "distance (meters)", "distance_km", "distance_miles", "distance (m)"],
        .distanceUnit: ["distance unit", "unité de distance"],
        .seconds: ["seconds", "duration_seconds", "secondes"],
        .note: ["notes", "exercise_notes"],
        .workoutNote: ["workout notes", "description", "notes d'entraînement", "notes de la séance"],
        .rpe: ["rpe"],
        .superset: ["superset_id"],
        .workoutNumber: ["workout #", "séance n°"],
    ]

    /// Parses a whole export; `format` overrides the detection. Fragments of one
    /// workout are joined and the workouts put oldest first (`HistoryWorkout.merging`).
    public static func read(_ bytes: [UInt8], format: Format? = nil) throws(Failure) -> Result {
        var reader = try Reader(bytes: bytes, format: format)
        var workouts: [HistoryWorkout] = []
        while let workout = reader.next() { workouts.append(workout) }
        if !reader.problems.isEmpty { throw Failure(problems: reader.problems) }
        return Result(format: reader.format, workouts: HistoryWorkout.merging(workouts), skippedRows: reader.skippedRows)
    }

    /// An export read one workout at a time, so that a file of any size is never held
    /// whole as parsed rows: each workout comes out once the rows after it belong to
    /// another (exports keep a workout's rows together; one whose rows are spread out
    /// comes out in fragments, which `HistoryWorkout.merging` joins). Problems are
    /// collected with their lines as the rows are read; a file with any is not to be
    /// stored, and is read to its end to report them all.
    public struct Reader {
        public let format: Format
        /// Rows read so far that held no set (Strong's rest-timer rows, exercises
        /// without sets).
        public private(set) var skippedRows = 0
        private var records: CSVTable.Reader?
        private var rows: RowReader?
        /// A FIT file's workouts, read at once, last first.
        private var pending: [HistoryWorkout] = []
        /// A JSON export's workouts, read one at a time.
        private var stream: ExportStream?
        /// What sessiond's own JSON export holds besides the workouts (empty otherwise).
        public private(set) var archive = HistoryArchive()
        /// The workout whose rows are being read, by its rows' key.
        private var current: (key: RowReader.WorkoutKey, workout: HistoryWorkout)?
        private var recordProblems: [CSVTable.Failure] = []

        /// Reads the header (or a JSON export or a FIT file whole); fails when the bytes
        /// are not an export. `localTime` places a FIT activity's start on the wall
        /// clock when the file does not say its offset (Unix ms to local time). With
        /// `latest`, a row dated before 1970 or after it is a problem of its line
        /// (`HistoryLimits.workoutDates`).
        public init(bytes: [UInt8], format: Format? = nil, latest: LocalDate? = nil,
                    localTime: (Int64) -> LocalDateTime = { LocalDateTime(unixSeconds: $0 / 1000, offsetSeconds: 0) }) throws(Failure) {
            if format == .fit || format == nil && FitFile.beginsLikeFIT(bytes) {
                self.format = .fit
                do throws(FitFile.Failure) {
                    pending = try FitActivity(bytes: bytes).workouts(localTime: localTime).reversed()
                } catch {
                    throw Failure(problems: [CSVTable.Failure(line: 0, message: error.description)])
                }
                return
            }
            let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
            if format == .json || format == nil && first == UInt8(ascii: "{") {
                self.format = .json
                (stream, archive) = try Self.openJSON(MemorySource(bytes))
                return
            }
            let records: CSVTable.Reader
            do {
                records = try CSVTable.Reader(bytes: bytes)
            } catch {
                throw Failure(problems: [error])
            }
            let header = records.header
            var columns: [Column: Int] = [:]
            for (index, name) in header.enumerated() {
                let key = name.lowercased()
                if let column = Column.allCases.first(where: { names[$0]?.contains(key) == true }), columns[column] == nil { columns[column] = index }
            }
            let detected: Format = columns[.exercise].map { header[$0].lowercased() == "exercise_title" } == true ? .hevy : .strong
            // Bytes no text has (NUL, other control bytes, invalid UTF-8) are another kind
            // of file: said so, not printed as if they were a header.
            let firstLine = bytes.prefix { $0 != 0x0A && $0 != 0x0D }
            if firstLine.contains(where: { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F }) || String(validating: firstLine, as: UTF8.self) == nil {
                throw Failure(problems: [CSVTable.Failure(line: 1, message: "not a Strong or Hevy export, nor sessiond's JSON or a FIT file: binary data, not CSV text")])
            }
            for required in [Column.date, .exercise] where columns[required] == nil {
                let expected = names[required]!.map { "\"\($0)\"" }.joined(separator: " or ")
                throw Failure(problems: [CSVTable.Failure(line: 1, message: "not a Strong or Hevy export: no \(expected) column (header: \(header.joined(separator: ", ")))")])
            }
            self.format = format ?? detected
            self.records = records
            rows = RowReader(header: header, columns: columns, format: self.format, dates: latest.map(HistoryLimits.workoutDates))
        }

        /// Reads sessiond's own JSON export from `source` without holding it whole: its
        /// archive now, its workouts one at a time (`next`), each checked as it is read.
        public init(json source: some ByteSource) throws(Failure) {
            format = .json
            (stream, archive) = try Self.openJSON(source)
        }

        /// The export's archive, and its workouts to read; fails when it is no JSON
        /// object, not sessiond's export or its archive does not read.
        private static func openJSON(_ source: some ByteSource) throws(Failure) -> (ExportStream, HistoryArchive) {
            func failure(_ message: String) -> Failure { Failure(problems: [CSVTable.Failure(line: 1, message: message)]) }
            let stream: ExportStream
            do throws(ExportStream.Problem) {
                stream = try ExportStream(source: source)
            } catch {
                throw failure(error.description)
            }
            let members = JSONValue.object(stream.members)
            guard members["format"] == .string(jsonFormatName) else { throw failure("not a sessiond export: no \"format\": \"\(jsonFormatName)\"") }
            guard stream.hasWorkouts else { throw failure("export.workouts should be an array of objects") }
            do throws(JSONReadError) {
                return (stream, try HistoryArchive(reader: try JSONReader(members, path: "export")))
            } catch {
                throw failure("\(error.path) should be \(error.expected)")
            }
        }

        /// The JSON export's next workout; a problem ends the reading.
        private mutating func nextJSON() -> HistoryWorkout? {
            func fail(_ message: String) -> HistoryWorkout? {
                recordProblems.append(CSVTable.Failure(line: 1, message: message))
                stream = nil
                return nil
            }
            let next: (value: JSONValue, index: Int)?
            do throws(ExportStream.Problem) {
                next = try stream?.next()
            } catch {
                return fail(error.description)
            }
            guard let next else {
                stream = nil
                return nil
            }
            do throws(JSONReadError) {
                return try HistoryWorkout(reader: try JSONReader(next.value, path: "export.workouts[\(next.index)]"))
            } catch {
                return fail("\(error.path) should be \(error.expected)")
            }
        }

        /// True once a problem was found (cheaper than `problems`, asked per workout).
        public var hasProblems: Bool { !recordProblems.isEmpty || rows?.problems.isEmpty == false }

        /// The workouts (start and title) that had a bad row, or whose rows were next to
        /// a record that could not be read at all (a note broken over lines): left out
        /// whole by an import that skips what is invalid.
        public var invalidWorkouts: Set<WorkoutIdentity> { tainted.union(rows?.tainted ?? []) }
        private var tainted: Set<WorkoutIdentity> = []
        /// An unreadable record came after the last row read: the next row's workout
        /// may have lost rows to it too.
        private var taintNext = false

        /// What was read differently from how the file has it (a workout whose timer ran
        /// on for days is stored without its duration), by line: the import goes on.
        public var warnings: [Warning] { rows?.warnings ?? [] }

        /// Every problem found so far (at most `maximumProblems`), by line.
        public var problems: [CSVTable.Failure] {
            Array((recordProblems + (rows?.problems ?? [])).sorted { $0.line < $1.line }.prefix(maximumProblems))
        }

        /// The next workout that holds sets; nil at the end of the file.
        public mutating func next() -> HistoryWorkout? {
            if format == .json { return nextJSON() }
            guard records != nil else { return pending.popLast() }
            while true {
                let record: CSVTable.Record?
                do {
                    record = try records!.next()
                } catch {
                    if recordProblems.count < maximumProblems { recordProblems.append(error) }
                    if let current { tainted.insert(WorkoutIdentity(current.workout)) }
                    taintNext = true
                    continue
                }
                guard let record else { break }
                let row = rows!.read(record)
                if taintNext, let identity = rows!.identity {
                    tainted.insert(identity)
                    taintNext = false
                }
                // A row whose workout cannot be told (no readable start) is a fragment:
                // the workouts around it may have lost rows to it.
                if rows!.rowFailed, rows!.identity == nil {
                    if let current { tainted.insert(WorkoutIdentity(current.workout)) }
                    taintNext = true
                }
                guard let row else { continue }
                if current?.key == row.workoutKey {
                    guard let set = row.set else {
                        skippedRows += 1
                        continue
                    }
                    // A workout of more sets than one holds (a session stored before that
                    // bound, exported) goes as consecutive parts, which the import joins.
                    if current!.workout.sets.count == HistoryLimits.setsPerWorkout {
                        let full = current!.workout
                        current!.workout.sets = [set]
                        return full
                    }
                    current!.workout.sets.append(set)
                    continue
                }
                // A workout of rows without sets still exists: later rows may add some.
                let finished = current?.workout
                var workout = row.workout
                if let set = row.set { workout.sets = [set] } else { skippedRows += 1 }
                current = (row.workoutKey, workout)
                if let finished, !finished.sets.isEmpty { return finished }
            }
            // The end: the last workout, once.
            defer { current = nil }
            guard let last = current?.workout, !last.sets.isEmpty else { return nil }
            return last
        }
    }
}

/// What tells one workout of an export from another: its start and title.
public struct WorkoutIdentity: Hashable, Sendable {
    public let start: LocalDateTime
    public let title: String

    public init(_ workout: HistoryWorkout) {
        start = workout.start
        title = workout.title
    }

    init(start: LocalDateTime, title: String) {
        self.start = start
        self.title = title
    }
}

extension TrackerExport {
    /// A value of the file read differently from how it stands, and the lines it is on.
    public struct Warning: Equatable, CustomStringConvertible, Sendable {
        public var lines: ClosedRange<Int>
        public let message: String
        public var description: String {
            (lines.count == 1 ? "line \(lines.lowerBound)" : "lines \(lines.lowerBound)–\(lines.upperBound)") + ": " + message
        }
    }

    /// The marker of sessiond's own JSON export.
    public static let jsonFormatName = "sessiond-history"

    /// A duration as the apps write it (`56m`, `1h 2m`, `35min`, seconds), nil when
    /// it is none.
    public static func duration(_ text: String) -> Int? { HistoryDates.duration(text) }
}

/// Reads one record of an export into its workout and set, collecting problems.
struct RowReader {
    let header: [String]
    let columns: [TrackerExport.Column: Int]
    let format: TrackerExport.Format
    private(set) var problems: [CSVTable.Failure] = []
    private(set) var warnings: [TrackerExport.Warning] = []
    /// The workout of the row being read, once its start and title are known.
    private(set) var identity: WorkoutIdentity?
    /// Workouts with a bad row.
    private(set) var tainted: Set<WorkoutIdentity> = []
    /// True when the row just read had a problem.
    private(set) var rowFailed = false
    /// The workout the last warning is about: its later rows extend the warning's lines.
    private var warnedWorkout: WorkoutKey?
    /// Hevy writes an exercise's note on every row of it: kept once.
    private var lastNote: (workout: WorkoutKey, exercise: String, note: String)?

    /// Units named in the header (`Weight (lbs)`, `distance_km`), for files without
    /// unit columns.
    private let headerPounds: Bool
    private let headerDistanceUnit: String
    /// Rows of a workout repeat its date and duration: each text is read once.
    private var times = RepeatedTexts<LocalDateTime>()
    private var durations = RepeatedTexts<Int>()

    /// Each column's field index by the column's raw value (-1: absent): the per-field
    /// look-up of every row, without hashing.
    private let fieldIndex: [Int]

    /// The days a row may be dated (nil: any).
    private let dates: ClosedRange<LocalDate>?

    init(header: [String], columns: [TrackerExport.Column: Int], format: TrackerExport.Format, dates: ClosedRange<LocalDate>? = nil) {
        self.dates = dates
        self.header = header
        self.columns = columns
        self.format = format
        fieldIndex = TrackerExport.Column.allCases.map { columns[$0] ?? -1 }
        headerPounds = columns[.weight].map { header[$0].lowercased().contains("lb") } ?? false
        let distanceName = columns[.distance].map { header[$0].lowercased() } ?? ""
        headerDistanceUnit = distanceName.contains("km") ? "km" : distanceName.contains("mi") ? "mi" : "m"
    }

    /// What tells a row's workout from another's: its start and title as written, and
    /// the workout's number where the export has one (compared as they stand, no key
    /// string built per row).
    struct WorkoutKey: Equatable {
        let start: String
        let title: String
        let number: String?
    }

    /// A row: its workout's key and what the workout is made of when the row starts
    /// one (the workout itself is built only then, not for each of its rows), and its set.
    struct Row {
        let workoutKey: WorkoutKey
        let start: LocalDateTime
        let durationSeconds: Int?
        let workoutNote: String?
        /// Nil for a row that holds no set.
        let set: HistorySet?

        /// The workout this row starts, without sets.
        var workout: HistoryWorkout {
            HistoryWorkout(start: start, durationSeconds: durationSeconds, title: workoutKey.title, note: workoutNote, sets: [])
        }
    }

    private var line = 0
    private var record = CSVTable.Record(line: 0, fields: [])
    /// Each column's last text and its bytes: rows repeat their workout's start, title
    /// and duration and mostly their exercise, so a field with the bytes of the one
    /// above it is that String again, not a new one (validated, often allocated).
    private var lastTexts: [String?] = Array(repeating: nil, count: TrackerExport.Column.allCases.count)
    private var lastBytes: [[UInt8]] = Array(repeating: [], count: TrackerExport.Column.allCases.count)

    /// Where field `index` (-1: an absent column, nil) lies in `record`'s storage,
    /// leading and trailing spaces and tabs left out. Static: a method of the reader
    /// called from its mutating ones got a copy of the whole reader at each call.
    private static func trimmedRange(_ index: Int, in record: CSVTable.Record) -> Range<Int>? {
        guard index >= 0 else { return nil }
        var range = record.ranges[index]
        record.storage.withUnsafeBufferPointer { bytes in
            while !range.isEmpty, bytes[range.lowerBound] == 0x20 || bytes[range.lowerBound] == 0x09 { range = range.dropFirst() }
            while !range.isEmpty, bytes[range.upperBound - 1] == 0x20 || bytes[range.upperBound - 1] == 0x09 { range = range.dropLast() }
        }
        return range
    }

    /// The field of `column`, spaces trimmed; nil when absent, empty, or a word for none.
    /// Read from the record's bytes: every field of every row of a large export that is
    /// not a number comes through here.
    private mutating func text(_ column: TrackerExport.Column) -> String? {
        guard let range = Self.trimmedRange(fieldIndex[column.rawValue], in: record), !range.isEmpty else { return nil }
        let storage = record.storage
        return storage.withUnsafeBufferPointer { all -> String? in
            let bytes = UnsafeBufferPointer(rebasing: all[range])
            // The words for none all start with an n: most short fields ("5", "W", "72.5")
            // are told apart by their first byte.
            if bytes.count <= 4, bytes[0] | 0x20 == UInt8(ascii: "n"), bytes.isASCIIWord(in: Self.noneWords) { return nil }
            let slot = column.rawValue
            if let last = lastTexts[slot], lastBytes[slot].withUnsafeBufferPointer({ Self.same($0, bytes) }) { return last }
            let text = String(decoding: bytes, as: UTF8.self)
            lastBytes[slot].removeAll(keepingCapacity: true)
            lastBytes[slot].append(contentsOf: bytes)
            lastTexts[slot] = text
            return text
        }
    }

    /// True when `a` and `b` hold the same bytes (a field's few: a loop beats a call).
    private static func same(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        for index in 0..<a.count where a[index] != b[index] { return false }
        return true
    }

    /// A count read as a number (never negative here), rounded; one no `Int` holds reads
    /// as the largest, which every bound refuses (converting it would trap).
    private static func whole(_ value: Double) -> Int {
        value.rounded() < 9e15 ? Int(value.rounded()) : 9_000_000_000_000_000
    }

    /// Strong's rest timer pseudo-rows, named as an exercise.
    private static let restTimerWords = ["rest timer"]

    /// What exports write for an empty value (each starts with an n: `text(_:)` looks
    /// for them only in fields that do).
    private static let noneWords = ["none", "n/a", "null"]

    private mutating func problem(_ column: TrackerExport.Column, _ message: String) {
        rowFailed = true
        if let identity { tainted.insert(identity) }
        guard problems.count < TrackerExport.maximumProblems else { return }
        let name = columns[column].map { "\"\(header[$0])\"" } ?? "\(column)"
        problems.append(CSVTable.Failure(line: line, message: "\(name): \(message)"))
    }

    /// A number (float noise rounded off), nil when empty; a problem when not a number.
    /// A plain decimal (`72.5`, `72,5`, `8`) is read from the field's bytes, no String
    /// made (`PlainDecimal`, which reads what strtod reads); anything else is read as
    /// text, by strtod.
    private mutating func number(_ column: TrackerExport.Column) -> Double? {
        guard let range = Self.trimmedRange(fieldIndex[column.rawValue], in: record), !range.isEmpty else { return nil }
        if let plain = record.storage.withUnsafeBufferPointer({ PlainDecimal.value(UnsafeBufferPointer(rebasing: $0[range]), commaSeparates: true) }),
            plain >= 0 {
            return (plain * 1000).rounded() / 1000
        }
        guard let text = text(column) else { return nil }
        guard let value = Double(text.replacingComma()), value.isFinite, value >= 0 else {
            problem(column, "not a number: \"\(text)\"")
            return nil
        }
        return (value * 1000).rounded() / 1000
    }

    mutating func read(_ record: CSVTable.Record) -> Row? {
        line = record.line
        self.record = record
        identity = nil
        rowFailed = false
        let before = problems.count
        guard let startText = text(.date) else {
            problem(.date, "missing")
            return nil
        }
        guard let start = times.value(of: startText, reading: HistoryDates.dateTime) else {
            problem(.date, "not a date and time: \"\(startText)\" (expected e.g. 2026-04-24 09:40:00 or 8 Apr 2026, 16:50)")
            return nil
        }
        let title = text(.title) ?? "Workout"
        identity = WorkoutIdentity(start: start, title: title)
        if let dates, !dates.contains(start.date) {
            problem(.date, "\(start.date) lies outside \(dates.lowerBound)…\(dates.upperBound): a typo, or a date of another calendar?")
            return nil
        }
        var duration: Int?
        if let end = text(.end) {
            guard let endTime = times.value(of: end, reading: HistoryDates.dateTime) else {
                problem(.end, "not a date and time: \"\(end)\"")
                return nil
            }
            duration = HistoryDates.seconds(from: start, to: endTime)
        } else if let durationText = text(.duration) {
            duration = durations.value(of: durationText, reading: HistoryDates.duration)
            if duration == nil { problem(.duration, "not a duration: \"\(durationText)\" (expected e.g. 56m, 1h 2m or seconds)") }
        }
        let workoutKey = WorkoutKey(start: startText, title: title, number: text(.workoutNumber))
        if title.count > HistoryLimits.titleLength { problem(.title, "longer than \(HistoryLimits.titleLength) characters") }
        // A workout timer left running (24 hours to weeks): the workout is kept, its
        // duration is unknown.
        if let seconds = duration, !SessionLimits.durationSeconds.contains(seconds) {
            duration = nil
            if warnedWorkout == workoutKey, let last = warnings.indices.last {
                warnings[last].lines = warnings[last].lines.lowerBound...line
            } else {
                warnedWorkout = workoutKey
                warnings.append(TrackerExport.Warning(
                    lines: line...line,
                    message: "workout \"\(title)\" of \(start.date) \(start.description.dropFirst(11).prefix(5)): a duration of \(HistoryDates.hoursAndMinutes(seconds)) is longer than a day "
                        + "(a workout timer left running?); stored without a duration"))
            }
        }
        let workoutNote = text(.workoutNote)
        func row(_ set: HistorySet?) -> Row { Row(workoutKey: workoutKey, start: start, durationSeconds: duration, workoutNote: workoutNote, set: set) }
        guard let exercise = text(.exercise) else {
            problem(.exercise, "missing")
            return nil
        }
        if exercise.count > SessionLimits.exerciseNameLength { problem(.exercise, "longer than \(SessionLimits.exerciseNameLength) characters") }
        for column in [TrackerExport.Column.note, .workoutNote] where (text(column)?.count ?? 0) > HistoryLimits.noteLength {
            problem(column, "longer than \(HistoryLimits.noteLength) characters")
        }
        if (text(.superset)?.count ?? 0) > HistoryLimits.supersetLength { problem(.superset, "longer than \(HistoryLimits.supersetLength) characters") }
        let orderText = text(.setOrder)
        // Set orders are digits, most often: only a word is lowercased.
        let orderIsNumber = orderText?.utf8.allSatisfy { (0x30...0x39).contains($0) } ?? false
        let order = orderText.map { orderIsNumber ? $0 : $0.lowercased() } ?? ""
        if exercise.isASCIIWord(in: Self.restTimerWords) || !orderIsNumber && (order == "rest timer" || order == "rest") {
            return row(nil)
        }
        var kind = SetKind.normal
        let setType = text(.setType)
        // A set numbered in digits (that an Int holds) with no type column is a normal
        // set: most rows of a Strong export, told without comparing the order with every
        // kind's names.
        let kindText = setType == nil && orderIsNumber && order.utf8.count <= 18 ? nil : setType?.lowercased() ?? order
        if let kindText {
            switch kindText {
            case "w", "warm_up", "warmup", "warm-up", "échauffement": kind = .warmup
            case "d", "drop", "dropset", "drop_set": kind = .drop
            case "f", "failure": kind = .failure
            case "normal", "": break
            case let other where Int(other) != nil || format == .hevy && columns[.setType] == nil: break
            case let other: problem(columns[.setType] != nil ? .setType : .setOrder, "unknown set kind \"\(other)\"")
            }
        }
        var weight = number(.weight)
        if let kilograms = weight, text(.weightUnit).map({ ["lb", "lbs", "pound", "pounds"].contains($0.lowercased()) }) ?? headerPounds {
            weight = Quantity.poundsToKilograms(kilograms)
        }
        let repsValue = number(.reps)
        let reps = repsValue.map(Self.whole)
        if let repsValue, repsValue.rounded() != repsValue { problem(.reps, "not a whole number: \(repsValue)") }
        var distance = number(.distance)
        if let value = distance, value > 0 {
            switch text(.distanceUnit)?.lowercased() ?? headerDistanceUnit {
            case "km": distance = value * 1000
            case "mi", "mile", "miles": distance = value * 1609.344
            default: break
            }
        }
        if let value = distance, !HistoryLimits.distanceM.contains(value) { problem(.distance, "beyond \(Int(HistoryLimits.distanceM.upperBound / 1000)) km: \(value) m") }
        let seconds = number(.seconds).map(Self.whole)
        if let value = seconds, !SessionLimits.durationSeconds.contains(value) {
            problem(.seconds, "beyond \(SessionLimits.durationSeconds.upperBound) seconds: \(value)")
        }
        var rpe = number(.rpe)
        if let value = rpe, value == 0 { rpe = nil }  // Strong writes 0 for "none"
        if let value = rpe, !SessionLimits.rpe.contains(value) { problem(.rpe, "not from 1 to 10: \(value)"); rpe = nil }
        if let value = weight, !SessionLimits.weightKg.contains(value) { problem(.weight, "beyond \(Int(SessionLimits.weightKg.upperBound)) kg: \(value)") }
        if let value = reps, !SessionLimits.reps.contains(value) { problem(.reps, "beyond \(SessionLimits.reps.upperBound): \(value)") }
        guard problems.count == before else { return nil }
        // A row without reps, load, distance or time is an exercise with no set.
        let empty = (reps ?? 0) == 0 && (weight ?? 0) == 0 && (distance ?? 0) == 0 && (seconds ?? 0) == 0
        if empty { return row(nil) }
        var note = text(.note)
        if let current = note {
            if let last = lastNote, last.workout == workoutKey, last.exercise == exercise, last.note == current { note = nil }
            lastNote = (workoutKey, exercise, current)
        }
        let set = HistorySet(
            exercise: exercise, kind: kind, reps: (reps ?? 0) > 0 ? reps : nil, weightKg: (weight ?? 0) > 0 || (reps ?? 0) > 0 ? weight : nil,
            distanceM: (distance ?? 0) > 0 ? distance : nil, durationSeconds: (seconds ?? 0) > 0 ? seconds : nil,
            rpe: rpe.map { ($0 / SessionLimits.rpeStep).rounded() * SessionLimits.rpeStep }, note: note, superset: text(.superset))
        return row(set)
    }
}

/// Values read from texts that rows repeat (a workout's start, its duration), each text
/// read once: the last text is compared before the ones read earlier are hashed, as a
/// workout's rows follow each other.
struct RepeatedTexts<Value> {
    private var known: [String: Value] = [:]
    private var lastText: String?
    private var lastValue: Value?

    /// What `read` makes of `text` (nil when it cannot: asked again for each such text).
    mutating func value(of text: String, reading read: (String) -> Value?) -> Value? {
        if let lastText, lastText == text { return lastValue }
        let value = known[text] ?? read(text)
        if let value { known[text] = value }
        (lastText, lastValue) = (text, value)
        return value
    }
}

extension String {
    /// A decimal comma read as a point (`72,5` in localised exports).
    func replacingComma() -> String {
        let bytes = utf8
        guard bytes.contains(0x2C), !bytes.contains(0x2E) else { return self }
        return String(decoding: bytes.map { $0 == 0x2C ? 0x2E : $0 }, as: UTF8.self)
    }

    /// True when the text is one of `words` (lowercase ASCII) in any case.
    func isASCIIWord(in words: [String]) -> Bool {
        var text = self
        return text.withUTF8 { $0.isASCIIWord(in: words) }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// True when the bytes are one of `words` (lowercase ASCII) in any case, compared
    /// byte by byte without building a lowercased copy.
    func isASCIIWord(in words: [String]) -> Bool {
        words.contains { word in
            var word = word
            return word.withUTF8 { word in
                word.count == count && zip(word, self).allSatisfy { $0 == ($1 >= 0x41 && $1 <= 0x5A ? $1 | 0x20 : $1) }
            }
        }
    }
}

/// The date, time and duration notations of the exports.
enum HistoryDates {
    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    static let frenchMonths = ["janv", "févr", "mars", "avr", "mai", "juin", "juil", "août", "sept", "oct", "nov", "déc"]

    /// `2017-05-12 19:00:00`, `2026-04-24T09:40`, `8 Apr 2026, 16:50`, `8 avr. 2026 16:50`.
    static func dateTime(_ text: String) -> LocalDateTime? {
        if let value = LocalDateTime(text) { return value }
        let words = text.replacingOccurrences(",", " ").replacingOccurrences(".", " ").split(separator: " ")
        guard words.count == 4, let day = Int(words[0]), let year = Int(words[2]) else { return nil }
        let month = words[1].lowercased()
        guard let index = months.firstIndex(where: { month.hasPrefix($0) }) ?? frenchMonths.firstIndex(where: { month.hasPrefix($0) || $0.hasPrefix(month) }),
            let date = LocalDate(year: year, month: index + 1, day: day)
        else { return nil }
        return LocalDateTime("\(date) \(words[3])")
    }

    /// `47h 52m`, as a person reads a long duration.
    static func hoursAndMinutes(_ seconds: Int) -> String {
        "\(seconds / 3600)h \(seconds % 3600 / 60)m"
    }

    static func seconds(from start: LocalDateTime, to end: LocalDateTime) -> Int? {
        let seconds = (end.date.daysSinceEpoch - start.date.daysSinceEpoch) * 86_400 + end.secondOfDay - start.secondOfDay
        return seconds >= 0 ? seconds : nil
    }

    /// `56m`, `1h 2m`, `35min`, `1h 2min`, `1h`, `45s`, or plain seconds.
    /// Beyond a million hours or seconds a duration is no duration (and would not fit
    /// the arithmetic): nil.
    static func duration(_ text: String) -> Int? {
        if let seconds = Double(text), seconds >= 0 { return seconds < 1e9 ? Int(seconds.rounded()) : nil }
        var total = 0
        var digits = ""
        var matched = false
        for character in text.lowercased() + " " {
            if character.isNumber {
                digits.append(character)
                continue
            }
            if character == " " && digits.isEmpty { continue }
            if !digits.isEmpty {
                guard let value = Int(digits), value <= 1_000_000 else { return nil }
                switch character {
                case "h": total += value * 3600
                case "m": total += value * 60
                case "s": total += value
                default: return nil
                }
                digits = ""
                matched = true
            }
        }
        return matched ? total : nil
    }
}

extension String {
    func replacingOccurrences(_ target: Character, _ replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }

    /// First letter upper case (`apr` → `Apr`).
    var capitalized: String { prefix(1).uppercased() + dropFirst() }
}

extension TrackerExport.Format {
    /// The formats `TrackerExport.write` writes (a FIT file is only read).
    public static let written: [Self] = allCases.filter { $0 != .fit }

    /// `strong|hevy|json|fit`, as a usage line writes the choices.
    public static func choices(_ formats: [Self] = allCases) -> String { formats.map(\.rawValue).joined(separator: "|") }
    /// "strong, hevy, json or fit".
    public static func spelledOut(_ formats: [Self] = allCases) -> String {
        let names = formats.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }
}
