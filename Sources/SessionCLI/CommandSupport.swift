import ArgumentParsing
import SessionCore
import SessionRPC
import SessionSystem

/// Helpers the command groups share: time and date-range options, placed times, import notes.
enum CommandSupport {
    /// A time option (`Options.at`, `.start`, `.end`), checked before anything is sent
    /// (a bad one is refused naming the option); a time of day alone is on `day`,
    /// today without one. Read in this process's zone: a command that sends it reads
    /// it again once connected (`placedTime`, `daemonTimestamp`).
    static func timestampOption(_ arguments: ParsedArguments, _ option: Option<WrittenTime>, clock: LocalClock = LocalClock(),
                                on day: LocalDate? = nil) throws(UsageError) -> Timestamp? {
        try arguments.value(option)?.timestamp(clock: clock, on: day)
    }

    /// The time option `option` as the daemon's zone reads it, `time` as already read:
    /// read again, in the daemon's zone (`useDaemonTimeZone`), when it depends on
    /// today (`yesterday 18:05`, or a time of day alone without `day`).
    static func daemonTimestamp(_ arguments: ParsedArguments, _ option: Option<WrittenTime>, as time: Timestamp?, on day: LocalDate? = nil,
                                client: SocketClient, context: CommandContext) throws -> Timestamp? {
        guard let text = arguments[option.name], HumanTime.readsToday(text, on: day) else { return time }
        try context.useDaemonTimeZone(client)
        return HumanTime.read(text, clock: context.clock, on: day) ?? time
    }

    /// The time option `option` of a command aimed at a session (`sessionID`, nil: the
    /// active one), `time` as already read: a time of day alone is read on the
    /// session's day (`HumanTime.day(ofTimeOfDay:…)`), which is asked of the daemon;
    /// anything else, or no such session (the command's own call then says so), stays.
    /// The wire carries whole times only (RFC 3339, or a local date and time): a time
    /// of day alone is a person's shorthand, so sessionctl, which reads it, places it,
    /// and the daemon's `at` keeps one meaning for every client. The read costs one
    /// round trip, and only when a time of day alone was typed.
    static func placedTime(_ arguments: ParsedArguments, _ option: Option<WrittenTime>, as time: Timestamp?, sessionID: Int64?, client: SocketClient,
                           context: CommandContext) throws -> Timestamp? {
        guard let text = arguments[option.name], HumanTime.isTimeOfDay(text) else {
            return try daemonTimestamp(arguments, option, as: time, client: client, context: context)
        }
        try context.useDaemonTimeZone(client)
        let times: (startedAt: String, endedAt: String?)?
        if let sessionID {
            let found = try context.call(client, SessionGet.self, SessionGet.Params { $0.sessionID = sessionID })
            times = (found.startedAt, found.endedAt)
        } else {
            times = try context.call(client, SessionCurrent.self, NoParams()).session.map { ($0.startedAt, $0.endedAt) }
        }
        // The daemon writes its times in its own zone: their wall-clock part is what a
        // time of day alone is measured against.
        guard let times, let start = LocalDateTime(String(times.startedAt.prefix(19))) else { return time }
        let end = times.endedAt.flatMap { LocalDateTime(String($0.prefix(19))) }
        let day = HumanTime.day(ofTimeOfDay: text, start: start, end: end, today: context.clock.today())
        return HumanTime.read(text, clock: context.clock, on: day) ?? time
    }

    /// `--from` and `--to` as written, read before the daemon is asked (a usage error
    /// needs none): two dates the first not after the second. A day word is placed by
    /// `dates(_:context:client:)`.
    static func dayRange(_ arguments: ParsedArguments) throws(UsageError) -> (from: WrittenDay?, to: WrittenDay?) {
        let (from, to) = (try arguments.value(Options.from), try arguments.value(Options.to))
        if let first = from.flatMap({ LocalDate($0.text) }), let last = to.flatMap({ LocalDate($0.text) }), first > last {
            throw UsageError("--from \(first) lies after --to \(last)")
        }
        return (from, to)
    }

    /// The dates `days` name (`yesterday` read against the daemon's today over `client`,
    /// or this machine's without one), the first not after the second.
    static func dates(_ days: (from: WrittenDay?, to: WrittenDay?), context: CommandContext, client: SocketClient?) throws -> (from: LocalDate?, to: LocalDate?) {
        func date(_ day: WrittenDay?) throws -> LocalDate? {
            guard let client else { return day?.on(context.clock.today()) }
            return try context.date(day, over: client)
        }
        let (from, to) = (try date(days.from), try date(days.to))
        if let from, let to, from > to { throw UsageError("--from \(from) lies after --to \(to)") }
        return (from, to)
    }

    /// The sessions tracked here that took a watch's heart rate and energy instead of a
    /// workout being stored beside them (`HistoryImport.Result.measured`).
    static func printMeasured(_ sessions: [Int64], dryRun: Bool, console: Console) {
        for session in sessions {
            console.print("\(dryRun ? "would give" : "gave") session \(session), tracked here, the watch's heart rate and energy (not stored twice)")
        }
    }
}
