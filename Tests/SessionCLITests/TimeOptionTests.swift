import Foundation
import JSON
import SessionCore
import SessionRPC
import SessionSystem
import Testing
import TestSupport

/// `--at`, `--start` and `--end` are typed options: a time that does not read is a usage
/// error naming the option, said before anything reaches the daemon; one that reads is
/// placed as written.
@Suite struct TimeOptionTests {
    static let expected = "must be a time such as 18:05, \"yesterday 18:05\", -10m, 2026-11-30 18:05 or 2026-11-30T18:05:00+01:00"

    @Test func aTimeThatDoesNotReadIsRefusedNamingItsOption() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        for (arguments, option) in [(["start", "--at", "half past six"], "--at"), (["log", "--new", "row", "8", "50", "--at", "25:99"], "--at"),
                                    (["finish", "--at=soon"], "--at"), (["edit", "--session", "1", "--start", "-10"], "--start"),
                                    (["edit", "--session", "1", "--end", "tomorrow 18:05"], "--end")] {
            let bad = try #require(arguments.last?.split(separator: "=").last.map(String.init))
            let result = try daemon.ctl(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("sessionctl: \(option) \(Self.expected), got \"\(bad)\""), "\(result.stderr)")
            #expect(result.stderr.contains("Usage: sessionctl \(arguments[0])"), "\(result.stderr)")
        }
        #expect(try daemon.client().call("session.current") == .null, "nothing was started")
    }

    /// A date of the right shape that names no day is refused saying why, wherever a
    /// day or a time is typed.
    @Test func aDayThatIsNoneIsRefusedSayingWhy() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        for (arguments, said) in [(["history", "--from", "2026-02-30"], "got \"2026-02-30\" (February 2026 has 28 days)"),
                                  (["start", "2027-02-29"], "got \"2027-02-29\" (February 2027 has 28 days)"),
                                  (["log", "--new", "row", "8", "--at", "2026-04-31 18:00"], "got \"2026-04-31 18:00\" (April 2026 has 30 days)"),
                                  (["health", "sleep", "7", "--date", "2026-13-01"], "(there is no month 13)"),
                                  (["track", "2026-02-30", "10:00-11:00", "squat", "3x5"], "\"2026-02-30\" is no DAY: February 2026 has 28 days")] {
            let run = try daemon.ctl(arguments)
            #expect(run.status == 2 && run.stderr.contains(said), "\(arguments): \(run.stderr)")
        }
    }

    @Test func aTimeThatReadsIsTheSessionsTime() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let day = try #require(LocalDate("2026-11-30"))
        try daemon.at(ms: Wall.ms("\(day)T20:00")) { () throws -> Void in
            #expect(try daemon.ctl(["start", "--at", Wall.at("2026-11-30T18:05:00")]).status == 0)
            let started = try daemon.client().call("session.current")["startedAt"]?.stringValue
            #expect(started.flatMap(Timestamp.init)?.ms == Wall.ms("\(day)T18:05"), "\(started ?? "none")")
        }
    }

    /// track enters a session that happened: one that ends later than now is refused,
    /// as a note longer than finish and edit take is; nothing is stored.
    @Test func trackRefusesASessionStillToComeAndANoteTooLong() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let noon = Wall.ms("2026-11-30T12:00")
        try daemon.at(ms: noon) { () throws -> Void in
            let later = try daemon.ctl(["track", "today", "23:00-23:30", "squat", "3x5"])
            #expect(later.status == 2 && later.stderr.contains("23:30 is still to come: track enters a session that has ended"), "\(later.stderr)")
            // What does not read is named as typed.
            for (words, said) in [(["yesterday", "25:00-26:00"], "\"25:00-26:00\" is no START-END"), (["funday", "18:00-19:00"], "\"funday\" is no DAY"),
                                  (["18:00-18:00"], "\"18:00-18:00\" is no START-END")] {
                let run = try daemon.ctl(["track"] + words + ["squat", "3x5"])
                #expect(run.status == 2 && run.stderr.hasPrefix("sessionctl: \(said)"), "\(words): \(run.stderr)")
            }
            let long = try daemon.ctl(["track", "yesterday", "09:00-10:00", "squat", "3x5", "--note", String(repeating: "n", count: 501)])
            #expect(long.status == 2 && long.stderr.contains("--note must be at most 500 characters, got 501"), "\(long.stderr)")
            #expect(try daemon.client().call("session.list").arrayValue == [], "nothing stored")
            let done = try daemon.ctl(["track", "yesterday", "09:00-10:00", "squat", "3x5", "--note", String(repeating: "n", count: 500)])
            #expect(done.status == 0, "\(done.stderr)")
        }
    }

    /// A day too late is refused naming tomorrow as the daemon has it: by date when the
    /// daemon says so, and without a date when sessionctl's own check, a day looser
    /// for the zones between, refuses it before sending.
    @Test func aDayAfterTomorrowNamesTomorrowRightly() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        // Noon where the test runs: the daemon's day and sessionctl's alike.
        let noon = Wall.ms("2026-11-30T12:00")
        try daemon.at(ms: noon) { () throws -> Void in
            let today = LocalClock(now: { noon }).today()
            let daemonSays = try daemon.client().request("session.start", .obj(["date": .string(today.adding(days: 2).description)]))
            let said = daemonSays["error"]?["data"]?["errors"]?[0]?["message"]?.stringValue ?? ""
            #expect(said.contains("and \(today.adding(days: 1)) (tomorrow), got \(today.adding(days: 2))"), "\(daemonSays)")
            let clientSays = try daemon.ctl(["start", today.adding(days: 5).description])
            #expect(clientSays.status == 2 && clientSays.stderr.contains("and tomorrow, got \(today.adding(days: 5))") && !clientSays.stderr.contains("(tomorrow)"),
                    "\(clientSays.stderr)")
        }
    }

    /// A day option and start's DATE read a day as people say one: yesterday, a weekday
    /// (the latest before today), as track does.
    @Test func aDayReadsYesterdayAndAWeekday() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let wednesday = LocalClock().today().mondayOfWeek.adding(days: -5)
        try daemon.on(wednesday) { () throws -> Void in
            #expect(try daemon.ctl(["health", "sleep", "7", "--date", "yesterday"]).status == 0)
            #expect(try daemon.ctl(["health", "sleep", "6.5", "--date", "mon"]).status == 0)
            let shown = try JSONParser.parse(try daemon.ctl(["health", "show", "--from", "mon", "--to", "yesterday", "--json"]).stdout).arrayValue ?? []
            #expect(shown.compactMap { $0["date"]?.stringValue }.sorted() == [wednesday.adding(days: -2).description, wednesday.adding(days: -1).description],
                    "\(shown)")
            #expect(try daemon.ctl(["start", "yesterday"]).status == 0)
            #expect(try daemon.client().call("session.current")["date"]?.stringValue == wednesday.adding(days: -1).description)
            let bad = try daemon.ctl(["health", "sleep", "7", "--date", "someday"])
            #expect(bad.status == 2 && bad.stderr.contains("--date needs a day: YYYY-MM-DD, today, yesterday or a weekday"), "\(bad.stderr)")
        }
    }
}
