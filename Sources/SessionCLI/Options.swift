import ArgumentParsing
import SessionCore
import SessionFormats
import SessionRPC

/// A day as a person writes it in an option (`--date yesterday`, `--week mon`): today,
/// yesterday, a weekday (the latest before today, as `track` reads one) or YYYY-MM-DD;
/// a word is read against the daemon's today, in its zone (`CommandContext.date(_:over:)`).
struct WrittenDay: Sendable {
    let text: String

    /// The date it names when today is `today`.
    func on(_ today: LocalDate) -> LocalDate {
        TrackWhen.day(text, today: today) ?? today
    }
}

/// Values of sessionctl's own kinds an option reads.
extension OptionValue where Value == LocalDate {
    /// A date as YYYY-MM-DD.
    static var date: OptionValue { OptionValue(expected: "needs a date as YYYY-MM-DD", why: LocalDate.impossibility(in:)) { LocalDate($0) } }
}

extension OptionValue where Value == WrittenDay {
    /// A day: today, yesterday, a weekday or YYYY-MM-DD.
    static var day: OptionValue {
        OptionValue(expected: "needs a day: YYYY-MM-DD, today, yesterday or a weekday", why: LocalDate.impossibility(in:)) { text in
            TrackWhen.day(text, today: LocalDate(daysSinceEpoch: 0)).map { _ in WrittenDay(text: text) }
        }
    }
}

extension OptionValue where Value == Int {
    /// A whole number of minutes written as a duration (45m, 1h 15m), from a minute to
    /// a day.
    static var minutes: OptionValue {
        OptionValue(expected: "must be a duration from 1m to 24h such as 45m, 1h 15m, 1:15 or 75 (minutes)") { text in
            let trimmed = text.trimmingWhitespace()
            // A bare number is minutes and H:MM hours and minutes, as a length of a
            // session is said; the rest as an export writes a duration.
            let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
            let seconds: Int?
            if let minutes = Int(trimmed) {
                seconds = minutes.multipliedReportingOverflow(by: 60).overflow ? nil : minutes * 60
            } else if parts.count == 2, parts[1].count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]), hours >= 0, hours <= 24, (0..<60).contains(minutes) {
                seconds = hours * 3600 + minutes * 60
            } else {
                seconds = TrackerExport.duration(trimmed)
            }
            return seconds.flatMap { (60...24 * 3600).contains($0) ? $0 / 60 : nil }
        }
    }

    /// A set's time in seconds (45s, 1:30, 2m) within `SessionLimits.durationSeconds`.
    static var setSeconds: OptionValue {
        OptionValue(expected: "must be a time such as 45s, 1:30 or 2m") { text in
            Quantity.seconds(text).flatMap { SessionLimits.durationSeconds.contains($0) ? $0 : nil }
        }
    }

    /// A time of day as HH:MM, in seconds since midnight.
    static var timeOfDay: OptionValue {
        OptionValue(expected: "must be HH:MM") { LocalDateTime("2000-01-01 " + $0)?.secondOfDay }
    }
}

/// A planned exercise's count as `plan set --reps` takes it.
enum PlannedCount: Sendable, Equatable {
    /// Reps, or a range of them (8-12: `maximum` 12).
    case reps(Int, maximum: Int?)
    /// A time held (45s, 1:30).
    case seconds(Int)
}

extension OptionValue where Value == PlannedCount {
    /// Reps (8), a range of them (8-12, the second above the first) or a time (45s,
    /// 1:30, as a set's is written).
    static var plannedCount: OptionValue {
        OptionValue(expected: "must be a number, a range such as 8-12 or a time such as 45s") { text in
            if case .seconds(let seconds)? = SetNotation.count(text) { return .seconds(seconds) }
            let bounds = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
            guard (1...2).contains(bounds.count), let low = bounds[0] else { return nil }
            guard bounds.count == 2 else { return .reps(low, maximum: nil) }
            return bounds[1].flatMap { $0 > low ? .reps(low, maximum: $0) : nil }
        }
    }
}

extension OptionValue where Value == [MuscleGroup] {
    /// Muscle groups, comma-separated, each as named (two words joined by a hyphen or
    /// quoted: front-delts, "upper back"), in any letter case.
    static var muscles: OptionValue {
        OptionValue<MuscleGroup>(expected: "") { MuscleGroup(rawValue: $0.replacingOccurrences(of: "-", with: " ").lowercased()) }
            .list(skippingEmpty: true, expected: "must be muscle groups, comma-separated, of \(MuscleGroup.allCases.map(\.rawValue).joined(separator: ", "))")
    }
}

