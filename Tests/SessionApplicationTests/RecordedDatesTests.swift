import JSON
import SessionCore
import TestSupport
import Testing

@testable import SessionApplication

/// Every date that names a fact being recorded is bounded as history imports bound a
/// workout's: 1970-01-01 to tomorrow (`RecordedDates`), refused with the param's path;
/// dates that only ask may be any valid date and never break a reply.
@Suite struct RecordedDatesTests {
    /// Dates no fact may carry, the day after tomorrow among them.
    static func outside(today: LocalDate) -> [String] {
        ["0001-01-01", "1000-03-02", "1900-01-01", "1969-12-31", "\(today.adding(days: 2))", "9999-12-31"]
    }

    func today(_ client: InProcess) throws -> LocalDate {
        try #require(LocalDate(try client.call("daemon.status")["today"]?.stringValue ?? ""))
    }

    /// The paths of a -32602 reply's problems, each checked to say the bound.
    func refusedPaths(_ reply: JSONValue, tomorrow: LocalDate) -> [String] {
        guard reply["error"]?["code"] == -32602 else { return ["not refused: \(reply)"] }
        let problems = reply["error"]?["data"]?["errors"]?.arrayValue ?? []
        return problems.map { problem in
            let message = problem["message"]?.stringValue ?? ""
            let path = problem["path"]?.stringValue ?? ""
            return message.contains("1970-01-01") && (path.hasSuffix("recordedAt") || message.contains("\(tomorrow)")) ? path : "\(path): \(message)"
        }
    }

    @Test func aSessionOrAHealthSampleDatedOutside1970ToTomorrowIsRefused() throws {
        let client = try InProcess()
        let today = try today(client)
        let tomorrow = today.adding(days: 1)
        for date in Self.outside(today: today) {
            let start = try client.request("session.start", .obj(["date": .string(date)]))
            #expect(refusedPaths(start, tomorrow: tomorrow) == ["params.date"], "session.start \(date)")
            let health = try client.request("health.record", .obj(["type": "steps", "value": 1000, "date": .string(date)]))
            #expect(refusedPaths(health, tomorrow: tomorrow) == ["params.date"], "health.record \(date)")
        }
        #expect(try client.call("health.list", .obj(["from": "0001-01-01", "to": "9999-12-31"])).arrayValue?.isEmpty == true, "nothing stored")
        #expect(try client.call("session.current")["sessionId"] == nil, "no session started")
        // Today and tomorrow are days a sample may carry; the earliest too.
        for date in ["1970-01-01", "\(today)", "\(tomorrow)"] {
            #expect(try client.call("health.record", .obj(["type": "steps", "value": 1000, "date": .string(date)]))["date"] == .string(date))
        }
        // Times were bounded already, and stay so.
        for time in ["0001-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "9999-12-31T00:00:00Z"] {
            let health = try client.request("health.record", .obj(["type": "steps", "value": 1000, "time": .string(time)]))
            #expect(health["error"]?["code"] == -32602 && health["error"]?.jsonText.contains("params.time") == true, "\(time): \(health)")
        }
    }

    /// Samples come in through `health.import` and through an archive's `health` in
    /// `history.import`: a sample dated (or recorded) outside the bound refuses the
    /// chunk, each at its path, and nothing is stored.
    @Test func importedHealthSamplesDatedOutside1970ToTomorrowAreRefused() throws {
        let client = try InProcess()
        let today = try today(client)
        let tomorrow = today.adding(days: 1)
        func sample(_ date: String, recordedAt: String? = nil) -> JSONValue {
            .obj(["type": "steps", "value": 1000, "date": .string(date), "recordedAt": .string(recordedAt ?? "\(today)T06:00:00Z"), "source": "Watch"])
        }
        let dates = Self.outside(today: today)
        let samples = [sample("\(today)")] + dates.map { sample($0) } + [sample("\(today)", recordedAt: "9999-12-31T00:00:00Z"), sample("\(today)", recordedAt: "1969-07-20T20:17:00Z")]
        let expected = dates.indices.map { "params.samples[\($0 + 1)].date" } + ["params.samples[\(dates.count + 1)].recordedAt", "params.samples[\(dates.count + 2)].recordedAt"]
        let imported = try client.request("health.import", .obj(["importId": "h", "chunk": 0, "done": true, "samples": .array(samples)]))
        #expect(refusedPaths(imported, tomorrow: tomorrow) == expected, "\(imported)")
        let restored = try client.request("history.import", .obj(["importId": "a", "chunk": 0, "done": true, "health": .array(samples)]))
        #expect(refusedPaths(restored, tomorrow: tomorrow) == expected.map { $0.replacingOccurrences(of: "samples", with: "health") }, "\(restored)")
        #expect(try client.call("history.archive", .obj(["part": "health"]))["health"]?.arrayValue?.isEmpty == true, "nothing stored")
        let fine = try client.call("health.import", .obj(["importId": "ok", "chunk": 0, "done": true, "samples": [sample("\(tomorrow)"), sample("1970-01-01")]]))
        #expect(fine["stored"] == 2, "\(fine)")
    }

    /// Dates that only ask (a week, a range, a month) may be any valid date: the answer
    /// is empty, never an internal error.
    @Test func datesThatOnlyAskMayBeAnyValidDate() throws {
        let client = try InProcess()
        #expect(try client.call("health.record", .obj(["type": "steps", "value": 1000]))["sampleId"] != nil)
        let asks: [(String, JSONValue)] = ["0001-01-01", "1969-12-31", "9999-12-31"].flatMap { (date: String) -> [(String, JSONValue)] in
            [
                ("summary.weekly", .obj(["weekStart": .string(date)])), ("prompt.render", .obj(["weekStart": .string(date)])),
                ("plan.get", .obj(["date": .string(date)])), ("health.list", .obj(["from": .string(date), "to": .string(date)])),
                ("session.list", .obj(["from": .string(date), "to": .string(date)])), ("history.export", .obj(["from": .string(date)])),
                ("exercise.history", .obj(["exercise": "squat", "from": .string(date), "to": .string(date)])),
                ("calendar.month", .obj(["month": .string(String(date.prefix(7)))])),
            ]
        }
        for (method, params) in asks {
            let reply = try client.request(method, params)
            let code = reply["error"]?["code"]?.intValue
            // No plan is stored: plan.get answers plan_not_found; the rest answer, but
            // for a week that would end past 9999-12-31, whose last day no answer can
            // write: refused, naming the param.
            let week = ["summary.weekly", "prompt.render", "plan.get"].contains(method) && params.jsonText.contains("9999-12-31")
            if week {
                #expect(code == -32602 && reply["error"]?.jsonText.contains("lies in a week that ends past 9999-12-31") == true, "\(method) \(params): \(reply)")
            } else {
                #expect(code == nil || (method == "plan.get" && code != -32603 && code != -32602), "\(method) \(params): \(reply)")
            }
        }
    }
}
