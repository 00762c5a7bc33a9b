import SessionCore
import SessionRPC

extension SessionCommands {
    /// Refuses (`confirmation_required`, exit 1) to start a session on `date` when it
    /// already has a finished one: "you trained today at 07:00, session 12"; --yes
    /// starts another. A session still running is left to the daemon's own refusal.
    static func refuseSecondSession(on date: LocalDate, client: SocketClient, context: CommandContext) throws {
        var params = SessionList.Params()
        (params.from, params.to) = (date, date)
        let sessions = try context.call(client, SessionList.self, params).items
        guard !sessions.isEmpty, sessions.allSatisfy({ $0.state == .finished }), let latest = sessions.first else { return }
        let day = date == context.clock.today() ? "today" : "on \(date)"
        // The time of day as the daemon wrote it, in its zone: 2026-11-30T07:00:00+01:00.
        let time = latest.startedAt.count >= 16 ? " at " + latest.startedAt.dropFirst(11).prefix(5) : ""
        let earlier = sessions.count == 1 ? "" : " (and \(plural(sessions.count - 1, "session")) before it)"
        throw DaemonRefusal(error: .application(
            .confirmationRequired,
            message: "You trained \(day)\(time), session \(latest.sessionID) (\(latest.title))\(earlier); start another? Run again with --yes to start it."))
    }
}
