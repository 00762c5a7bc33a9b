#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import SessionRPC
import Synchronization

/// Another client's latency while clients misbehave: a stream of maximal
/// batch lines, and a hundred clients that pipeline and never read. The daemon's own
/// status answer must stay fast; `sessiond.peak_rss` after this shows what it cost.
enum AbuseBenchmark {
    /// `daemon.status` latencies in µs, sorted, measured on a fresh connection while
    /// `abuse` runs on another thread.
    static func statusLatency(socket: String, samples: Int, during abuse: @escaping @Sendable (StopFlag) -> Void) throws -> [Double] {
        let stop = StopFlag()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            abuse(stop)
            done.signal()
        }
        defer {
            stop.raise()
            done.wait()
        }
        usleep(100_000)  // the abuse is under way
        let client = try SocketClient(path: socket)
        var latencies: [Double] = []
        for _ in 0..<samples {
            let start = nowNs()
            guard case .success = try client.call("daemon.status") else { throw BenchError("daemon.status failed") }
            latencies.append(Double(nowNs() - start) / 1000)
            usleep(2_000)
        }
        return latencies.sorted()
    }

    /// Sends maximal batch lines (100 session.current each) one after the other.
    static func maximalBatches(socket: String) -> @Sendable (StopFlag) -> Void {
        { stop in
            guard let client = try? SocketClient(path: socket) else { return }
            let line = "[" + Array(repeating: #"{"jsonrpc":"2.0","id":1,"method":"session.current"}"#, count: JSONRPC.maximumBatch)
                .joined(separator: ",") + "]"
            while !stop.raised {
                guard (try? client.send(line: line)) != nil, (try? client.readLine()) != nil else { return }
            }
        }
    }

    /// A hundred clients that each pipeline requests and never read a reply.
    static func nonReadingClients(socket: String) -> @Sendable (StopFlag) -> Void {
        { stop in
            var clients: [SocketClient] = []
            let burst = String(repeating: #"{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}"# + "\n", count: 49) + #"{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}"#
            for _ in 0..<100 {
                guard let client = try? SocketClient(path: socket) else { break }
                _ = try? client.send(line: burst)
                clients.append(client)
            }
            while !stop.raised { usleep(10_000) }
            withExtendedLifetime(clients) {}
        }
    }
}

/// A flag one thread raises and another polls.
final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)
    func raise() { value.store(true, ordering: .relaxed) }
    var raised: Bool { value.load(ordering: .relaxed) }
}
