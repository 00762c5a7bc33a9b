import Testing
import SessionCore

/// The streak's rule on its edges, the weeks given by hand: a week met the plan when it
/// has training days and none is missed.
@Suite struct TrainingCalendarTests {
    /// Wednesday 2 December 2026.
    let today = LocalDate(year: 2026, month: 12, day: 2)!
    var monday: LocalDate { today.mondayOfWeek }

    /// A week of training on Monday, Wednesday and Friday of the week `weeksBack` weeks
    /// before this one, trained on the weekdays (0 Monday) of `trained`.
    func week(_ weeksBack: Int, trained: [Int]) -> (planned: Set<LocalDate>, trained: Set<LocalDate>) {
        let start = monday.adding(days: -7 * weeksBack)
        return (Set([0, 2, 4].map { start.adding(days: $0) }), Set(trained.map { start.adding(days: $0) }))
    }

    @Test func aMissedDayBreaksTheStreakAndAnExtraOneMakesNoneUp() {
        // Last week: Monday, Tuesday (instead of Wednesday) and Friday; the two before met.
        let weeks = [0: week(0, trained: [0]), 1: week(1, trained: [0, 1, 4]), 2: week(2, trained: [0, 2, 4]), 3: week(3, trained: [0, 2, 4])]
        let streak = TrainingCalendar.streak(today: today) { weeks[(monday.daysSinceEpoch - $0.daysSinceEpoch) / 7] ?? ([], []) }
        #expect(streak == 0, "as many days trained as planned, one of them missed")
        let met = [0: week(0, trained: [0]), 1: week(1, trained: [0, 2, 4]), 2: week(2, trained: [0, 2, 4, 5])]
        #expect(TrainingCalendar.streak(today: today) { met[(monday.daysSinceEpoch - $0.daysSinceEpoch) / 7] ?? ([], []) } == 2,
                "this week counts only once every training day of it is trained")
    }

    /// Last week's Sunday session still running past midnight: that day is not missed,
    /// so last week keeps the streak; trained on no other day, it would not.
    @Test func theDayOfASessionStillRunningIsNotMissed() {
        let start = monday.adding(days: -7)
        let planned = Set([0, 6].map { start.adding(days: $0) })
        let sunday = start.adding(days: 6)
        let lastWeek = (planned: planned, trained: Set([start]))
        let streak = { (running: LocalDate?) in
            TrainingCalendar.streak(today: today, running: running) { $0 == start ? lastWeek : ([], []) }
        }
        #expect(streak(sunday) == 1)
        #expect(streak(nil) == 0)
        #expect(!TrainingCalendar.met(planned: planned, trained: [start], running: sunday.adding(days: -1)), "another day running excuses nothing")
        #expect(!TrainingCalendar.met(planned: [], trained: [start]), "a week with no training days meets no plan")
    }
}
