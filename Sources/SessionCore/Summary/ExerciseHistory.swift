import SessionMacros

/// One exercise over time: its sets session by session, and the weekly trend of its
/// best estimated one-rep max and volume that `sessionctl progress` charts.
@Memberwise
public struct ExerciseHistory: Sendable, Equatable {
    /// One set of the exercise, as logged; its estimate is written to 0.1 kg.
    @Memberwise @Coded
    public struct Set: Sendable, Equatable, MemberCodable {
        public var setNumber: Int = 0
        public var kind: SetKind = SetKind.normal
        public var reps: Int?
        public var weightKg: Double?
        public var durationSeconds: Int?
        public var rpe: Double?
        /// The Epley estimate of a counted set with reps and load.
        @Member(.number, places: 1) public var oneRepMaxKg: Double?

        public init() {}
    }

    /// The exercise in one session: its sets, or (a summary, what a chart needs) only
    /// their figures.
    public struct Session: Sendable, Equatable {
        public var sessionID: Int64 = 0
        public var date = LocalDate(daysSinceEpoch: 0)
        /// Empty in a summary.
        public var sets: [Set] = []
        public var bestOneRepMaxKg: Double?
        /// reps × kg over counted sets.
        public var volumeKg = 0.0
        /// How many sets count (warm-ups count towards nothing).
        public var countedSetCount = 0

        public init() {}

        public init(sessionID: Int64, date: LocalDate, sets: [Set]) {
            self.sessionID = sessionID
            self.date = date
            self.sets = sets
            let counted = sets.filter(\.kind.counts)
            bestOneRepMaxKg = counted.compactMap(\.oneRepMaxKg).max()
            volumeKg = counted.reduce(0) { $0 + SetVolume.kg(reps: $1.reps ?? 0, weightKg: $1.weightKg ?? 0) }
            countedSetCount = counted.count
        }

        /// A session's figures without its sets.
        public init(sessionID: Int64, date: LocalDate, bestOneRepMaxKg: Double?, volumeKg: Double, countedSetCount: Int) {
            self.sessionID = sessionID
            self.date = date
            sets = []
            self.bestOneRepMaxKg = bestOneRepMaxKg
            self.volumeKg = volumeKg
            self.countedSetCount = countedSetCount
        }

        /// Counted sets (warm-ups count towards nothing).
        public var countedSets: [Set] { sets.filter(\.kind.counts) }
    }

    /// One ISO week of the trend.
    @Memberwise
    public struct Week: Sendable, Equatable {
        public var weekStart: LocalDate = LocalDate(daysSinceEpoch: 0)
        public var sessions: Int = 0
        public var sets: Int = 0
        public var bestOneRepMaxKg: Double?
        public var volumeKg: Double = 0.0

        public init() {}
    }

    public var name: String = ""
    /// Oldest first.
    public var sessions: [Session] = []

    public init() {}

    /// Weeks a chart shows one by one, at most; past that it shows months
    /// (`progress` over years: a year per 52 lines is not a chart).
    public static let weeksAtMost = 52

    /// Month by month from the first session's month to the last's, months without the
    /// exercise included (as gaps): what a chart of a long history shows. `weekStart`
    /// is each month's first day.
    public var months: [Week] {
        guard let first = sessions.first?.date, let last = sessions.last?.date else { return [] }
        let byMonth = Dictionary(grouping: sessions) { LocalDate(year: $0.date.year, month: $0.date.month, day: 1)! }
        var months: [Week] = []
        var year = first.year
        var month = first.month
        while (year, month) <= (last.year, last.month) {
            let start = LocalDate(year: year, month: month, day: 1)!
            let inMonth = byMonth[start] ?? []
            months.append(Week(weekStart: start, sessions: inMonth.count, sets: inMonth.reduce(0) { $0 + $1.countedSetCount },
                               bestOneRepMaxKg: inMonth.compactMap(\.bestOneRepMaxKg).max(), volumeKg: inMonth.reduce(0) { $0 + $1.volumeKg }))
            (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1)
        }
        return months
    }

    /// True when the sessions span more weeks than a chart shows one by one.
    public var chartsByMonth: Bool { weeks.count > Self.weeksAtMost }

    /// Week by week from the first session to the last, weeks without the exercise
    /// included (as gaps), so a chart's spacing is time.
    public var weeks: [Week] {
        guard let first = sessions.first?.date.mondayOfWeek, let last = sessions.last?.date.mondayOfWeek else { return [] }
        let byWeek = Dictionary(grouping: sessions, by: \.date.mondayOfWeek)
        return stride(from: first.daysSinceEpoch, through: last.daysSinceEpoch, by: 7).map { day in
            let monday = LocalDate(daysSinceEpoch: day)
            let week = byWeek[monday] ?? []
            return Week(weekStart: monday, sessions: week.count, sets: week.reduce(0) { $0 + $1.countedSetCount },
                        bestOneRepMaxKg: week.compactMap(\.bestOneRepMaxKg).max(), volumeKg: week.reduce(0) { $0 + $1.volumeKg })
        }
    }
}
