import SessionCore
import JSON
import SessionRPC

/// Bytes read by offset: a file read a block at a time (sessionctl's), or bytes in
/// memory. What `ExportStream` reads, so that the domain does no I/O of its own.
public protocol ByteSource {
    /// Reads up to `count` bytes at `offset` into `buffer` (appended); returns how many
    /// were read, 0 at the end.
    mutating func read(at offset: Int, count: Int, into buffer: inout [UInt8]) throws -> Int
}

/// Bytes already in memory.
public struct MemorySource: ByteSource {
    let bytes: [UInt8]

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public mutating func read(at offset: Int, count: Int, into buffer: inout [UInt8]) -> Int {
        guard offset < bytes.count else { return 0 }
        let end = min(bytes.count, offset + count)
        buffer.append(contentsOf: bytes[offset..<end])
        return end - offset
    }
}

/// sessiond's own JSON export read without holding it whole: its members other than
/// the workouts (the archive) are read first, wherever they stand, then the workouts
/// one at a time from the array, each parsed and checked alone. An archive member that
/// is an array is handed over an item at a time too (`Item`), for the reader to keep
/// as it reads it (not as a JSON tree of each number a hostile file has). What is held
/// is what the reader keeps of the archive, one workout and a window of the file of
/// about `blockBytes`.
public struct ExportStream {
    /// Bytes read from the source at a time.
    public static let blockBytes = 1 << 20
    /// A workout's JSON, at most (a workout holds at most `HistoryLimits.setsPerWorkout`
    /// sets, each well under 2 KB).
    public static let maximumWorkoutBytes = 8 << 20
    /// An array part's JSON (the plans, the health samples), at most.
    public static let maximumMemberBytes = 1 << 30
    /// Another member's (the format, version, zone, profile), at most: read whole.
    public static let maximumSmallMemberBytes = 1 << 20
    /// The members read besides the workouts: the export's own and its archive's
    /// (`HistoryArchive`). Any other is passed over unread, its bytes let go as they
    /// pass: memory follows what is read, not what a file holds beside it.
    static let archiveKeys: Set<String> = Set(["format", "version", "timeZone", "profile"]).union(HistoryArchive.itemKeys)

    /// The export's members besides the workouts: its format, version, zone and
    /// archive, but for the archive's arrays, which went to `items`.
    public private(set) var members: [(key: String, value: JSONValue)] = []

    /// An item of an archive member that is an array: the member's name, the item's
    /// index and its JSON. The reader keeps what it makes of it, or says why it cannot
    /// (the reading stops there).
    public typealias Item = (key: String, index: Int, value: JSONValue)
    private var window: Window
    /// Where the next workout (or the array's end) is looked for; nil once read to its end.
    private var offset: Int?
    /// Workouts read so far.
    public private(set) var index = 0

    /// Reads the export's members other than the workouts, handing each item of an
    /// archive member that is an array to `item`; fails when the bytes are no JSON
    /// object, or its members no JSON, or `item` refuses one (`Problem.refused`).
    public init(source: some ByteSource, item: (Item) -> String?) throws(Problem) {
        window = Window(source: source)
        // A UTF-8 byte-order mark (an editor's, Windows') begins the text, not the JSON.
        var start: [UInt8] = []
        for offset in ByteOrderMark.utf8.indices { if let byte = try window.byte(offset) { start.append(byte) } }
        var at = try window.skipSpace(from: ByteOrderMark.length(start))
        guard try window.byte(at) == UInt8(ascii: "{") else { throw Problem("an export is a JSON object", at: at) }
        at += 1
        var workouts: Int?
        at = try window.skipSpace(from: at)
        if try window.byte(at) == UInt8(ascii: "}") {
            at += 1
        } else {
            while true {
                at = try window.skipSpace(from: at)
                let keyEnd = try window.valueEnd(from: at, maximum: 1 << 16)
                guard try window.byte(at) == UInt8(ascii: "\""), case .string(let key) = try window.parse(at..<keyEnd) else {
                    throw Problem("a member's name is a string", at: at)
                }
                at = try window.skipSpace(from: keyEnd)
                guard try window.byte(at) == UInt8(ascii: ":") else { throw Problem("a \":\" follows a member's name", at: at) }
                at = try window.skipSpace(from: at + 1)
                // The workouts are only stepped over here, their bytes let go as they pass;
                // so is a member this reader does not know (a later version's), unparsed.
                let kept = Self.archiveKeys.contains(key)
                let end: Int
                // An array part read an item at a time; anything else (a part that is
                // no array too, refused by the archive's reader) whole.
                let opening = try window.byte(at)
                let items = HistoryArchive.itemKeys.contains(key) && opening == UInt8(ascii: "[")
                if items {
                    end = try readItems(of: key, from: at, item)
                } else {
                    end = try window.valueEnd(from: at, maximum: kept ? Self.maximumSmallMemberBytes : Int.max, keeping: kept)
                }
                if key == "workouts" {
                    guard opening == UInt8(ascii: "[") else { throw Problem("\"workouts\" is an array", at: at) }
                    workouts = at + 1
                } else if kept, !items {
                    members.append((key, try window.parse(at..<end)))
                }
                window.discard(before: end)
                at = try window.skipSpace(from: end)
                let separator = try window.byte(at)
                at += 1
                if separator == UInt8(ascii: "}") { break }
                guard separator == UInt8(ascii: ",") else { throw Problem("a \",\" or \"}\" follows a member", at: at - 1) }
            }
        }
        at = try window.skipSpace(from: at)
        guard try window.byte(at) == nil else { throw Problem("nothing follows the export's object", at: at) }
        offset = workouts
        hasWorkouts = workouts != nil
    }

