import Glibc
import CLinux
import SessionSystem

/// The three interfaces systemd offers a service, spoken directly: the listening
/// sockets it passes (sd_listen_fds(3)), readiness and watchdog messages
/// (sd_notify(3)) and journal entries (the native protocol,
/// https://systemd.io/JOURNAL_NATIVE_PROTOCOL/). systemd documents all three as stable
/// for programs to implement themselves; doing so spares every start of the daemon
/// loading libsystemd and the six libraries it pulls in (compression, crypto,
/// capabilities), about a third of the dynamic linking a cold start paid.
enum ServiceManager {
    /// The first descriptor systemd passes (SD_LISTEN_FDS_START).
    static let firstPassedDescriptor: Int32 = 3

    /// How many sockets systemd passed this process: $LISTEN_FDS when $LISTEN_PID is
    /// this process, else 0. The variables are removed so that children do not see
    /// them (as sd_listen_fds(1) does), and each descriptor is made close-on-exec.
    static func takePassedDescriptors() -> Int {
        guard let pid = environmentValue("LISTEN_PID").flatMap({ pid_t($0) }), pid == getpid(),
            let count = environmentValue("LISTEN_FDS").flatMap({ Int($0) }), count > 0
        else { return 0 }
        unsetenv("LISTEN_PID")
        unsetenv("LISTEN_FDS")
        unsetenv("LISTEN_FDNAMES")
        for fd in firstPassedDescriptor..<firstPassedDescriptor + Int32(count) {
            let flags = fcntl(fd, F_GETFD)
            if flags >= 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
        }
        return count
    }

    /// True when `fd` is a Unix stream socket in the listening state (what
    /// sd_is_socket_unix(fd, SOCK_STREAM, 1, NULL, 0) checks).
    static func isListeningUnixStream(_ fd: Int32) -> Bool {
        func option(_ name: Int32) -> Int32? {
            var value: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            return getsockopt(fd, SOL_SOCKET, name, &value, &length) == 0 ? value : nil
        }
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return named == 0 && Int32(address.ss_family) == AF_UNIX
            && option(SO_TYPE) == Int32(SOCK_STREAM.rawValue) && option(SO_ACCEPTCONN) == 1
    }

    /// The watchdog interval in microseconds: $WATCHDOG_USEC, when $WATCHDOG_PID is
    /// unset or this process (sd_watchdog_enabled(3)); nil when no watchdog is asked.
    static func watchdogMicroseconds() -> UInt64? {
        if let pid = environmentValue("WATCHDOG_PID") { guard pid_t(pid) == getpid() else { return nil } }
        guard let usec = environmentValue("WATCHDOG_USEC").flatMap({ UInt64($0) }), usec > 0 else { return nil }
        return usec
    }

    /// The service manager's notification socket ($NOTIFY_SOCKET: a path, or an
    /// abstract name after "@"), nil when none listens.
    static var notifySocket: String? {
        guard let value = environmentValue("NOTIFY_SOCKET"), value.hasPrefix("/") || value.hasPrefix("@") else { return nil }
        return value
    }

    /// Sends `message` ("READY=1\nSTATUS=…") as one datagram to `socket`; false when it
    /// could not be sent.
    @discardableResult
    static func notify(_ message: String, to socket: String) -> Bool {
        send(Array(message.utf8), to: socket)
    }

    /// Sends `bytes` as one datagram to the Unix socket named `address`: true when sent.
    /// An entry too large for a datagram goes as a sealed memory file instead
    /// (`descriptorFallback`), as the journal's protocol allows.
    static func send(_ bytes: [UInt8], to address: String, descriptorFallback: Bool = false) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let sent = UnixAddress.withAddress(orAbstract: address) { pointer, length in
            bytes.withUnsafeBytes { sendto(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), pointer, length) }
        }
        if sent == bytes.count { return true }
        guard descriptorFallback, sent < 0, errno == EMSGSIZE || errno == ENOBUFS else { return false }
        let memory = bytes.withUnsafeBytes { clinux_sealed_memfd("sessiond-journal", $0.baseAddress, $0.count) }
        guard memory >= 0 else { return false }
        defer { close(memory) }
        return UnixAddress.withAddress(orAbstract: address) { clinux_send_descriptor(fd, $0, $1, memory) } >= 0
    }

    private static func environmentValue(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

/// One journal entry in the native protocol: `KEY=value\n` per field, and a value
/// holding a newline as `KEY\n`, its length as 64-bit little-endian, the bytes, `\n`.
struct JournalEntry {
    private(set) var bytes: [UInt8] = []

    init(_ fields: [(key: String, value: String)]) {
        for field in fields { append(field.key, field.value) }
    }

    private mutating func append(_ key: String, _ value: String) {
        bytes.append(contentsOf: key.utf8)
        if value.utf8.contains(UInt8(ascii: "\n")) {
            bytes.append(UInt8(ascii: "\n"))
            var length = UInt64(value.utf8.count).littleEndian
            withUnsafeBytes(of: &length) { bytes.append(contentsOf: $0) }
        } else {
            bytes.append(UInt8(ascii: "="))
        }
        bytes.append(contentsOf: value.utf8)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Where journald listens for native entries.
    static let socketPath = "/run/systemd/journal/socket"

    /// Sends the entry to journald (`path`); false when it could not be delivered.
    func send(to path: String = JournalEntry.socketPath) -> Bool {
        ServiceManager.send(bytes, to: path, descriptorFallback: true)
    }
}
