import ArgumentParsing
import SessionCore
import SessionFormats
import SessionRPC
import SessionSystem

extension Commands {
    /// The weeks `plan export` writes to a calendar, this one the first.
    static let calendarWeeks = 1...52
    static let calendarWeeksDefault = 4

    /// `plan export` to iCalendar without --plan or --week: each training day from today
    /// to the end of the `weeks`th week as the daemon's plan calendar has it (`plan.get`
    /// by date: each date's governing plan, carried over or moved), so that a calendar
    /// looks ahead whatever the weekday.
    static func exportTrainingDays(weeks: Int, calendar: ICalendar, to path: String?, arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let client = try context.connect(arguments)
        let status = try context.call(client, DaemonStatus.self, NoParams())
        // Times are the daemon's: this process reads them in its zone.
        try LocalClock.use(timeZone: status.timeZone)
        let today = status.today
        // One request a week, from today in this one (a week's earlier dates may be
        // another plan's).
        let asked = (0..<weeks).map { max(today, today.mondayOfWeek.adding(days: 7 * $0)) }
        let replies = try client.pipeline(asked.map { date in
            var params = PlanGet.Params()
            params.date = date
            return SocketClient.Call(PlanGet.self, params)
        })
        var documents: [Int64: PlanDocument] = [:]
        var days: [CalendarDay] = []
        var first: PlanDocument?
        for reply in replies {
            switch reply {
            case .result(let json):
                let document = try PlanGet.Result(json: json)
                first = first ?? document
                documents[document.planID] = document
                days += document.week.filter { $0.date >= today && !$0.rest && $0.planDayID != nil }
            case .error(let error):
                // No plan for today: nothing to write, said as the daemon says it.
                if first == nil { throw DaemonRefusal(error: error) }
            }
        }
        // A date another plan governs than the one asked for (a week's plans changing).
        let others = Set(days.compactMap(\.planID)).subtracting(documents.keys).sorted()
        if !others.isEmpty {
            let fetched = try client.pipeline(others.map { id in SocketClient.Call(PlanGet.self, PlanGet.Params { $0.planID = id }) })
            for reply in fetched {
                let document = try PlanGet.Result(json: try reply.value())
                documents[document.planID] = document
            }
        }
        let events = days.compactMap { day -> ICalendar.Event? in
            guard let document = day.planID.flatMap({ documents[$0] }), let index = document.dayIDs.firstIndex(where: { $0 == day.planDayID }) else { return nil }
            let planDay = document.plan.days[index]
            guard !planDay.exercises.isEmpty else { return nil }
            return ICalendar.Event(date: day.date, title: day.title ?? planDay.title, day: planDay)
        }
        let name = first?.plan.name ?? "Training"
        guard let written = try FileOutput.deliver(calendar.file(name: name, events: events), to: path, context: context) else { return ExitStatus.ok }
        let last = today.mondayOfWeek.adding(days: 7 * weeks - 1)
        let plans = Set(days.compactMap(\.planID)).sorted().map(String.init).joined(separator: ", ")
        context.console.error("wrote \(plural(events.count, "training day")) from \(today) to \(last)"
                              + (plans.isEmpty ? "" : " (plan \(plans))") + " to \(written)")
        return ExitStatus.ok
    }
}
