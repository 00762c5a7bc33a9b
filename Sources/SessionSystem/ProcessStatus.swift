import Glibc

/// What the kernel tells of another process, from /proc/PID/stat (proc(5)).
public enum ProcessStatus {
    /// True when process `pid` is on its way out, so that what it holds (its locks, its
    /// listening socket) is given back within moments: it is exiting (the kernel's
    /// PF_EXITING flag, set from the moment a fatal signal is acted on), a zombie, or
    /// gone. False for a live process, and when /proc cannot be read for another reason.
    public static func isExiting(_ pid: Int32) -> Bool {
        let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return errno == ENOENT || errno == ESRCH }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 1024)
        let count = read(fd, &bytes, bytes.count)
        // A process that ends between open and read reads as nothing.
        guard count >= 0 else { return errno == ESRCH }
        guard count > 0 else { return true }
        // "pid (comm) state ppid pgrp session tty_nr tpgid flags …": the name may hold
        // spaces and parentheses, so the fields are counted after the last ')'.
        guard let end = bytes[..<count].lastIndex(of: UInt8(ascii: ")")) else { return false }
        let fields = bytes[(end + 1)..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 6, let state = fields[0].first else { return false }
        if state == UInt8(ascii: "Z") || state == UInt8(ascii: "X") { return true }
        let flags = UInt64(String(decoding: fields[6], as: UTF8.self)) ?? 0
        return flags & exitingFlag != 0
    }

    /// PF_EXITING in include/linux/sched.h.
    static let exitingFlag: UInt64 = 0x4
}
