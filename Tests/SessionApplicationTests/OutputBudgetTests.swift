import Foundation
import JSON
import SessionCore
import TestSupport
import Testing

@testable import SessionApplication

/// An export page is bounded by its sets as well as its sessions, and the pages
/// together hold everything.
@Suite struct OutputBudgetTests {
    @Test func anExportPageEndsBeforeItPassesItsSetsAndThePagesHoldEverything() throws {
        let client = try InProcess()
        let stored = try Workout.importHistory(client)
        var after: JSONValue = .null
        var (workouts, sets, pages) = (0, 0, 0)
        repeat {
            let page = try client.call("history.export", after == .null ? nil : .obj(["after": after]))
            let pageSets = (page["workouts"]?.arrayValue ?? []).reduce(0) { $0 + ($1["sets"]?.arrayValue?.count ?? 0) }
            #expect(pageSets <= HistoryLimits.pageSets, "a page of \(pageSets) sets")
            workouts += page["workouts"]?.arrayValue?.count ?? 0
            sets += pageSets
            pages += 1
            after = page["next"] ?? .null
        } while after != .null && pages < 10
        #expect(workouts == stored.workouts && sets == stored.sets, "\(workouts) workouts, \(sets) sets in \(pages) pages")
        #expect(pages >= stored.sets / HistoryLimits.pageSets)
    }
}
