import SessionCore

/// A watch's activity file (FIT, `file_id.type` activity) as workouts to import: a
/// strength-training session (sport training, sub-sport strength training) with its
/// active `set` messages as sets, its rest sets left out; any other activity (a run, a
/// ride) as one cardio set of its duration and distance. Heart rate comes from the
/// session message's average and maximum, or else from its records.
public struct FitActivity: Sendable, Equatable {
    /// One session message of the file (a multisport file has several).
    public struct Session: Sendable, Equatable {
        /// Unix seconds.
        public var start: Int64
        public var elapsedSeconds: Double
        public var timerSeconds: Double?
        public var distanceM: Double?
        public var energyKcal: Double?
        public var averageHeartRate: Int?
        public var maximumHeartRate: Int?
        /// FIT's `sport` and `sub_sport` numbers (0: generic).
        public var sport: Int
        public var subSport: Int
        /// Which of the chained files it is in (`FitFile.Message.file`).
        public var file = 0
        /// The byte its message starts at, for a refusal to name.
        public var offset = 0

        /// Strength training, by its sub-sport, or training with sets logged.
        public var isStrength: Bool { subSport == FitActivity.strengthTraining }

        /// Its elapsed time in whole seconds when it is one a session may last (a day at
        /// most); nil for a timer left running (`FitActivity.duration(of:)`).
        var elapsedWithinBounds: Int? { Checked.seconds(elapsedSeconds, in: SessionLimits.durationSeconds) }
    }

    /// One `set` message.
    public struct Set: Sendable, Equatable {
        /// Unix seconds.
        public var start: Int64?
        public var durationSeconds: Double?
        public var repetitions: Int?
        public var weightKg: Double?
        /// False for a rest between sets.
        public var active: Bool
        /// The watch's guesses of the exercise, most likely first (`exercise_category`).
        public var categories: [Int]
        /// Which of the chained files it is in: a session takes only its own file's sets.
        public var file = 0
    }

    public private(set) var sessions: [Session] = []
    public private(set) var sets: [Set] = []
    /// The heart rate of each record (Unix seconds, beats per minute), in file order.
    public private(set) var heartRates: [(time: Int64, bpm: Int)] = []
    /// The watch's offset from UTC when the activity ended (`activity.local_timestamp`
    /// less its `timestamp`), when it says.
    public private(set) var localOffsetSeconds: Int?
    /// Where each session's sets and heart rates are: made once the file is read,
    /// which leaves the activity as it is.
    private var lookup = Lookup()

    public static func == (lhs: FitActivity, rhs: FitActivity) -> Bool {
        lhs.sessions == rhs.sessions && lhs.sets == rhs.sets && lhs.localOffsetSeconds == rhs.localOffsetSeconds
            && lhs.heartRates.elementsEqual(rhs.heartRates) { $0.time == $1.time && $0.bpm == $1.bpm }
    }

    /// The most set messages and heart-rate records a file (its chained files together)
    /// may hold: a hundred strength workouts of the most sets a workout holds, and 23
    /// days of a reading a second. Each is kept until the file is read, so a file of
    /// millions of one-byte messages is refused, not held.
    public static let maximumSets = 200_000
    public static let maximumHeartRates = 2_000_000
    /// The most session messages: each is a workout, and an import takes at most
    /// `HistoryLimits.workoutsPerImport`.
    public static let maximumSessions = HistoryLimits.workoutsPerImport

    /// FIT's sub-sport number of strength training.
    static let strengthTraining = 20

    /// The global message numbers read.
    enum Global {
        static let fileID: UInt16 = 0
        static let session: UInt16 = 18
        static let record: UInt16 = 20
        static let activity: UInt16 = 34
        static let set: UInt16 = 225
    }

    /// Reads an activity file; a FIT file of another kind (a course, settings) or one
    /// without a session is refused by name. Every number becomes an integer or a time
    /// through `Checked`: one that cannot (NaN, an infinity, a value past its bounds in a
    /// field declared as a float or a 64-bit integer) is refused with its message's byte.
    public init(bytes: [UInt8]) throws(FitFile.Failure) {
        try self.init(bytes: bytes, maximumSets: Self.maximumSets, maximumHeartRates: Self.maximumHeartRates, maximumSessions: Self.maximumSessions)
    }

