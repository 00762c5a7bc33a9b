import SessionCore
import SessionRPC
import SessionSystem

/// The running rest timer, read and changed (`rest.timer`): the daemon's one timer
/// (`SharedRestSchedule`) at the time of the request served. Reached as `service.restTimer`.
struct RestFeature {
    let rest: SharedRestSchedule
    let clock: LocalClock
    /// The time of the request being served.
    let nowMs: Int64
}

extension RestFeature {
    /// `rest.timer`: the running rest timer, or changed: seconds added or taken off, a
    /// new time left, or skipped. A change to nothing left ends it as a skip does.
    func restTimer(_ params: RestTimerControl.Params) throws -> Outcome {
        let running = rest.running.flatMap { $0.endsAtMs > nowMs ? $0 : nil }
        guard params.changes else { return Outcome(restResult(running)) }
        guard let running else { throw SessionError.noRestTimer }
        var endsAtMs = running.endsAtMs
        if let add = params.add { endsAtMs += Int64(add) * 1000 }
        if let seconds = params.seconds { endsAtMs = nowMs + Int64(seconds) * 1000 }
        let skipped = params.skip == true || endsAtMs <= nowMs
        var effects = Effects()
        let timer = RestTimer(sessionID: running.sessionID, exercise: running.exercise, endsAtMs: skipped ? nowMs : endsAtMs)
        effects.rest = skipped ? .cancel : .start(timer)
        effects.sessionChanged = true
        effects.emit(RestChangedEvent.self, .init {
            $0.sessionID = timer.sessionID
            $0.exercise = timer.exercise
            $0.secondsLeft = secondsLeft(timer)
            $0.endsAt = clock.rfc3339(ms: timer.endsAtMs)
            $0.skipped = skipped
        })
        return Outcome(restResult(skipped ? nil : timer), effects: effects)
    }

    private func restResult(_ timer: RestTimer?) -> RestTimerControl.Result {
        guard let timer else { return RestTimerControl.Result() }
        return RestTimerControl.Result(sessionID: timer.sessionID, exercise: timer.exercise, endsAt: clock.rfc3339(ms: timer.endsAtMs),
                                       secondsLeft: secondsLeft(timer))
    }

    /// Whole seconds left, rounded up (as `session.current`'s rest says it).
    private func secondsLeft(_ timer: RestTimer) -> Int { Int(max(0, timer.endsAtMs - nowMs + 999) / 1000) }
}

extension RestFeature {
    /// The running rest timer.
    static let routes: [DaemonRoute] = [
        DaemonRoute(RestTimerControl.self) { params, service in try service.restTimer.restTimer(params) },
    ]
}
