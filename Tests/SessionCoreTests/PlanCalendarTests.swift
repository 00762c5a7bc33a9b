import Testing
import TestSupport
@testable import SessionCore

/// Which plan a date trains, and how a carried-over plan lands on a later week.
@Suite struct PlanCalendarTests {
    let monday = Fixtures.monday  // 2026-11-30
    func week(_ id: Int64, _ start: LocalDate, active: Bool = false) -> PlanCalendar.PlanWeek {
        PlanCalendar.PlanWeek(planID: id, weekStart: start, active: active)
    }

    @Test func theActivePlanCoversItsWeekAndCarriesOverOnlyForward() {
        let plans = [week(1, monday, active: true)]
        #expect(PlanCalendar.choose(for: monday.adding(days: 3), plans: plans) == PlanCalendar.Choice(planID: 1, carriedOver: false))
        #expect(PlanCalendar.choose(for: monday.adding(days: 16), plans: plans) == PlanCalendar.Choice(planID: 1, carriedOver: true))
        #expect(PlanCalendar.choose(for: monday.adding(days: -1), plans: plans) == nil, "never backwards")
        #expect(PlanCalendar.choose(for: monday, plans: []) == nil)
    }

    @Test func aPlanImportedForAWeekWinsAndStopsTheCarryOver() {
        let plans = [week(1, monday, active: true), week(2, monday.adding(days: 14)), week(3, monday.adding(days: 14))]
        #expect(PlanCalendar.choose(for: monday.adding(days: 15), plans: plans) == PlanCalendar.Choice(planID: 3, carriedOver: false),
                "the newest import for the week")
        #expect(PlanCalendar.choose(for: monday.adding(days: 8), plans: plans) == nil, "a later plan exists: the active one does not carry over past it")
    }

    @Test func carryingKeepsEachWeekday() {
        let plan = Plan(name: "P", weekStart: monday, days: [
            PlanDay(date: monday, title: "Legs", rest: false, warmup: [], exercises: []),
            PlanDay(date: monday.adding(days: 4), title: "Pull", rest: false, warmup: [], exercises: []),
        ])
        let later = monday.adding(days: 21)
        let carried = PlanCalendar.carry(plan, to: later)
        #expect(carried.weekStart == later)
        #expect(carried.days.map(\.date) == [later, later.adding(days: 4)])
        #expect(carried.days.map(\.date.weekday) == plan.days.map(\.date.weekday))
        #expect(carried.days.map(\.title) == ["Legs", "Pull"])
    }
}