    /// The items of the array at `start` (its `[`) handed to `item` one at a time, each
    /// at most `maximumWorkoutBytes` and all of them `maximumMemberBytes`; returns the
    /// offset past its `]`.
    private mutating func readItems(of key: String, from start: Int, _ item: (Item) -> String?) throws(Problem) -> Int {
        var at = try window.skipSpace(from: start + 1)
        var index = 0
        while try window.byte(at) != UInt8(ascii: "]") {
            if index > 0 {
                guard try window.byte(at) == UInt8(ascii: ",") else { throw Problem("a \",\" or \"]\" follows an item of \"\(key)\"", at: at) }
                at = try window.skipSpace(from: at + 1)
            }
            let end = try window.valueEnd(from: at, maximum: Self.maximumWorkoutBytes)
            guard end - start <= Self.maximumMemberBytes else {
                throw Problem(refused: "\"\(key)\" is larger than \(Self.maximumMemberBytes >> 20) MiB, more than an export holds there", at: start)
            }
            if let refusal = item((key, index, try window.parse(at..<end))) { throw Problem(refused: refusal, at: at) }
            window.discard(before: end)
            at = try window.skipSpace(from: end)
            index += 1
        }
        return at + 1
    }

    /// True when the export has a workouts array.
    public private(set) var hasWorkouts = false

    /// The next workout's JSON, nil after the last.
    public mutating func next() throws(Problem) -> (value: JSONValue, index: Int)? {
        guard var at = offset else { return nil }
        at = try window.skipSpace(from: at)
        let first = try window.byte(at)
        if first == UInt8(ascii: "]") {
            offset = nil
            return nil
        }
        if index > 0 {
            guard first == UInt8(ascii: ",") else { throw Problem("a \",\" or \"]\" follows a workout", at: at) }
            at = try window.skipSpace(from: at + 1)
        }
        let end = try window.valueEnd(from: at, maximum: Self.maximumWorkoutBytes)
        let value = try window.parse(at..<end)
        window.discard(before: end)
        offset = end
        index += 1
        return (value, index - 1)
    }

    /// Why the bytes are no export: what was expected, and the byte where.
    public struct Problem: Error, CustomStringConvertible {
        public let message: String
        public let offset: Int
        /// The reader refused an item, or a value was larger than its place takes
        /// (`message` says which): not a fault of the JSON.
        public let refused: Bool

        init(_ expected: String, at offset: Int) {
            message = expected
            self.offset = offset
            refused = false
        }

        init(refused message: String, at offset: Int) {
            self.message = message
            self.offset = offset
            refused = true
        }

        public var description: String { refused ? message : "not JSON: \(message) at byte \(offset)" }
    }
}

/// The part of the source read so far that is still needed: bytes from `start` on.
private struct Window {
    var source: any ByteSource
    var bytes: [UInt8] = []
    /// The source's offset of `bytes[0]`.
    var start = 0
    var atEnd = false

    init(source: some ByteSource) { self.source = source }

    /// The byte at `offset`, reading on as far as it (or from it again, when it was let
    /// go); nil past the end.
    mutating func byte(_ offset: Int) throws(ExportStream.Problem) -> UInt8? {
        if offset < start {
            bytes.removeAll(keepingCapacity: true)
            start = offset
            atEnd = false
        }
        while offset - start >= bytes.count {
            guard !atEnd else { return nil }
            do {
                if try source.read(at: start + bytes.count, count: ExportStream.blockBytes, into: &bytes) == 0 { atEnd = true }
            } catch {
                throw ExportStream.Problem("readable (\(error))", at: offset)
            }
        }
        return bytes[offset - start]
    }

    /// Lets go of the bytes before `offset` once they are most of the window.
    mutating func discard(before offset: Int) {
        let count = offset - start
        guard count > 0, count >= bytes.count / 2 else { return }
        bytes.removeFirst(min(count, bytes.count))
        start = offset
    }

    mutating func skipSpace(from offset: Int) throws(ExportStream.Problem) -> Int {
        var at = offset
        while let byte = try byte(at), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { at += 1 }
        return at
    }

    /// Just past the JSON value at `offset`, found by its brackets and quotes (the
    /// parse checks the rest); refused past `maximum` bytes. Without `keeping`, the
    /// bytes stepped over are let go as it goes.
    mutating func valueEnd(from offset: Int, maximum: Int, keeping: Bool = true) throws(ExportStream.Problem) -> Int {
        var at = offset
        var depth = 0
        var inString = false
        while true {
            guard at - offset < maximum else {
                // JSON still, perhaps; too large for what stands there (a workout, an item).
                throw ExportStream.Problem(refused: "the value at byte \(offset) is larger than \(maximum >> 20) MiB, more than an export holds there", at: offset)
            }
            if !keeping, at - start >= 2 * ExportStream.blockBytes { discard(before: at) }
            guard let byte = try byte(at) else {
                if depth == 0, !inString, at > offset { return at }
                throw ExportStream.Problem("more: the file ends inside a value", at: at)
            }
            if inString {
                if byte == UInt8(ascii: "\\") {
                    at += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { return at + 1 }
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return at }
                    depth -= 1
                    if depth == 0 { return at + 1 }
                case UInt8(ascii: ","), 0x20, 0x0A, 0x0D, 0x09:
                    if depth == 0 { return at }
                default: break
                }
            }
            at += 1
        }
    }

    /// The JSON value of `range` (read already).
    func parse(_ range: Range<Int>) throws(ExportStream.Problem) -> JSONValue {
        do {
            let bytes = Array(self.bytes[(range.lowerBound - start)..<(range.upperBound - start)])
            return try JSONParser.parse(bytes: bytes)
        } catch {
            throw ExportStream.Problem(error.message, at: range.lowerBound + error.offset)
        }
    }
}