/// sessionctl's typed options, each declared once: its name, placeholder, completion,
/// the param it gives and how its value is read. A command lists `Options.x.spec`
/// (or `Options.x.help("…").spec` for a help line of its own) and reads the value with
/// `arguments.value(Options.x)`, which refuses a bad value naming the option.
enum Options {
    /// `--from DATE`.
    static let from = Option<WrittenDay>(.from, value: "DATE", help: "the first date (YYYY-MM-DD, today, yesterday, a weekday)", parse: .day)
    /// `--to DATE`.
    static let to = Option<WrittenDay>(.to, value: "DATE", help: "the last date", parse: .day)
    /// `--week DATE`: the week holding a date.
    static let week = Option<WrittenDay>(.week, value: "DATE", help: "the week holding DATE (default: this week; a weekday is of the last seven days)", parse: .day)
    /// `--week-start DATE`: the Monday of a plan's week.
    static let weekStart = Option<LocalDate>(.weekStart, value: "DATE", help: "the Monday of the plan's week (default: this week)", parse: .date)
    /// `--date DATE`: the day a value belongs to.
    static let date = Option<WrittenDay>(.date, value: "DATE", help: "the day it belongs to (default: today; yesterday, a weekday)", parse: .day)

    /// `--limit N`: how many of a list.
    static let limit = Option<Int>(.limit, value: "N",
                                   help: "at most N sessions, \(SessionLimits.listLimit.lowerBound)–\(SessionLimits.listLimit.upperBound) (default \(SessionLimits.listDefault))",
                                   parse: .number(in: SessionLimits.listLimit))
    /// `--before ID`: the page before a session.
    static let before = Option<Int>(.before, value: "ID", help: "only sessions started before session ID: the next page back", parse: .number(in: 1...Int.max))
    /// `--exercises-per-day N`.
    static let exercisesPerDay = Option<Int>(.exercisesPerDay, value: "N", help: "keep N exercises per training day, padding with fillers",
                                             parse: .number(in: PlanLimits.exercisesPerDay))
    /// `--weeks N`: the calendar's weeks.
    static let weeks = Option<Int>(.weeks, value: "N",
                                   help: "the calendar's weeks from this one, 1–\(PlanCommands.calendarWeeks.upperBound) (default \(PlanCommands.calendarWeeksDefault))",
                                   parse: .number(in: PlanCommands.calendarWeeks))
    /// `--timeout SECONDS`: one planner run.
    static let timeout = Option<Int>(.timeout, value: "SECONDS", help: "how long one planner run may take (default \(PlannerLimits.defaultTimeoutSeconds))",
                                     parse: OptionValue.number(in: PlannerLimits.timeoutSeconds)
                                        .expecting("needs seconds from \(PlannerLimits.timeoutSeconds.lowerBound) to \(PlannerLimits.timeoutSeconds.upperBound)"))
    /// `--repairs N`: a planner's repairs.
    static let repairs = Option<Int>(.repairs, value: "N", help: "times a refused reply goes back to the planner with its errors (default \(PlannerLimits.defaultRepairs))",
                                     parse: .number(in: PlannerLimits.repairs))
    /// `--last N`: the active session's last sets.
    static let last = Option<Int>(.last, value: "N", help: "the active session's last N sets (1–\(SessionUndo.maximumSets))",
                                  parse: OptionValue.number(in: 1...SessionUndo.maximumSets).expecting("needs a number of sets from 1 to \(SessionUndo.maximumSets)"))

    /// `--rpe N`: effort; its bounds are the contract's, checked with the other params
    /// before anything is sent (`CommandContext.check`).
    static let rpe = Option<Double>(.rpe, value: "N", help: "effort 1–10 (half steps allowed)", parse: .number(expected: "needs a number of effort (7, 7.5, 8)"))
    /// `--kind KIND`: a set's kind.
    static let kind = Option<SetKind>(.kind, value: "KIND", help: "normal, warmup, drop or failure",
                                      parse: .choice(expected: "must be one of \(SetKind.allCases.map(\.rawValue).joined(separator: ", "))"))
    /// `--session ID`.
    static let session = Option<Int64>(.session, value: "ID", help: "edit the session ID instead of a set",
                                       parse: .id(expected: "needs a session id (sessionctl history lists them)"))
    /// `--duration TIME`: a timed set's time.
    static let setDuration = Option<Int>(.duration, value: "TIME", param: "durationSeconds", help: "for timed sets: 45s, 1:30, 2m", parse: .setSeconds)

