import ArgumentParsing
import SessionCore
import SessionRPC

/// The commands that end or take back a workout's parts: undo a set, finish the
/// session, abort it (or any session by its id).
extension SessionCommands {
    static let undo = Command(
        words: ["undo"], synopsis: "[SET-ID...]", summary: "Remove the last set logged (or the sets SET-ID..., or the last N).",
        details: """
            SET-IDs are those sessionctl show lists; --last N removes the active session's last N
            sets. Several sets are removed all or none: one that does not exist, or a
            finished session's without --yes, leaves every set in place. A set of a finished
            session (see sessionctl show) is removed only with --yes: its history changes.
            """,
        options: CommonOptions.daemon + [Options.last.spec,
                                         CommonOptions.yes],
        run: { arguments, context in
            var params = SessionUndo.Params()
            params.confirm = arguments.has(.yes) ? true : nil
            let ids = try arguments.positionals.map { text throws(UsageError) -> Int64 in
                guard let id = Int64(text), id > 0 else { throw UsageError("SET-ID must be a positive number, got \"\(text)\"") }
                return id
            }
            guard ids.count <= SessionUndo.maximumSets else { throw UsageError("undo takes at most \(SessionUndo.maximumSets) SET-IDs") }
            guard Set(ids).count == ids.count else { throw UsageError("a SET-ID is given twice") }
            if arguments[.last] != nil {
                guard ids.isEmpty else { throw UsageError("give SET-IDs or --last, not both") }
                params.last = try arguments.value(Options.last)
            } else if ids.count == 1 {
                params.setID = ids[0]
            } else if !ids.isEmpty {
                params.setIDs = ids
            }
            let result = try context.call(try context.connect(arguments), SessionUndo.self, params)
            if context.printJSON(result, arguments) { return ExitStatus.ok }
            for removed in result.removed { context.console.print("removed \(removed.exercise) · set \(removed.setNumber)") }
            return ExitStatus.ok
        })

    static let finish = Command(
        words: ["finish"], synopsis: "", summary: "Finish the session and show its totals.",
        details: """
            A finished session counts as trained: its plan day done in the summary, the
            calendar and the prompt. One with no set logged is finished only with --yes
            (a start by mistake is discarded with sessionctl abort).
            """,
        options: CommonOptions.daemon + [
            Options.rpe.help("the session's effort 1–10").spec,
            OptionSpec(.note, value: "TEXT", help: "a note, at most 500 characters"),
            Options.at.help("when it ended (18:05 on the session's day, RFC 3339); not before a logged set").spec,
            OptionSpec(.yes, short: "-y", help: "finish a session with no set logged"),
        ],
        run: { arguments, context in
            var params = SessionFinish.Params()
            params.rpe = try arguments.value(Options.rpe)
            params.note = arguments[.note]
            params.at = try CommandSupport.timestampOption(arguments, Options.at, clock: context.clock)
            let client = try context.connect(arguments)
            // An empty session finished would count as the day trained. (The view counts
            // sets without warm-ups: one of warm-ups only is asked for whole.)
            if !arguments.has(.yes), let active = try context.call(client, SessionCurrent.self, NoParams()).session, active.sets == 0,
               try context.call(client, SessionGet.self, SessionGet.Params { $0.sessionID = active.sessionID }).sets.isEmpty {
                throw DaemonRefusal(error: .application(
                    .confirmationRequired,
                    message: "Session \(active.sessionID) has no set logged; finished, it counts as \(active.planDayID == nil ? "a session" : "its plan day") trained. "
                        + "Run again with --yes to finish it as it is, or discard it: sessionctl abort."))
            }
            params.at = try CommandSupport.placedTime(arguments, Options.at, as: params.at, sessionID: nil, client: client, context: context)
            let result = try context.call(client, SessionFinish.self, params)
            if context.printJSON(result, arguments) { return ExitStatus.ok }
            SessionFormatter(console: context.console).printFinished(result)
            return ExitStatus.ok
        })

    static let abort = Command(
        words: ["abort"], synopsis: "", summary: "Discard the active session and its sets (or, with --session, any session).",
        details: """
            Nothing of it is kept. A session with more than one set logged (warm-ups count) is
            discarded only with --yes. --session ID discards that session instead, finished
            or not (one entered by mistake; a finished one only with --yes): it leaves the
            history, the summary, the calendar and the prompt, and sessiond-sync removes it
            from your other devices.
            """,
        options: CommonOptions.daemon + [CommonOptions.yes, Options.session.help("discard the session ID, finished or not").spec],
        run: { arguments, context in
            let id = try arguments.value(Options.session)
            let client = try context.connect(arguments)
            // A finished session's history, and every set of a running one, warm-ups too:
            // work that would be lost.
            if !arguments.has(.yes), let found = try? context.call(client, SessionGet.self, SessionGet.Params { $0.sessionID = id }) {
                if id != nil, found.state == .finished {
                    throw DaemonRefusal(error: .application(
                        .confirmationRequired,
                        message: "Session \(found.sessionID) of \(found.date) is finished (\(plural(found.sets.count, "set"))): discarding it removes it from the history, "
                            + "on every device. Run again with --yes to discard it."))
                }
                if found.state != .finished, found.sets.count > 1 {
                    throw DaemonRefusal(error: .application(
                        .confirmationRequired,
                        message: "Session \(found.sessionID) has \(found.sets.count) sets; aborting discards them all and keeps nothing. "
                            + "Run again with --yes to discard it (or finish it: sessionctl finish)."))
                }
            }
            let result = try context.call(client, SessionAbort.self, SessionAbort.Params {
                $0.sessionID = id
                $0.confirm = arguments.has(.yes) ? true : nil
            })
            if context.printJSON(result, arguments) { return ExitStatus.ok }
            context.console.print("session \(result.sessionID) discarded")
            return ExitStatus.ok
        })
}
