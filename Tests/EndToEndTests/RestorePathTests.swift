import Foundation
import JSON
import SessionCore
import SessionFormats
import SessionRPC
import TestSupport
import Testing

/// sessionctl exports a history of more sets than a page holds — one session of more
/// sets than a session may now hold among many — page by page, in every format, and
/// restores the JSON export into another daemon as it was.
@Suite struct RestorePathTests {
    @Test func sessionctlExportsPageByPageAndRestoresItsOwnExport() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let big = HistoryLimits.pageSets + 1_500
        let small = 600
        let first = LocalDate(daysSinceEpoch: Int(Date().timeIntervalSince1970 / 86_400) - small - 10)
        var csv = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE\n"
        for set in 1...big { csv += "\(first) 07:00:00,\"Marathon\",5h 0m,\"Long Lift\",\(set),\(40 + set % 10),5,0,0,\n" }
        for day in 1...small {
            for set in 1...3 { csv += "\(first.adding(days: day)) 18:00:00,\"Day \(day % 7)\",1h 0m,\"Squat\",\(set),\(60 + day % 20),5,0,0,\n" }
        }
        let csvPath = daemon.directory + "/history.csv"
        try csv.write(toFile: csvPath, atomically: true, encoding: .utf8)
        let imported = try daemon.ctl(["import", csvPath], timeout: 120)
        #expect(imported.status == 0, "\(imported.stderr)")

        // The pages as the daemon gives them, each within its bounds.
        let client = try daemon.client()
        var pages: [HistoryExport.Result] = []
        var params: JSONValue = .obj([:])
        repeat {
            let reply = try client.call("history.export", params)
            let page = try HistoryExport.Result(json: reply)
            pages.append(page)
            params = .obj(["after": page.next.map { JSONValue(Int($0)) } ?? .null, "afterSet": page.nextSet.map { JSONValue(Int($0)) } ?? .null])
        } while pages.last?.next != nil && pages.count < 100
        // sessionctl holds one page at a time: each of at most a page's sets, a fraction of the history.
        #expect(pages.count >= 3)
        #expect(pages.allSatisfy { $0.workouts.reduce(0) { $0 + $1.sets.count } <= HistoryLimits.pageSets })
        let workouts = pages.flatMap(\.workouts)
        #expect(workouts.reduce(0) { $0 + $1.sets.count } == big + 3 * small)

        // sessionctl writes every format; the CSVs as written whole from the same workouts.
        for format in TrackerExport.Format.written {
            let path = daemon.directory + "/export.\(format.rawValue)"
            let exported = try daemon.ctl(["export", "--format", format.rawValue, path], timeout: 120)
            #expect(exported.status == 0, "\(format): \(exported.stderr)")
            #expect(exported.stderr.contains("exported \(small + 1) sessions"), "\(exported.stderr)")
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
            if format != .json { #expect(String(decoding: bytes, as: UTF8.self) == TrackerExport.write(workouts, as: format), "\(format)") }
        }

        // Restored into another daemon, the JSON export comes out again byte for byte.
        let json = daemon.directory + "/export.json"
        let other = try DaemonProcess()
        defer { other.cleanUp() }
        let restored = try other.ctl(["import", json], timeout: 120)
        #expect(restored.status == 0, "\(restored.stderr)")
        let again = other.directory + "/again.json"
        #expect(try other.ctl(["export", again], timeout: 120).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == Data(contentsOf: URL(fileURLWithPath: json)))
        let sessions = try other.client().call("session.list", .obj(["limit": 1000])).arrayValue ?? []
        #expect(sessions.count == small + 1)
    }
}
