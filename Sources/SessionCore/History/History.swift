import SessionMacros

/// Workouts brought in from another tracker's export: each becomes a finished session
/// at its real start, with its sets in order. Times are local wall-clock times (the
/// apps write no offset); the daemon places them in its time zone.
@Memberwise
public struct HistoryWorkout: Sendable, Equatable {
    public var start: LocalDateTime
    public var durationSeconds: Int?
    public var title: String
    /// The workout's note (never put in a prompt).
    public var note: String?
    /// The session's effort, 1–10 (exports of sessiond keep it; the apps' have none).
    public var rpe: Double? = nil
    public var sets: [HistorySet]
    /// The session's average and maximum heart rate in beats per minute, as a watch
    /// measured them; nil when none did.
    public var averageHeartRate: Int? = nil
    public var maximumHeartRate: Int? = nil
    /// The energy it burnt, in kcal, as a watch estimated it.
    public var energyKcal: Double? = nil
    /// The exact start, RFC 3339 with its offset (sessiond's own export): `start` is its
    /// wall-clock time; nil for exports without one (the apps').
    public var startedAt: String? = nil
    /// The plan day it trained (sessiond's own export, with its archive's plans).
    public var planDay: PlanDayReference? = nil
    /// The day it counts for when that is not its start's (a session entered
    /// afterwards for an earlier day); nil: its start's.
    public var date: LocalDate? = nil
}

extension HistoryWorkout {
    /// A workout a health app recorded without sets (a strength workout of the Health
    /// app or Health Auto Export): at its exact start, with its duration when it lies
    /// within a session's bounds, else none (`recordedDurationProblem`: a day is a
    /// watch left running, not a workout's length).
    public init(recorded title: String, start: LocalDateTime, startMs: Int64, durationSeconds: Int) {
        let duration = Self.recordedDurationProblem(durationSeconds) == nil ? durationSeconds : nil
        self.init(start: start, durationSeconds: duration, title: title, note: nil, sets: [])
        startedAt = RFC3339.utc(seconds: startMs / 1000)
    }

    /// Why a recorded workout's duration is left out (longer than a session may be),
    /// nil when it is kept.
    public static func recordedDurationProblem(_ seconds: Int) -> String? {
        guard !SessionLimits.durationSeconds.contains(seconds) else { return nil }
        return "a strength workout of \(seconds / 3600) h \(seconds % 3600 / 60) min, longer than a day: stored without a duration"
    }

    /// Keeps a watch's average and maximum heart rate when both are plausible
    /// (`HistoryLimits.heartRate`: a strap's dropout reads 0 or 255); else none.
    public mutating func setHeartRate(average: Int?, maximum: Int?) {
        guard let average, let maximum, HistoryLimits.heartRate.contains(average), HistoryLimits.heartRate.contains(maximum) else { return }
        (averageHeartRate, maximumHeartRate) = (average, maximum)
    }
}

extension HistoryWorkout {
    /// Workouts as an import stores them: the fragments of one workout (the same start
    /// and title: an export whose rows of it are not together, read a workout at a
    /// time) joined in the order they came, then oldest first (equal starts keep their
    /// order).
    /// With `keepingOrder` (sessiond's own export, already in the order it was
    /// recorded) the workouts stay in the order given.
    public static func merging(_ workouts: [HistoryWorkout], keepingOrder: Bool = false) -> [HistoryWorkout] {
        struct Key: Hashable {
            let start: LocalDateTime
            let title: String
        }
        var merged: [HistoryWorkout] = []
        var positions: [Key: Int] = [:]
        for workout in workouts {
            let key = Key(start: workout.start, title: workout.title)
            if let position = positions[key] {
                merged[position].sets += workout.sets
            } else {
                positions[key] = merged.count
                merged.append(workout)
            }
        }
        if keepingOrder { return merged }
        return merged.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
    }
}

/// One set of an imported workout.
@Memberwise
public struct HistorySet: Sendable, Equatable {
    public var exercise: String
    public var kind: SetKind = .normal
    public var reps: Int? = nil
    public var weightKg: Double? = nil
    public var distanceM: Double? = nil
    public var durationSeconds: Int? = nil
    public var rpe: Double? = nil
    public var note: String? = nil
    /// Sets sharing a label were done as a superset.
    public var superset: String? = nil
    /// When it was logged, RFC 3339 with its offset (sessiond's own export); nil for
    /// the apps' exports, which keep no set times.
    public var loggedAt: String? = nil
}

