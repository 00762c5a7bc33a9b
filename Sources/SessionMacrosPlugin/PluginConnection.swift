import Foundation
@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling

/// The compiler's side of a macro plugin: each message a little-endian 64-bit length,
/// then that many bytes of JSON, on standard input and output. (The swift-syntax
/// package's `SwiftCompilerPlugin` module says the same; the toolchain ships the
/// message handling without it.)
final class StandardIOConnection: MessageConnection {
    func sendMessage<Message: Encodable>(_ message: Message) throws {
        let payload = try JSONEncoder().encode(message)
        var header = Data(count: 8)
        header.withUnsafeMutableBytes { $0.storeBytes(of: UInt64(payload.count).littleEndian, as: UInt64.self) }
        FileHandle.standardOutput.write(header + payload)
    }

    /// The next message; nil when the compiler is done: it closed the pipe, or sent an
    /// empty message, as it does when it lets a plugin go.
    func waitForNextMessage<Message: Decodable>(_ type: Message.Type) throws -> Message? {
        guard let header = read(count: 8) else { return nil }
        let length = header.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }.littleEndian
        guard length > 0, length <= Int.max, let payload = read(count: Int(length)) else { return nil }
        return try JSONDecoder().decode(Message.self, from: payload)
    }

    /// `count` bytes, or nil when the compiler closed the pipe first.
    private func read(count: Int) -> Data? {
        var data = Data()
        while data.count < count {
            let chunk = FileHandle.standardInput.readData(ofLength: count - data.count)
            if chunk.isEmpty { return nil }
            data += chunk
        }
        return data
    }
}
