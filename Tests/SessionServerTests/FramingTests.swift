import Glibc
import JSON
import Testing

@testable import SessionServer

@Suite struct LineFramerTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    private func drain(_ framer: inout LineFramer) -> [LineFramer.Frame] {
        var frames: [LineFramer.Frame] = []
        while let frame = framer.next() {
            frames.append(frame)
            if frame == .oversize { break }
        }
        return frames
    }

    @Test func splitsOnLineEndsWhateverTheReadsLookLike() {
        var framer = LineFramer(maximumLineBytes: 100)
        framer.append(bytes("{\"a\":1}\n{\"b\""))
        #expect(drain(&framer) == [.line(bytes("{\"a\":1}"))])
        #expect(framer.hasPartialLine)
        framer.append(bytes(":2}\r\n\n{\"c\":3}\n"))
        #expect(drain(&framer) == [.line(bytes("{\"b\":2}")), .line([]), .line(bytes("{\"c\":3}"))], "CR LF is a line end too")
        #expect(!framer.hasPartialLine)
    }

    @Test func aFinalLineWithoutANewlineCountsAtEndOfInput() {
        var framer = LineFramer(maximumLineBytes: 100)
        framer.append(bytes("one\ntwo"))
        #expect(drain(&framer) == [.line(bytes("one"))])
        framer.endOfInput()
        #expect(drain(&framer) == [.line(bytes("two"))])
        framer.endOfInput()
        #expect(framer.next() == nil, "nothing more after the end")
    }

    @Test func aLineOverTheLimitIsOversizeWhetherOrNotItIsComplete() {
        var complete = LineFramer(maximumLineBytes: 4)
        complete.append(bytes("1234\n12345\n"))
        #expect(drain(&complete) == [.line(bytes("1234")), .oversize])
        var partial = LineFramer(maximumLineBytes: 4)
        partial.append(bytes("123"))
        #expect(partial.next() == nil)
        partial.append(bytes("45"))
        #expect(partial.next() == .oversize, "refused before its newline arrives")
        var withCR = LineFramer(maximumLineBytes: 4)
        withCR.append(bytes("1234\r\n"))
        #expect(drain(&withCR) == [.line(bytes("1234"))], "the CR is not part of the line's length")
    }

    @Test func manyLinesOneByteAtATime() {
        var framer = LineFramer(maximumLineBytes: 1 << 20)
        var lines: [[UInt8]] = []
        let text = (0..<5_000).map { "{\"id\":\($0)}\n" }.joined()
        for byte in text.utf8 {
            framer.append(CollectionOfOne(byte))
            while case .line(let line)? = framer.next() { lines.append(line) }
        }
        #expect(lines.count == 5_000)
        #expect(lines.last == bytes("{\"id\":4999}"))
        #expect(!framer.hasPartialLine)
    }
}

@Suite struct ReplySequencerTests {
    @Test func repliesLeaveInRequestOrderWhateverOrderTheyFinishIn() {
        var sequencer = ReplySequencer()
        let slots = (0..<4).map { _ in sequencer.reserve() }
        #expect(sequencer.inFlight == 4)
        var sent: [String] = []
        let release = { (line: [UInt8]) in sent.append(String(decoding: line, as: UTF8.self)) }
        sequencer.finish(slots[2], .line(Array("c".utf8)), release: release)
        sequencer.finish(slots[1], .nothing, release: release)  // notifications only: no line
        #expect(sent.isEmpty, "nothing leaves before the first reply")
        sequencer.finish(slots[0], .line(Array("a".utf8)), release: release)
        #expect(sent == ["a", "c"])
        #expect(sequencer.inFlight == 1)
        sequencer.finish(slots[3], .line(Array("d".utf8)), release: release)
        #expect(sent == ["a", "c", "d"])
        #expect(sequencer.inFlight == 0)
    }

    @Test func aShuffledThousandStillComesOutInOrder() {
        var sequencer = ReplySequencer()
        let slots = (0..<1_000).map { _ in sequencer.reserve() }
        var sent: [Int] = []
        var generator = SystemRandomNumberGenerator()
        for slot in slots.shuffled(using: &generator) {
            sequencer.finish(slot, .line(Array(String(slot).utf8))) { sent.append(Int(String(decoding: $0, as: UTF8.self)) ?? -1) }
        }
        #expect(sent == Array(0..<1_000))
    }
}

/// A reply written in a writer's buffer is queued from it when its slot is next, and
/// copied to wait when it is not: the output holds every line in request order.
@Suite struct ConnectionReplyOrderTests {
    @Test func linesFromAWriterKeepRequestOrder() throws {
        var pair: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { _ = Glibc.close(pair[1]) }
        let connection = ClientConnection(id: 1, descriptor: try FileDescriptor(pair[0], from: "socketpair"), uid: getuid(), nowMs: 0)
        let slots = (0..<4).map { _ in connection.reserveSlot() }
        var writer = JSONWriter()
        func finish(_ slot: UInt64, _ text: String) {
            writer.removeAll()
            writer.value(text)
            writer.withBytes { connection.finish(slot: slot, line: $0) }
        }
        finish(slots[1], "b")  // waits for slot 0: copied, since the writer is reused
        finish(slots[0], "a")
        connection.finish(slot: slots[2], .nothing)
        finish(slots[3], "d")
        #expect(String(decoding: connection.output, as: UTF8.self) == "\"a\"\n\"b\"\n\"d\"\n")
        #expect(connection.inFlight == 0)
    }
}
