import SessionCore
import SessionSystem
import JSON

/// A rest timer: after a set with planned rest, subscribers hear `rest.finished` when
/// it runs out.
struct RestTimer: Sendable, Equatable {
    let sessionID: Int64
    let exercise: String
    let endsAtMs: Int64

    /// The event published when it starts, `seconds` long. Typed, so that its
    /// timestamp is written only when a subscriber is sent it: every set starts one.
    func startedEvent(seconds: Int, clock: LocalClock) -> Event {
        Event(type: "rest.started", members: Started(timer: self, seconds: seconds, clock: clock))
    }

    private struct Started: JSONObjectEncodable, Sendable {
        let timer: RestTimer
        let seconds: Int
        let clock: LocalClock

        func encodeMembers(to writer: inout JSONWriter) {
            writer.member("sessionId", timer.sessionID)
            writer.member("exercise", timer.exercise)
            writer.member("seconds", seconds)
            writer.member("endsAt", clock.rfc3339(ms: timer.endsAtMs))
        }
    }

    /// The event published when it runs out.
    var finishedEvent: Event {
        Event(type: "rest.finished", fields: [
            (key: "sessionId", value: JSONValue(Int(sessionID))), (key: "exercise", value: .string(exercise)),
        ])
    }
}

/// The one rest timer the daemon runs. Requests change it through their `Effects`;
/// the serving loop applies those changes, sleeps until `remainingMs` and calls
/// `expire`. Pure: the time is passed in.
struct RestSchedule {
    private(set) var running: RestTimer?

    /// Applies a committed request's change.
    mutating func apply(_ change: RestChange) {
        switch change {
        case .keep: break
        case .cancel: running = nil
        case .start(let timer): running = timer
        }
    }

    /// The timer that has run out by `nowMs`, which stops running; nil when none has.
    mutating func expire(nowMs: Int64) -> RestTimer? {
        guard let timer = running, nowMs >= timer.endsAtMs else { return nil }
        running = nil
        return timer
    }

    /// Milliseconds until the running timer runs out (0 when overdue); nil when none runs.
    func remainingMs(nowMs: Int64) -> Int64? {
        running.map { max(0, $0.endsAtMs - nowMs) }
    }
}
