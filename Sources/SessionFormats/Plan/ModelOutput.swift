import JSON
import SessionCore

/// Finds the one JSON value inside a language model's raw reply: markdown fences and
/// prose around it (or a code wrapper such as `export const plan = …;`) are dropped.
/// Zero or several candidate values are an error, and so is a value that is cut off or
/// broken: a plan is never read out of the inside of a value that did not parse, which
/// would silently lose what was around it (the plan's name, its week).
public enum ModelOutput {
    /// What extraction found.
    public enum Extraction: Sendable, Equatable {
        /// The whole text was one JSON value.
        case json(JSONValue)
        /// One JSON object or array was found inside other text.
        case embedded(JSONValue)
        /// No JSON object or array anywhere.
        case none
        /// More than one; the plan to use is ambiguous.
        case several(Int)
        /// A JSON value opened at this place runs to the end of the text: the reply was
        /// cut off.
        case truncated(TextPosition)
        /// JSON that does not parse (comments, trailing commas, …): where and why.
        case syntax(TextPosition, String)
    }

    /// A place in the text, both counted from 1.
    public struct TextPosition: Sendable, Equatable, CustomStringConvertible {
        public let line: Int
        public let column: Int
        public var description: String { "line \(line), column \(column)" }
    }

    /// Extracts the JSON value from `text`, in time linear in its length: each value
    /// that parses is read once (the candidates inside one that is not a candidate are
    /// found in what was read), and what the attempts read in all is bounded
    /// (`readBudget`).
    public static func extract(_ text: String) -> Extraction {
        let bytes = Array(text.utf8)
        if let whole = try? JSONParser.parse(bytes: bytes) { return .json(whole) }
        var candidates: [JSONValue] = []
        /// The first value that looked like JSON and did not parse.
        var broken: (start: Int, failure: JSONParser.Failure)?
        var index = 0
        // Bytes the attempts below read: prose of brackets that open values which
        // fail far on ("[1,[1,[1,…" cut off) would read the text again from each one.
        var read = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") else {
                index += 1
                continue
            }
            do {
                let (value, end) = try JSONParser.parsePrefix(bytes: bytes, start: index)
                read += end - index
                var found: [JSONValue] = []
                collectCandidates(value, into: &found)
                // Anything after JSON that broke may be a piece of it.
                if !found.isEmpty, let broken { return failed(broken.start, broken.failure, bytes) }
                candidates += found
                index = end
                continue
            } catch {
                if broken == nil, looksLikeJSON(bytes, at: index) { broken = (index, error) }
                read += max(error.offset - index, 1)
            }
            if read > readBudget(bytes.count) {
                // The search stops: a broken value that looked like JSON is the answer,
                // as it would be should a plan follow.
                if let broken { return failed(broken.start, broken.failure, bytes) }
                return .syntax(position(of: index, in: bytes), "too many brackets opening values that do not parse to look for the plan among")
            }
            index += 1
        }
        switch candidates.count {
        case 0: return broken.map { failed($0.start, $0.failure, bytes) } ?? .none
        case 1: return .embedded(candidates[0])
        default: return .several(candidates.count)
        }
    }

    /// What the attempts to read values may read in all: the text twice over, plus
    /// 256 KiB, beyond what a reply with prose and brackets around a plan takes (a
    /// reply cut off inside its plan has one value open per level of it).
    static func readBudget(_ length: Int) -> Int { 2 * length + (1 << 18) }

    /// The candidates in `value`: itself, or else the outermost candidates inside it
    /// (a plan within an array of other things).
    private static func collectCandidates(_ value: JSONValue, into candidates: inout [JSONValue]) {
        if isCandidate(value) {
            candidates.append(value)
            return
        }
        switch value {
        case .object(let pairs): for pair in pairs { collectCandidates(pair.value, into: &candidates) }
        case .array(let items): for item in items { collectCandidates(item, into: &candidates) }
        default: break
        }
    }

    /// A value that stopped at the end of the text was cut off; one that stopped
    /// earlier has a syntax error there.
    private static func failed(_ start: Int, _ failure: JSONParser.Failure, _ bytes: [UInt8]) -> Extraction {
        if failure.offset >= bytes.count { return .truncated(position(of: start, in: bytes)) }
        var reason = failure.message
        var previous = failure.offset - 1
        while previous > start, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[previous]) { previous -= 1 }
        let here = bytes[failure.offset]
        if here == UInt8(ascii: "/") || here == UInt8(ascii: "#") {
            reason = "a comment; JSON has none"
        } else if bytes[previous] == UInt8(ascii: ","), here == UInt8(ascii: "}") || here == UInt8(ascii: "]") {
            reason = "a trailing comma before \(Character(Unicode.Scalar(here)))"
        }
        return .syntax(position(of: failure.offset, in: bytes), reason)
    }

    /// `{` or `[` followed by what JSON would put there: a key, a value, or the close.
    private static func looksLikeJSON(_ bytes: [UInt8], at start: Int) -> Bool {
        var index = start + 1
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        guard index < bytes.count else { return true }
        let next = bytes[index]
        if bytes[start] == UInt8(ascii: "{") { return next == UInt8(ascii: "\"") }
        return next == UInt8(ascii: "{") || next == UInt8(ascii: "[") || next == UInt8(ascii: "\"")
    }

    private static func position(of offset: Int, in bytes: [UInt8]) -> TextPosition {
        let before = bytes[..<min(offset, bytes.count)]
        let lineStart = (before.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
        let line = before.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        let column = String(decoding: bytes[lineStart..<min(offset, bytes.count)], as: UTF8.self).count + 1
        return TextPosition(line: line, column: column)
    }

    /// Prose like "see [1]" or "{curly}" is not a plan candidate; a non-empty object or
    /// an array of objects or strings is.
    private static func isCandidate(_ value: JSONValue) -> Bool {
        switch value {
        case .object(let pairs): return !pairs.isEmpty
        case .array(let items):
            return !items.isEmpty && items.allSatisfy { $0.objectPairs != nil }
        default: return false
        }
    }
}