    /// The same with other bounds (the tests').
    init(bytes: [UInt8], maximumSets: Int, maximumHeartRates: Int, maximumSessions: Int) throws(FitFile.Failure) {
        var fileType: Int?
        var activityTimes: (utc: Double, local: Double, offset: Int)?
        var activity = FitActivity()
        try FitFile.read(bytes, wanted: [Global.fileID, Global.session, Global.record, Global.activity, Global.set]) { (message: FitFile.Message) throws(FitFile.Failure) in
            let field = Field(message: message)
            switch message.global {
            case Global.fileID:
                fileType = try field.integer(0, "file type", in: 0...255)
            case Global.session:
                guard activity.sessions.count < maximumSessions else {
                    throw FitFile.Failure(offset: message.start, message: "more than \(NumberText.grouped(maximumSessions)) sessions: an import takes at most that many workouts")
                }
                // A time that is the device's since it powered on dates nothing: the other
                // one dates the session, else it is refused.
                let end = message.timestamp.flatMap { FitFile.unixSeconds(Int64($0)) }
                let timer = try field.seconds(8, "total timer time")
                let elapsed = try field.seconds(7, "total elapsed time") ?? timer ?? 0
                let started = try field.integer(2, "start time", in: 0...Int(UInt32.max)).flatMap { FitFile.unixSeconds(Int64($0)) }
                guard let start = started ?? end.map({ $0 - Int64(elapsed) }) else {
                    throw FitFile.Failure(offset: message.start, message: "a session message without a start time or a timestamp that is a date "
                                          + "(a time below \(FitFile.firstDateTime) counts from the device's power-on)")
                }
                activity.sessions.append(Session(
                    start: start, elapsedSeconds: elapsed, timerSeconds: timer,
                    distanceM: try field.number(9, "total distance", scale: 100, in: HistoryLimits.distanceM, unit: "m"),
                    energyKcal: message.value(11),
                    averageHeartRate: message.value(16).flatMap { Checked.int($0, in: HistoryLimits.heartRate) },
                    maximumHeartRate: message.value(17).flatMap { Checked.int($0, in: HistoryLimits.heartRate) },
                    sport: try field.integer(5, "sport", in: 0...255) ?? 0, subSport: try field.integer(6, "sub-sport", in: 0...255) ?? 0,
                    file: message.file, offset: message.start))
            case Global.record:
                // A reading past any heart's rate is a strap's noise: left out, as a dropout is.
                if let bpm = message.value(3).flatMap({ Checked.int($0, in: 1...1000) }), let time = message.timestamp.flatMap({ FitFile.unixSeconds(Int64($0)) }) {
                    guard activity.heartRates.count < maximumHeartRates else {
                        throw FitFile.Failure(offset: message.start, message: "more than \(NumberText.grouped(maximumHeartRates)) heart-rate records")
                    }
                    activity.heartRates.append((time, bpm))
                }
            case Global.activity:
                if let utc = message.timestamp, FitFile.unixSeconds(Int64(utc)) != nil, let local = message.value(5) {
                    // Whole minutes: the offsets people live in are; a clock's drift is not.
                    guard let minutes = Checked.int((local - Double(utc)) / 60, in: -1440...1440) else {
                        throw FitFile.Failure(offset: message.start, message: "an activity's local timestamp of \(Checked.text(local)) is more than a day from its time \(utc)")
                    }
                    activityTimes = (Double(utc), local, minutes * 60)
                }
            default:  // set
                guard activity.sets.count < maximumSets else {
                    throw FitFile.Failure(offset: message.start, message: "more than \(NumberText.grouped(maximumSets)) set messages")
                }
                let categories = try (message.values(7) ?? []).compactMap { $0 }.map { value throws(FitFile.Failure) -> Int in
                    guard let category = Checked.int(value, in: 0...65535) else {
                        throw FitFile.Failure(offset: message.start, message: "a set's exercise category of \(Checked.text(value)) is no category number")
                    }
                    return category
                }
                activity.sets.append(Set(
                    start: try field.integer(6, "set start time", in: 0...Int(UInt32.max)).flatMap { FitFile.unixSeconds(Int64($0)) },
                    durationSeconds: try field.number(0, "set duration", scale: 1000, in: 0...Double(SessionLimits.durationSeconds.upperBound), unit: "s"),
                    repetitions: try field.integer(3, "repetitions", in: SessionLimits.reps),
                    weightKg: try field.number(4, "weight", scale: 16, in: -SessionLimits.weightKg.upperBound...SessionLimits.weightKg.upperBound, unit: "kg"),
                    active: message.value(5) == 1, categories: categories.filter { $0 != 65534 }, file: message.file))
            }
        }
        guard fileType == nil || fileType == 4 else {
            throw FitFile.Failure(offset: 0, message: "a FIT file of type \(fileType ?? 0), not an activity (4): nothing to import")
        }
        guard !activity.sessions.isEmpty else { throw FitFile.Failure(offset: bytes.count, message: "an activity without a session message") }
        activity.localOffsetSeconds = activityTimes?.offset
        // A workout is sent whole in one request: one of more sets than a workout may
        // hold is refused here, by its session, not by the daemon's line limit.
        activity.lookup = Lookup(activity)
        for session in activity.sessions {
            let count = activity.sets(of: session).filter(\.active).count
            if count > HistoryLimits.setsPerWorkout {
                throw FitFile.Failure(offset: session.offset, message: "a session of \(count) sets; a workout holds at most \(HistoryLimits.setsPerWorkout)")
            }
        }
        self = activity
    }

