import Foundation
import Glibc

/// A condition a test waited on did not come true in time.
public struct WaitTimeout: Error, CustomStringConvertible {
    /// What the test waited for, and for how long.
    public let description: String
}

/// Waiting on a condition rather than on a guessed pause: every polling loop in the tests
/// goes through here, so each names what it waits for and fails saying so.
public enum Wait {
    /// Polls `condition` with a short backoff (2 ms doubling to 50 ms) until it holds;
    /// throws `WaitTimeout` naming `what` once `timeout` seconds pass without it.
    public static func until(timeout: Double = 10, _ what: String, _ condition: () throws -> Bool) throws {
        guard try poll(timeout: timeout, condition) else {
            throw WaitTimeout(description: "timed out after \(timeout) s waiting for \(what)")
        }
    }

    /// Polls `produce` until it returns a value, and returns it; throws `WaitTimeout`
    /// naming `what` once `timeout` seconds pass without one.
    public static func value<T>(timeout: Double = 10, _ what: String, _ produce: () throws -> T?) throws -> T {
        var found: T?
        try until(timeout: timeout, what) {
            found = try produce()
            return found != nil
        }
        guard let found else { throw WaitTimeout(description: "timed out after \(timeout) s waiting for \(what)") }
        return found
    }

    /// Polls `condition` until it holds or `timeout` seconds pass; true when it held.
    /// For callers that handle the timeout themselves (a process to kill, a log to show).
    public static func poll(timeout: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var pause: useconds_t = 2_000
        while true {
            if try condition() { return true }
            guard Date() < deadline else { return false }
            usleep(pause)
            pause = min(pause * 2, 50_000)
        }
    }
}

extension Wait {
    /// Reads `handle` (a pipe from a child's output) until what was read contains
    /// `text`, and returns all of it; throws `WaitTimeout` naming `text` when `timeout`
    /// seconds pass or the pipe ends first.
    public static func output(of handle: FileHandle, containing text: String, timeout: Double = 10) throws -> String {
        var read = Data()
        var ended = false
        try until(timeout: timeout, "output containing \"\(text)\"") {
            var poller = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            if !ended, Glibc.poll(&poller, 1, 0) > 0 {
                let data = handle.availableData
                ended = data.isEmpty
                read += data
            }
            let seen = String(decoding: read, as: UTF8.self)
            if ended, !seen.contains(text) { throw WaitTimeout(description: "the output ended without \"\(text)\": \(seen)") }
            return seen.contains(text)
        }
        return String(decoding: read, as: UTF8.self)
    }
}
