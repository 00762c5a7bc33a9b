import ArgumentParsing
import SessionCore
import SessionRPC
import JSON

extension SessionCommands {
    static let track = Command(
        words: ["track"], synopsis: "[DAY] START-END EXERCISE SETS[, EXERCISE SETS]...",
        summary: "Enter a whole past session in one command, like timew track: its day, times and sets.",
        details: """
            DAY is today (the default), yesterday, a weekday (the latest one before today) or
            YYYY-MM-DD; START-END its times (18:00-19:05; an end before the start is the next
            morning). Then the exercises, separated by commas, each a name and its sets as
            log writes them: squat 3x5@100, bench 8 60, plank 3x45s, pull-up 6 +5 (a comma
            between digits is a decimal one: fly 12 7,5). Names are read as log reads them,
            the plan day's exercises being the day's (--new for a name of none). The
            session is stored whole or not at all, as a finished session with its sets;
            tracking the same start and title again adds nothing. On a planned day it is
            that day's session, as if it had been logged live: it takes the day's title
            (unless --title) and its sets count against the day's planned exercises.
            Example: sessionctl track yesterday 18:00-19:05 squat 3x5@100, row 3x8x60, plank 45s
            """,
        options: CommonOptions.daemon + [
            OptionSpec(.title, value: "TEXT", help: "the session's title (default: the plan day's, else Workout)"),
            Options.rpe.help("the session's effort 1–10 (half steps allowed)").spec,
            OptionSpec(.note, value: "TEXT", help: "a note, at most 500 characters"),
            OptionSpec(.new, help: "names that match nothing logged or planned are new exercises"),
            OptionSpec(.yes, short: "-y", help: "store sets that look mistyped (over 30 reps under a load, over twice the heaviest, 0 reps) as typed"),
        ],
        arguments: ["exercise": "EXERCISE", "reps": "SETS", "weightKg": "SETS", "durationSeconds": "SETS"],
        run: runTrack)