    /// A message's numeric fields read through `Checked`, refused with the message's
    /// byte when a value lies outside its bounds.
    private struct Field {
        let message: FitFile.Message

        func refuse(_ name: String, _ value: Double, _ bounds: String) -> FitFile.Failure {
            FitFile.Failure(offset: message.start, message: "\(name) of \(Checked.text(value)) in message \(message.global) is outside \(bounds)")
        }

        /// A whole number in `range`; nil when the field is absent or invalid.
        func integer(_ number: UInt8, _ name: String, in range: ClosedRange<Int>) throws(FitFile.Failure) -> Int? {
            guard let value = message.value(number) else { return nil }
            guard let whole = Checked.int(value, in: range, rounding: .towardZero) else { throw refuse(name, value, "\(range.lowerBound)–\(range.upperBound)") }
            return whole
        }

        /// A value stored times `scale`, in `range` once divided.
        func number(_ number: UInt8, _ name: String, scale: Double, in range: ClosedRange<Double>, unit: String) throws(FitFile.Failure) -> Double? {
            guard let raw = message.value(number) else { return nil }
            let value = raw / scale
            guard range.contains(value) else {
                throw refuse(name, value, "\(PromptText.number(range.lowerBound))–\(PromptText.number(range.upperBound)) \(unit)")
            }
            return value
        }

        /// A time in milliseconds, as seconds, up to 2^32 ms (about 50 days).
        func seconds(_ number: UInt8, _ name: String) throws(FitFile.Failure) -> Double? {
            try self.number(number, name, scale: 1000, in: 0...Double(UInt32.max) / 1000, unit: "s")
        }
    }

    init() {}

    /// Where each session's sets and heart rates are, worked out once for all sessions:
    /// each file's sets in file order and, those with a start, in order of it; how many
    /// sessions each file has; the heart rates in order of time. A session's own are
    /// then found by halving, not by going through every set and reading again for each
    /// session (a chain of 16,000 sessions took most of a minute).
    struct Lookup {
        /// Indices into `sets`: each file's, in file order.
        var setsOfFile: [Int: [Int]] = [:]
        /// Each file's sets that have a start, by start (file order among equal ones).
        var startedSetsOfFile: [Int: [(start: Int64, index: Int)]] = [:]
        /// Each file's sets without a start: within every session of their file.
        var unstartedSetsOfFile: [Int: [Int]] = [:]
        var sessionsOfFile: [Int: Int] = [:]
        /// The heart rates, by time.
        var heartRates: [(time: Int64, bpm: Int)] = []

        init() {}

        init(_ activity: FitActivity) {
            for (index, set) in activity.sets.enumerated() {
                setsOfFile[set.file, default: []].append(index)
                if let start = set.start {
                    startedSetsOfFile[set.file, default: []].append((start, index))
                } else {
                    unstartedSetsOfFile[set.file, default: []].append(index)
                }
            }
            for file in startedSetsOfFile.keys { startedSetsOfFile[file]?.sort { ($0.start, $0.index) < ($1.start, $1.index) } }
            for session in activity.sessions { sessionsOfFile[session.file, default: 0] += 1 }
            heartRates = activity.heartRates.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        }

