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

        /// Strength training, by its sub-sport, or training with sets logged.
        public var isStrength: Bool { subSport == FitActivity.strengthTraining }
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
    }

    public var sessions: [Session] = []
    public var sets: [Set] = []
    /// The heart rate of each record (Unix seconds, beats per minute), in file order.
    public var heartRates: [(time: Int64, bpm: Int)] = []
    /// The watch's offset from UTC when the activity ended (`activity.local_timestamp`
    /// less its `timestamp`), when it says.
    public var localOffsetSeconds: Int?

    public static func == (lhs: FitActivity, rhs: FitActivity) -> Bool {
        lhs.sessions == rhs.sessions && lhs.sets == rhs.sets && lhs.localOffsetSeconds == rhs.localOffsetSeconds
            && lhs.heartRates.elementsEqual(rhs.heartRates) { $0.time == $1.time && $0.bpm == $1.bpm }
    }

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
    /// without a session is refused by name.
    public init(bytes: [UInt8]) throws(FitFile.Failure) {
        var fileType: Int?
        var activityTimes: (utc: Double, local: Double)?
        var activity = FitActivity()
        try FitFile.read(bytes, wanted: [Global.fileID, Global.session, Global.record, Global.activity, Global.set]) { (message: FitFile.Message) throws(FitFile.Failure) in
            switch message.global {
            case Global.fileID:
                fileType = message.value(0).map(Int.init)
            case Global.session:
                let end = message.timestamp.map { Int64($0) + FitFile.epochOffsetSeconds }
                let elapsed = message.value(7).map { $0 / 1000 } ?? message.value(8).map { $0 / 1000 } ?? 0
                guard let start = message.value(2).map({ Int64($0) + FitFile.epochOffsetSeconds }) ?? end.map({ $0 - Int64(elapsed) }) else {
                    throw FitFile.Failure(offset: message.start, message: "a session message without a start time or a timestamp")
                }
                activity.sessions.append(Session(
                    start: start, elapsedSeconds: elapsed, timerSeconds: message.value(8).map { $0 / 1000 },
                    distanceM: message.value(9).map { $0 / 100 }, energyKcal: message.value(11),
                    averageHeartRate: message.value(16).map(Int.init), maximumHeartRate: message.value(17).map(Int.init),
                    sport: message.value(5).map(Int.init) ?? 0, subSport: message.value(6).map(Int.init) ?? 0))
            case Global.record:
                if let bpm = message.value(3), bpm > 0, let time = message.timestamp {
                    activity.heartRates.append((Int64(time) + FitFile.epochOffsetSeconds, Int(bpm)))
                }
            case Global.activity:
                if let utc = message.timestamp, let local = message.value(5) { activityTimes = (Double(utc), local) }
            default:  // set
                activity.sets.append(Set(
                    start: message.value(6).map { Int64($0) + FitFile.epochOffsetSeconds }, durationSeconds: message.value(0).map { $0 / 1000 },
                    repetitions: message.value(3).map(Int.init), weightKg: message.value(4).map { $0 / 16 },
                    active: message.value(5) == 1, categories: (message.values(7) ?? []).compactMap { $0 }.map(Int.init).filter { $0 != 65534 }))
            }
        }
        guard fileType == nil || fileType == 4 else {
            throw FitFile.Failure(offset: 0, message: "a FIT file of type \(fileType ?? 0), not an activity (4): nothing to import")
        }
        guard !activity.sessions.isEmpty else { throw FitFile.Failure(offset: bytes.count, message: "an activity without a session message") }
        if let times = activityTimes {
            // Whole minutes: the offsets people live in are; a clock's drift is not.
            activity.localOffsetSeconds = Int(((times.local - times.utc) / 60).rounded()) * 60
        }
        self = activity
    }

    init() {}

    /// The session's average and maximum heart rate: as the watch summed them, else
    /// from its records between its start and end; nil without either.
    /// Readings outside `HistoryLimits.heartRate` (a strap's dropout) are none.
    public func heartRate(of session: Session) -> (average: Int, maximum: Int)? {
        let plausible = HistoryLimits.heartRate
        if let average = session.averageHeartRate, let maximum = session.maximumHeartRate, plausible.contains(average), plausible.contains(maximum) {
            return (average, maximum)
        }
        let end = session.start + Int64(session.elapsedSeconds.rounded(.up))
        let within = heartRates.filter { $0.time >= session.start && $0.time <= end && plausible.contains($0.bpm) }.map(\.bpm)
        guard let maximum = within.max() else { return nil }
        return (Int((Double(within.reduce(0, +)) / Double(within.count)).rounded()), maximum)
    }

    /// The workouts to import, one per session, at `localTime` of each start (the
    /// watch's own offset when the file gives one).
    public func workouts(localTime: (Int64) -> LocalDateTime) -> [HistoryWorkout] {
        sessions.map { session in
            let startMs = session.start * 1000
            let start = localOffsetSeconds.map { LocalDateTime(unixSeconds: session.start, offsetSeconds: $0) } ?? localTime(startMs)
            let end = session.start + Int64(session.elapsedSeconds.rounded())
            let active = self.sets(of: session).filter(\.active)
            // Training with sets logged is strength training too; without, one cardio set.
            let lifted = session.isStrength || session.sport == 10 && !active.isEmpty
            var sets: [HistorySet]
            if lifted {
                sets = active.map { set in
                    var made = HistorySet(exercise: Self.exerciseName(categories: set.categories),
                                          reps: set.repetitions, weightKg: set.weightKg.flatMap { $0 > 0 ? $0 : nil },
                                          durationSeconds: set.repetitions == nil ? set.durationSeconds.map { Int($0.rounded()) } : nil)
                    // Logged when it ended, within the session.
                    if let setStart = set.start {
                        made.loggedAt = RFC3339.utc(seconds: min(end, setStart + Int64((set.durationSeconds ?? 0).rounded())))
                    }
                    return made
                }
            } else {
                sets = [HistorySet(exercise: Self.sportName(session.sport), distanceM: session.distanceM.flatMap { $0 > 0 ? $0 : nil },
                                   durationSeconds: Int((session.timerSeconds ?? session.elapsedSeconds).rounded()))]
            }
            var workout = HistoryWorkout(start: start, durationSeconds: Int(session.elapsedSeconds.rounded()),
                                         title: lifted ? "Strength training" : Self.sportName(session.sport),
                                         note: nil, sets: sets)
            workout.startedAt = RFC3339.utc(seconds: session.start)
            let heartRate = heartRate(of: session)
            workout.setHeartRate(average: heartRate?.average, maximum: heartRate?.maximum)
            workout.energyKcal = session.energyKcal.flatMap { HistoryLimits.energyKcal.contains($0) ? $0 : nil }
            return workout
        }
    }

    /// The sets of `session`: all of them when the file has one session, else those
    /// that started within it.
    func sets(of session: Session) -> [Set] {
        guard sessions.count > 1 else { return sets }
        let end = session.start + Int64(session.elapsedSeconds.rounded(.up))
        return sets.filter { ($0.start ?? session.start) >= session.start && ($0.start ?? session.start) <= end }
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

extension LocalDateTime {
    /// The wall-clock time `offsetSeconds` east of UTC at Unix second `unixSeconds`.
    public init(unixSeconds: Int64, offsetSeconds: Int) {
        let local = unixSeconds + Int64(offsetSeconds)
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        self.init(date: LocalDate(daysSinceEpoch: Int(days)), secondOfDay: Int(local - days * 86_400))
    }
}

extension RFC3339 {
    /// `unixSeconds` as RFC 3339 text in UTC (`2025-10-20T17:44:06Z`).
    public static func utc(seconds unixSeconds: Int64) -> String {
        let time = LocalDateTime(unixSeconds: unixSeconds, offsetSeconds: 0)
        let second = time.secondOfDay
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(time.date.description)T\(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60))Z"
    }
}
