import Glibc

/// The monotonic clock (CLOCK_MONOTONIC): for durations and deadlines, which no change
/// of the wall clock moves.
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary start (the machine's boot).
    public static func nowNs() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
    }
}