    /// `--plan ID`.
    static let plan = Option<Int64>(.plan, value: "ID", completion: .asked("__complete-plans"), help: "the plan to export (default: today's plan)",
                                    parse: .id(expected: "must be a plan id"))
    /// `--time HH:MM`: when each session starts, in seconds since midnight.
    static let time = Option<Int>(.time, value: "HH:MM", help: "when each session starts (default 18:00)", parse: .timeOfDay)
    /// `--duration DURATION`: how long each session lasts, in minutes.
    static let sessionMinutes = Option<Int>(.duration, value: "DURATION", help: "how long each session lasts, e.g. 60m or 1h 15m (default 60m)", parse: .minutes)
    /// `--remind DURATION`: the reminder's lead, in minutes.
    static let remind = Option<Int>(.remind, value: "DURATION", help: "how long before the start the reminder fires (default 30m)", parse: .minutes)

    /// `--format` of `import`: the export's app.
    static let importFormat = Option<TrackerExport.Format>(.format, value: TrackerExport.Format.choices(), help: "the export's app, when detection guesses wrong",
                                                           parse: .choice(expected: "must be \(TrackerExport.Format.spelledOut())", ignoringCase: true))
    /// `--format` of `export`: the file's layout.
    static let exportFormat = Option<TrackerExport.Format>(
        .format, value: TrackerExport.Format.choices(TrackerExport.Format.written), help: "the file's layout (default json)",
        parse: .choice(expected: "must be \(TrackerExport.Format.spelledOut(TrackerExport.Format.written))", of: TrackerExport.Format.written, ignoringCase: true))
}

extension Options {
    /// `--format` of `plan export`: ics, markdown (or md) or pdf.
    static let planExportFormat = Option<PlanExportFormat>(
        .format, value: PlanExportFormat.allCases.map { $0.rawValue }.joined(separator: "|"), completion: .cases(of: PlanExportFormat.self),
        help: "the file format (default ics)",
        parse: OptionValue(expected: "is \(PlanExportFormat.allCases.map(\.rawValue).joined(separator: " or "))") { word in
            PlanExportFormat(rawValue: word.lowercased()) ?? (word.lowercased() == "md" ? .markdown : nil)
        })
    /// `--paper`: the plan sheet's paper.
    static let paper = Option<PlanSheet.Paper>(
        .paper, value: PlanSheet.Paper.allCases.map { $0.rawValue }.joined(separator: "|"),
        help: "the sheet's paper for --format pdf (default: the locale's, from LC_PAPER, else a4)",
        parse: .choice(expected: "is \(PlanSheet.Paper.allCases.map(\.rawValue).joined(separator: " or "))", ignoringCase: true))
    /// `--at TIME`: when something was done, for backfilling (`WrittenTime`); each
    /// command gives its own help line.
    static let at = Option<WrittenTime>(.at, value: "TIME", param: "at", help: "when it was done (18:05, yesterday 18:05, RFC 3339)", parse: .time)
    /// `--start TIME` of `edit --session`: when the session started.
    static let start = Option<WrittenTime>(.start, value: "TIME", param: "startedAt", help: "with --session: when it started (18:05, yesterday 18:05, RFC 3339)", parse: .time)
    /// `--end TIME` of `edit --session`: when the session ended.
    static let end = Option<WrittenTime>(.end, value: "TIME", param: "endedAt", help: "with --session: when it ended", parse: .time)
    /// `--format` of `health import`: the export's kind.
    static let healthFormat = Option<HealthFormat>(
        .format, value: "FORMAT",
        help: "apple (export.zip or export.xml), auto-export (Health Auto Export's JSON), google-fit (Takeout's daily CSV) or gadgetbridge (its database); default from the file's first bytes",
        parse: .choice(expected: "is \(HealthFormat.allCases.map(\.rawValue).joined(separator: " or "))", ignoringCase: true))
    /// `--equipment` of `exercise add`: what an exercise is done with.
    static let equipment = Option<Equipment>(
        .equipment, value: Equipment.allCases.map { $0.rawValue }.joined(separator: "|"), help: "what it is done with",
        parse: .choice(expected: "must be \(Equipment.allCases.map(\.rawValue).joined(separator: ", "))"))
    /// `--sets N` of `plan set`.
    static let sets = Option<Int>(.sets, value: "N", help: "sets, 1 to 20",
                                  parse: OptionValue.number(in: 1...SetNotation.maximumSets).expecting("must be from 1 to \(SetNotation.maximumSets)"))
    /// `--rest T` of `plan set`: seconds of rest, "90", "90s", "1:30", "2 min", "2m".
    static let rest = Option<Int>(.rest, value: "T", help: "rest after each set: 90, 90s, 1:30 or 2m",
                                  parse: OptionValue(expected: "must be a time from 0 to 60 minutes such as 90, 90s, 1:30 or 2m") { text in
                                      (Quantity.seconds(text) ?? TrackerExport.duration(text)).flatMap { (0...3600).contains($0) ? $0 : nil }
                                  })

