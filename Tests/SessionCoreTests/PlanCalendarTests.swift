import Testing
import TestSupport
@testable import SessionCore

/// Which plan governed each date, derived from the plan events alone.
@Suite struct PlanCalendarTests {
    let monday = Fixtures.monday  // 2026-11-30
    func day(_ offset: Int) -> LocalDate { monday.adding(days: offset) }
    func plan(_ id: Int64, week: Int = 0, revises: Int64? = nil) -> PlanCalendar.Plan {
        PlanCalendar.Plan(id: id, weekStart: monday.adding(days: 7 * week), revises: revises)
    }
    func activated(_ id: Int64, on offset: Int, madeOn made: Int? = nil, withImport: Bool = false) -> PlanCalendar.Event {
        PlanCalendar.Event(.activated(planID: id), on: day(offset), madeOn: made.map(day), withImport: withImport)
    }
    func moved(_ id: Int64, _ from: Int, _ to: Int, on offset: Int) -> PlanCalendar.Event {
        PlanCalendar.Event(.moved(planID: id, from: day(from), to: day(to)), on: day(offset))
    }

    @Test func aPlanImportedOnSaturdayLeavesTheDaysBeforeItUnplanned() {
        let calendar = PlanCalendar(plans: [plan(1)], events: [activated(1, on: 5)])
        for offset in 0..<5 { #expect(calendar.choice(for: day(offset)) == nil, "\(day(offset)) ended before any plan") }
        #expect(calendar.choice(for: day(5)) == PlanCalendar.Choice(planID: 1, weekday: .saturday, carriedOver: false))
        #expect(calendar.choice(for: day(6))?.planID == 1)
        #expect(calendar.choice(for: day(10)) == PlanCalendar.Choice(planID: 1, weekday: .thursday, carriedOver: true), "carried over by weekday")
    }

    @Test func aReplacementTakesOverFromItsDayAndEarlierDaysKeepTheirPlan() {
        let calendar = PlanCalendar(plans: [plan(1), plan(2)], events: [activated(1, on: -3), activated(2, on: 2)])
        #expect(calendar.choices(from: day(0), through: day(6)).map(\.choice.planID) == [1, 1, 2, 2, 2, 2, 2])
    }

    @Test func nextWeeksPlanLeavesTheRestOfThisWeekToThePlanBeforeIt() {
        let calendar = PlanCalendar(plans: [plan(1), plan(2, week: 1)], events: [activated(1, on: 0), activated(2, on: 5)])
        #expect(calendar.choice(for: day(6))?.planID == 1, "Sunday: plan 2's week has not begun")
        #expect(calendar.choice(for: day(7)) == PlanCalendar.Choice(planID: 2, weekday: .monday, carriedOver: false))
        #expect(calendar.choice(for: day(15)) == PlanCalendar.Choice(planID: 2, weekday: .tuesday, carriedOver: true))
    }

    @Test func aMoveSwapsTwoDaysOfItsWeekOnly() {
        let calendar = PlanCalendar(plans: [plan(1)], events: [activated(1, on: 0), moved(1, 4, 5, on: 3)])
        #expect(calendar.choice(for: day(4))?.weekday == .saturday)
        #expect(calendar.choice(for: day(5))?.weekday == .friday)
        #expect(calendar.choice(for: day(5))?.isMoved(on: day(5)) == true)
        #expect(calendar.choice(for: day(3))?.weekday == .thursday)
        #expect(calendar.choice(for: day(11))?.weekday == .friday, "next week trains as the plan says")
        #expect(calendar.choice(for: day(12))?.weekday == .saturday)
    }

    @Test func movesChainInTheOrderTheyWereMade() {
        let calendar = PlanCalendar(plans: [plan(1)], events: [activated(1, on: 0), moved(1, 2, 4, on: 1), moved(1, 4, 6, on: 2)])
        // Wednesday's training went to Friday, then on to Sunday.
        #expect(calendar.choices(from: day(0), through: day(6)).map(\.choice.weekday)
                == [.monday, .tuesday, .friday, .thursday, .sunday, .saturday, .wednesday])
    }

