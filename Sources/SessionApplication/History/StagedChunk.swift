import JSON
import SessionCore
import SessionRPC
import SessionStore

/// A chunk as it waits on disk (`StagingStore`): its workouts in a compact layout of
/// this daemon's own, and its archive's parts, when it has any, in the JSON their
/// calls carry them in. Only this process writes and reads it, and only values its
/// calls' decoding already checked, so it holds no version and is read back without
/// checking a bound again: a workout is a few flags, varints, doubles' bits and
/// strings, read in order without a key looked up (JSON, written and read back off its
/// tape, would take about a fifth of an import's time). A chunk that does not read (a
/// damaged file) is an error, never a short import.
struct StagedChunk: Equatable {
    /// The chunk's workouts, in the order they were sent.
    var workouts: [HistoryWorkout] = []
    /// The chunk's parts of an archive (`history.archive`).
    var archive = HistoryArchive()

    /// A chunk of `workouts` and `archive`.
    init(workouts: [HistoryWorkout], archive: HistoryArchive) {
        self.workouts = workouts
        self.archive = archive
    }

    /// The chunk as staged: the count of workouts, each workout, then the byte length of
    /// the archive's JSON (0 when it is empty) and the JSON: a chunk cut anywhere does
    /// not read.
    var bytes: [UInt8] {
        var writer = StagedBytesWriter()
        writer.bytes.reserveCapacity(64 + workouts.reduce(0) { $0 + 24 + $1.sets.count * 24 })
        writer.unsigned(UInt64(workouts.count))
        var previousExercise: String?
        for workout in workouts { writer.workout(workout, previousExercise: &previousExercise) }
        guard !archive.isEmpty else {
            writer.unsigned(0)
            return writer.bytes
        }
        var json = JSONWriter(capacity: 4096)
        json.omitsAbsentMembers = true
        json.value(archive)
        writer.unsigned(UInt64(json.byteCount))
        json.withBytes { writer.bytes.append(contentsOf: $0) }
        return writer.bytes
    }

    /// Reads a chunk `bytes` wrote.
    init(bytes: [UInt8]) throws(StorageError) {
        var reader = StagedBytesReader(bytes: bytes)
        do throws(StagedChunkDamage) {
            let count = try reader.count()
            workouts.reserveCapacity(count)
            var previousExercise: String?
            for _ in 0..<count { workouts.append(try reader.workout(previousExercise: &previousExercise)) }
            let archiveBytes = try reader.count()
            guard reader.offset + archiveBytes == bytes.count else {
                throw StagedChunkDamage(message: "an archive of \(archiveBytes) bytes where \(bytes.count - reader.offset) are left")
            }
        } catch {
            throw .unexpected("a staged import chunk does not read: \(error.message) at byte \(reader.offset)")
        }
        guard reader.offset < bytes.count else { return }
        do {
            archive = try HistoryArchive(reader: JSONReader(try JSONSlice.document(Array(bytes[reader.offset...])), path: "chunk.archive"))
        } catch {
            throw .unexpected("a staged import chunk's archive does not read: \(error)")
        }
    }
}

/// Which optional members a staged workout or set has: one bit each, in the order
/// they follow.
private enum StagedFlag {
    static let durationSeconds: UInt64 = 1 << 0
    static let note: UInt64 = 1 << 1
    static let rpe: UInt64 = 1 << 2
    static let averageHeartRate: UInt64 = 1 << 3
    static let maximumHeartRate: UInt64 = 1 << 4
    static let energyKcal: UInt64 = 1 << 5
    static let startedAt: UInt64 = 1 << 6
    static let planDay: UInt64 = 1 << 7
    static let date: UInt64 = 1 << 8

    static let reps: UInt64 = 1 << 0
    static let weightKg: UInt64 = 1 << 1
    static let distanceM: UInt64 = 1 << 2
    static let setDurationSeconds: UInt64 = 1 << 3
    static let setRPE: UInt64 = 1 << 4
    static let setNote: UInt64 = 1 << 5
    static let superset: UInt64 = 1 << 6
    static let loggedAt: UInt64 = 1 << 7
    /// The set's exercise is the set's before it (most are): its name is not repeated.
    static let sameExercise: UInt64 = 1 << 8
}

