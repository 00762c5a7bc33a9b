import Glibc
import ArgumentParsing
import SessionCore
import SessionFormats
import JSON
import SessionRPC
import SessionSystem

extension PlanCommands {
    static let planExport = Command(
        words: ["plan", "export"], synopsis: "[FILE]",
        summary: "Write a plan as an iCalendar (.ics) file, one event each training day with a reminder, or as Markdown or a PDF sheet to print.",
        details: """
            --format ics (the default): each training day from today to the end of the
            --weeks'th week (default 4, this week the first) becomes an event, as the plan
            calendar has it: the plan that governs each date (carried over from an earlier
            week when no newer one came), its one-off moves; with --plan or --week, that
            plan's week. Each event is at --time
            (wall-clock time in the daemon's time zone, written in UTC so that a calendar in
            any zone shows the right moment) lasting --duration, with the exercises in its
            description and a reminder --remind before. Event UIDs
            come from the dates, so importing a later export updates the events rather than
            duplicating them. --format markdown: the plan's week as a document (a section per
            day, its warm-up, a table of its exercises with weights in your units, each
            description beneath), for paper or a notes app. --format pdf: the same week as a
            sheet to print and take to the gym, with a box beside each exercise for every
            planned set, to tick or to write the weight and reps done; typeset by groff
            (Debian's groff package), on --paper a4 or letter (default: the paper of the
            locale in LC_ALL, LC_PAPER or LANG, else A4). Characters its fonts lack, such as
            emoji, are left out and named. Without FILE (or with -) the file goes to standard
            output (a PDF only when that is not a terminal).
            """,
        options: CommonOptions.daemon + [
            Options.planExportFormat.spec,
            Options.paper.spec,
            Options.plan.spec,
            Options.week.help("instead of --plan: the plan that trains DATE's week, carried over or not").param("date").spec,
            Options.weeks.spec,
            Options.time.spec,
            Options.sessionMinutes.spec,
            Options.remind.spec,
            OptionSpec(.force, help: "replace FILE if it exists"),
        ],
        run: { arguments, context in
            guard arguments.positionals.count <= 1 else { throw UsageError("plan export takes at most one FILE") }
            let format = try arguments.value(Options.planExportFormat) ?? .ics
            var calendar = ICalendar(stampMs: context.clock.nowMs(), unit: context.console.units) { LocalClock().ms(of: $0) }
            if let second = try arguments.value(Options.time) { calendar.startSecond = second }
            if let minutes = try arguments.value(Options.sessionMinutes) { calendar.durationMinutes = minutes }
            if let minutes = try arguments.value(Options.remind) { calendar.reminderMinutes = minutes }
            var params = PlanGet.Params.currentPlan
            params.planID = try arguments.value(Options.plan)
            let week = try arguments.value(Options.week)
            if week != nil, params.planID != nil { throw UsageError("give --plan or --week, not both") }
            let path = try FileOutput.target(arguments)
            let paper = try PlanSheet.Paper.chosen(arguments[.paper], environment: context.environment)
            if arguments[.paper] != nil, format != .pdf { throw UsageError("--paper is for --format pdf") }
            if format == .pdf, path == nil, isatty(STDOUT_FILENO) == 1 {
                throw UsageError("not writing a PDF to a terminal; give FILE, or send standard output to a file or a program")
            }
            let weeks = try arguments.value(Options.weeks)
            if weeks != nil, format != .ics || params.planID != nil || week != nil {
                throw UsageError("--weeks is for the calendar from today (--format ics, without --plan or --week)")
            }
            if format == .ics, params.planID == nil, week == nil {
                return try exportTrainingDays(weeks: weeks ?? calendarWeeksDefault, calendar: calendar, to: path, arguments: arguments, context: context)
            }
            let client = try context.connect(arguments)
            params.date = try context.date(week, over: client)
            let replies = try client.pipeline([SocketClient.Call(PlanGet.self, params), SocketClient.Call(DaemonStatus.self, NoParams())])
            let document = try context.plan(client, params, reply: replies[0])
            let status = try DaemonStatus.Result(json: try replies[1].value())
            // Times are the daemon's: this process reads them in its zone.
            try LocalClock.use(timeZone: status.timeZone)
            let currentWeek = status.today.mondayOfWeek
            var plan = document.plan
            if let monday = document.carriedOverTo {
                plan = PlanCalendar.carry(plan, to: monday)
            } else if params.date == nil, document.current, plan.weekStart < currentWeek {
                plan = PlanCalendar.carry(plan, to: currentWeek)
            }
            switch format {
            case .markdown:
                guard let path = try FileOutput.deliver(PlanMarkdown(unit: context.console.units).document(for: plan), to: path, context: context) else { return ExitStatus.ok }
                context.console.error("wrote plan \(document.planID), week of \(plan.weekStart), as Markdown to \(path)")
                _ = context.printWritten(path, [(key: "planId", value: .number(Double(document.planID)))], arguments)
                return ExitStatus.ok
            case .pdf:
                let sheet = PlanSheet(unit: context.console.units, paper: paper)
                let typeset = try sheet.typeset(sheet.source(for: plan), environment: context.environment)
                if !typeset.missing.isEmpty {
                    context.console.error("sessionctl: the sheet's fonts have no glyph for \(typeset.missing.map { "\"\($0)\"" }.joined(separator: ", ")); left out")
                }
                guard let path else {
                    context.console.write(bytes: typeset.pdf)
                    return ExitStatus.ok
                }
                try FileOutput.write(typeset.pdf, to: path, mode: 0o644)
                context.console.error("wrote plan \(document.planID), week of \(plan.weekStart), as a PDF sheet (\(paper.name)) to \(path)")
                _ = context.printWritten(path, [(key: "planId", value: .number(Double(document.planID)))], arguments)
                return ExitStatus.ok
            case .ics: break
            }
            guard let path = try FileOutput.deliver(calendar.file(for: plan), to: path, context: context) else { return ExitStatus.ok }
            let events = plan.days.filter { !$0.rest && !$0.exercises.isEmpty }.count
            context.console.error("wrote " + plural(events, "training day") + " of plan \(document.planID), week of \(plan.weekStart), to \(path)")
            _ = context.printWritten(path, [(key: "planId", value: .number(Double(document.planID))), (key: "trainingDays", value: JSONValue(events))], arguments)
            return ExitStatus.ok
        })

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
        for document in try Self.documents(Set(days.compactMap(\.planID)).subtracting(documents.keys), client: client) {
            documents[document.planID] = document
        }
        let events = days.compactMap { day -> ICalendar.Event? in
            guard let planDay = day.planID.flatMap({ documents[$0] })?.planDay(of: day), !planDay.exercises.isEmpty else { return nil }
            return ICalendar.Event(date: day.date, title: day.title ?? planDay.title, day: planDay)
        }
        let name = first?.plan.name ?? "Training"
        guard let written = try FileOutput.deliver(calendar.file(name: name, events: events), to: path, context: context) else { return ExitStatus.ok }
        let last = today.mondayOfWeek.adding(days: 7 * weeks - 1)
        let plans = Set(days.compactMap(\.planID)).sorted().map(String.init).joined(separator: ", ")
        context.console.error("wrote \(plural(events.count, "training day")) from \(today) to \(last)"
                              + (plans.isEmpty ? "" : " (plan \(plans))") + " to \(written)")
        _ = context.printWritten(written, [(key: "trainingDays", value: JSONValue(events.count))], arguments)
        return ExitStatus.ok
    }
}