    static func runTrack(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        var words = arguments.positionals
        // The day as written (today, yesterday, a date): read once the daemon's zone is known.
        var dayWord: String?
        if let first = words.first, TrackWhen.day(first, today: context.clock.today()) != nil {
            dayWord = first
            words.removeFirst()
        }
        guard let range = words.first, let (start, end) = TrackWhen.range(range) else {
            // Said by what was typed: times that do not read, or a word that is neither.
            if let word = words.first, word.contains(":") {
                throw UsageError("\"\(word)\" is no START-END: two different times of day from 00:00 to 23:59 (18:00-19:05)")
            }
            if let word = words.first, dayWord == nil {
                if let why = LocalDate.impossibility(in: word) { throw UsageError("\"\(word)\" is no DAY: \(why)") }
                throw UsageError("\"\(word)\" is no DAY (today, yesterday, a weekday or YYYY-MM-DD) nor START-END (18:00-19:05)")
            }
            throw UsageError("track needs the session's times as START-END (18:00-19:05), after an optional DAY")
        }
        words.removeFirst()
        let parts = trackParts(words)
        guard !parts.isEmpty else { throw UsageError("track needs at least one EXERCISE with its sets, e.g. squat 3x5@100") }
        let client = try context.connect(arguments)
        try context.useDaemonTimeZone(client)
        let day = dayWord.flatMap { TrackWhen.day($0, today: context.clock.today()) } ?? context.clock.today()
        // The names known and the plan day the date trains, in one round trip.
        let known = try HistoryCommands.KnownExercises(client: client, planned: true, dayOf: day)
        let planDay = known.planDay
        var sets: [HistorySet] = []
        // The name each part resolved to, in order.
        var resolved: [String] = []
        for part in parts {
            let wanted = try LogArguments(part, unit: context.console.units)
            guard case .name(let typed) = wanted.exercise else {
                throw UsageError("\"\(part.joined(separator: " "))\": name the exercise; numbers refer to today's plan only in log")
            }
            guard wanted.reps != nil || wanted.durationSeconds != nil || wanted.weightKg != nil else {
                throw UsageError("\"\(typed)\" needs its sets: reps, a time or a weight (squat 3x5@100, plank 45s)")
            }
            if !arguments.has(.yes) { try refuseNothingDone(part, kind: .normal, reps: wanted.reps, durationSeconds: wanted.durationSeconds, options: nil, stored: "tracked") }
            // Read as log reads a name, the plan day's exercises being the day's.
            guard let name = try HistoryCommands.knownName(typed, arguments: arguments, known: known, context: context, command: "track") else { return ExitStatus.refused }
            resolved.append(name)
            for _ in 0..<wanted.sets {
                sets.append(HistorySet(exercise: name, reps: wanted.reps, weightKg: wanted.weightKg, durationSeconds: wanted.durationSeconds))
            }
        }
        // Its length as time went: across a change of daylight saving time, an hour more
        // or less than its times' difference (which stands when a time the change
        // skipped makes the two read the wrong way round).
        let wallClock = end > start ? end - start : end + 86_400 - start
        let endDay = end > start ? day : day.adding(days: 1)
        let startMs = context.clock.ms(of: LocalDateTime(date: day, secondOfDay: start))
        let endMs = context.clock.ms(of: LocalDateTime(date: endDay, secondOfDay: end))
        // A time the clocks skipped (02:30 the night they go forward) was never on the
        // wall: taken as the hour after, it moved the session an hour on.
        for (date, second, ms) in [(day, start, startMs), (endDay, end, endMs)] where context.clock.localDateTime(atMs: ms) != LocalDateTime(date: date, secondOfDay: second) {
            throw UsageError("\(date) \(Wording.timeOfDay(second)) was not on the clock in the daemon's zone (the clocks went forward): give the times the clock showed")
        }
        let duration = endMs > startMs ? Int((endMs - startMs) / 1000) : wallClock
        // A session tracked has happened: one that ends later than now (a few minutes'
        // slack for clocks) is one to start, not to track.
        guard startMs + Int64(duration) * 1000 <= context.clock.nowMs() + SessionLimits.futureToleranceMs else {
            throw UsageError("\(endDay) \(Wording.timeOfDay(end)) is still to come: track enters a session that has ended (sessionctl start begins one)")
        }
        let title = arguments[.title].map { $0.collapsingWhitespace() } ?? planDay?.title ?? "Workout"
        guard !title.isEmpty else { throw UsageError("--title must not be empty") }
        // A note as finish and edit take it.
        let note = arguments[.note].map { $0.sanitisedNote() }
        if let note, note.count > SessionLimits.noteLength { throw UsageError("--note must be at most \(SessionLimits.noteLength) characters, got \(note.count)") }
        let workout = HistoryWorkout(start: LocalDateTime(date: day, secondOfDay: start), durationSeconds: duration, title: title,
                                     note: note, rpe: try arguments.value(Options.rpe), sets: sets)
        var params = HistoryImport.Params { $0.importID = "track-\(context.clock.nowMs())"; $0.chunk = 0; $0.workouts = [workout]; $0.done = true }
        if !arguments.has(.yes) { params.refuseImplausible = true }
        let result: HistoryImport.Result
        do {
            result = try context.call(client, HistoryImport.self, params)
        } catch let refusal as DaemonRefusal where refusal.error.is(.implausibleSet) {
            // The part of the command the doubted set came from, with its readings.
            let exercise = refusal.error.data(as: ErrorData.ImplausibleSet.self)?.exercise
            let part = zip(parts, resolved).first { $0.1 == exercise }.map { $0.0 } ?? parts[0]
            return implausibleRefusal(refusal.error, wanted: try LogArguments(part, unit: context.console.units), command: "track", arguments: arguments, context: context)
        }
        if context.printJSON(result, arguments) { return ExitStatus.ok }
        let when = "\(day) " + Wording.timeOfDay(start)
        if result.skipped > 0 {
            context.console.print("already tracked: \(title) at \(when); nothing was added")
        } else {
            let exercises = Set(sets.map(\.exercise.exerciseKey)).count
            context.console.print("tracked \(title) · \(when) · \(Wording.duration(duration)) · "
                                  + plural(exercises, "exercise") + " · " + plural(sets.count, "set"))
        }
        return ExitStatus.ok
    }
}

extension SessionCommands {
    /// The exercises of `track`, each its words: split at commas, except a decimal comma
    /// between two digits ("row 12 7,5, plank 45s" is two).
    static func trackParts(_ words: [String]) -> [[String]] {
        let characters = Array(words.joined(separator: " "))
        var parts: [[String]] = []
        var current = ""
        for (index, character) in characters.enumerated() {
            let decimal = index > 0 && index + 1 < characters.count && characters[index - 1].isNumber && characters[index + 1].isNumber
            if character == ",", !decimal {
                parts.append(current.split(separator: " ").map(String.init))
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current.split(separator: " ").map(String.init))
        return parts.filter { !$0.isEmpty }
    }
}

/// The day and times `track` reads: words a person writes, as timew does.
enum TrackWhen {
    /// A day as `--at` reads it (today, yesterday, YYYY-MM-DD), or a weekday: the latest
    /// before today.
    static func day(_ word: String, today: LocalDate) -> LocalDate? {
        if let day = HumanTime.day(word, today: today) { return day }
        guard let weekday = Weekday(parsing: word), Int(word) == nil else { return nil }
        let back = (today.weekday.rawValue - weekday.rawValue + 7) % 7
        return today.adding(days: back == 0 ? -7 : -back)
    }

    /// "18:00-19:05" → seconds of the day of both ends.
    static func range(_ word: String) -> (Int, Int)? {
        let ends = word.split(separator: "-", omittingEmptySubsequences: false)
        guard ends.count == 2, let start = secondOfDay(String(ends[0])), let end = secondOfDay(String(ends[1])), start != end else { return nil }
        return (start, end)
    }

    /// "18:05" or "8:05" → seconds since midnight.
    static func secondOfDay(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]),
            (0..<24).contains(hours), (0..<60).contains(minutes)
        else { return nil }
        return hours * 3600 + minutes * 60
    }
}
