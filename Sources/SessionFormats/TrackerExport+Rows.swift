import JSON
import SessionCore

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

    /// A field as the file writes it, for a problem to quote (a whole number past any
    /// `Int` is said as written, not as the bound it was read to).
    private mutating func written(_ column: TrackerExport.Column) -> String {
        (text(column) ?? "").quotedShort
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
        guard let value = text.replacingComma().decimalValue else {
            problem(column, "not a number: \"\(text)\"")
            return nil
        }
        guard value >= 0 else {
            problem(column, "below zero: \"\(text.quotedShort)\"")
            return nil
        }
        guard value.isFinite else {
            problem(column, "a number too large: \"\(text.quotedShort)\"")
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
        // A count too small to read as anything but 0 (1e-400, 0.0001) is none either.
        if repsValue == 0, let text = text(.reps), text.prefix(while: { $0 != "e" && $0 != "E" }).contains(where: { ("1"..."9").contains($0) }) {
            problem(.reps, "not a whole number: \(written(.reps))")
        }
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
            problem(.seconds, "beyond \(SessionLimits.durationSeconds.upperBound) seconds: \(written(.seconds))")
        }
        var rpe = number(.rpe)
        if let value = rpe, value == 0 { rpe = nil }  // Strong writes 0 for "none"
        if let value = rpe, !SessionLimits.rpe.contains(value) { problem(.rpe, "not from 1 to 10: \(value)"); rpe = nil }
        if let value = weight, !SessionLimits.weightKg.contains(value) { problem(.weight, "beyond \(Int(SessionLimits.weightKg.upperBound)) kg: \(value)") }
        if let value = reps, !SessionLimits.reps.contains(value) { problem(.reps, "beyond \(SessionLimits.reps.upperBound): \(written(.reps))") }
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
/// read once while it is among the latest `capacity`: the last text is compared before
/// the ones read earlier are hashed, as a workout's rows follow each other. What is kept
/// is bounded: a file of a million distinct dates does not keep a million.
struct RepeatedTexts<Value> {
    /// Texts kept at most; then they are let go, and read again when they come back.
    static var capacity: Int { 4096 }
    private var known: [String: Value] = [:]
    private var lastText: String?
    private var lastValue: Value?

    /// What `read` makes of `text` (nil when it cannot: asked again for each such text).
    mutating func value(of text: String, reading read: (String) -> Value?) -> Value? {
        if let lastText, lastText == text { return lastValue }
        let value = known[text] ?? read(text)
        if let value, known[text] == nil {
            if known.count >= Self.capacity { known.removeAll(keepingCapacity: true) }
            known[text] = value
        }
        (lastText, lastValue) = (text, value)
        return value
    }

    /// Texts kept now.
    var count: Int { known.count }
}
