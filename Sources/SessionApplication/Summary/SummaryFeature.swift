import SessionCore
import SessionFormats
import SessionRPC
import SessionStore
import SessionSystem

/// The weekly summary, the generation prompt and the month calendar, over the history,
/// health and profile stores and the plan calendar (`PlansFeature`), at the time of
/// the request served. Reached as `service.summary`.
struct SummaryFeature {
    let database: Database
    let clock: LocalClock
    /// The time of the request being served.
    let nowMs: Int64
    /// The plan calendar the summaries count planned days from.
    var plans: PlansFeature { PlansFeature(database: database, clock: clock, nowMs: nowMs) }
}

extension SummaryFeature {
    /// `summary.weekly`: the structured summary and its prompt context.
    func weeklySummary(weekStart: LocalDate?) throws -> WeeklyReport {
        let summary = try summary(weekOf: weekStart)
        return try WeeklyReport { $0.summary = summary; $0.promptContext = PromptContext.render(summary, goals: try database.profile.profile().goals) }
    }

    /// The summary of the ISO week holding `date` (default: today's week).
    private func summary(weekOf date: LocalDate?) throws -> WeeklySummary {
        let today = clock.localDate(atMs: nowMs)
        return try summary(weekOf: (date ?? today).mondayOfWeek, today: today, calendar: plans.planCalendar())
    }

    /// The summary of the week of `monday`, its planned days as `calendar` has them.
    private func summary(weekOf monday: LocalDate, today: LocalDate, calendar: PlanCalendar) throws -> WeeklySummary {
        var input = try database.history.summaryInput(weekStart: monday, today: today, plannedDays: plans.plannedDays(weekOf: monday, in: calendar))
        input.planChanges = calendar.planChanges(weekOf: monday)
        return SummaryBuilder.build(input)
    }

    /// `prompt.render`: next week's generation prompt from the profile and the record to
    /// the end of the summarised week (`coachContext`).
    func renderPrompt(_ params: PromptRender.Params) throws -> PromptRender.Result {
        var profile = try database.profile.profile()
        if let goals = params.goals { profile.goals = goals }
        let today = clock.localDate(atMs: nowMs)
        let weekStart = (params.weekStart ?? today).mondayOfWeek
        let planWeek = params.planWeek?.mondayOfWeek ?? weekStart.adding(days: 7)
        guard planWeek == weekStart || planWeek == weekStart.adding(days: 7) else {
            throw RPCError.invalidParams([PathMessage(path: "params.planWeek", message: "must be the week of weekStart (\(weekStart)) or the one after it")])
        }
        let prompt = GenerationPrompt(profile: profile, coach: try coachContext(weekStart: weekStart, today: today, goals: profile.goals), weekStart: planWeek)
        return PromptRender.Result {
            $0.system = prompt.system
            $0.user = prompt.user
            $0.schema = PlanSchema.generation
            $0.estimatedTokens = prompt.estimatedTokens
            $0.schemaTokens = prompt.schemaTokens
            $0.tokenBudget = GenerationPrompt.tokenBudget
        }
    }

    /// What a coach is told of the record to the week of `weekStart` (to today while it
    /// runs): the four weeks' summaries to it, the main lifts over `CoachContext.liftWindow`,
    /// sets per exercise this week and the four weeks before, health samples of those
    /// weeks (`goals` decide which body measurements are told).
    func coachContext(weekStart: LocalDate, today: LocalDate, goals: String) throws -> CoachContext {
        let asOf = min(today, weekStart.adding(days: 6))
        let calendar = try plans.planCalendar()
        let weeks = try (0..<4).reversed().map { back in try summary(weekOf: weekStart.adding(days: -7 * back), today: today, calendar: calendar) }
        let lastTraining = try database.history.lastTrainingDate(onOrBefore: asOf)
        let window = CoachContext.liftWindow(asOf: asOf, lastTraining: lastTraining)
        let sessions = try database.history.liftSessions(from: window.lowerBound, to: window.upperBound)
        let baselineStart = weekStart.adding(days: -7 * HealthSummary.baselineWeeks)
        return CoachContext(
            weeks: weeks, asOf: asOf, lastTraining: lastTraining, liftSessions: sessions,
            firstTrained: try database.history.firstTrainingDates(of: CoachContext.mainLifts(in: sessions)),
            setsThisWeek: try database.history.countedSetsPerExercise(from: weekStart, to: asOf),
            setsFourWeeksBefore: try database.history.countedSetsPerExercise(from: baselineStart, to: weekStart.adding(days: -1)),
            customExercises: try database.exercises.customExercises(),
            health: try database.health.healthSamples(from: baselineStart, to: asOf), goals: goals)
    }
}

extension SummaryFeature {
    /// `calendar.month`: the month's days marked, and the streak of weeks that met the plan.
    func calendarMonth(_ params: CalendarMonth.Params) throws -> CalendarMonth.Result {
        let today = clock.localDate(atMs: nowMs)
        let (year, month) = params.month.flatMap(CalendarMonth.Params.parts) ?? (today.year, today.month)
        guard let (first, last) = TrainingCalendar.bounds(year: year, month: month) else {
            throw RPCError.invalidParams([PathMessage(path: "params.month", message: "is not a month this calendar holds")])
        }
        let calendar = try plans.planCalendar()
        var planned = Set<LocalDate>()
        var monday = first.mondayOfWeek
        while monday <= last {
            planned.formUnion(try plans.trainingDays(weekOf: monday, in: calendar).map(\.date))
            monday = monday.adding(days: 7)
        }
        let sessions = Dictionary(try database.history.finishedSessions(from: first, to: last).map { ($0.date, 1) }, uniquingKeysWith: +)
        let running = try database.sessions.activeSession()?.date
        let streak = try TrainingCalendar.streak(today: today, running: running) { monday in
            let trained = Set(try database.history.finishedSessions(from: monday, to: monday.adding(days: 6)).map(\.date))
            return (Set(try plans.trainingDays(weekOf: monday, in: calendar).map(\.date)), trained)
        }
        return CalendarMonth.Result(month: CalendarMonth.Params.text(year: year, month: month), today: today,
                                    days: TrainingCalendar.days(from: first, through: last, today: today, planned: planned, sessions: sessions,
                                                                running: running),
                                    streakWeeks: streak)
    }
}

extension SummaryFeature {
    /// The weekly summary, the generation prompt and the month calendar.
    static let routes: [DaemonRoute] = [
        DaemonRoute(SummaryWeekly.self) { params, service in Outcome(try service.summary.weeklySummary(weekStart: params.weekStart)) },
        DaemonRoute(PromptRender.self) { params, service in Outcome(try service.summary.renderPrompt(params)) },
        DaemonRoute(CalendarMonth.self) { params, service in Outcome(try service.summary.calendarMonth(params)) },
    ]
}
