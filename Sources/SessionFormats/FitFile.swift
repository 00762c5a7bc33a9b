import SessionCore

/// Garmin's FIT format (Flexible and Interoperable Data Transfer), read from its bytes:
/// the 12- or 14-byte file header, definition messages (each field's number, size and
/// base type, little- or big-endian), data messages and compressed-timestamp headers,
/// developer fields skipped by their declared sizes, the header's and the file's CRC
/// checked. Files chained one after the other are read in turn. Nothing is built for a
/// message no one asked for: `visit` sees only the global message numbers wanted.
public enum FitFile {
    /// Why the bytes are not a FIT file that reads whole: what is wrong and at which
    /// byte.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let offset: Int
        public let message: String
        public var description: String { "byte \(offset): \(message)" }
    }

    /// Seconds between the Unix epoch and FIT's (1989-12-31T00:00:00Z).
    public static let epochOffsetSeconds: Int64 = 631_065_600

    /// The least FIT time that is a date: one below it is seconds since the device
    /// powered on (the profile's `date_time`), no moment of its own.
    public static let firstDateTime: Int64 = 0x1000_0000

    /// The Unix seconds of a FIT time, nil for a device's relative time.
    public static func unixSeconds(_ time: Int64) -> Int64? {
        time >= firstDateTime ? time + epochOffsetSeconds : nil
    }

    /// True when `bytes` begin with a FIT file header (".FIT" at bytes 8–11).
    public static func isFIT(_ bytes: some Collection<UInt8>) -> Bool {
        let head = Array(bytes.prefix(12))
        return head.count == 12 && (head[0] == 12 || head[0] == 14) && Array(head[8..<12]) == Array(".FIT".utf8)
    }

    /// True when `bytes` begin as a FIT file does, whole or cut short: a header size of
    /// 12 or 14, and as much of ".FIT" at bytes 8–11 as there is (no text begins with
    /// those control bytes).
    public static func beginsLikeFIT(_ bytes: some Collection<UInt8>) -> Bool {
        let head = Array(bytes.prefix(12))
        guard let size = head.first, size == 12 || size == 14 else { return false }
        return head.count <= 8 || Array(".FIT".utf8).starts(with: head[8...])
    }

    /// One data message: its global number and its fields, read on demand.
    public struct Message {
        public let global: UInt16
        /// The time of a message with a compressed-timestamp header, or its field 253.
        public let timestamp: UInt32?
        /// Which of the chained files it is in, from 0.
        public let file: Int
        let bytes: [UInt8]
        let start: Int
        let definition: Definition

        /// The field's values (one, or an array's elements), each nil when it holds the
        /// base type's "invalid" value; nil when the message has no such field.
        public func values(_ number: UInt8) -> [Double?]? {
            guard let field = definition.fields.first(where: { $0.number == number }) else { return nil }
            let width = field.baseType.width
            guard width > 0 else { return nil }
            return stride(from: 0, to: field.size - field.size % width, by: width).map { index in
                field.baseType.value(bytes, at: start + field.offset + index, bigEndian: definition.bigEndian)
            }
        }

        /// The field's first value, nil when absent or invalid.
        public func value(_ number: UInt8) -> Double? { values(number)?.first ?? nil }

        /// A string field's text up to its first NUL.
        public func text(_ number: UInt8) -> String? {
            guard let field = definition.fields.first(where: { $0.number == number }), field.baseType == .string else { return nil }
            let slice = bytes[(start + field.offset)..<(start + field.offset + field.size)]
            let text = slice.prefix { $0 != 0 }
            return text.isEmpty ? nil : String(decoding: text, as: UTF8.self)
        }
    }

    /// Reads every FIT file in `bytes`, handing `visit` each data message whose global
    /// number is in `wanted`, in file order.
    public static func read(_ bytes: [UInt8], wanted: Set<UInt16>, visit: (Message) throws(Failure) -> Void) throws(Failure) {
        var offset = 0
        var file = 0
        repeat {
            offset = try readOne(bytes, from: offset, file: file, wanted: wanted, visit: visit)
            file += 1
        } while offset < bytes.count
    }

    /// Reads the file that starts at `origin`, the `file`th of the chain; returns where
    /// the next one would start.
    private static func readOne(_ bytes: [UInt8], from origin: Int, file: Int, wanted: Set<UInt16>,
                                visit: (Message) throws(Failure) -> Void) throws(Failure) -> Int {
        guard isFIT(bytes[origin...]) else {
            if bytes.count - origin < 12, beginsLikeFIT(bytes[origin...]) {
                throw Failure(offset: bytes.count, message: "the file header is cut short: \(bytes.count - origin) bytes of its \(bytes[origin])")
            }
            throw Failure(offset: origin, message: "not a FIT file: no \".FIT\" header")
        }
        let headerSize = Int(bytes[origin])
        guard bytes.count - origin >= headerSize else { throw Failure(offset: origin, message: "the file header is cut short") }
        let dataSize = Int(littleEndian(bytes, at: origin + 4, width: 4))
        if headerSize == 14 {
            let stored = UInt16(littleEndian(bytes, at: origin + 12, width: 2))
            let computed = crc(bytes[origin..<(origin + 12)])
            if stored != 0, stored != computed {
                throw Failure(offset: origin + 12, message: "the file header's CRC is \(hex(stored)), its bytes give \(hex(computed)): a damaged file")
            }
        }
        let end = origin + headerSize + dataSize
        guard end + 2 <= bytes.count else {
            throw Failure(offset: bytes.count, message: "the file is cut short: its header announces \(dataSize) bytes of records and a CRC, \(bytes.count - origin - headerSize) follow")
        }
        let storedCRC = UInt16(littleEndian(bytes, at: end, width: 2))
        let computedCRC = crc(bytes[origin..<end])
        guard storedCRC == computedCRC else {
            throw Failure(offset: end, message: "the file's CRC is \(hex(storedCRC)), its bytes give \(hex(computedCRC)): a damaged file")
        }
        var definitions: [Definition?] = Array(repeating: nil, count: 16)
        var lastTimestamp: UInt32?
        var position = origin + headerSize
        while position < end {
            let recordStart = position
            let header = bytes[position]
            position += 1
            let local: Int
            var compressedTime: UInt32?
            if header & 0x80 != 0 {
                // Compressed timestamp: the low five bits of the time since the last one.
                local = Int((header >> 5) & 0x03)
                guard let last = lastTimestamp else {
                    throw Failure(offset: recordStart, message: "a compressed timestamp before any full one")
                }
                let low = UInt32(header & 0x1F)
                var time = (last & ~0x1F) | low
                if low < last & 0x1F { time &+= 0x20 }
                compressedTime = time
                lastTimestamp = time
            } else if header & 0x40 != 0 {
                let definition = try Definition(bytes, at: position, end: end, developer: header & 0x20 != 0)
                definitions[Int(header & 0x0F)] = definition
                position += definition.length
                continue
            } else {
                local = Int(header & 0x0F)
            }
            guard let definition = definitions[local] else {
                throw Failure(offset: recordStart, message: "a data message of local type \(local) before its definition")
            }
            guard position + definition.dataSize <= end else {
                throw Failure(offset: recordStart, message: "a message of \(definition.dataSize) bytes runs past the records' end")
            }
            var message = Message(global: definition.global, timestamp: compressedTime, file: file, bytes: bytes, start: position, definition: definition)
            if compressedTime == nil, let value = message.value(253) {
                // A uint32 as the profile has it; a field declared otherwise may hold
                // anything (NaN, a negative number, 2^64).
                guard let time = Checked.int64(value, in: 0...Int64(UInt32.max), rounding: .towardZero).map(UInt32.init) else {
                    throw Failure(offset: position, message: "a timestamp of \(Checked.text(value)) is no FIT time (seconds since 1989 as a uint32)")
                }
                lastTimestamp = time
                message = Message(global: definition.global, timestamp: time, file: file, bytes: bytes, start: position, definition: definition)
            }
            if wanted.contains(definition.global) { try visit(message) }
            position += definition.dataSize
        }
        return end + 2
    }

    /// A definition message: the layout of the data messages of one local type.
    struct Definition {
        struct Field {
            let number: UInt8
            let size: Int
            let baseType: BaseType
            /// Its offset in the message's bytes.
            let offset: Int
        }

        let global: UInt16
        let bigEndian: Bool
        let fields: [Field]
        /// The data message's size, developer fields included.
        let dataSize: Int
        /// The definition's own size after its record header.
        let length: Int

        init(_ bytes: [UInt8], at start: Int, end: Int, developer: Bool) throws(Failure) {
            guard start + 5 <= end else { throw Failure(offset: start, message: "a definition message runs past the records' end") }
            guard bytes[start + 1] <= 1 else { throw Failure(offset: start + 1, message: "architecture \(bytes[start + 1]) is neither little- (0) nor big-endian (1)") }
            bigEndian = bytes[start + 1] == 1
            let number = bigEndian
                ? UInt16(bytes[start + 2]) << 8 | UInt16(bytes[start + 3])
                : UInt16(bytes[start + 3]) << 8 | UInt16(bytes[start + 2])
            global = number
            let count = Int(bytes[start + 4])
            var position = start + 5
            guard position + count * 3 <= end else { throw Failure(offset: start, message: "a definition of \(count) fields runs past the records' end") }
            var fields: [Field] = []
            var offset = 0
            for _ in 0..<count {
                let size = Int(bytes[position + 1])
                guard let type = BaseType(rawValue: bytes[position + 2] & 0x1F) else {
                    throw Failure(offset: position + 2, message: "field \(bytes[position]) of message \(number) has an unknown base type \(hex(UInt16(bytes[position + 2])))")
                }
                fields.append(Field(number: bytes[position], size: size, baseType: type, offset: offset))
                offset += size
                position += 3
            }
            if developer {
                // Developer fields: skipped, by the sizes declared here.
                guard position < end else { throw Failure(offset: position, message: "a definition's developer fields run past the records' end") }
                let extra = Int(bytes[position])
                position += 1
                guard position + extra * 3 <= end else { throw Failure(offset: position, message: "a definition's developer fields run past the records' end") }
                for index in 0..<extra { offset += Int(bytes[position + index * 3 + 1]) }
                position += extra * 3
            }
            self.fields = fields
            dataSize = offset
            length = position - start
        }
    }

    /// FIT's base types by their number (the low five bits of the type byte; the top
    /// bit says only that the type has an endianness).
    enum BaseType: UInt8 {
        case enumeration = 0, sint8, uint8, sint16, uint16, sint32, uint32, string, float32, float64, uint8z, uint16z, uint32z, byte,
            sint64, uint64, uint64z

        /// Bytes a value takes (0: read as text, not as numbers).
        var width: Int {
            switch self {
            case .enumeration, .sint8, .uint8, .uint8z, .byte: 1
            case .sint16, .uint16, .uint16z: 2
            case .sint32, .uint32, .uint32z, .float32: 4
            case .float64, .sint64, .uint64, .uint64z: 8
            case .string: 0
            }
        }

        /// The value at `offset`, nil when it is the type's "invalid" value.
        func value(_ bytes: [UInt8], at offset: Int, bigEndian: Bool) -> Double? {
            var raw: UInt64 = 0
            for index in 0..<width {
                let byte = UInt64(bytes[offset + (bigEndian ? index : width - 1 - index)])
                raw = raw << 8 | byte
            }
            let all = width == 8 ? UInt64.max : (UInt64(1) << (width * 8)) - 1
            switch self {
            case .enumeration, .uint8, .uint16, .uint32, .uint64, .byte:
                return raw == all ? nil : Double(raw)
            case .uint8z, .uint16z, .uint32z, .uint64z:
                return raw == 0 ? nil : Double(raw)
            case .sint8, .sint16, .sint32, .sint64:
                let shift = UInt64(64 - width * 8)
                let signed = Int64(bitPattern: raw << shift) >> Int64(shift)
                return raw == all >> 1 ? nil : Double(signed)
            case .float32:
                return raw == 0xFFFF_FFFF ? nil : Double(Float(bitPattern: UInt32(raw)))
            case .float64:
                return raw == UInt64.max ? nil : Double(bitPattern: raw)
            case .string:
                return nil
            }
        }
    }

    static func littleEndian(_ bytes: [UInt8], at offset: Int, width: Int) -> UInt64 {
        (0..<width).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[offset + $1]) }
    }

    /// FIT's CRC-16 (the reflected polynomial 0xA001, from 0), as its protocol computes
    /// it four bits at a time.
    static func crc(_ bytes: ArraySlice<UInt8>) -> UInt16 {
        let table: [UInt16] = [0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
                               0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400]
        var crc: UInt16 = 0
        for byte in bytes {
            var low = table[Int(crc & 0xF)]
            crc = (crc >> 4) & 0x0FFF
            crc = crc ^ low ^ table[Int(byte & 0xF)]
            low = table[Int(crc & 0xF)]
            crc = (crc >> 4) & 0x0FFF
            crc = crc ^ low ^ table[Int(byte >> 4)]
        }
        return crc
    }

    static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
