import JSON

/// Finds the one JSON value inside a language model's raw reply: markdown fences and
/// prose around it are dropped. Zero or several candidate values are an error.
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
    }

    /// Extracts the JSON value from `text`.
    public static func extract(_ text: String) -> Extraction {
        let bytes = Array(text.utf8)
        if let whole = try? JSONParser.parse(bytes: bytes) { return .json(whole) }
        var candidates: [JSONValue] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") else {
                index += 1
                continue
            }
            if let (value, end) = try? JSONParser.parsePrefix(bytes: bytes, start: index),
                isCandidate(value)
            {
                candidates.append(value)
                index = end
            } else {
                index += 1
            }
        }
        switch candidates.count {
        case 0: return .none
        case 1: return .embedded(candidates[0])
        default: return .several(candidates.count)
        }
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