/// What an import holds, as `--dry-run` and the import's result report it.
@Coded
public struct HistoryCounts: Sendable, Equatable, MemberCodable {
    public var workouts = 0
    /// Every set, warm-ups included.
    public var sets = 0
    public var warmups = 0
    /// Distinct exercises (by `String.exerciseKey`).
    public var exercises = 0
    @Member(key: "from") public var first: LocalDate?
    @Member(key: "to") public var last: LocalDate?
    /// The exercise names as written, each once (not on the wire: `HistoryImport`
    /// reports what each became).
    @Member(.notCoded) public var names: [String] = []

    public init() {}

    public init(_ workouts: some Collection<HistoryWorkout>) {
        self.workouts = workouts.count
        // Names as written first, keys only of the distinct ones: an export repeats a
        // few names over hundreds of thousands of sets, mostly one after the other.
        var names = Set<String>()
        var lastName: String?
        for workout in workouts {
            sets += workout.sets.count
            for set in workout.sets {
                if set.kind == .warmup { warmups += 1 }
                if set.exercise != lastName {
                    names.insert(set.exercise)
                    lastName = set.exercise
                }
            }
            first = min(first ?? workout.start.date, workout.start.date)
            last = max(last ?? workout.start.date, workout.start.date)
        }
        exercises = Set(names.map(\.exerciseKey)).count
        self.names = names.sorted()
    }
}

/// Bounds on imported history, checked by the daemon whoever sends it.
public enum HistoryLimits {
    /// Workouts per `history.import` call; a file is sent in chunks of at most this.
    public static let workoutsPerChunk = 200
    /// Archive items (aliases, plan events, health samples) in one call, at most.
    public static let archiveItemsPerChunk = 5000
    /// Sets of one workout of an import chunk or an export page, at most: a session's
    /// (`SessionLimits.setsPerSession`). A session holding more (stored before the bound)
    /// is exported as consecutive parts of at most this many sets with its start and
    /// title, which an import joins again.
    public static let setsPerWorkout = SessionLimits.setsPerSession
    /// Workouts one import may stage before it is committed (two sessions a day for a
    /// hundred years). A `done` holds them all at once: 100,000 workouts of a set each
    /// took the daemon to 140 MB (docs/performance.md).
    public static let workoutsPerImport = 100_000
    /// Sets the imports under way may stage together: a heavy user's five years are
    /// about 500,000, and a restore of sessiond's own export of a history of any
    /// person's lifetime fits (the daemon holds them until `done`, about 230 bytes a set).
    public static let stagedSets = 4_000_000
    /// Bytes (as sent) the imports under way may stage together: what bounds the
    /// daemon's memory whatever the sets hold. An export of 1,000,000 sets takes about
    /// 200 MiB.
    public static let stagedBytes = 512 << 20
    /// Bytes (as sent) one user's imports under way may stage together: root's and
    /// sessiond's own user's (a restore of 1,000,000 sets fits), another user's a
    /// quarter of it. What one client that never says `done` can make the daemon hold.
    public static let stagedBytesPerUser = 256 << 20
    /// An import that got no call for this long is dropped with what it staged: a
    /// client sends its chunks one after the other.
    public static let stagedExpirySeconds = 60
    public static let titleLength = 200
    /// Notes from other apps can be long; they are kept whole up to this.
    public static let noteLength = 4000
    /// A superset's label, at most.
    public static let supersetLength = 60
    public static let distanceM = 0.0...1_000_000.0
    /// A session's heart rate as a watch measured it, beats per minute.
    public static let heartRate = 20...250
    /// The energy a session burnt as a watch estimated it, kcal.
    public static let energyKcal = 0.0...20_000.0
    /// Sessions per `history.export` page.
    public static let exportPage = 1...500
    /// The days an imported workout may start on, from 1970 to `today`, the last day a
    /// reader accepts: sessionctl passes its tomorrow, the daemon checks
    /// `RecordedDates.range`, the bound of every recorded date.
    public static func workoutDates(today: LocalDate) -> ClosedRange<LocalDate> { earliestWorkoutDate...max(today, earliestWorkoutDate) }
    /// 1970-01-01 (`RecordedDates.earliest`).
    public static let earliestWorkoutDate = RecordedDates.earliest
    /// Sets per page of `history.export` and of `exercise.history`, at most (under 1 MB
    /// as written): a page ends before the session that would pass it, unless that session
    /// is its first, and says where the next one starts.
    public static let pageSets = 5_000
    /// Sessions per page of `exercise.history` without sets (a chart's figures, about
    /// 120 bytes each).
    public static let pageSessions = 10_000
}