/// Writes a staged chunk's workouts: unsigned numbers as LEB128 varints, signed ones
/// zigzagged first, doubles as their bits, strings as their length and UTF-8.
private struct StagedBytesWriter {
    var bytes: [UInt8] = []

    mutating func unsigned(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func int(_ value: Int) {
        let value = Int64(value)
        unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func double(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            unsigned(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func workout(_ workout: HistoryWorkout, previousExercise: inout String?) {
        var flags: UInt64 = 0
        if workout.durationSeconds != nil { flags |= StagedFlag.durationSeconds }
        if workout.note != nil { flags |= StagedFlag.note }
        if workout.rpe != nil { flags |= StagedFlag.rpe }
        if workout.averageHeartRate != nil { flags |= StagedFlag.averageHeartRate }
        if workout.maximumHeartRate != nil { flags |= StagedFlag.maximumHeartRate }
        if workout.energyKcal != nil { flags |= StagedFlag.energyKcal }
        if workout.startedAt != nil { flags |= StagedFlag.startedAt }
        if workout.planDay != nil { flags |= StagedFlag.planDay }
        if workout.date != nil { flags |= StagedFlag.date }
        unsigned(flags)
        int(workout.start.date.daysSinceEpoch)
        int(workout.start.secondOfDay)
        string(workout.title)
        if let value = workout.durationSeconds { int(value) }
        if let value = workout.note { string(value) }
        if let value = workout.rpe { double(value) }
        if let value = workout.averageHeartRate { int(value) }
        if let value = workout.maximumHeartRate { int(value) }
        if let value = workout.energyKcal { double(value) }
        if let value = workout.startedAt { string(value) }
        if let value = workout.planDay {
            int(Int(value.planID))
            unsigned(UInt64(value.weekday.rawValue))
            unsigned(value.carriedOver ? 1 : 0)
        }
        if let value = workout.date { int(value.daysSinceEpoch) }
        unsigned(UInt64(workout.sets.count))
        for set in workout.sets { self.set(set, previousExercise: &previousExercise) }
    }

    mutating func set(_ set: HistorySet, previousExercise: inout String?) {
        var flags: UInt64 = 0
        if set.reps != nil { flags |= StagedFlag.reps }
        if set.weightKg != nil { flags |= StagedFlag.weightKg }
        if set.distanceM != nil { flags |= StagedFlag.distanceM }
        if set.durationSeconds != nil { flags |= StagedFlag.setDurationSeconds }
        if set.rpe != nil { flags |= StagedFlag.setRPE }
        if set.note != nil { flags |= StagedFlag.setNote }
        if set.superset != nil { flags |= StagedFlag.superset }
        if set.loggedAt != nil { flags |= StagedFlag.loggedAt }
        let same = set.exercise == previousExercise
        if same { flags |= StagedFlag.sameExercise }
        unsigned(flags)
        unsigned(UInt64(SetKind.allCases.firstIndex(of: set.kind) ?? 0))
        if !same {
            string(set.exercise)
            previousExercise = set.exercise
        }
        if let value = set.reps { int(value) }
        if let value = set.weightKg { double(value) }
        if let value = set.distanceM { double(value) }
        if let value = set.durationSeconds { int(value) }
        if let value = set.rpe { double(value) }
        if let value = set.note { string(value) }
        if let value = set.superset { string(value) }
        if let value = set.loggedAt { string(value) }
    }
}

/// Why a staged chunk did not read.
private struct StagedChunkDamage: Error {
    let message: String
}

/// Reads what `StagedBytesWriter` wrote, in the same order.
private struct StagedBytesReader {
    let bytes: [UInt8]
    /// The next byte to read.
    var offset = 0

    mutating func unsigned() throws(StagedChunkDamage) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count, shift < 64 {
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        throw StagedChunkDamage(message: "a number runs past its end")
    }

    /// A count of things that each take at least one byte: no more than are left.
    mutating func count() throws(StagedChunkDamage) -> Int {
        let value = try unsigned()
        guard value <= UInt64(bytes.count - offset) else { throw StagedChunkDamage(message: "a count of \(value) past the chunk's end") }
        return Int(value)
    }

    mutating func int() throws(StagedChunkDamage) -> Int {
        let value = try unsigned()
        return Int(truncatingIfNeeded: Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1))))
    }

    mutating func double() throws(StagedChunkDamage) -> Double {
        guard bytes.count - offset >= 8 else { throw StagedChunkDamage(message: "a number runs past its end") }
        let bits = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
        offset += 8
        return Double(bitPattern: UInt64(littleEndian: bits))
    }

    mutating func string() throws(StagedChunkDamage) -> String {
        let count = try count()
        let start = offset
        offset += count
        guard let text = String(validating: bytes[start..<start + count], as: UTF8.self) else {
            throw StagedChunkDamage(message: "text that is not UTF-8")
        }
        return text
    }

    /// A date as `StagedBytesWriter` wrote it: within a billion days of 1970-01-01 (far
    /// past any date a decoded call carries, and within what the calendar's arithmetic
    /// takes without overflow), else damage.
    mutating func date() throws(StagedChunkDamage) -> LocalDate {
        let days = try int()
        guard (-1_000_000_000...1_000_000_000).contains(days) else { throw StagedChunkDamage(message: "no date \(days) days from 1970-01-01") }
        return LocalDate(daysSinceEpoch: days)
    }

    mutating func workout(previousExercise: inout String?) throws(StagedChunkDamage) -> HistoryWorkout {
        let flags = try unsigned()
        let day = try date()
        let second = try int()
        guard (0..<86_400).contains(second) else { throw StagedChunkDamage(message: "no time of day \(second) s") }
        let start = LocalDateTime(date: day, secondOfDay: second)
        var workout = HistoryWorkout(start: start, durationSeconds: nil, title: try string(), note: nil, sets: [])
        if flags & StagedFlag.durationSeconds != 0 { workout.durationSeconds = try int() }
        if flags & StagedFlag.note != 0 { workout.note = try string() }
        if flags & StagedFlag.rpe != 0 { workout.rpe = try double() }
        if flags & StagedFlag.averageHeartRate != 0 { workout.averageHeartRate = try int() }
        if flags & StagedFlag.maximumHeartRate != 0 { workout.maximumHeartRate = try int() }
        if flags & StagedFlag.energyKcal != 0 { workout.energyKcal = try double() }
        if flags & StagedFlag.startedAt != 0 { workout.startedAt = try string() }
        if flags & StagedFlag.planDay != 0 {
            var day = PlanDayReference()
            day.planID = Int64(try int())
            let weekday = try unsigned()
            guard let read = Weekday(rawValue: Int(truncatingIfNeeded: weekday)) else { throw StagedChunkDamage(message: "no weekday \(weekday)") }
            day.weekday = read
            day.carriedOver = try unsigned() == 1
            workout.planDay = day
        }
        if flags & StagedFlag.date != 0 { workout.date = try date() }
        let count = try count()
        workout.sets.reserveCapacity(count)
        for _ in 0..<count { workout.sets.append(try set(previousExercise: &previousExercise)) }
        return workout
    }

    mutating func set(previousExercise: inout String?) throws(StagedChunkDamage) -> HistorySet {
        let flags = try unsigned()
        let kinds = SetKind.allCases
        let kind = try unsigned()
        guard kind < UInt64(kinds.count) else { throw StagedChunkDamage(message: "no set kind \(kind)") }
        let exercise: String
        if flags & StagedFlag.sameExercise != 0 {
            guard let previousExercise else { throw StagedChunkDamage(message: "a set names the exercise before it, and none was") }
            exercise = previousExercise
        } else {
            exercise = try string()
            previousExercise = exercise
        }
        var set = HistorySet(exercise: exercise, kind: kinds[Int(kind)])
        if flags & StagedFlag.reps != 0 { set.reps = try int() }
        if flags & StagedFlag.weightKg != 0 { set.weightKg = try double() }
        if flags & StagedFlag.distanceM != 0 { set.distanceM = try double() }
        if flags & StagedFlag.setDurationSeconds != 0 { set.durationSeconds = try int() }
        if flags & StagedFlag.setRPE != 0 { set.rpe = try double() }
        if flags & StagedFlag.setNote != 0 { set.note = try string() }
        if flags & StagedFlag.superset != 0 { set.superset = try string() }
        if flags & StagedFlag.loggedAt != 0 { set.loggedAt = try string() }
        return set
    }
}
