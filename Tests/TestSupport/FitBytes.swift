/// FIT files written byte by byte for the tests, independently of the reader: a header
/// with its CRC, messages whose every field is a float64 (so that each may hold any
/// value a damaged or hostile file holds: NaN, ±infinity, 1e300, ±2^63), the file's CRC.
public enum FitBytes {
    /// A message: its global number and its fields (number, value).
    public typealias Message = (global: UInt16, fields: [(UInt8, Double)])

    /// Seconds between the Unix epoch and FIT's.
    public static let epochOffset = 631_065_600.0

    /// 2025-12-01T18:00:00Z in FIT's seconds.
    public static let start = 1_764_612_000.0 - epochOffset

    /// A strength activity of `sets` sets of 5 × 100 kg a minute apart (squats), with a
    /// heart-rate record, its session (30 minutes, heart rate 120/150, 250 kcal) and the
    /// activity at UTC+1 — in FIT's scales: ms, cm, 1/16 kg.
    public static func strength(start: Double = start, sets: Int = 3) -> [Message] {
        var messages: [Message] = [(0, [(0, 4)]), (20, [(253, start + 5), (3, 120)])]
        for index in 0..<sets {
            let at = start + 10 + Double(index % 1500)
            messages.append((225, [(254, Double(index)), (0, 30_000), (3, 5), (4, 100 * 16), (5, 1), (6, at), (7, 28)]))
        }
        messages.append((18, [(253, start + 1800), (2, start), (7, 1_800_000), (8, 1_700_000), (9, 0), (11, 250), (16, 120), (17, 150), (5, 10), (6, 20)]))
        messages.append((34, [(253, start + 1800), (5, start + 1800 + 3600)]))
        return messages
    }

    /// `messages` as a whole file.
    public static func file(_ messages: [Message]) -> [UInt8] {
        file(records: messages.flatMap(message))
    }

    /// A message under its own definition of local type 0, every field a float64.
    public static func message(_ message: Message) -> [UInt8] {
        var bytes: [UInt8] = [0x40, 0, 0, UInt8(message.global & 0xFF), UInt8(message.global >> 8), UInt8(message.fields.count)]
        for (number, _) in message.fields { bytes += [number, 8, 0x89] }
        bytes.append(0x00)
        for (_, value) in message.fields { bytes += withUnsafeBytes(of: value.bitPattern.littleEndian, Array.init) }
        return bytes
    }

    /// A 14-byte header, `records`, the CRC.
    public static func file(records: [UInt8]) -> [UInt8] {
        var header: [UInt8] = [14, 0x20, 0x54, 0x08]
        header += withUnsafeBytes(of: UInt32(records.count).littleEndian, Array.init)
        header += Array(".FIT".utf8)
        let headerCRC = crc(header)
        header += [UInt8(headerCRC & 0xFF), UInt8(headerCRC >> 8)]
        let body = header + records
        let total = crc(body)
        return body + [UInt8(total & 0xFF), UInt8(total >> 8)]
    }

    /// CRC-16/ARC, bit by bit (the protocol's table is the same polynomial, 0xA001).
    public static func crc(_ bytes: [UInt8]) -> UInt16 {
        var crc: UInt16 = 0
        for byte in bytes {
            crc ^= UInt16(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
        }
        return crc
    }
}