/// A local wall-clock time without a zone: `2026-04-24T09:40:00`.
@Memberwise
public struct LocalDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let date: LocalDate
    /// Seconds since local midnight, 0..<86,400.
    public let secondOfDay: Int

    /// Reads `YYYY-MM-DDTHH:MM[:SS]` (a space instead of the `T` too).
    public init?(_ text: String) {
        if let time = Self.fixedWidth(text) {
            self = time
            return
        }
        guard let time = Self.byParts(text) else { return nil }
        self = time
    }

    /// The usual layout, two digits a field, read from its bytes (each imported
    /// workout's start comes through here; splitting by Characters cost 16,000
    /// instructions a time); nil for anything else, which `byParts` reads.
    static func fixedWidth(_ text: String) -> LocalDateTime? {
        var text = text
        return text.withUTF8 { bytes -> LocalDateTime? in
            guard bytes.count == 16 || bytes.count == 19, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
                bytes[13] == UInt8(ascii: ":"), bytes.count == 16 || bytes[16] == UInt8(ascii: ":")
            else { return nil }
            func number(_ range: Range<Int>) -> Int? {
                var value = 0
                for index in range {
                    let digit = bytes[index] &- UInt8(ascii: "0")
                    guard digit < 10 else { return nil }
                    value = value * 10 + Int(digit)
                }
                return value
            }
            guard let date = LocalDate(String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<10]), as: UTF8.self)),
                let hour = number(11..<13), let minute = number(14..<16), let second = bytes.count == 19 ? number(17..<19) : 0,
                hour < 24, minute < 60, second < 60
            else { return nil }
            return LocalDateTime(date: date, secondOfDay: hour * 3600 + minute * 60 + second)
        }
    }

    /// Any layout `init?(_:)` takes, read by splitting the text.
    static func byParts(_ text: String) -> LocalDateTime? {
        let parts = text.split(whereSeparator: { $0 == "T" || $0 == " " })
        guard parts.count == 2, let date = LocalDate(String(parts[0])) else { return nil }
        let clock = parts[1].split(separator: ":").map { Int($0) }
        guard clock.count == 2 || clock.count == 3, let hour = clock[0], let minute = clock[1], let second = clock.count == 3 ? clock[2] : 0,
            (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second)
        else { return nil }
        return LocalDateTime(date: date, secondOfDay: hour * 3600 + minute * 60 + second)
    }

    /// The wall-clock time `seconds` later, or earlier for a negative count (no zone: a
    /// plain count of seconds).
    public init(secondsAfter time: LocalDateTime, _ seconds: Int) {
        let total = time.secondOfDay + seconds
        let days = total >= 0 ? total / 86_400 : -((-total + 86_399) / 86_400)
        self.init(date: time.date.adding(days: days), secondOfDay: total - days * 86_400)
    }

    /// Seconds since 1970-01-01 00:00 read as if this were UTC: what an offset turns into
    /// an instant, and a plain count to tell wall-clock times apart by.
    public var secondsSinceEpoch: Int { date.daysSinceEpoch * 86_400 + secondOfDay }

    public var description: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(date)T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.date, lhs.secondOfDay) < (rhs.date, rhs.secondOfDay)
    }
}

/// The plan day a session trained, named by its plan and weekday.
public struct PlanDayReference: Sendable, Equatable, Blank {
    public var planID: Int64 = 0
    public var weekday = Weekday.monday
    /// The plan was carried over to the session's week.
    public var carriedOver = false

    public init() {}
}
