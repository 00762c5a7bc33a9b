import Foundation
import SessionRPC
import SessionCore
import JSON
import SessionSystem

/// What takes a JSON-RPC request and gives its whole response: the daemon over its
/// socket (`RPCClient`), or the application in the test's own process.
public protocol RPCCaller {
    /// Sends a request and returns the whole response object.
    func request(_ method: String, _ params: JSONValue?, id: JSONValue?) throws -> JSONValue
}

extension RPCCaller {
    public func request(_ method: String, _ params: JSONValue? = nil) throws -> JSONValue {
        try request(method, params, id: nil)
    }

    /// Calls a method and returns its result, or throws its error.
    public func call(_ method: String, _ params: JSONValue? = nil) throws -> JSONValue {
        let reply = try request(method, params, id: nil)
        if let error = reply["error"] { throw RemoteError(error: error) }
        guard let result = reply["result"] else { throw DaemonError(message: "reply without result: \(reply.jsonText)") }
        return result
    }

    /// A request line's text: `id` or the next of `counter`'s.
    public static func requestLine(_ method: String, _ params: JSONValue?, id: JSONValue?, counter: inout Int) -> String {
        let requestID = id ?? JSONValue(counter)
        counter += 1
        var pairs: [(key: String, value: JSONValue)] = [(key: "jsonrpc", value: "2.0"), (key: "id", value: requestID), (key: "method", value: .string(method))]
        if let params { pairs.append((key: "params", value: params)) }
        return JSONValue.object(pairs).jsonText
    }
}

/// A raw JSON-RPC client on a Unix socket: lines out, lines in, as any program would
/// speak to sessiond.
public final class RPCClient: RPCCaller, SettableClock, @unchecked Sendable {
    public let fd: Int32
    /// The time of the daemon this client talks to, when the test may set it
    /// (`DaemonProcess.client()`, an in-process daemon's).
    public var clock: (any SettableClock)?
    private var buffer: [UInt8] = []
    private var nextID = 1

    public init(path: String) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        let result = UnixAddress.withAddress(path) { connect(fd, $0, $1) }
        guard result == 0 else {
            // No close here: deinit runs for a class whose init throws after every
            // property is set, and closing twice could close another thread's descriptor.
            throw DaemonError(message: "connect \(path): \(String(cString: strerror(errno)))")
        }
    }

    deinit { Foundation.close(fd) }

    public var canSetClock: Bool { clock != nil }

    /// Sets the daemon's clock (`SettableClock`); refused for a daemon not started so.
    public func setClock(toMs ms: Int64?) throws {
        guard let clock else { throw DaemonError(message: "this client's daemon runs on the real clock only") }
        try clock.setClock(toMs: ms)
    }

    /// Connects once the server at `path` accepts, trying for up to `timeout` seconds.
    public static func waitingForServer(at path: String, timeout: Double = 20) throws -> RPCClient {
        var client: RPCClient?
        var lastError: Error?
        _ = Wait.poll(timeout: timeout) {
            do {
                client = try RPCClient(path: path)
                return true
            } catch {
                lastError = error
                return false
            }
        }
        if let client { return client }
        throw lastError ?? WaitTimeout(description: "timed out after \(timeout) s waiting for a server at \(path)")
    }

    /// Shuts the connection down; the descriptor itself is closed when the client is
    /// released.
    public func close() { shutdown(fd, Int32(SHUT_RDWR)) }

    /// Sends raw bytes.
    public func send(raw text: String) throws {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Foundation.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw DaemonError(message: "send failed: \(String(cString: strerror(errno)))") }
            offset += written
        }
        bytes.removeAll()
    }

    /// Sends one line.
    public func send(line: String) throws { try send(raw: line + "\n") }

    /// Reads one line (without its newline), waiting at most `timeout` seconds; nil at
    /// end of stream.
    public func readLine(timeout: Double = 20) throws -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeFirst(newline + 1)
                return line
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw DaemonError(message: "no reply within \(timeout) s") }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining, 1) * 1000))
            if ready <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return buffer.isEmpty ? nil : { defer { buffer.removeAll() }; return String(decoding: buffer, as: UTF8.self) }() }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    /// Reads one line and parses it as JSON.
    public func readJSON(timeout: Double = 20) throws -> JSONValue {
        guard let line = try readLine(timeout: timeout) else { throw DaemonError(message: "connection closed") }
        return try JSONParser.parse(line)
    }

    /// Sends a request and returns the whole response object.
    public func request(_ method: String, _ params: JSONValue? = nil, id: JSONValue? = nil) throws -> JSONValue {
        try send(line: Self.requestLine(method, params, id: id, counter: &nextID))
        while true {
            let reply = try readJSON()
            if reply["method"] == "event" { events.append(reply); continue }
            return reply
        }
    }

    /// Event notifications that arrived while waiting for replies.
    public var events: [JSONValue] = []
}

/// A JSON-RPC error reply.
public struct RemoteError: Error, CustomStringConvertible {
    public let error: JSONValue
    public var code: Int? { error["code"]?.intValue }
    public var reason: String? { error["data"]?["reason"]?.stringValue }
    public var description: String { error.jsonText }
}
