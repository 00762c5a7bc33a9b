/// Durations of a session whose pauses are excluded, as on a watch.
public enum SessionClock {
    /// Active milliseconds between `startedAtMs` and `endMs`, excluding the paused total
    /// and an ongoing pause.
    public static func activeMs(startedAtMs: Int64, endMs: Int64, pausedTotalMs: Int64, pausedSinceMs: Int64?) -> Int64 {
        let ongoing = pausedSinceMs.map { max(0, endMs - $0) } ?? 0
        return max(0, endMs - startedAtMs - pausedTotalMs - ongoing)
    }
}