    @Test func aMoveFollowsNewVersionsOfItsPlanButNotAnotherPlan() {
        let revised = PlanCalendar(plans: [plan(1), plan(2, revises: 1)], events: [activated(1, on: 0), moved(1, 4, 5, on: 2), activated(2, on: 3)])
        #expect(revised.choice(for: day(4)) == PlanCalendar.Choice(planID: 2, weekday: .saturday, carriedOver: false))
        let replaced = PlanCalendar(plans: [plan(1), plan(2)], events: [activated(1, on: 0), moved(1, 4, 5, on: 2), activated(2, on: 3)])
        #expect(replaced.choice(for: day(4)) == PlanCalendar.Choice(planID: 2, weekday: .friday, carriedOver: false))
    }

    /// `plan move tue wed` this week, then `plan move tue wed --every-week`: the new
    /// version trades the days itself, so this week's move is made for every week and
    /// does not trade them back, also between days of one title. A version that edits
    /// the days (a new title, a prescription) keeps the move.
    @Test func aVersionThatTradedTheMovedDaysReplacesTheMove() {
        let week = ["Legs\nBack Squat", "Push\nBench Press", "Pull\nDeadlift", "", "Legs B\nLeg Press", "Push B\nDip", ""]
        func calendar(_ trains: [String], made: [String] = week) -> PlanCalendar {
            PlanCalendar(plans: [PlanCalendar.Plan(id: 1, weekStart: monday, trains: made), PlanCalendar.Plan(id: 2, weekStart: monday, revises: 1, trains: trains)],
                         events: [activated(1, on: 0), moved(1, 1, 2, on: 0), activated(2, on: 0)])
        }
        var traded = week
        traded.swapAt(1, 2)
        let everyWeek = calendar(traded)
        #expect(everyWeek.choice(for: day(1)) == PlanCalendar.Choice(planID: 2, weekday: .tuesday, carriedOver: false), "Tuesday trains Pull, as plan 2 says")
        #expect(everyWeek.choice(for: day(2))?.isMoved(on: day(2)) == false)
        // Two days of one title, told apart by their exercises.
        var sameTitle = week
        (sameTitle[1], sameTitle[2]) = ("Full Body\nBack Squat", "Full Body\nDeadlift")
        var sameTitleTraded = sameTitle
        sameTitleTraded.swapAt(1, 2)
        #expect(calendar(sameTitleTraded, made: sameTitle).choice(for: day(1))?.weekday == .tuesday, "one title, traded")
        // Edits keep the move: Tuesday trains what plan 2 has on Wednesday.
        var renamed = week
        renamed[2] = "Pull + Arms\nDeadlift\nBarbell Curl"
        #expect(calendar(renamed).choice(for: day(1))?.weekday == .wednesday, "a day renamed and added to")
        #expect(calendar(week).choice(for: day(1))?.weekday == .wednesday, "a prescription edited")
        var other = week
        other.swapAt(4, 5)
        #expect(calendar(other).choice(for: day(1))?.weekday == .wednesday, "another pair of days traded")
    }

    @Test func aMoveOfADayThatHadEndedOrOfAnotherWeekChangesNothing() {
        let events = [activated(1, on: 0), moved(1, 1, 5, on: 3), moved(1, 5, 8, on: 3)]
        let calendar = PlanCalendar(plans: [plan(1)], events: events)
        #expect(calendar.choices(from: day(0), through: day(13)).allSatisfy { !$0.choice.isMoved(on: $0.date) })
        #expect(!PlanCalendar.isValidMove(from: day(1), to: day(5), madeOn: day(3)))
        #expect(!PlanCalendar.isValidMove(from: day(5), to: day(8), madeOn: day(3)))
        #expect(!PlanCalendar.isValidMove(from: day(5), to: day(5), madeOn: day(3)))
        #expect(PlanCalendar.isValidMove(from: day(3), to: day(6), madeOn: day(3)))
    }

