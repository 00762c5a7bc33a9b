import ArgumentParsing
import SessionCore
import SessionRPC

extension HistoryCommands {
    static let calendar = Command(
        words: ["calendar"], synopsis: "[MONTH]",
        summary: "A month at a glance, as cal(1) prints it: days trained, missed and planned, and the weeks in a row that met the plan.",
        details: """
            MONTH is YYYY-MM, a month's number or its name (this year's); default this month.
            Weeks run Monday to Sunday. ✓ a day with a finished session, ✗ a training day of
            the plan before today without one, • a training day still ahead (today
            included). A week meets the plan when every training day of it is trained: a ✗
            breaks the streak, as the summary counts that day missed (training moved with
            plan move is planned on its new day). The streak counts the weeks in a row that
            met the plan up to last week, and this week once it has.
            """,
        options: CommonOptions.daemon,
        arguments: ["month": "MONTH"],
        run: { arguments, context in
            guard arguments.positionals.count <= 1 else { throw UsageError("calendar takes one MONTH (2026-12, 12 or december)") }
            // Read before connecting (a MONTH that is none is a usage error); a month
            // without its year is this year's as the daemon has it, in its zone.
            var month = try arguments.positionals.first.map { try CalendarFormatter.month($0, year: context.clock.today().year) }
            let client = try context.connect(arguments)
            if let word = arguments.positionals.first, CalendarMonth.Params.parts(word) == nil {
                try context.useDaemonTimeZone(client)
                month = try CalendarFormatter.month(word, year: context.clock.today().year)
            }
            let shown = try context.call(client, CalendarMonth.self, CalendarMonth.Params { $0.month = month })
            if context.printJSON(shown, arguments) { return ExitStatus.ok }
            for line in CalendarFormatter.lines(shown, console: context.console) { context.console.print(line) }
            return ExitStatus.ok
        })
}

/// `calendar`'s month, drawn as cal(1) draws one, with a mark beside each day.
enum CalendarFormatter {
    /// `YYYY-MM` from what a person types: 2026-12, 12, dec, December.
    static func month(_ word: String, year: Int) throws -> String {
        if CalendarMonth.Params.parts(word) != nil { return word }
        let lowered = word.lowercased()
        let number = Int(word) ?? LocalDate.monthNames.firstIndex { lowered.count >= 3 && $0.lowercased().hasPrefix(lowered) }.map { $0 + 1 }
        guard let number, (1...12).contains(number) else {
            throw UsageError("MONTH must be YYYY-MM, a month's number or its name (2026-12, 12, december), got \"\(word)\"")
        }
        return CalendarMonth.Params.text(year: year, month: number)
    }

    static func lines(_ shown: CalendarMonth.Result, console: Console) -> [String] {
        guard let parts = CalendarMonth.Params.parts(shown.month), let first = shown.days.first.flatMap({ LocalDate($0.date) }) else { return [] }
        let width = 7 * 4 - 1
        let title = LocalDate.monthNames[parts.month - 1] + " " + String(parts.year)
        var lines = [String(repeating: " ", count: max(0, (width - title.count) / 2)) + title, "Mo  Tu  We  Th  Fr  Sa  Su"]
        var cells = Array(repeating: "    ", count: first.weekday.rawValue - 1)
        for day in shown.days {
            let number = LocalDate(day.date)?.day ?? 0
            var text = (number < 10 ? " " : "") + String(number)
            if day.date == shown.today, console.colors { text = "\u{1B}[7m" + text + "\u{1B}[27m" }
            switch day.mark {
            case .done: text += console.green("✓")
            case .missed: text += console.red("✗")
            case .planned: text += console.bold("•")
            case .none: text += " "
            }
            cells.append(text + " ")
        }
        while !cells.isEmpty {
            let week = cells.prefix(7)
            cells.removeFirst(week.count)
            lines.append(week.joined().trimmingTrailingSpaces())
        }
        let weeks = shown.streakWeeks
        lines.append("")
        lines.append("✓ done  ✗ missed  • planned · streak: " + plural(weeks, "week") + " in a row met the plan")
        return lines
    }
}
