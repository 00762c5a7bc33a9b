import Glibc

/// An open file descriptor this process owns. Non-copyable: exactly one owner, and the
/// descriptor is closed exactly once, when that owner ends (or `close()` consumes it).
struct FileDescriptor: ~Copyable {
    /// The descriptor number, for system calls; never close it directly.
    let raw: Int32

    /// Takes ownership of `raw`, the result of the call named `call`; a negative
    /// result is that call's failure, thrown with errno.
    init(_ raw: Int32, from call: String) throws(SystemCallError) {
        guard raw >= 0 else { throw SystemCallError(call) }
        self.raw = raw
    }

    /// Closes now. Linux releases the descriptor even when close(2) fails (EINTR
    /// included), so there is nothing to retry and nothing to report.
    consuming func close() {
        let raw = self.raw
        discard self
        _ = Glibc.close(raw)
    }

    deinit { _ = Glibc.close(raw) }
}

/// A system call that failed: its name and errno, phrased for a log line.
struct SystemCallError: Error, CustomStringConvertible {
    let call: String
    let code: Int32

    /// The failure of `call`, read from errno now.
    init(_ call: String, code: Int32 = errno) {
        self.call = call
        self.code = code
    }

    var description: String { "\(call): \(String(cString: strerror(code)))" }

    /// Throws the failure of `call` when `result` is negative; returns it otherwise.
    @discardableResult
    static func check(_ result: Int32, _ call: String) throws(SystemCallError) -> Int32 {
        guard result >= 0 else { throw SystemCallError(call) }
        return result
    }
}