    /// `--reps N` of `edit`: a set's repetitions.
    static let reps = Option<Int>(.reps, value: "N", help: "repetitions",
                                  parse: OptionValue.number(in: SessionLimits.reps)
                                      .expecting("must be a whole number from \(SessionLimits.reps.lowerBound) to \(SessionLimits.reps.upperBound)"))
    /// `--weight W` of `edit`: a set's load, as log reads it (+5 added to the body,
    /// -20 assisted, bw).
    static let load = Option<WrittenWeight>(.weight, value: "WEIGHT", param: "weightKg",
                                            help: "in your units, or with kg or lb: 24, 55lb, 7,5; of a body-weight exercise +5 added, -20 assisted, bw (0: none)",
                                            parse: .load)
    /// `--weight W` of `plan set`: the planned load, none or bw for none.
    static let plannedLoad = Option<WrittenWeight>(.weight, value: "W",
                                                   help: "the weight, in your units or with kg or lb, 7,5 with a decimal comma (none or bw: no load)",
                                                   parse: .plannedLoad)
    /// `--weights LIST` of `profile`: the weights at hand; an empty list clears them.
    static let weights = Option<[WrittenWeight]>(.weights, value: "LIST", param: "weightsKg", help: "comma-separated, at most 24: 10,12.5 (your units), 20kg, 45lb",
                                                 parse: .weights(skippingEmpty: true, expected: "takes weights such as 10, 12.5kg or 45lb"))
    /// `--bar WEIGHT` of `plates`.
    static let bar = Option<WrittenWeight>(.bar, value: "WEIGHT", help: "the bar's weight (default 20 kg, or 45 lb with pounds)", parse: .weight)
    /// `--plates LIST` of `plates`: the plate sizes, in the person's units unless marked.
    static let plates = Option<[WrittenWeight]>(
        .plates, value: "LIST", help: "plate sizes, comma-separated: 20,10,5,2.5 in your units, or 45lb, 20kg (default: the profile's, else standard)",
        parse: .weights(skippingEmpty: false, expected: "needs plate sizes such as 20,10,5,2.5 (in your units, or each with kg or lb)"))
    /// `--reps R` of `plan set`: reps, a range or a time.
    static let plannedCount = Option<PlannedCount>(.reps, value: "R", help: "reps, a range such as 8-12, or a time such as 45s or 1:30", parse: .plannedCount)
    /// `--muscles LIST` of `exercise add`: the muscle groups an exercise trains most.
    static let muscles = Option<[MuscleGroup]>(.muscles, value: "LIST", param: "primaryMuscles",
                                               help: "the muscle groups it trains most, comma-separated (required)", parse: .muscles)
    /// `--secondary LIST` of `exercise add`: the muscle groups it trains as well.
    static let secondary = Option<[MuscleGroup]>(.secondary, value: "LIST", param: "secondaryMuscles",
                                                 help: "the muscle groups it trains as well, comma-separated", parse: .muscles)
    /// `--equipment LIST` of `profile`: what the person trains with, in their words.
    static let equipmentList = Option<[String]>(.equipment, value: "LIST", help: "comma-separated, at most 12",
                                                parse: OptionValue.text.list(skippingEmpty: true, expected: "needs a comma-separated list"))
}
