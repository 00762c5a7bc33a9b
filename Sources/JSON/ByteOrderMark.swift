/// UTF-8's byte-order mark, which an editor (or Windows) may put before a text: it
/// begins the text, not its JSON, CSV or XML, and every reader passes over it.
public enum ByteOrderMark {
    /// EF BB BF.
    public static let utf8: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// How many of `bytes`' first bytes are the mark: 3, or 0.
    public static func length(_ bytes: some Collection<UInt8>) -> Int {
        bytes.starts(with: utf8) ? utf8.count : 0
    }

    /// `bytes` after the mark and the white space (`isWhiteSpace`) after it.
    public static func text<Bytes: Collection<UInt8>>(of bytes: Bytes) -> Bytes.SubSequence {
        bytes.dropFirst(length(bytes)).drop(while: isWhiteSpace)
    }

    /// True for the white space passed over around a text: space, tab, CR, LF.
    public static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
