import Glibc
import SessionCore
import SessionRPC
import JSON
import SessionSystem

/// The throughput load, run as its own process (`sessiond-bench --load SOCKET CLIENTS
/// PER_CLIENT`): one thread drives every connection with poll(2), as wrk does, each
/// connection keeping one session.log in flight and sending the next as soon as its
/// reply arrives. Requests are encoded before the clock starts, so the figure is the
/// daemon's, not the cost of 64 client threads sharing the daemon's cores.
///
/// Prints one line: `<elapsed ns> <requests answered> <failures> <CPU ns>`, the last
/// this process's CPU time while the clock ran (the encoding before it is not the load's
/// cost per call).
enum LoadGenerator {
    struct Connection {
        let fd: Int32
        var lines: [[UInt8]]
        var sent = 0
        var buffer: [UInt8] = []
    }

    private static let errorMember = Array(#""error":"#.utf8)

    static func run(socket path: String, clients: Int, perClient: Int) -> Never {
        var connections: [Connection] = []
        for client in 0..<clients {
            let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0, UnixAddress.withAddress(path, { connect(fd, $0, $1) }) == 0 else { fail("cannot connect to \(path)") }
            let lines = (0..<perClient).map { set in
                let request = JSONValue.obj([
                    "jsonrpc": "2.0", "id": JSONValue(set + 1), "method": "session.log",
                    "params": Benchmarks.logParams(client * perClient + set),
                ])
                return Array((request.jsonText + "\n").utf8)
            }
            connections.append(Connection(fd: fd, lines: lines))
        }
        var polls = connections.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var failures = 0
        var remaining = clients * perClient
        let cpuBefore = processCPUNs()
        let start = nowNs()
        for index in connections.indices { sendNext(&connections[index]) }
        while remaining > 0 {
            guard poll(&polls, nfds_t(polls.count), 10_000) > 0 else { fail("no reply for 10 s") }
            for index in polls.indices where polls[index].revents != 0 {
                let count = chunk.withUnsafeMutableBytes { recv(connections[index].fd, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { fail("the daemon closed a connection") }
                connections[index].buffer.append(contentsOf: chunk[0..<count])
                while let newline = connections[index].buffer.firstIndex(of: 0x0A) {
                    // A reply is an error when it has an "error" member (the test suite
                    // checks replies in full; here the client must stay cheap).
                    if contains(connections[index].buffer, errorMember, before: newline) { failures += 1 }
                    connections[index].buffer.removeSubrange(...newline)
                    remaining -= 1
                    sendNext(&connections[index])
                }
            }
        }
        let elapsed = nowNs() - start
        print("\(elapsed) \(clients * perClient) \(failures) \(processCPUNs() - cpuBefore)")
        exit(0)
    }

    /// This process's CPU time (user and system) so far, in nanoseconds.
    private static func processCPUNs() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// True when `needle` occurs in `bytes[..<end]`.
    private static func contains(_ bytes: [UInt8], _ needle: [UInt8], before end: Int) -> Bool {
        guard end >= needle.count else { return false }
        for start in 0...(end - needle.count) where bytes[start] == needle[0] {
            var offset = 1
            while offset < needle.count, bytes[start + offset] == needle[offset] { offset += 1 }
            if offset == needle.count { return true }
        }
        return false
    }

    private static func sendNext(_ connection: inout Connection) {
        guard connection.sent < connection.lines.count else { return }
        let written = connection.lines[connection.sent].withUnsafeBytes { send(connection.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard written == connection.lines[connection.sent].count else { fail("short write to the daemon") }
        connection.sent += 1
    }

    private static func fail(_ message: String) -> Never {
        let line = "sessiond-bench --load: \(message)\n"
        _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        exit(1)
    }
}
