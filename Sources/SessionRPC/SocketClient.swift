import Glibc
import SessionCore
import JSON
import SessionSystem

/// A blocking JSON-RPC client on a connection to the daemon (`ByteStream`: its Unix
/// socket, or a command such as ssh that carries the bytes to it): one request line out,
/// one reply line in. Small on purpose: sessionctl starts, asks, prints and exits.
public final class SocketClient {
    /// Why the daemon could not be reached or stopped answering.
    public struct Unreachable: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        /// True when the daemon was to be reached through a command (`ssh`), not a
        /// socket of this machine.
        public let throughCommand: Bool
        public var description: String {
            // The far side's own "cannot reach sessiond at SOCKET: …" says where there.
            let there = "cannot reach sessiond at "
            if throughCommand, reason.hasPrefix(there) { return "cannot reach sessiond on \(path) at \(reason.dropFirst(there.count))" }
            return "cannot reach sessiond at \(path): \(reason)"
        }

        public init(path: String, reason: String, throughCommand: Bool = false) {
            self.path = path
            self.reason = reason
            self.throughCommand = throughCommand
        }
    }

    private var stream: ByteStream
    /// Where the connection goes: what messages name, and where a new one is made.
    public var address: ByteStream.Address { stream.address }
    /// The socket's path, or the name of the command's destination.
    public var path: String { stream.address.name }
    private var buffer: [UInt8] = []
    /// Where recv(2) writes, reused for every reply.
    private var chunk = [UInt8](repeating: 0, count: 65_536)
    private var nextID = 1
    /// The daemon's refusal of the connection, once read: the answer to every request.
    private var refusal: JSONValue?

    /// Connects to the socket at `path`.
    public convenience init(path: String) throws(Unreachable) {
        try self.init(.unixSocket(path))
    }

    /// Connects to `address`: a socket, or a command started to carry the connection.
    public init(_ address: ByteStream.Address) throws(Unreachable) {
        do {
            stream = try ByteStream(address)
        } catch {
            throw Self.unreachable(address, reason: error.description)
        }
    }

    /// The connected descriptor.
    public var descriptor: Int32 { stream.descriptor }

    /// Connects again when the daemon closed the connection since the last reply (it
    /// closes one that sent nothing for its idle timeout, as while a planner thinks for
    /// many minutes): no reply was owed on it, so none is lost. A connection still open,
    /// or one with bytes waiting (read or not), is kept as it is. The new connection
    /// starts afresh: a refusal the old one read (too many connections) is not its.
    public func reconnectIfClosed() throws(Unreachable) {
        guard buffer.isEmpty else { return }
        var byte: UInt8 = 0
        let peeked = recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        guard peeked == 0 || peeked < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR else { return }
        do {
            stream = try ByteStream(stream.address)
        } catch {
            throw Self.unreachable(address, reason: error.description)
        }
        refusal = nil
    }

    /// The error for a connection to `address` that failed for `reason`.
    private static func unreachable(_ address: ByteStream.Address, reason: String) -> Unreachable {
        if case .command = address { return Unreachable(path: address.name, reason: reason, throughCommand: true) }
        return Unreachable(path: address.name, reason: reason)
    }

    /// The connection ended or broke: why, as the peer says (a command's message, such
    /// as ssh's), else `fallback`.
    private func lost(_ fallback: String) -> Unreachable {
        Self.unreachable(address, reason: stream.endingReason() ?? fallback)
    }

    /// True when a whole line is already buffered.
    var hasBufferedLine: Bool { buffer.contains(0x0A) }

    /// Sends one line.
    public func send(line: String) throws(Unreachable) {
        try send(bytes: Array((line + "\n").utf8))
    }

    /// Sends bytes as they are (whole lines).
    func send(bytes: [UInt8]) throws(Unreachable) {
        try bytes.withUnsafeBufferPointer { buffer throws(Unreachable) in try send(buffer) }
    }

    /// Sends bytes where they lie, all of them.
    private func send(_ bytes: UnsafeBufferPointer<UInt8>) throws(Unreachable) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.send(descriptor, base + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw lost("connection lost while sending") }
            offset += written
        }
    }

    /// Reads one line; throws when the daemon closes the connection first.
    public func readLine() throws(Unreachable) -> [UInt8] {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = Array(buffer[..<newline])
                buffer.removeFirst(newline + 1)
                return line
            }
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw lost("the daemon closed the connection") }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    /// Reads one line as JSON.
    public func readJSON() throws(Unreachable) -> JSONValue {
        let line = try readLine()
        guard let value = try? JSONParser.parse(bytes: line) else {
            // Through ssh, most often a login script that prints: its first words say so.
            let start = String(decoding: line.prefix(60), as: UTF8.self).filter { !$0.unicodeScalars.contains { $0.properties.generalCategory == .control } }
            let shown = start.isEmpty ? "" : ": \"\(start)\"" + (line.count > 60 ? "…" : "")
            let hint = if case .command = address { " (does a login script on that host print something?)" } else { "" }
            throw Self.unreachable(address, reason: "the daemon sent something that is not JSON\(shown)\(hint)")
        }
        return value
    }

    /// Sends a request and returns its result, or the daemon's error.
    public func call(_ method: String, _ params: JSONValue? = nil) throws(Unreachable) -> Result<JSONValue, RPCError> {
        try call(method, encoded: params)
    }

    /// Sends a request whose params write themselves (no tree is built) and returns
    /// its result, or the daemon's error.
    public func call(_ method: String, encoded params: (some JSONEncodable)?) throws(Unreachable) -> Result<JSONValue, RPCError> {
        try request(Call(method, params)).outcome
    }

    /// Sends one call and waits for its reply.
    public func request(_ call: Call) throws(Unreachable) -> Reply {
        try reply(to: try send([call]).lowerBound)
    }

    /// The daemon's answer to one request: its result, or its error. (A concrete type:
    /// an array of `Result`s would cost every sessionctl start a search of the runtime's
    /// conformance tables.)
    public enum Reply: Sendable {
        case result(JSONValue)
        case error(RPCError)

        public var outcome: Result<JSONValue, RPCError> {
            switch self {
            case .result(let value): .success(value)
            case .error(let error): .failure(error)
            }
        }
    }

    /// A request to send: its method and its params, already written.
    public struct Call {
        public let method: String
        public let params: [UInt8]?

        public init(_ method: String, _ params: (some JSONEncodable)?) {
            self.method = method
            self.params = params?.jsonBytes
        }

        /// A call of `contract` with typed params.
        public init<Contract: MethodContract>(_ contract: Contract.Type, _ params: Contract.Params) {
            self.init(Contract.name, params.encoded)
        }
    }

    /// Sends every call in one write and returns their results in the same order: one
    /// round trip however many there are (the daemon answers a connection's requests in
    /// order, each as it would alone).
    public func pipeline(_ calls: [Call]) throws(Unreachable) -> [Reply] {
        let ids = try send(calls)
        var results: [Reply] = []
        results.reserveCapacity(calls.count)
        for id in ids { results.append(try reply(to: id)) }
        return results
    }

    /// Sends calls in one write without waiting; returns their request ids, whose
    /// replies `reply(to:)` reads, oldest first.
    public func send(_ calls: [Call]) throws(Unreachable) -> Range<Int> {
        let firstID = nextID
        nextID += calls.count
        var lines: [UInt8] = []
        for (offset, call) in calls.enumerated() {
            var writer = JSONWriter(capacity: 256)
            writer.object {
                $0.member("jsonrpc", "2.0")
                $0.member("id", firstID + offset)
                $0.key("method")
                $0.value(call.method)
                if let params = call.params {
                    $0.key("params")
                    $0.value(raw: params)
                }
            }
            lines += writer.bytes
            lines.append(0x0A)
        }
        do {
            try send(bytes: lines)
        } catch {
            // A daemon that refuses a peer says why and closes at once, possibly before
            // the requests went out: its reason is still there to read.
            if let reply = try? readJSON(), reply["error"] != nil {
                refusal = reply
                return firstID..<nextID
            }
            throw error
        }
        return firstID..<nextID
    }

    /// What closes a request sent by `send(_:paramsJSON:)`.
    private static let paramsEnd = Array("}\n".utf8)

    /// Sends one request whose params are JSON already written, where they lie, and
    /// returns its id without waiting (see `send(_:)`). The params go out as they
    /// stand between the envelope's two ends, never copied into a line: a client
    /// sending large params (`sessionctl import`'s chunks of up to 512 KiB) writes each
    /// into one buffer it keeps, instead of three fresh copies of it a call.
    public func send(_ method: String, paramsJSON params: UnsafeBufferPointer<UInt8>) throws(Unreachable) -> Int {
        let id = nextID
        nextID += 1
        // The envelope up to the params' value: the object as written, less its `}`.
        var head = JSONWriter(capacity: 96)
        head.object {
            $0.member("jsonrpc", "2.0")
            $0.member("id", id)
            $0.member("method", method)
            $0.key("params")
        }
        var headBytes = head.bytes
        headBytes.removeLast()
        do {
            try send(bytes: headBytes)
            try send(params)
            try send(bytes: Self.paramsEnd)
        } catch {
            if let reply = try? readJSON(), reply["error"] != nil {
                refusal = reply
                return id
            }
            throw error
        }
        return id
    }

    /// The reply to the request `id` (sent by `send(_:)`), once it comes; replies come in
    /// request order, so ask for the oldest first. Events in between are skipped.
    public func reply(to id: Int) throws(Unreachable) -> Reply {
        while true {
            let reply: JSONValue
            if let refusal { reply = refusal } else { reply = try readJSON() }
            // An error with id null answers no request in particular: the connection
            // itself was refused (permissions) or a line was unreadable. It stays the
            // answer to every request after it.
            if reply["id"] == .null, let error = reply["error"] {
                refusal = reply
                return .error(Self.error(error))
            }
            guard reply["id"]?.intValue == id else { continue }  // an event between replies
            if let error = reply["error"] { return .error(Self.error(error)) }
            return .result(reply["result"] ?? .null)
        }
    }

    private static func error(_ value: JSONValue) -> RPCError {
        RPCError(code: value["code"]?.intValue ?? -32603, message: value["message"]?.stringValue ?? "unknown error", data: value["data"])
    }
}

extension SocketClient {
    /// True when a reply or event is ready (or already buffered) within the time.
    public func waitReadable(milliseconds: Int32) -> Bool {
        if hasBufferedLine { return true }
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, milliseconds) > 0
    }
}