        /// The first index of `items` (ordered by `key`) whose key is `value` or more.
        static func first<T>(_ items: [T], atLeast value: Int64, key: (T) -> Int64) -> Int {
            var (low, high) = (0, items.count)
            while low < high {
                let middle = (low + high) / 2
                if key(items[middle]) < value { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }

    /// The session's average and maximum heart rate: as the watch summed them, else
    /// from its records between its start and end; nil without either.
    /// Readings outside `HistoryLimits.heartRate` (a strap's dropout) are none.
    func heartRate(of session: Session) -> (average: Int, maximum: Int)? {
        let plausible = HistoryLimits.heartRate
        if let average = session.averageHeartRate, let maximum = session.maximumHeartRate, plausible.contains(average), plausible.contains(maximum) {
            return (average, maximum)
        }
        // Within the session as stored: one whose timer ran on for days ends with its
        // last set (`duration(of:)`), not days later.
        let kept = session.elapsedWithinBounds == nil ? duration(of: session) : nil
        let end = session.start + (kept.map(Int64.init) ?? Int64(session.elapsedSeconds.rounded(.up)))
        let readings = lookup.heartRates
        let from = Lookup.first(readings, atLeast: session.start, key: \.time)
        let to = Lookup.first(readings, atLeast: end + 1, key: \.time)
        let within = readings[from..<max(from, to)].lazy.map(\.bpm).filter(plausible.contains)
        guard let maximum = within.max() else { return nil }
        return (Int((Double(within.reduce(0, +)) / Double(within.count)).rounded()), maximum)
    }

    /// The workouts to import, one per session, at `localTime` of each start (the
    /// watch's own offset when the file gives one). A chained copy of a workout already
    /// made (the same start, title and sets) is the same activity, made once.
    public func workouts(localTime: (Int64) -> LocalDateTime) -> [HistoryWorkout] {
        var made: [HistoryWorkout] = []
        // The workouts made, by start: a copy has its original's.
        var madeAt: [String: [Int]] = [:]
        for session in sessions {
            let workout = workout(of: session, localTime: localTime)
            let start = workout.startedAt ?? ""
            if madeAt[start]?.contains(where: { made[$0] == workout }) == true { continue }
            madeAt[start, default: []].append(made.count)
            made.append(workout)
        }
        return made
    }

    /// What was read otherwise than the file has it, by the byte of its session: a
    /// session whose elapsed time is longer than a day (a timer left running) ends with
    /// its last set, or is stored without a duration when its sets say no time.
    public var warnings: [TrackerExport.Warning] {
        sessions.compactMap { session in
            guard session.elapsedWithinBounds == nil else { return nil }
            let stored = duration(of: session).map { "stored as ending with its last set, at \(RFC3339.utc(seconds: session.start + Int64($0)))" }
            return TrackerExport.Warning(lines: 0...0, message: "the session started \(RFC3339.utc(seconds: session.start)): an elapsed time of "
                                         + "\(HistoryDates.hoursAndMinutes(Checked.seconds(session.elapsedSeconds) ?? Int.max)) is longer than a day (a timer left running?); "
                                         + (stored ?? "stored without a duration"), byteOffset: session.offset)
        }
    }

    /// The duration a session is stored with: its elapsed time, or for one longer than
    /// a day the time to the end of its last active set that says its start (and no
    /// longer than a day either); nil when neither will do.
    private func duration(of session: Session) -> Int? {
        if let elapsed = session.elapsedWithinBounds { return elapsed }
        let lastEnd = sets(of: session).filter(\.active).compactMap { set in
            set.start.map { max(session.start, $0 + Int64(Checked.seconds(set.durationSeconds ?? 0) ?? 0)) }
        }.max()
        return lastEnd.flatMap { Checked.seconds(Double($0 - session.start), in: SessionLimits.durationSeconds) }
    }

    /// The workout of one session.
    private func workout(of session: Session, localTime: (Int64) -> LocalDateTime) -> HistoryWorkout {
        let startMs = session.start * 1000
        let start = localOffsetSeconds.map { LocalDateTime(unixSeconds: session.start, offsetSeconds: $0) } ?? localTime(startMs)
        // A session longer than a day (a timer left running) ends with its last set that
        // says when, else it is stored without a duration (`warnings`); no set lies past
        // its end.
        let elapsed = duration(of: session)
        let end = session.start + Int64(elapsed ?? 0)
        let active = self.sets(of: session).filter(\.active)
        // Training with sets logged is strength training too; without, one cardio set.
        let lifted = session.isStrength || session.sport == 10 && !active.isEmpty
        var sets: [HistorySet]
        if lifted {
            sets = active.map { set in
                var made = HistorySet(exercise: Self.exerciseName(categories: set.categories),
                                      reps: set.repetitions, weightKg: set.weightKg.flatMap { $0 > 0 ? $0 : nil },
                                      durationSeconds: set.repetitions == nil ? set.durationSeconds.flatMap { Checked.seconds($0, in: SessionLimits.durationSeconds) } : nil)
                // Logged when it ended, within the session.
                if let setStart = set.start {
                    made.loggedAt = RFC3339.utc(seconds: max(session.start, min(end, setStart + Int64(Checked.seconds(set.durationSeconds ?? 0) ?? 0))))
                }
                return made
            }
        } else {
            sets = [HistorySet(exercise: Self.sportName(session.sport), distanceM: session.distanceM.flatMap { $0 > 0 ? $0 : nil },
                               durationSeconds: Checked.seconds(session.timerSeconds ?? session.elapsedSeconds, in: SessionLimits.durationSeconds))]
        }
        var workout = HistoryWorkout(start: start, durationSeconds: elapsed,
                                     title: lifted ? "Strength training" : Self.sportName(session.sport),
                                     note: nil, sets: sets)
        workout.startedAt = RFC3339.utc(seconds: session.start)
        let heartRate = heartRate(of: session)
        workout.setHeartRate(average: heartRate?.average, maximum: heartRate?.maximum)
        workout.energyKcal = session.energyKcal.flatMap { HistoryLimits.energyKcal.contains($0) ? $0 : nil }
        return workout
    }

    /// The sets of `session`, in file order, from its own file of a chain only: all of
    /// them when that file has one session, else those that started within it (and
    /// those that say no start).
    func sets(of session: Session) -> [Set] {
        guard lookup.sessionsOfFile[session.file, default: 0] > 1 else { return (lookup.setsOfFile[session.file] ?? []).map { sets[$0] } }
        let end = session.start + Int64(session.elapsedSeconds.rounded(.up))
        let started = lookup.startedSetsOfFile[session.file] ?? []
        let from = Lookup.first(started, atLeast: session.start, key: \.start)
        let to = Lookup.first(started, atLeast: end + 1, key: \.start)
        let indices = started[from..<max(from, to)].map(\.index) + (lookup.unstartedSetsOfFile[session.file] ?? [])
        return indices.sorted().map { sets[$0] }
    }

    /// What a set of these categories is called: the watch's likeliest guess, as a
    /// lifter names it, which the catalog then knows or keeps as one's own.
    static func exerciseName(categories: [Int]) -> String {
        guard let category = categories.first else { return "Strength exercise" }
        return categoryNames[category] ?? "Exercise category \(category)"
    }

    /// FIT's `exercise_category` values (the FIT profile's numbering), named.
    static let categoryNames: [Int: String] = [
        0: "Bench Press", 1: "Calf Raise", 2: "Cardio", 3: "Carry", 4: "Chop", 5: "Core", 6: "Crunch", 7: "Curl", 8: "Deadlift",
        9: "Flye", 10: "Hip Raise", 11: "Hip Stability", 12: "Hip Swing", 13: "Hyperextension", 14: "Lateral Raise", 15: "Leg Curl",
        16: "Leg Raise", 17: "Lunge", 18: "Olympic Lift", 19: "Plank", 20: "Plyo", 21: "Pull Up", 22: "Push Up", 23: "Row",
        24: "Shoulder Press", 25: "Shoulder Stability", 26: "Shrug", 27: "Sit Up", 28: "Squat", 29: "Total Body",
        30: "Triceps Extension", 31: "Warm Up", 32: "Run", 33: "Bike", 34: "Cardio Sensors", 35: "Move", 36: "Pose",
        37: "Banded Exercises", 38: "Battle Rope", 39: "Elliptical", 40: "Floor Climb", 41: "Indoor Bike", 42: "Indoor Row",
        43: "Ladder", 44: "Sandbag", 45: "Sled", 46: "Sledge Hammer", 47: "Stair Stepper", 49: "Suspension", 50: "Tire",
        52: "Run Indoor", 53: "Bike Outdoor",
    ]

    /// An activity's name by FIT's `sport` (the profile's numbering).
    static func sportName(_ sport: Int) -> String {
        let names = [0: "Workout", 1: "Run", 2: "Ride", 4: "Fitness equipment", 5: "Swim", 10: "Training", 11: "Walk",
                     12: "Cross-country ski", 13: "Ski", 14: "Snowboard", 15: "Row", 16: "Mountaineering", 17: "Hike", 19: "Paddle"]
        return names[sport] ?? "Sport \(sport)"
    }
}