    /// A day is trained when it trains and holds a session: not a rest day (nor an
    /// unplanned one) with a session, not a training day without one. An activation on
    /// a day trained governs from the next.
    @Test func aTrainingDayThatHoldsASessionIsTrainedAndAnActivationOnItGovernsFromTheNext() {
        #expect(PlanCalendar.isTrained(trains: true, holdsSession: true))
        #expect(!PlanCalendar.isTrained(trains: false, holdsSession: true))
        #expect(!PlanCalendar.isTrained(trains: true, holdsSession: false))
        #expect(PlanCalendar.activationDate(madeOn: day(2), todayTrained: true) == day(3))
        #expect(PlanCalendar.activationDate(madeOn: day(2), todayTrained: false) == day(2))
        // Dated so, the day trained keeps the plan it was trained under.
        let calendar = PlanCalendar(plans: [plan(1), plan(2)], events: [activated(1, on: 0), activated(2, on: 3)])
        #expect(calendar.governingPlan(of: day(2))?.id == 1 && calendar.governingPlan(of: day(3))?.id == 2)
    }

    @Test func aPlanActivatedForAnEarlierWeekCarriesOverFromItsDayOn() {
        let calendar = PlanCalendar(plans: [plan(1, week: -2), plan(2)], events: [activated(2, on: 0), activated(1, on: 3)])
        #expect(calendar.choice(for: day(2))?.planID == 2)
        #expect(calendar.choice(for: day(3)) == PlanCalendar.Choice(planID: 1, weekday: .thursday, carriedOver: true))
    }

