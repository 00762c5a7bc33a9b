import SessionCore
import Testing
import JSON
import SessionRPC

@testable import SessionApplication

@Suite struct EffectsTests {
    private func timer(_ exercise: String, endsAtMs: Int64) -> RestTimer {
        RestTimer(sessionID: 1, exercise: exercise, endsAtMs: endsAtMs)
    }

    @Test func aLaterRequestsRestChangeWinsAndEventsKeepTheirOrder() {
        var line = Effects()
        var logged = Effects()
        logged.emit(SessionPausedEvent.self, SessionReference { $0.sessionID = 1 })
        logged.rest = .start(timer("Squat", endsAtMs: 90_000))
        var aborted = Effects()
        aborted.emit(SessionAbortedEvent.self, SessionReference { $0.sessionID = 1 })
        aborted.rest = .cancel
        aborted.sessionChanged = true
        var read = Effects()  // a read in the same batch changes nothing
        read.rest = .keep

        line.append(logged)
        line.append(aborted)
        line.append(read)
        #expect(line.events.map(\.type) == ["session.paused", "session.aborted"])
        guard case .cancel = line.rest else {
            Issue.record("a set then an abort must leave no rest timer running, got \(line.rest)")
            return
        }
        #expect(line.sessionChanged)
        #expect(line.subscription == nil)
    }

    @Test func aSubscriptionIsKeptUntilReplaced() {
        var line = Effects()
        var first = Effects()
        first.subscription = ["set.logged"]
        line.append(first)
        line.append(Effects())
        #expect(line.subscription == ["set.logged"])
        var second = Effects()
        second.subscription = ["rest.finished"]
        line.append(second)
        #expect(line.subscription == ["rest.finished"])
    }

    @Test func theRestScheduleRunsOneTimerAndExpiresItOnce() {
        var schedule = RestSchedule()
        #expect(schedule.remainingMs(nowMs: 0) == nil)
        #expect(schedule.expire(nowMs: 1_000_000) == nil)

        schedule.apply(.start(timer("Squat", endsAtMs: 10_000)))
        schedule.apply(.start(timer("Row", endsAtMs: 20_000)))  // the later set's rest replaces it
        schedule.apply(.keep)
        #expect(schedule.remainingMs(nowMs: 5_000) == 15_000)
        #expect(schedule.expire(nowMs: 19_999) == nil)
        #expect(schedule.expire(nowMs: 20_000) == timer("Row", endsAtMs: 20_000))
        #expect(schedule.expire(nowMs: 30_000) == nil, "a timer finishes once")
        #expect(schedule.remainingMs(nowMs: 30_000) == nil)

        schedule.apply(.start(timer("Squat", endsAtMs: 10_000)))
        #expect(schedule.remainingMs(nowMs: 12_000) == 0, "overdue means wake now")
        schedule.apply(.cancel)
        #expect(schedule.expire(nowMs: 12_000) == nil)
    }

    @Test func theFinishedEventNamesTheSessionAndExercise() {
        let event = timer("Goblet Squat", endsAtMs: 1).finishedEvent
        #expect(event.type == "rest.finished")
        #expect(event.jsonBytes == JSONValue.obj(["type": "rest.finished", "sessionId": 1, "exercise": "Goblet Squat"]).jsonBytes)
    }
}
