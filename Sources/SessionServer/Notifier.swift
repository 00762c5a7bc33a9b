import Glibc

/// sd_notify(3) messages to the service manager: READY=1, STATUS=, WATCHDOG=1,
/// STOPPING=1 (sent by `ServiceManager`). Without $NOTIFY_SOCKET every call is a no-op.
struct Notifier {
    /// The watchdog interval from $WATCHDOG_USEC (sd_watchdog_enabled), in ms, or nil.
    let watchdogIntervalMs: Int64?
    /// True when a service manager listens ($NOTIFY_SOCKET is set): only then is a
    /// STATUS= line worth computing.
    var isListening: Bool { socket != nil }
    /// $NOTIFY_SOCKET.
    private let socket: String?

    init() {
        socket = ServiceManager.notifySocket
        watchdogIntervalMs = ServiceManager.watchdogMicroseconds().map { Int64($0 / 1000) }
    }

    /// Sends one message of newline-separated assignments.
    func notify(_ message: String) {
        if let socket { ServiceManager.notify(message, to: socket) }
    }

    func ready(status: String) { notify("READY=1\nSTATUS=\(status)\nMAINPID=\(getpid())") }
    func status(_ text: String) { notify("STATUS=\(text)") }
    func watchdog() { notify("WATCHDOG=1") }
    func stopping() { notify("STOPPING=1\nSTATUS=stopping") }
}
