import JSON
import SessionCore
import SessionRPC

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
                    let activity = try FitActivity(bytes: bytes)
                    pending = activity.workouts(localTime: localTime).reversed()
                    fitWarnings = activity.warnings
                } catch {
                    throw Failure(problems: [CSVTable.Failure(line: 0, message: error.description)])
                }
                // A session's start is its place in the file, as a row's line is.
                if let dates = latest.map(HistoryLimits.workoutDates), let outside = pending.last(where: { !dates.contains($0.start.date) }) {
                    throw Failure(problems: [CSVTable.Failure(
                        line: 0, message: "the session started \(String(outside.start.description.map { $0 == "T" ? " " : $0 })): its date lies outside \(dates.lowerBound)…\(dates.upperBound)")])
                }
                return
            }
            let first = ByteOrderMark.text(of: bytes).first
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
            // The archive's arrays, kept as they are read.
            var items = HistoryArchive()
            do throws(ExportStream.Problem) {
                stream = try ExportStream(source: source) { item in
                    do throws(JSONReadError) {
                        try items.append(item: item.value, of: item.key, path: "export.\(item.key)[\(item.index)]")
                        return nil
                    } catch {
                        return "\(error.path) should be \(error.expected)"
                    }
                }
            } catch {
                throw failure(error.description)
            }
            let members = JSONValue.object(stream.members)
            guard members["format"] == .string(jsonFormatName) else { throw failure("not a sessiond export: no \"format\": \"\(jsonFormatName)\"") }
            if let version = members["version"], version.intValue.map(jsonVersions.contains) != true {
                throw failure("export.version should be \(jsonVersions.lowerBound) or \(jsonVersions.upperBound), got \(version.jsonText): a later sessionctl wrote it, or another program")
            }
            guard stream.hasWorkouts else { throw failure("export.workouts should be an array of objects") }
            do throws(JSONReadError) {
                var archive = try HistoryArchive(reader: try JSONReader(members, path: "export"))
                archive.append(items)
                return (stream, archive)
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
        /// on for days is stored without its duration), by line, or in a FIT file by the
        /// byte of its session: the import goes on.
        public var warnings: [Warning] { (rows?.warnings ?? []) + fitWarnings }
        private var fitWarnings: [Warning] = []

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
        /// In a FIT file, the byte its session message starts at (`lines` then unused).
        public var byteOffset: Int? = nil
        public var description: String {
            let place = byteOffset.map { "byte \($0)" }
                ?? (lines.count == 1 ? "line \(lines.lowerBound)" : "lines \(lines.lowerBound)–\(lines.upperBound)")
            return place + ": " + message
        }
    }

    /// The marker of sessiond's own JSON export.
    public static let jsonFormatName = "sessiond-history"
    /// The versions of it written: 1, workouts only; 2, with the archive (profile,
    /// plans, health, …). A later one is refused, not read in part.
    public static let jsonVersions = 1...2

    /// A duration as the apps write it (`56m`, `1h 2m`, `35min`, seconds), nil when
    /// it is none.
    public static func duration(_ text: String) -> Int? { HistoryDates.duration(text) }
}
