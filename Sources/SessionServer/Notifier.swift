#if canImport(Glibc)
import Glibc
#endif
import CSystemd

/// sd_notify(3) messages to the service manager: READY=1, STATUS=, WATCHDOG=1,
/// STOPPING=1. Without $NOTIFY_SOCKET every call is a no-op.
struct Notifier {
    /// The watchdog interval from $WATCHDOG_USEC (sd_watchdog_enabled), in ms, or nil.
    let watchdogIntervalMs: Int64?
    /// True when a service manager listens ($NOTIFY_SOCKET is set): only then is a
    /// STATUS= line worth computing.
    let isListening: Bool

    init() {
        isListening = getenv("NOTIFY_SOCKET") != nil
        var usec: UInt64 = 0
        watchdogIntervalMs = sd_watchdog_enabled(0, &usec) > 0 ? Int64(usec / 1000) : nil
    }

    /// Sends one preformatted message (sd_notifyf is variadic; Swift formats instead).
    func notify(_ message: String) {
        _ = sd_notify(0, message)
    }

    func ready(status: String) { notify("READY=1\nSTATUS=\(status)\nMAINPID=\(getpid())") }
    func status(_ text: String) { notify("STATUS=\(text)") }
    func watchdog() { notify("WATCHDOG=1") }
    func stopping() { notify("STOPPING=1\nSTATUS=stopping") }
}
