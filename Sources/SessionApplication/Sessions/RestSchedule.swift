import SessionCore
import Synchronization
import SessionSystem
import SessionRPC
import JSON

/// A rest timer: after a set with planned rest, subscribers hear `rest.finished` when
/// it runs out.
package struct RestTimer: Sendable, Equatable {
    let sessionID: Int64
    let exercise: String
    let endsAtMs: Int64

    /// The event published when it starts, `seconds` long.
    func startedEvent(seconds: Int) -> Event {
        Event(RestStartedEvent.self, .init(sessionID: sessionID, exercise: exercise, seconds: seconds, endsAtMs: endsAtMs,
                                           format: { LocalClock().rfc3339(ms: $0) }))
    }

    /// The event published when it runs out.
    package var finishedEvent: Event {
        Event(RestFinishedEvent.self, .init { $0.sessionID = sessionID; $0.exercise = exercise })
    }
}

/// The one rest timer the daemon runs. Requests change it through their `Effects`;
/// the serving loop applies those changes, sleeps until `remainingMs` and calls
/// `expire`. Pure: the time is passed in.
package struct RestSchedule {
    private(set) var running: RestTimer?

    package init() {}

    /// Applies a committed request's change.
    package mutating func apply(_ change: RestChange) {
        switch change {
        case .keep: break
        case .cancel: running = nil
        case .start(let timer): running = timer
        }
    }

    /// The timer that has run out by `nowMs`, which stops running; nil when none has.
    package mutating func expire(nowMs: Int64) -> RestTimer? {
        guard let timer = running, nowMs >= timer.endsAtMs else { return nil }
        running = nil
        return timer
    }

    /// Milliseconds until the running timer runs out (0 when overdue); nil when none runs.
    package func remainingMs(nowMs: Int64) -> Int64? {
        running.map { max(0, $0.endsAtMs - nowMs) }
    }
}

/// The daemon's one rest timer, held in one place for both threads that use it: the
/// database thread applies each committed request's change (`Application.commit`) and
/// reads it for a snapshot and `rest.timer`; the serving loop sleeps until it runs out
/// and expires it (`Server`). Locked, as the two threads share it.
package final class SharedRestSchedule: Sendable {
    private let schedule = Mutex(RestSchedule())

    package init() {}

    /// The running timer (it may have run out without the loop having expired it yet).
    package var running: RestTimer? { schedule.withLock { $0.running } }

    /// Applies a committed request's change.
    package func apply(_ change: RestChange) { schedule.withLock { $0.apply(change) } }

    /// The timer that has run out by `nowMs`, which stops running; nil when none has.
    package func expire(nowMs: Int64) -> RestTimer? { schedule.withLock { $0.expire(nowMs: nowMs) } }

    /// Milliseconds until the running timer runs out (0 when overdue); nil when none runs.
    package func remainingMs(nowMs: Int64) -> Int64? { schedule.withLock { $0.remainingMs(nowMs: nowMs) } }
}
