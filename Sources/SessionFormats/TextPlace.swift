/// Where in a text's bytes a problem stands, as a person finds it in an editor: what
/// every reader of a text file names a byte that is not UTF-8 by.
public enum TextPlace {
    /// The offset in `bytes` of their first byte that is not UTF-8, nil when all are.
    public static func firstInvalidUTF8(_ bytes: ArraySlice<UInt8>) -> Int? {
        do {
            _ = try UTF8Span(validating: bytes.span)
            return nil
        } catch {
            return bytes.startIndex + error.byteOffsets.lowerBound
        }
    }

    /// The line `offset` stands on (LF, CR LF and a lone CR end a line), from 1.
    public static func line(at offset: Int, in bytes: [UInt8]) -> Int {
        var line = 1
        for index in 0..<offset where bytes[index] == 0x0A || bytes[index] == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A) {
            line += 1
        }
        return line
    }

    /// "not UTF-8 text at line 3 (byte 41)" for the first byte of `bytes` that is not
    /// UTF-8; nil when all are.
    public static func notUTF8(_ bytes: [UInt8]) -> String? {
        guard let offset = firstInvalidUTF8(bytes[...]) else { return nil }
        return "not UTF-8 text at line \(line(at: offset, in: bytes)) (byte \(offset + 1))"
    }
}
