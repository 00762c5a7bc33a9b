import SessionCore
import SessionRPC
import SessionStore

/// The plan calendar as every command asks it: built from the stored plans and plan
/// events (`PlanCalendar`), each event dated in the daemon's zone.
extension PlansFeature {
    /// The calendar of the plans as stored now.
    func planCalendar() throws -> PlanCalendar {
        try database.plans.planTimeline().calendar { clock.localDate(atMs: $0) }
    }

    /// The plan day `date` trains (nil: unplanned, or the plan has no such day), and
    /// the calendar's choice for it.
    func planDay(on date: LocalDate, in calendar: PlanCalendar) throws -> (day: PlanDayRecord, choice: PlanCalendar.Choice)? {
        guard let choice = calendar.choice(for: date), let day = try database.plans.planDay(planID: choice.planID, weekday: choice.weekday) else { return nil }
        return (day, choice)
    }

    /// True when `date` is trained (`PlanCalendar.isTrained`): it trains under the plan
    /// governing it and holds a session, finished or running.
    func isTrained(_ date: LocalDate, in calendar: PlanCalendar) throws -> Bool {
        let trains = try planDay(on: date, in: calendar).map { !$0.day.rest } ?? false
        // Sessions are looked for only on a day that trains.
        let holdsSession = try trains && !database.sessions.listSessions(from: date, to: date, limit: 1).isEmpty
        return PlanCalendar.isTrained(trains: trains, holdsSession: holdsSession)
    }

    /// The dates of the week of `monday` that train (not a rest day), with their plan
    /// day: each under the plan that governed it.
    func trainingDays(weekOf monday: LocalDate, in calendar: PlanCalendar) throws -> [(date: LocalDate, day: PlanDayRecord, choice: PlanCalendar.Choice)] {
        try (0..<7).compactMap { offset in
            let date = monday.adding(days: offset)
            guard let (day, choice) = try planDay(on: date, in: calendar), !day.rest else { return nil }
            return (date, day, choice)
        }
    }

    /// The planned training days of the week of `monday` with their exercises, for the
    /// weekly summary: each date counted once, under the plan that governed it.
    func plannedDays(weekOf monday: LocalDate, in calendar: PlanCalendar) throws -> [SummaryInput.PlannedDay] {
        try trainingDays(weekOf: monday, in: calendar).map { date, day, choice in
            SummaryInput.PlannedDay(date: date, exercises: try database.plans.plannedExercises(dayID: day.id).map {
                (id: $0.id, name: $0.exercise.name, sets: $0.exercise.sets)
            }, movedFrom: choice.movedFrom(on: date))
        }
    }

    /// Each date of the week of `monday` as `calendar` has it.
    func calendarWeek(of monday: LocalDate, in calendar: PlanCalendar) throws -> [CalendarDay] {
        try (0..<7).map { offset in
            let date = monday.adding(days: offset)
            let choice = calendar.choice(for: date)
            guard let choice, let day = try database.plans.planDay(planID: choice.planID, weekday: choice.weekday) else {
                return CalendarDay { $0.date = date; $0.planID = choice?.planID; $0.rest = true }
            }
            return CalendarDay {
                $0.date = date
                $0.planID = choice.planID
                $0.planDayID = day.id
                $0.title = day.title
                $0.rest = day.rest
                $0.movedFrom = choice.movedFrom(on: date)
            }
        }
    }

    /// `plan.move`: the days two dates of this week train swap, as a calendar moves an
    /// appointment, under the plan governing them; the plan itself is unchanged. A
    /// date that has ended cannot be moved, nor a training day trained already.
    func movePlanDays(_ params: PlanMove.Params) throws -> Outcome {
        let today = clock.localDate(atMs: nowMs)
        guard let from = params.from, let to = params.to else {
            throw RPCError.invalidParams([PathMessage(path: "params", message: "needs from and to")])
        }
        for (name, date) in [("from", from), ("to", to)] where date < today {
            throw RPCError.invalidParams([PathMessage(path: "params.\(name)", message: "\(date) has ended: only today and later days of this week move")])
        }
        guard PlanCalendar.isValidMove(from: from, to: to, madeOn: today) else {
            throw RPCError.invalidParams([PathMessage(path: "params.to", message: from == to
                ? "is the same day as from" : "\(to) is not in the week of \(from) (\(from.mondayOfWeek) to \(from.mondayOfWeek.adding(days: 6)))")])
        }
        let calendar = try planCalendar()
        // Both dates lie ahead in one week, under the plan in force now; or, after a plan
        // activated on a day trained, today under the one before and later days under it.
        guard let plan = calendar.governingPlan(of: from) else { throw SessionError.noPlanCovers(from) }
        if let other = calendar.governingPlan(of: to), other.id != plan.id {
            throw RPCError.invalidParams([PathMessage(path: "params.to", message: "\(to) is under plan \(other.id) and \(from) under plan \(plan.id) "
                                                      + "(a plan activated on a day trained governs from the next): a move swaps two days of one plan")])
        }
        if let trained = try [from, to].first(where: { try isTrained($0, in: calendar) }) {
            throw SessionError.dayTrained(trained, today: today)
        }
        try database.plans.movePlanDays(planID: plan.id, from: from, to: to, atMs: nowMs)
        let moved = try planCalendar()
        func day(_ date: LocalDate) throws -> PlanMove.Day {
            let found = try planDay(on: date, in: moved)
            return PlanMove.Day {
                $0.date = date
                $0.planDayID = found?.day.id
                $0.title = found.map { $0.day.rest ? "Rest" : $0.day.title } ?? "Rest"
                $0.rest = found?.day.rest ?? true
            }
        }
        return Outcome(try PlanMove.Result { $0.planID = plan.id; $0.from = try day(from); $0.to = try day(to) })
    }
}

extension PlansFeature {
    /// Moving plan days.
    static let calendarRoutes: [DaemonRoute] = [
        DaemonRoute(PlanMove.self) { params, service in try service.plans.movePlanDays(params) },
    ]
}