    @Test func thisWeeksPlanRevisedAfterNextWeeksKeepsToThisWeek() {
        // Plan 1 this week from Wednesday, next week's plan 2 imported on Friday, plan 1
        // revised (plan 3) on Sunday.
        let calendar = PlanCalendar(plans: [plan(1), plan(2, week: 1), plan(3, revises: 1)],
                                    events: [activated(1, on: 2), activated(2, on: 4), activated(3, on: 6)])
        #expect(calendar.choices(from: day(0), through: day(6)).map(\.choice.planID) == [1, 1, 1, 1, 3], "Wednesday on")
        #expect(calendar.choice(for: day(7)) == PlanCalendar.Choice(planID: 2, weekday: .monday, carriedOver: false))
        #expect(calendar.choice(for: day(15)) == PlanCalendar.Choice(planID: 2, weekday: .tuesday, carriedOver: true),
                "past both weeks, the later week's plan carries over")
        #expect(calendar.planChanges(weekOf: day(7)).isEmpty)
        // Revised on a trained Sunday, the new version governs from Monday: it takes its
        // predecessor's place, and keeps to this week as well.
        let putOff = PlanCalendar(plans: [plan(1), plan(2, week: 1), plan(3, revises: 1)],
                                  events: [activated(1, on: 2), activated(2, on: 4), activated(3, on: 7, madeOn: 6, withImport: true)])
        #expect(putOff.choice(for: day(7))?.planID == 2 && putOff.choice(for: day(15))?.planID == 2)
        // A plan carried over into this week and revised today: the version governs the
        // rest of this week, and next week is next week's plan.
        let carried = PlanCalendar(plans: [plan(1, week: -2), plan(2, week: 1), plan(3, week: -2, revises: 1)],
                                   events: [activated(1, on: -14), activated(2, on: 2), activated(3, on: 3, withImport: true)])
        // The same version activated later, by itself, was chosen to go on.
        let chosenLater = PlanCalendar(plans: [plan(1, week: -2), plan(2, week: 1), plan(3, week: -2, revises: 1)],
                                       events: [activated(1, on: -14), activated(2, on: 2), activated(3, on: 3)])
        #expect(chosenLater.choice(for: day(7))?.planID == 3)
        // A plan chosen to go on, then edited after the week after's plan came in: the
        // version is a change for the week at hand, and the week after is its own plan's.
        let goneOn = PlanCalendar(plans: [plan(1), plan(2, week: 1), plan(3, week: 2), plan(4, revises: 1)],
                                  events: [activated(1, on: 0), activated(2, on: 4), activated(1, on: 8), activated(3, on: 11), activated(4, on: 12, withImport: true)])
        #expect((7...16).map { goneOn.choice(for: day($0))?.planID } == [2, 1, 1, 1, 1, 4, 4, 3, 3, 3])
        #expect(carried.choice(for: day(3)) == PlanCalendar.Choice(planID: 3, weekday: .thursday, carriedOver: true))
        #expect(carried.choice(for: day(7))?.planID == 2)
    }

    @Test func anEarlierWeeksPlanActivatedWithinALaterWeekGovernsFromItsDay() {
        // Next week's plan 2 imported on Friday; on that week's Tuesday plan 1 is
        // activated again, to repeat its week.
        let calendar = PlanCalendar(plans: [plan(1), plan(2, week: 1)], events: [activated(1, on: 0), activated(2, on: 4), activated(1, on: 8)])
        #expect(calendar.choice(for: day(7))?.planID == 2)
        #expect(calendar.choice(for: day(8)) == PlanCalendar.Choice(planID: 1, weekday: .tuesday, carriedOver: true))
        #expect(calendar.choice(for: day(16))?.planID == 1, "and on, until the next activation")
        // Chosen again before next week began, after its own week had ended: carried
        // over on purpose, it governs next week too.
        let chosen = PlanCalendar(plans: [plan(1, week: -2), plan(2, week: 1)], events: [activated(1, on: -14), activated(2, on: 4), activated(1, on: 5)])
        #expect(chosen.choice(for: day(7)) == PlanCalendar.Choice(planID: 1, weekday: .monday, carriedOver: true))
        // This week's plan activated again on Saturday, after next week's came in (an
        // edit undone), is for this week still.
        let again = PlanCalendar(plans: [plan(1), plan(2, week: 1)], events: [activated(1, on: 0), activated(2, on: 4), activated(1, on: 5)])
        #expect(again.choice(for: day(5))?.planID == 1 && again.choice(for: day(7))?.planID == 2)
    }

    /// Hundreds of random histories of plans and events: an event never changes what a
    /// date that ended before it trains, and the same events give the same calendar
    /// whatever order the plans come in.
    @Test func anEventNeverChangesADateThatEndedBeforeIt() {
        var random = SplitMix(seed: 0x5E55_10D0)
        for _ in 0..<400 {
            let plans = (1...Int64.random(in: 1...5, using: &random)).map { id in
                plan(id, week: Int.random(in: -1...4, using: &random), revises: id > 1 && Bool.random(using: &random) ? Int64.random(in: 1..<id, using: &random) : nil)
            }
            var events: [PlanCalendar.Event] = []
            var today = Int.random(in: -7...3, using: &random)
            for _ in 0..<Int.random(in: 1...14, using: &random) {
                today += Int.random(in: 0...3, using: &random)
                if Bool.random(using: &random) {
                    events.append(activated(Int64.random(in: 1...Int64(plans.count), using: &random), on: today))
                } else {
                    // A move as plan.move would allow it (and sometimes not: the
                    // calendar must ignore those).
                    let sunday = day(today).mondayOfWeek.adding(days: 6).daysSinceEpoch - monday.daysSinceEpoch
                    let from = Int.random(in: (today - 1)...sunday, using: &random)
                    let to = Int.random(in: (today - 1)...(sunday + 1), using: &random)
                    events.append(moved(Int64.random(in: 1...Int64(plans.count), using: &random), from, to, on: today))
                }
            }
            let whole = PlanCalendar(plans: plans, events: events)
            let span = (day(-14), day(today + 21))
            let all = whole.choices(from: span.0, through: span.1)
            let reordered = PlanCalendar(plans: plans.reversed(), events: events).choices(from: span.0, through: span.1)
            #expect(all.map(\.date) == reordered.map(\.date) && all.map(\.choice) == reordered.map(\.choice), "the same events, the same calendar")
            for index in events.indices {
                let before = PlanCalendar(plans: plans, events: Array(events[..<index]))
                let ended = events[index].date.adding(days: -1)
                guard span.0 <= ended else { continue }
                let earlier = before.choices(from: span.0, through: ended)
                let later = whole.choices(from: span.0, through: ended)
                #expect(earlier.map(\.date) == later.map(\.date) && earlier.map(\.choice) == later.map(\.choice),
                        "event \(index) of \(events) changed a date before \(events[index].date)")
            }
        }
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
