import Foundation
import Testing
import TestSupport
import SessionCore
@testable import SessionStore

/// Plans and plan events in the change feed on real files: those stored before
/// migration 23 join the feed once, plans first, each event read at its time, and
/// another device that applies them has the same active plan.
@Suite struct PlanFeedStoreTests {
    let directory = Fixtures.temporaryDirectory("planfeed")
    var path: String { directory + "/sessiond.db" }

    @Test func plansAndEventsStoredBeforeJoinTheFeedAndTheOtherDeviceFollowsTheLatestActivation() throws {
        defer { Fixtures.removeTree(directory) }
        do {
            let old = try Database(path: path, schemaVersion: 22)
            // Plan 1 imported and active, plan 2 imported and active, plan 1 active again,
            // one move under it, and plan 2 active again in the same millisecond.
            try old.connection.execute("""
                INSERT INTO plan (id, name, week_start, imported_at_ms, source, active) VALUES
                    (1, 'First', '2026-11-30', 1000, '{"first": 1}', 0), (2, 'Second', '2026-11-30', 2000, '{"second": 2}', 1);
                INSERT INTO plan_event (id, at_ms, kind, plan_id, from_date, to_date) VALUES
                    (1, 1000, 'activate', 1, NULL, NULL), (2, 2000, 'activate', 2, NULL, NULL), (3, 3000, 'activate', 1, NULL, NULL),
                    (4, 3000, 'move', 1, '2026-12-01', '2026-12-02'), (5, 3000, 'activate', 2, NULL, NULL);
                """)
        }
        let database = try Database(path: path)
        // The first activation kept its day (in its zone then); the others, stored before
        // events kept theirs, have none.
        try database.connection.run("UPDATE plan_event SET date = '2026-11-29' WHERE id = 1")
        let feed = ChangeFeed(database)
        let changes = try feed.page(after: 0, limit: 10).changes
        #expect(changes.map(\.entity) == [.plan, .plan, .planEvent, .planEvent, .planEvent, .planEvent, .planEvent])
        #expect(Set(changes.map(\.uid)).count == 7 && changes.allSatisfy { SyncChange.isUID($0.uid) })
        let first = try #require(try feed.planUID(1))
        let second = try #require(try feed.planUID(2))
        #expect(changes.compactMap(\.plan?.source) == [#"{"first": 1}"#, #"{"second": 2}"#])
        #expect(changes.compactMap(\.planEvent?.planUID) == [first, second, first, first, second])
        #expect(changes.compactMap(\.planEvent?.atMs) == [1000, 2000, 3000, 3000, 3000])
        let move = changes.compactMap(\.planEvent).first { $0.kind == .move }
        #expect(move?.fromDate == LocalDate("2026-12-01") && move?.toDate == LocalDate("2026-12-02"))
        // Each event read at its time, one millisecond's in the order they were stored.
        let readings = changes.filter { $0.entity == .planEvent }.compactMap(\.timestamp)
        #expect(readings == readings.sorted() && Set(readings).count == 5)
        #expect(readings.map(\.wallMs) == [1000, 2000, 3000, 3000, 3000])

        // Another device, applying them in reverse: plan 2, activated last, is active there too.
        // An event keeps the day it came with; one without is dated in this device's zone.
        let other = try Database(path: directory + "/other.db")
        other.plans.datesEvents { _ in LocalDate("2026-12-24")! }
        let plans = [first: Plan(name: "", weekStart: Fixtures.monday, days: []), second: Plan(name: "", weekStart: Fixtures.monday, days: [])]
        let events = changes.filter { $0.entity == .planEvent }
        let early = try ChangeFeed(other).apply(Array(events.reversed()), plans: plans, nowMs: 5000)
        #expect(early.unresolved.count == 5 && early.applied == 0, "events wait for their plans")
        let applied = try ChangeFeed(other).apply(changes.filter { $0.entity == .plan } + events.reversed(), plans: plans, nowMs: 5000)
        #expect(applied.applied == 7 && applied.unresolved.isEmpty)
        let dated = try other.plans.planTimeline().events.map { "\($0.atMs) \($0.date?.description ?? "-")" }
        #expect(dated == ["1000 2026-11-29", "2000 2026-12-24", "3000 2026-12-24", "3000 2026-12-24", "3000 2026-12-24"], "\(dated)")
        let activeThere = try #require(try other.plans.activePlanID())
        #expect(try ChangeFeed(other).planUID(activeThere) == second)
        #expect(try other.plans.listPlans().map(\.name).sorted() == ["First", "Second"], "the names as imported on the first device")
        #expect(try ChangeFeed(other).apply(changes, plans: plans, nowMs: 6000).ignored == 7, "applying twice changes nothing")
        #expect(try ChangeFeed(other).lastPosition() == 0, "another device's plans are not this device's to push")
    }
}
